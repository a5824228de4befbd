/// A section's layout (`NSCollectionLayoutSection`). docs/layout-rules.md §4.
public struct LayoutSection: Hashable, Sendable {
    public var group: LayoutGroup
    public var contentInsets: EdgeInsets
    /// Space between consecutive instances of the group (may be negative).
    public var interGroupSpacing: Double
    public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior
    /// Headers and footers, in stacking order.
    public var boundarySupplementaryItems: [BoundarySupplementaryItem]
    public var decorationItems: [DecorationItem]
    /// Whether boundary items are inset like the content across the layout's scroll axis (default true).
    public var supplementariesFollowContentInsets: Bool
    /// The list configuration this section was built from, if any (informative: the group already holds it).
    public var listConfiguration: ListConfiguration?
    /// Where the content's insets are measured from (docs/version-2.md §10.2, default automatic: the layout's).
    public var contentInsetsReference: ContentInsetsReference = .automatic
    /// Where the boundary items' insets are measured from (§10.2, default automatic: the section's).
    public var supplementaryContentInsetsReference: ContentInsetsReference = .automatic
    /// Space before the section's start boundary items along the scroll axis: a list's header top padding
    /// (docs/version-2.md §10.8); 0 otherwise.
    public var headerTopPadding: Double = 0

    public init(
        group: LayoutGroup, contentInsets: EdgeInsets = .zero, interGroupSpacing: Double = 0,
        orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none,
        boundarySupplementaryItems: [BoundarySupplementaryItem] = [], decorationItems: [DecorationItem] = [],
        supplementariesFollowContentInsets: Bool = true
    ) {
        self.group = group
        self.contentInsets = contentInsets
        self.interGroupSpacing = interGroupSpacing
        self.orthogonalScrollingBehavior = orthogonalScrollingBehavior
        self.boundarySupplementaryItems = boundarySupplementaryItems
        self.decorationItems = decorationItems
        self.supplementariesFollowContentInsets = supplementariesFollowContentInsets
        self.listConfiguration = nil
    }

    /// Whether the section scrolls on its own along the layout's cross axis.
    public var isOrthogonal: Bool { orthogonalScrollingBehavior != .none }
}

/// How a section scrolls across the layout (`UICollectionLayoutSectionOrthogonalScrollingBehavior`).
public enum OrthogonalScrollingBehavior: String, Hashable, Sendable, CaseIterable {
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

/// A list section (`UICollectionLayoutListConfiguration`). docs/layout-rules.md §7.
public struct ListConfiguration: Hashable, Sendable {
    public enum Appearance: String, Hashable, Sendable, CaseIterable {
        case plain, grouped, insetGrouped, sidebar, sidebarPlain
    }
    public enum HeaderMode: String, Hashable, Sendable, CaseIterable {
        case none, supplementary, firstItemInSection
    }
    public enum FooterMode: String, Hashable, Sendable, CaseIterable {
        case none, supplementary
    }

    public var appearance: Appearance
    public var headerMode: HeaderMode
    public var footerMode: FooterMode
    /// Defaults to estimated(44).
    public var rowHeight: LayoutDimension?
    /// Defaults to the appearance's header height.
    public var headerHeight: LayoutDimension?
    /// Defaults to the appearance's footer height.
    public var footerHeight: LayoutDimension?
    /// The padding above the header (iOS 15 `headerTopPadding`, docs/version-2.md §10.8); nil: 0. Version 2.
    public var headerTopPadding: HeaderTopPadding?

    /// `list.headerTopPadding`: a length, or UIKit's automatic value.
    public enum HeaderTopPadding: Hashable, Sendable {
        case automatic
        case points(Double)
    }

    public init(
        appearance: Appearance, headerMode: HeaderMode = .none, footerMode: FooterMode = .none,
        rowHeight: LayoutDimension? = nil, headerHeight: LayoutDimension? = nil,
        footerHeight: LayoutDimension? = nil, headerTopPadding: HeaderTopPadding? = nil
    ) {
        self.appearance = appearance
        self.headerMode = headerMode
        self.footerMode = footerMode
        self.rowHeight = rowHeight
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.headerTopPadding = headerTopPadding
    }

    /// docs/version-2.md §10.8: the padding in points; `automatic` is 22 for plain and sidebarPlain, else 0.
    public var resolvedHeaderTopPadding: Double {
        switch headerTopPadding {
        case nil: return 0
        case .points(let v)?: return v
        case .automatic?: return appearance == .plain || appearance == .sidebarPlain ? 22 : 0
        }
    }

    /// The appearance's metrics (docs/layout-rules.md §7, our choice).
    public struct Metrics: Hashable, Sendable {
        public var contentInsets: EdgeInsets
        public var headerHeight: LayoutDimension
        public var footerHeight: LayoutDimension
        public var pinsHeader: Bool
    }

    /// The defaults of an appearance.
    public static func metrics(_ appearance: Appearance) -> Metrics {
        switch appearance {
        case .plain:
            return Metrics(
                contentInsets: .zero, headerHeight: .estimated(28), footerHeight: .estimated(28), pinsHeader: true)
        case .grouped:
            return Metrics(
                contentInsets: EdgeInsets(top: 17.5, leading: 0, bottom: 17.5, trailing: 0),
                headerHeight: .estimated(38), footerHeight: .estimated(38), pinsHeader: false)
        case .insetGrouped:
            return Metrics(
                contentInsets: EdgeInsets(top: 17.5, leading: 20, bottom: 17.5, trailing: 20),
                headerHeight: .estimated(38), footerHeight: .estimated(38), pinsHeader: false)
        case .sidebar:
            return Metrics(
                contentInsets: EdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10),
                headerHeight: .estimated(40), footerHeight: .estimated(28), pinsHeader: false)
        case .sidebarPlain:
            return Metrics(
                contentInsets: .zero, headerHeight: .estimated(40), footerHeight: .estimated(28), pinsHeader: true)
        }
    }
}

extension LayoutSection {
    /// The element kind of a list's supplementary header.
    public static let listHeaderKind = "header"
    /// The element kind of a list's supplementary footer.
    public static let listFooterKind = "footer"

    /// A list section, as `NSCollectionLayoutSection.list(using:layoutEnvironment:)`: one full-width row per
    /// item, the appearance's insets, and its header and footer when the modes ask for them (docs/layout-rules.md §7).
    public static func list(using configuration: ListConfiguration) -> LayoutSection {
        let metrics = ListConfiguration.metrics(configuration.appearance)
        let rowHeight = configuration.rowHeight ?? .estimated(44)
        let item = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: rowHeight))
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: rowHeight), subitems: [item])
        var boundary: [BoundarySupplementaryItem] = []
        if configuration.headerMode == .supplementary {
            boundary.append(
                BoundarySupplementaryItem(
                    layoutSize: LayoutSize(
                        widthDimension: .fractionalWidth(1),
                        heightDimension: configuration.headerHeight ?? metrics.headerHeight),
                    elementKind: listHeaderKind, alignment: .top, pinToVisibleBounds: metrics.pinsHeader))
        }
        if configuration.footerMode == .supplementary {
            boundary.append(
                BoundarySupplementaryItem(
                    layoutSize: LayoutSize(
                        widthDimension: .fractionalWidth(1),
                        heightDimension: configuration.footerHeight ?? metrics.footerHeight),
                    elementKind: listFooterKind, alignment: .bottom))
        }
        var section = LayoutSection(
            group: group, contentInsets: metrics.contentInsets, boundarySupplementaryItems: boundary)
        section.listConfiguration = configuration
        // docs/version-2.md §10.8: before a supplementary header; added to the top inset with firstItemInSection
        // (SectionFields.section() adds it again after the section's own insets replace the appearance's).
        switch configuration.headerMode {
        case .supplementary: section.headerTopPadding = configuration.resolvedHeaderTopPadding
        case .firstItemInSection: section.contentInsets.top += configuration.resolvedHeaderTopPadding
        case .none: break
        }
        return section
    }
}

/// The layout-wide configuration (`UICollectionViewCompositionalLayoutConfiguration`).
public struct LayoutConfiguration: Hashable, Sendable {
    public enum ScrollDirection: String, Hashable, Sendable, CaseIterable {
        case vertical, horizontal

        /// The scroll axis: y for vertical, x for horizontal.
        public var axis: Axis { self == .vertical ? .y : .x }
    }

    public var scrollDirection: ScrollDirection
    /// Space between consecutive sections (may be negative).
    public var interSectionSpacing: Double
    /// Headers and footers of the whole layout (section −1 in the output).
    public var boundarySupplementaryItems: [BoundarySupplementaryItem]
    /// The layout's reference for insets (docs/version-2.md §10.2, default safeArea). Version 2.
    public var contentInsetsReference: ContentInsetsReference

    public init(
        scrollDirection: ScrollDirection = .vertical, interSectionSpacing: Double = 0,
        boundarySupplementaryItems: [BoundarySupplementaryItem] = [],
        contentInsetsReference: ContentInsetsReference = .safeArea
    ) {
        self.scrollDirection = scrollDirection
        self.interSectionSpacing = interSectionSpacing
        self.boundarySupplementaryItems = boundarySupplementaryItems
        self.contentInsetsReference = contentInsetsReference
    }
}
