/// The base of layouts (UIKit's `UICollectionViewLayout`), so code can return `UICollectionViewLayout`.
open class UICollectionViewLayout: @unchecked Sendable {
    public init() {}

    /// Registers the view drawn for a decoration kind: nothing to draw here, the kind is the layout's.
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {}
    /// Asks for a new layout pass: each import evaluates the layout once per container, so it changes nothing.
    open func invalidateLayout() {}
}

/// UIKit's `UICollectionViewCompositionalLayoutSectionProvider`.
public typealias UICollectionViewCompositionalLayoutSectionProvider =
    (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// Layout-wide settings (UIKit's `UICollectionViewCompositionalLayoutConfiguration`).
open class UICollectionViewCompositionalLayoutConfiguration: @unchecked Sendable {
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    open var interSectionSpacing: CGFloat = 0
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// UIKit's default is the safe area (docs/version-2.md §10.2).
    open var contentInsetsReference: UIContentInsetsReference = .safeArea

    public init() {}

    public convenience init(_ configuration: LayoutConfiguration) {
        self.init()
        scrollDirection = configuration.scrollDirection == .horizontal ? .horizontal : .vertical
        interSectionSpacing = CGFloat(configuration.interSectionSpacing)
        boundarySupplementaryItems = configuration.boundarySupplementaryItems.map(
            NSCollectionLayoutBoundarySupplementaryItem.init)
        contentInsetsReference = UIContentInsetsReference(configuration.contentInsetsReference)
    }

    public func layoutConfiguration() throws(UIKitConversionError) -> LayoutConfiguration {
        LayoutConfiguration(
            scrollDirection: scrollDirection == .horizontal ? .horizontal : .vertical,
            interSectionSpacing: Double(interSectionSpacing),
            boundarySupplementaryItems: try boundarySupplementaryItems.map { b throws(UIKitConversionError) in
                try b.boundarySupplementaryItem()
            },
            contentInsetsReference: contentInsetsReference.reference)
    }
}

/// A compositional layout (UIKit's `UICollectionViewCompositionalLayout`): one section for all, or a provider
/// asked for each section with the environment. Like UIKit, the provider is asked again whenever the container
/// or the traits change: `collectionLayout(container:itemCounts:)` asks it once per section for that container.
open class UICollectionViewCompositionalLayout: UICollectionViewLayout, @unchecked Sendable {
    let sectionProvider: UICollectionViewCompositionalLayoutSectionProvider
    /// Copied in, as UIKit copies it; set it again to change it.
    open var configuration: UICollectionViewCompositionalLayoutConfiguration

    /// Not UIKit: where the code made this layout (nil for one made from the model); an import that sees
    /// several layouts installed names them by it.
    public internal(set) var sourceLocation: LayoutSourceLocation?

    public init(section: NSCollectionLayoutSection, file: String = #filePath, line: Int = #line, column: Int = #column)
    {
        self.sectionProvider = { _, _ in section }
        self.configuration = UICollectionViewCompositionalLayoutConfiguration()
        self.sourceLocation = LayoutSourceLocation(file: file, line: line, column: column)
    }
    public init(
        section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration,
        file: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.sectionProvider = { _, _ in section }
        self.configuration = configuration
        self.sourceLocation = LayoutSourceLocation(file: file, line: line, column: column)
    }
    public init(
        sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
        file: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.sectionProvider = sectionProvider
        self.configuration = UICollectionViewCompositionalLayoutConfiguration()
        self.sourceLocation = LayoutSourceLocation(file: file, line: line, column: column)
    }
    public init(
        sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
        configuration: UICollectionViewCompositionalLayoutConfiguration,
        file: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        self.sourceLocation = LayoutSourceLocation(file: file, line: line, column: column)
    }

    /// A layout whose every section is a list (iOS 14).
    open class func list(
        using configuration: UICollectionLayoutListConfiguration,
        file: String = #filePath, line: Int = #line, column: Int = #column
    ) -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout(
            sectionProvider: { _, environment in
                NSCollectionLayoutSection.list(
                    using: configuration, layoutEnvironment: environment, file: file, line: line, column: column)
            }, file: file, line: line, column: column)
    }

    /// The section the provider gives for `index` in `environment` (nil when it gives none).
    public func section(at index: Int, environment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? {
        sectionProvider(index, environment)
    }
}
