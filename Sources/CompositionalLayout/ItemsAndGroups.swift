/// The building blocks of a section: items (cells) and groups of items (`NSCollectionLayoutItem`,
/// `NSCollectionLayoutGroup`). docs/layout-rules.md §3.

/// Anything a group can hold: a `LayoutItem` or a nested `LayoutGroup`.
public protocol LayoutSubitem: Sendable {
    /// The subitem as a node of the group tree.
    var node: LayoutNode { get }
}

/// A node of a section's group tree.
public indirect enum LayoutNode: Hashable, Sendable, LayoutSubitem {
    case item(LayoutItem)
    case group(LayoutGroup)

    public var node: LayoutNode { self }

    /// The node's size.
    public var layoutSize: LayoutSize {
        switch self {
        case .item(let item): return item.layoutSize
        case .group(let group): return group.layoutSize
        }
    }

    /// The spacing outside the node's edges.
    public var edgeSpacing: EdgeSpacing? {
        switch self {
        case .item(let item): return item.edgeSpacing
        case .group(let group): return group.edgeSpacing
        }
    }

    /// Whether this node or anything below it has an estimated dimension (docs/layout-rules.md §6).
    public var containsEstimatedDimension: Bool {
        switch self {
        case .item(let item):
            return item.layoutSize.hasEstimatedDimension
        case .group(let group):
            if group.layoutSize.hasEstimatedDimension { return true }
            return group.children.contains { $0.containsEstimatedDimension }
        }
    }
}

/// A cell (`NSCollectionLayoutItem`).
public struct LayoutItem: Hashable, Sendable, LayoutSubitem {
    public var layoutSize: LayoutSize
    /// Shrinks the cell inside its slot; ignored along estimated axes.
    public var contentInsets: EdgeInsets
    /// Space outside the slot, used when arranging it in its group.
    public var edgeSpacing: EdgeSpacing?
    /// Supplementaries anchored to each cell.
    public var supplementaryItems: [SupplementaryItem]
    /// How the item measures its estimated dimensions (else the layout's model, else its estimate).
    public var selfSizing: SelfSizing?

    public init(
        layoutSize: LayoutSize, supplementaryItems: [SupplementaryItem] = [],
        contentInsets: EdgeInsets = .zero, edgeSpacing: EdgeSpacing? = nil, selfSizing: SelfSizing? = nil
    ) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
        self.selfSizing = selfSizing
    }

    public var node: LayoutNode { .item(self) }
}

/// A group of items (`NSCollectionLayoutGroup`).
public struct LayoutGroup: Hashable, Sendable, LayoutSubitem {
    /// How the group lays out what it holds.
    public enum Arrangement: Hashable, Sendable {
        /// Along x.
        case horizontal
        /// Along y.
        case vertical
        /// One item per frame, frames relative to the group's origin (docs/layout-rules.md §3.5).
        case custom(frames: [Rect])

        /// The main axis of a horizontal or vertical group; nil for custom groups.
        public var mainAxis: Axis? {
            switch self {
            case .horizontal: return .x
            case .vertical: return .y
            case .custom: return nil
            }
        }
    }

    /// What the group repeats (docs/layout-rules.md §3.1, §3.2).
    public enum Subitems: Hashable, Sendable {
        /// `subitems:`: the list repeats, in order, until the group is full.
        case repeatingUntilFull([LayoutNode])
        /// `repeatingSubitem:count:` (iOS 16): exactly `count` copies, each keeping its size.
        case repeating(LayoutNode, count: Int)
        /// `subitem:count:` (iOS 13): exactly `count` copies dividing the group equally.
        case dividing(LayoutNode, count: Int)
    }

    public var layoutSize: LayoutSize
    public var arrangement: Arrangement
    public var subitems: Subitems
    /// Space between subitems along the main axis.
    public var interItemSpacing: LayoutSpacing?
    public var contentInsets: EdgeInsets
    public var edgeSpacing: EdgeSpacing?
    /// Supplementaries anchored to each instance of the group.
    public var supplementaryItems: [SupplementaryItem]

    public init(
        layoutSize: LayoutSize, arrangement: Arrangement, subitems: Subitems,
        interItemSpacing: LayoutSpacing? = nil, contentInsets: EdgeInsets = .zero,
        edgeSpacing: EdgeSpacing? = nil, supplementaryItems: [SupplementaryItem] = []
    ) {
        self.layoutSize = layoutSize
        self.arrangement = arrangement
        self.subitems = subitems
        self.interItemSpacing = interItemSpacing
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
        self.supplementaryItems = supplementaryItems
    }

    public var node: LayoutNode { .group(self) }

    /// The distinct nodes the group holds (custom groups: none; their items are implicit).
    public var children: [LayoutNode] {
        switch subitems {
        case .repeatingUntilFull(let nodes): return nodes
        case .repeating(let node, _), .dividing(let node, _): return [node]
        }
    }

    // MARK: UIKit-style factories

    /// A group along x repeating `subitems` until it is full.
    public static func horizontal(layoutSize: LayoutSize, subitems: [any LayoutSubitem]) -> LayoutGroup {
        LayoutGroup(
            layoutSize: layoutSize, arrangement: .horizontal, subitems: .repeatingUntilFull(subitems.map(\.node)))
    }
    /// A group along x of exactly `count` copies of `repeatingSubitem`, each keeping its own size (iOS 16).
    public static func horizontal(layoutSize: LayoutSize, repeatingSubitem: any LayoutSubitem, count: Int)
        -> LayoutGroup
    {
        LayoutGroup(
            layoutSize: layoutSize, arrangement: .horizontal, subitems: .repeating(repeatingSubitem.node, count: count))
    }
    /// A group along x divided equally into `count` copies of `subitem` (iOS 13).
    public static func horizontal(layoutSize: LayoutSize, subitem: any LayoutSubitem, count: Int) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .horizontal, subitems: .dividing(subitem.node, count: count))
    }
    /// A group along y repeating `subitems` until it is full.
    public static func vertical(layoutSize: LayoutSize, subitems: [any LayoutSubitem]) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .vertical, subitems: .repeatingUntilFull(subitems.map(\.node)))
    }
    /// A group along y of exactly `count` copies of `repeatingSubitem`, each keeping its own size (iOS 16).
    public static func vertical(layoutSize: LayoutSize, repeatingSubitem: any LayoutSubitem, count: Int) -> LayoutGroup
    {
        LayoutGroup(
            layoutSize: layoutSize, arrangement: .vertical, subitems: .repeating(repeatingSubitem.node, count: count))
    }
    /// A group along y divided equally into `count` copies of `subitem` (iOS 13).
    public static func vertical(layoutSize: LayoutSize, subitem: any LayoutSubitem, count: Int) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .vertical, subitems: .dividing(subitem.node, count: count))
    }
    /// A group placing one item per frame (relative to the group's origin), in order.
    public static func custom(layoutSize: LayoutSize, frames: [Rect]) -> LayoutGroup {
        LayoutGroup(layoutSize: layoutSize, arrangement: .custom(frames: frames), subitems: .repeatingUntilFull([]))
    }
}
