/// The collection view, for the names layout code reads from it (UIKit's `UICollectionView`).
open class UICollectionView: @unchecked Sendable {
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// UIKit's `UICollectionView.ScrollDirection`.
    public enum ScrollDirection: Int, Hashable, Sendable {
        case vertical = 0
        case horizontal = 1
    }
}

/// The base of layouts (UIKit's `UICollectionViewLayout`), so code can return `UICollectionViewLayout`.
open class UICollectionViewLayout: @unchecked Sendable {
    public init() {}
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

    public init(section: NSCollectionLayoutSection) {
        self.sectionProvider = { _, _ in section }
        self.configuration = UICollectionViewCompositionalLayoutConfiguration()
    }
    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.sectionProvider = { _, _ in section }
        self.configuration = configuration
    }
    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.sectionProvider = sectionProvider
        self.configuration = UICollectionViewCompositionalLayoutConfiguration()
    }
    public init(
        sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
        configuration: UICollectionViewCompositionalLayoutConfiguration
    ) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
    }

    /// A layout whose every section is a list (iOS 14).
    open class func list(using configuration: UICollectionLayoutListConfiguration)
        -> UICollectionViewCompositionalLayout
    {
        UICollectionViewCompositionalLayout { _, environment in
            NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
    }

    /// The section the provider gives for `index` in `environment` (nil when it gives none).
    public func section(at index: Int, environment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? {
        sectionProvider(index, environment)
    }
}
