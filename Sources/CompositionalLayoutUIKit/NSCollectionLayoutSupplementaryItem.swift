/// Where a supplementary item attaches (UIKit's `NSCollectionLayoutAnchor`). docs/layout-rules.md §4.4.
public final class NSCollectionLayoutAnchor: @unchecked Sendable {
    public let edges: NSDirectionalRectEdge
    public let offset: CGPoint
    public let isAbsoluteOffset: Bool
    public var isFractionalOffset: Bool { !isAbsoluteOffset }

    public init(edges: NSDirectionalRectEdge) { self.edges = edges; self.offset = .zero; self.isAbsoluteOffset = true }
    public init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) {
        self.edges = edges; self.offset = absoluteOffset; self.isAbsoluteOffset = true
    }
    public init(edges: NSDirectionalRectEdge, fractionalOffset: CGPoint) {
        self.edges = edges; self.offset = fractionalOffset; self.isAbsoluteOffset = false
    }
    public convenience init(_ anchor: LayoutAnchor) {
        switch anchor.offset {
        case .absolute(let p): self.init(edges: NSDirectionalRectEdge(anchor.edges), absoluteOffset: CGPoint(p))
        case .fractional(let p): self.init(edges: NSDirectionalRectEdge(anchor.edges), fractionalOffset: CGPoint(p))
        }
    }

    public var layoutAnchor: LayoutAnchor {
        isAbsoluteOffset
            ? LayoutAnchor(edges: edges.directionalRectEdge, absoluteOffset: offset.point)
            : LayoutAnchor(edges: edges.directionalRectEdge, fractionalOffset: offset.point)
    }
}

/// A view anchored to an item or group, such as a badge (UIKit's `NSCollectionLayoutSupplementaryItem`).
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem, @unchecked Sendable {
    public let elementKind: String
    public let containerAnchor: NSCollectionLayoutAnchor
    public let itemAnchor: NSCollectionLayoutAnchor?
    /// Defaults to 1 (docs/layout-rules.md §4.6).
    open var zIndex: Int = 1

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor) {
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        self.itemAnchor = nil
        super.init(layoutSize: layoutSize)
    }
    public init(
        layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor,
        itemAnchor: NSCollectionLayoutAnchor
    ) {
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        self.itemAnchor = itemAnchor
        super.init(layoutSize: layoutSize)
    }
    /// For boundary items, which have no anchors of this kind.
    init(layoutSize: NSCollectionLayoutSize, elementKind: String) {
        self.elementKind = elementKind
        self.containerAnchor = NSCollectionLayoutAnchor(edges: [])
        self.itemAnchor = nil
        super.init(layoutSize: layoutSize)
    }

    public convenience init(_ item: SupplementaryItem) {
        if let itemAnchor = item.itemAnchor {
            self.init(
                layoutSize: NSCollectionLayoutSize(item.layoutSize), elementKind: item.elementKind,
                containerAnchor: NSCollectionLayoutAnchor(item.containerAnchor),
                itemAnchor: NSCollectionLayoutAnchor(itemAnchor))
        } else {
            self.init(
                layoutSize: NSCollectionLayoutSize(item.layoutSize), elementKind: item.elementKind,
                containerAnchor: NSCollectionLayoutAnchor(item.containerAnchor))
        }
        zIndex = item.zIndex
        selfSizing = item.selfSizing
    }

    /// What the spec format cannot say about a supplementary item is an error, never dropped.
    func checkPlainItem(_ what: String) throws(UIKitConversionError) {
        if contentInsets != .zero || edgeSpacing != nil || !supplementaryItems.isEmpty {
            throw UIKitConversionError(
                "\(what) '\(elementKind)' has contentInsets, edgeSpacing or supplementary items "
                    + "of its own, which docs/spec-format.md has no key for; remove them")
        }
    }

    public func supplementaryItem() throws(UIKitConversionError) -> SupplementaryItem {
        try checkPlainItem("the supplementary item")
        return SupplementaryItem(
            layoutSize: layoutSize.layoutSize, elementKind: elementKind,
            containerAnchor: containerAnchor.layoutAnchor, itemAnchor: itemAnchor?.layoutAnchor,
            zIndex: zIndex, selfSizing: selfSizing)
    }

    public override func layoutNode(in environment: any NSCollectionLayoutEnvironment) throws(UIKitConversionError)
        -> LayoutNode
    {
        throw UIKitConversionError(
            "the supplementary item '\(elementKind)' is a group's subitem; "
                + "give it to an item's or group's supplementaryItems instead")
    }
}

/// A header or footer of a section or of the whole layout (UIKit's `NSCollectionLayoutBoundarySupplementaryItem`).
/// docs/layout-rules.md §4.3.
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem, @unchecked Sendable {
    public let alignment: NSRectAlignment
    public let offset: CGPoint
    /// Whether the item adds its length to the section (default true).
    open var extendsBoundary: Bool = true
    /// Whether it sticks to the visible bounds while its section is on screen (queries only).
    open var pinToVisibleBounds: Bool = false

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.alignment = alignment
        self.offset = .zero
        super.init(layoutSize: layoutSize, elementKind: elementKind)
    }
    public init(
        layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment,
        absoluteOffset: CGPoint
    ) {
        self.alignment = alignment
        self.offset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind)
    }
    public convenience init(_ item: BoundarySupplementaryItem) {
        self.init(
            layoutSize: NSCollectionLayoutSize(item.layoutSize), elementKind: item.elementKind,
            alignment: NSRectAlignment(item.alignment), absoluteOffset: CGPoint(item.offset))
        extendsBoundary = item.extendsBoundary
        pinToVisibleBounds = item.pinToVisibleBounds
        zIndex = item.zIndex
        selfSizing = item.selfSizing
    }

    public func boundarySupplementaryItem() throws(UIKitConversionError) -> BoundarySupplementaryItem {
        try checkPlainItem("the boundary supplementary item")
        guard let boundaryAlignment = alignment.boundaryAlignment else {
            throw UIKitConversionError(
                "the boundary supplementary item '\(elementKind)' has alignment .none; "
                    + "give it an edge such as .top")
        }
        return BoundarySupplementaryItem(
            layoutSize: layoutSize.layoutSize, elementKind: elementKind,
            alignment: boundaryAlignment, absoluteOffset: offset.point,
            extendsBoundary: extendsBoundary, pinToVisibleBounds: pinToVisibleBounds,
            zIndex: zIndex, selfSizing: selfSizing)
    }
}

/// A view behind a section (UIKit's `NSCollectionLayoutDecorationItem`). docs/layout-rules.md §4.5.
open class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem, @unchecked Sendable {
    public let elementKind: String
    /// Defaults to −1: behind the cells (docs/layout-rules.md §4.6).
    open var zIndex: Int = -1

    init(elementKind: String) {
        self.elementKind = elementKind
        super.init(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1),
                heightDimension: .fractionalHeight(1)))
    }

    open class func background(elementKind: String) -> NSCollectionLayoutDecorationItem {
        NSCollectionLayoutDecorationItem(elementKind: elementKind)
    }

    public convenience init(_ item: DecorationItem) {
        self.init(elementKind: item.elementKind)
        contentInsets = NSDirectionalEdgeInsets(item.contentInsets)
        zIndex = item.zIndex
    }

    public func decorationItem() throws(UIKitConversionError) -> DecorationItem {
        if edgeSpacing != nil || !supplementaryItems.isEmpty || selfSizing != nil {
            throw UIKitConversionError(
                "the decoration item '\(elementKind)' has edgeSpacing, supplementary items or "
                    + "selfSizing, which docs/spec-format.md has no key for; remove them")
        }
        return DecorationItem(elementKind: elementKind, contentInsets: contentInsets.edgeInsets, zIndex: zIndex)
    }

    public override func layoutNode(in environment: any NSCollectionLayoutEnvironment) throws(UIKitConversionError)
        -> LayoutNode
    {
        throw UIKitConversionError(
            "the decoration item '\(elementKind)' is a group's subitem; "
                + "give it to a section's decorationItems instead")
    }
}
