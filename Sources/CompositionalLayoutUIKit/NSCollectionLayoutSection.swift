/// How a section scrolls across the layout (UIKit's `UICollectionLayoutSectionOrthogonalScrollingBehavior`).
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Hashable, Sendable {
    case none = 0
    case continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered

    init(_ behavior: OrthogonalScrollingBehavior) {
        switch behavior {
        case .none: self = .none
        case .continuous: self = .continuous
        case .continuousGroupLeadingBoundary: self = .continuousGroupLeadingBoundary
        case .paging: self = .paging
        case .groupPaging: self = .groupPaging
        case .groupPagingCentered: self = .groupPagingCentered
        }
    }

    var behavior: OrthogonalScrollingBehavior {
        switch self {
        case .none: return .none
        case .continuous: return .continuous
        case .continuousGroupLeadingBoundary: return .continuousGroupLeadingBoundary
        case .paging: return .paging
        case .groupPaging: return .groupPaging
        case .groupPagingCentered: return .groupPagingCentered
        }
    }
}

/// Where insets are measured from (UIKit's `UIContentInsetsReference`). docs/version-2.md §10.2.
public enum UIContentInsetsReference: Int, Hashable, Sendable {
    case automatic = 0
    case none, safeArea, layoutMargins, readableContent

    init(_ reference: ContentInsetsReference) {
        switch reference {
        case .automatic: self = .automatic
        case .none: self = .none
        case .safeArea: self = .safeArea
        case .layoutMargins: self = .layoutMargins
        case .readableContent: self = .readableContent
        }
    }

    var reference: ContentInsetsReference {
        switch self {
        case .automatic: return .automatic
        case .none: return .none
        case .safeArea: return .safeArea
        case .layoutMargins: return .layoutMargins
        case .readableContent: return .readableContent
        }
    }
}

/// A section's layout (UIKit's `NSCollectionLayoutSection`). docs/layout-rules.md §4.
open class NSCollectionLayoutSection: @unchecked Sendable {
    public let group: NSCollectionLayoutGroup
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    open var interGroupSpacing: CGFloat = 0
    open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    open var decorationItems: [NSCollectionLayoutDecorationItem] = []
    open var supplementariesFollowContentInsets: Bool = true
    open var contentInsetsReference: UIContentInsetsReference = .automatic
    open var supplementaryContentInsetsReference: UIContentInsetsReference = .automatic
    /// Draws (moves cells on screen as they scroll), places nothing: taken, ignored and listed in the header.
    open var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler? {
        didSet { LayoutBenchHost.ignore("NSCollectionLayoutSection.visibleItemsInvalidationHandler") }
    }
    /// Scrolling feel (deceleration, bounce), places nothing: its settings are taken and ignored.
    public let orthogonalScrollingProperties = UICollectionLayoutSectionOrthogonalScrollingProperties()
    /// The list configuration a `list(using:layoutEnvironment:)` section was made from.
    let listConfiguration: ListConfiguration?
    let headerTopPadding: Double
    /// Not UIKit: where the code built this section (nil for one made from the model); see
    /// `LayoutSourceLocation`.
    public internal(set) var sourceLocation: LayoutSourceLocation?

    public init(group: NSCollectionLayoutGroup, file: String = #filePath, line: Int = #line, column: Int = #column) {
        self.group = group
        self.listConfiguration = nil
        self.headerTopPadding = 0
        self.sourceLocation = LayoutSourceLocation(file: file, line: line, column: column)
    }

    init(_ section: LayoutSection) {
        self.group = NSCollectionLayoutGroup(section.group)
        self.listConfiguration = section.listConfiguration
        self.headerTopPadding = section.headerTopPadding
        contentInsets = NSDirectionalEdgeInsets(section.contentInsets)
        interGroupSpacing = CGFloat(section.interGroupSpacing)
        orthogonalScrollingBehavior = UICollectionLayoutSectionOrthogonalScrollingBehavior(
            section.orthogonalScrollingBehavior)
        boundarySupplementaryItems = section.boundarySupplementaryItems.map(
            NSCollectionLayoutBoundarySupplementaryItem.init)
        decorationItems = section.decorationItems.map(NSCollectionLayoutDecorationItem.init)
        supplementariesFollowContentInsets = section.supplementariesFollowContentInsets
        contentInsetsReference = UIContentInsetsReference(section.contentInsetsReference)
        supplementaryContentInsetsReference = UIContentInsetsReference(section.supplementaryContentInsetsReference)
    }

    /// The model's section as a UIKit-named one.
    public static func make(_ section: LayoutSection) -> NSCollectionLayoutSection {
        NSCollectionLayoutSection(section)
    }

    /// A list section (docs/layout-rules.md §7). The environment's safe area is added to inset appearances
    /// when the layout is solved (docs/version-2.md §10.2), not here.
    open class func list(
        using configuration: UICollectionLayoutListConfiguration,
        layoutEnvironment: any NSCollectionLayoutEnvironment,
        file: String = #filePath, line: Int = #line, column: Int = #column
    ) -> NSCollectionLayoutSection {
        let section = NSCollectionLayoutSection(LayoutSection.list(using: configuration.listConfiguration))
        section.sourceLocation = LayoutSourceLocation(file: file, line: line, column: column)
        return section
    }

    /// The model's section, custom groups' frames asked of `environment`.
    public func layoutSection(in environment: any NSCollectionLayoutEnvironment) throws(UIKitConversionError)
        -> LayoutSection
    {
        var section = LayoutSection(
            group: try group.layoutGroup(in: environment), contentInsets: contentInsets.edgeInsets,
            interGroupSpacing: Double(interGroupSpacing),
            orthogonalScrollingBehavior: orthogonalScrollingBehavior.behavior,
            boundarySupplementaryItems: try boundarySupplementaryItems.map { b throws(UIKitConversionError) in
                try b.boundarySupplementaryItem()
            },
            decorationItems: try decorationItems.map { d throws(UIKitConversionError) in try d.decorationItem() },
            supplementariesFollowContentInsets: supplementariesFollowContentInsets)
        section.listConfiguration = listConfiguration
        section.headerTopPadding = headerTopPadding
        section.contentInsetsReference = contentInsetsReference.reference
        section.supplementaryContentInsetsReference = supplementaryContentInsetsReference.reference
        return section
    }
}

/// A list's appearance and header and footer (UIKit's `UICollectionLayoutListConfiguration`). Only what
/// changes frames is kept; separators and colours are accepted and ignored (they change no frame).
public struct UICollectionLayoutListConfiguration: Sendable {
    public enum Appearance: Int, Hashable, Sendable {
        case plain = 0
        case grouped, insetGrouped, sidebar, sidebarPlain
    }
    public enum HeaderMode: Int, Hashable, Sendable {
        case none = 0
        case supplementary, firstItemInSection
    }
    public enum FooterMode: Int, Hashable, Sendable {
        case none = 0
        case supplementary
    }

    public var appearance: Appearance
    public var headerMode: HeaderMode = .none
    public var footerMode: FooterMode = .none
    /// iOS 15; nil is UIKit's automatic padding (docs/version-2.md §10.8).
    public var headerTopPadding: CGFloat?
    public var showsSeparators: Bool = true {
        didSet { LayoutBenchHost.ignore("UICollectionLayoutListConfiguration.showsSeparators") }
    }
    // Drawing only (docs/import.md): taken, ignored, listed in the imported spec's header.
    public var backgroundColor: UIColor? {
        didSet { LayoutBenchHost.ignore("UICollectionLayoutListConfiguration.backgroundColor") }
    }
    public var separatorConfiguration = UIListSeparatorConfiguration(listAppearance: .plain) {
        didSet { LayoutBenchHost.ignore("UICollectionLayoutListConfiguration.separatorConfiguration") }
    }
    public var itemSeparatorHandler:
        (@Sendable (IndexPath, UIListSeparatorConfiguration) -> UIListSeparatorConfiguration)?
    {
        didSet { LayoutBenchHost.ignore("UICollectionLayoutListConfiguration.itemSeparatorHandler") }
    }
    public var leadingSwipeActionsConfigurationProvider: (@Sendable (IndexPath) -> UISwipeActionsConfiguration?)? {
        didSet {
            LayoutBenchHost.ignore("UICollectionLayoutListConfiguration.leadingSwipeActionsConfigurationProvider")
        }
    }
    public var trailingSwipeActionsConfigurationProvider: (@Sendable (IndexPath) -> UISwipeActionsConfiguration?)? {
        didSet {
            LayoutBenchHost.ignore("UICollectionLayoutListConfiguration.trailingSwipeActionsConfigurationProvider")
        }
    }
    /// Not UIKit: a list row's height (docs/layout-rules.md §7; nil: estimated 44).
    public var rowHeight: NSCollectionLayoutDimension?
    /// Not UIKit: the supplementary header's height (nil: the appearance's).
    public var headerHeight: NSCollectionLayoutDimension?
    /// Not UIKit: the supplementary footer's height (nil: the appearance's).
    public var footerHeight: NSCollectionLayoutDimension?

    public init(appearance: Appearance) { self.appearance = appearance }

    public init(_ configuration: ListConfiguration) {
        appearance = Appearance(
            rawValue: ListConfiguration.Appearance.allCases.firstIndex(of: configuration.appearance)!)!
        headerMode = HeaderMode(
            rawValue: ListConfiguration.HeaderMode.allCases.firstIndex(of: configuration.headerMode)!)!
        footerMode = FooterMode(
            rawValue: ListConfiguration.FooterMode.allCases.firstIndex(of: configuration.footerMode)!)!
        rowHeight = configuration.rowHeight.map(NSCollectionLayoutDimension.init)
        headerHeight = configuration.headerHeight.map(NSCollectionLayoutDimension.init)
        footerHeight = configuration.footerHeight.map(NSCollectionLayoutDimension.init)
        switch configuration.headerTopPadding {
        case nil: headerTopPadding = 0
        case .automatic?: headerTopPadding = nil
        case .points(let v)?: headerTopPadding = CGFloat(v)
        }
    }

    /// The model's configuration. UIKit's default padding is automatic: a configuration made here without
    /// `headerTopPadding` keeps UIKit's automatic value (docs/version-2.md §10.8) when it has a header, made
    /// from the model it keeps the model's.
    public var listConfiguration: ListConfiguration {
        let padding: ListConfiguration.HeaderTopPadding?
        if let headerTopPadding {
            padding = headerTopPadding == 0 ? nil : .points(Double(headerTopPadding))
        } else if headerMode == .none {
            padding = nil  // no header: the padding changes nothing
        } else {
            padding = .automatic
        }
        return ListConfiguration(
            appearance: ListConfiguration.Appearance.allCases[appearance.rawValue],
            headerMode: ListConfiguration.HeaderMode.allCases[headerMode.rawValue],
            footerMode: ListConfiguration.FooterMode.allCases[footerMode.rawValue],
            rowHeight: rowHeight?.layoutDimension, headerHeight: headerHeight?.layoutDimension,
            footerHeight: footerHeight?.layoutDimension, headerTopPadding: padding)
    }
}
