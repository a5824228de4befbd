import CompositionalLayout

/// A feature of docs/layout-rules.md §2–§7 that a layout uses, found by walking the layout (not by asking the
/// generator), so tests can check that random layouts cover every feature and benchmarks can describe a
/// layout.
public enum LayoutFeature: Hashable, Sendable {
    // §2 dimensions
    case fractionalWidth, fractionalHeight, absolute, estimated, displayScale
    // §3 groups
    case nestingDepth(Int)
    case horizontalGroup, verticalGroup, customGroup
    case subitemsForm, repeatingSubitemForm, dividingSubitemForm
    case fixedInterItemSpacing, flexibleInterItemSpacing, fixedEdgeSpacing, flexibleEdgeSpacing
    case itemContentInsets, groupContentInsets, rootGroupEdgeSpacing
    // §4 sections
    case sectionContentInsets, positiveInterGroupSpacing, negativeInterGroupSpacing
    case positiveInterSectionSpacing, negativeInterSectionSpacing
    case boundaryAlignment(BoundaryAlignment)
    case nonExtendingBoundaryItem, boundaryItemOffset, pinnedBoundaryItem
    case estimatedBoundaryItem, boundaryItemSelfSizing, boundaryItemZIndex, supplementariesIgnoreContentInsets
    case itemAnchoredSupplementary, groupAnchoredSupplementary, absoluteAnchorOffset, fractionalAnchorOffset
    case itemAnchor, estimatedAnchoredSupplementary, anchoredSupplementarySelfSizing
    case decoration, decorationInsets
    case orthogonal(OrthogonalScrollingBehavior)
    case variantWithWhen, variantWithoutWhen, definitionWithoutOwnContent, multiSectionDefinition
    // §5, layout-wide
    case horizontalLayout, layoutBoundaryItems
    // §6 self-sizing
    case estimatedSection, topLevelSelfSizing, itemSelfSizing
    // §7 lists
    case list(ListConfiguration.Appearance)
    case listHeaderSupplementary, listHeaderFirstItem, listFooterSupplementary
    case listRowHeight
    // data and container
    case emptySection, zeroWidth, smallContainer
    /// An orthogonal section definition with no items (§4.2, §4.5: no space, no background).
    case emptyOrthogonalSection
    /// A display scale of 2 or 3, whose rounding lands between whole points (§1).
    case fractionalPixels

    /// Every feature a generator of random layouts should reach.
    public static var allCases: [LayoutFeature] {
        var all: [LayoutFeature] = [
            .fractionalWidth, .fractionalHeight, .absolute, .estimated, .displayScale,
            .nestingDepth(1), .nestingDepth(2), .nestingDepth(3), .horizontalGroup, .verticalGroup, .customGroup,
            .subitemsForm, .repeatingSubitemForm, .dividingSubitemForm,
            .fixedInterItemSpacing, .flexibleInterItemSpacing, .fixedEdgeSpacing, .flexibleEdgeSpacing,
            .itemContentInsets, .groupContentInsets, .rootGroupEdgeSpacing,
            .sectionContentInsets, .positiveInterGroupSpacing, .negativeInterGroupSpacing,
            .positiveInterSectionSpacing, .negativeInterSectionSpacing,
            .nonExtendingBoundaryItem, .boundaryItemOffset, .pinnedBoundaryItem,
            .estimatedBoundaryItem, .boundaryItemSelfSizing, .boundaryItemZIndex, .supplementariesIgnoreContentInsets,
            .itemAnchoredSupplementary, .groupAnchoredSupplementary, .absoluteAnchorOffset, .fractionalAnchorOffset,
            .itemAnchor, .estimatedAnchoredSupplementary, .anchoredSupplementarySelfSizing,
            .decoration, .decorationInsets,
            .variantWithWhen, .variantWithoutWhen, .definitionWithoutOwnContent, .multiSectionDefinition,
            .horizontalLayout, .layoutBoundaryItems,
            .estimatedSection, .topLevelSelfSizing, .itemSelfSizing,
            .listHeaderSupplementary, .listHeaderFirstItem, .listFooterSupplementary, .listRowHeight,
            .emptySection, .zeroWidth, .smallContainer, .emptyOrthogonalSection, .fractionalPixels,
        ]
        all += BoundaryAlignment.allCases.map { .boundaryAlignment($0) }
        all += OrthogonalScrollingBehavior.allCases.filter { $0 != .none }.map { .orthogonal($0) }
        all += ListConfiguration.Appearance.allCases.map { .list($0) }
        return all
    }

    /// The features `layout` uses, over all its definitions and variants. Complexity: O(size of the layout).
    public static func census(of layout: CollectionLayout) -> Set<LayoutFeature> {
        var census = FeatureCensus()
        census.layout(layout)
        return census.found
    }
}

/// The walk behind `LayoutFeature.census(of:)`.
private struct FeatureCensus {
    var found = Set<LayoutFeature>()

    mutating func layout(_ layout: CollectionLayout) {
        let container = layout.container
        if let scale = container.displayScale, scale > 0 { found.insert(.displayScale) }
        if let scale = container.displayScale, scale > 1 { found.insert(.fractionalPixels) }
        if container.width == 0 { found.insert(.zeroWidth) }
        if container.width < 50 || container.height < 50 { found.insert(.smallContainer) }
        let configuration = layout.configuration
        if configuration.scrollDirection == .horizontal { found.insert(.horizontalLayout) }
        if configuration.interSectionSpacing > 0 { found.insert(.positiveInterSectionSpacing) }
        if configuration.interSectionSpacing < 0 { found.insert(.negativeInterSectionSpacing) }
        if !configuration.boundarySupplementaryItems.isEmpty { found.insert(.layoutBoundaryItems) }
        for item in configuration.boundarySupplementaryItems { boundary(item) }
        if layout.selfSizing != nil { found.insert(.topLevelSelfSizing) }
        for definition in layout.sections {
            if definition.items == 0 { found.insert(.emptySection) }
            let orthogonal = ([definition.fields] + definition.variants.map(\.fields)).contains {
                ($0.orthogonalScrollingBehavior ?? .none) != .none
            }
            if definition.items == 0 && orthogonal { found.insert(.emptyOrthogonalSection) }
            if definition.count > 1 { found.insert(.multiSectionDefinition) }
            if definition.fields.content == nil { found.insert(.definitionWithoutOwnContent) }
            fields(definition.fields)
            for variant in definition.variants {
                found.insert(variant.when == nil ? .variantWithoutWhen : .variantWithWhen)
                fields(variant.fields)
            }
        }
    }

    mutating func fields(_ fields: SectionFields) {
        if let insets = fields.contentInsets, insets != .zero { found.insert(.sectionContentInsets) }
        if let spacing = fields.interGroupSpacing {
            if spacing > 0 { found.insert(.positiveInterGroupSpacing) }
            if spacing < 0 { found.insert(.negativeInterGroupSpacing) }
        }
        if let behavior = fields.orthogonalScrollingBehavior, behavior != .none { found.insert(.orthogonal(behavior)) }
        for item in fields.boundarySupplementaryItems ?? [] { boundary(item) }
        for decoration in fields.decorationItems ?? [] {
            found.insert(.decoration)
            if decoration.contentInsets != .zero { found.insert(.decorationInsets) }
        }
        if fields.supplementariesFollowContentInsets == false { found.insert(.supplementariesIgnoreContentInsets) }
        switch fields.content {
        case .group(let group)?:
            if LayoutNode.group(group).containsEstimatedDimension { found.insert(.estimatedSection) }
            if group.edgeSpacing != nil { found.insert(.rootGroupEdgeSpacing) }
            let depth = node(.group(group))
            if depth > 0 { found.insert(.nestingDepth(depth)) }
        case .list(let list)?:
            found.insert(.list(list.appearance))
            if list.headerMode == .supplementary { found.insert(.listHeaderSupplementary) }
            if list.headerMode == .firstItemInSection { found.insert(.listHeaderFirstItem) }
            if list.footerMode == .supplementary { found.insert(.listFooterSupplementary) }
            if list.rowHeight != nil { found.insert(.listRowHeight) }
            let section = LayoutSection.list(using: list)
            if LayoutNode.group(section.group).containsEstimatedDimension { found.insert(.estimatedSection) }
            for item in section.boundarySupplementaryItems { boundary(item) }
        case nil:
            break
        }
    }

    /// Walks a node; returns the depth of groups nested below it (0 for an item or a group of items).
    mutating func node(_ node: LayoutNode) -> Int {
        size(node.layoutSize)
        if let edges = node.edgeSpacing {
            for spacing in [edges.leading, edges.top, edges.trailing, edges.bottom].compactMap({ $0 }) {
                found.insert(spacing.isFlexible ? .flexibleEdgeSpacing : .fixedEdgeSpacing)
            }
        }
        switch node {
        case .item(let item):
            if item.contentInsets != .zero { found.insert(.itemContentInsets) }
            if item.selfSizing != nil { found.insert(.itemSelfSizing) }
            if !item.supplementaryItems.isEmpty { found.insert(.itemAnchoredSupplementary) }
            for supplementary in item.supplementaryItems { anchored(supplementary) }
            return 0
        case .group(let group):
            if group.contentInsets != .zero { found.insert(.groupContentInsets) }
            if !group.supplementaryItems.isEmpty { found.insert(.groupAnchoredSupplementary) }
            for supplementary in group.supplementaryItems { anchored(supplementary) }
            if let spacing = group.interItemSpacing {
                found.insert(spacing.isFlexible ? .flexibleInterItemSpacing : .fixedInterItemSpacing)
            }
            switch group.arrangement {
            case .horizontal: found.insert(.horizontalGroup)
            case .vertical: found.insert(.verticalGroup)
            case .custom: found.insert(.customGroup); return 0
            }
            switch group.subitems {
            case .repeatingUntilFull: found.insert(.subitemsForm)
            case .repeating: found.insert(.repeatingSubitemForm)
            case .dividing: found.insert(.dividingSubitemForm)
            }
            var depth = 0
            for child in group.children {
                let below = self.node(child)
                if case .group = child { depth = max(depth, below + 1) }
            }
            return depth
        }
    }

    mutating func size(_ size: LayoutSize) {
        for dimension in [size.widthDimension, size.heightDimension] {
            switch dimension {
            case .fractionalWidth: found.insert(.fractionalWidth)
            case .fractionalHeight: found.insert(.fractionalHeight)
            case .absolute: found.insert(.absolute)
            case .estimated: found.insert(.estimated)
            case .uniformAcrossSiblings: found.insert(.estimated)
            }
        }
    }

    mutating func boundary(_ item: BoundarySupplementaryItem) {
        size(item.layoutSize)
        found.insert(.boundaryAlignment(item.alignment))
        if !item.extendsBoundary { found.insert(.nonExtendingBoundaryItem) }
        if item.offset != .zero { found.insert(.boundaryItemOffset) }
        if item.pinToVisibleBounds { found.insert(.pinnedBoundaryItem) }
        if item.layoutSize.hasEstimatedDimension { found.insert(.estimatedBoundaryItem) }
        if item.selfSizing != nil { found.insert(.boundaryItemSelfSizing) }
        if item.zIndex != 1 { found.insert(.boundaryItemZIndex) }
    }

    mutating func anchored(_ item: SupplementaryItem) {
        size(item.layoutSize)
        switch item.containerAnchor.offset {
        case .absolute(let point) where point != .zero: found.insert(.absoluteAnchorOffset)
        case .fractional(let point) where point != .zero: found.insert(.fractionalAnchorOffset)
        default: break
        }
        if item.itemAnchor != nil { found.insert(.itemAnchor) }
        if item.layoutSize.hasEstimatedDimension { found.insert(.estimatedAnchoredSupplementary) }
        if item.selfSizing != nil { found.insert(.anchoredSupplementarySelfSizing) }
    }
}
