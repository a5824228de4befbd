/// A cell (UIKit's `NSCollectionLayoutItem`), and the base of groups and supplementary items as in UIKit.
/// A reference type: an item added to a group and changed afterwards is changed in the group, as in UIKit.
open class NSCollectionLayoutItem: @unchecked Sendable {
    public let layoutSize: NSCollectionLayoutSize
    /// Shrinks the item inside its slot (ignored along estimated axes, docs/layout-rules.md §2).
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    open var edgeSpacing: NSCollectionLayoutEdgeSpacing?
    open var supplementaryItems: [NSCollectionLayoutSupplementaryItem]
    /// Not UIKit: how the item measures its estimated dimensions in a benchmark (docs/spec-format.md
    /// "Self-sizing"); nil: the layout's model, else its estimate.
    open var selfSizing: SelfSizing?
    /// Not UIKit: where the code built this item or group (the call's `#filePath`, `#line`, `#column`; nil for
    /// one made from the model). `layoutbench lint` reports an imported layout's findings there.
    public internal(set) var sourceLocation: LayoutSourceLocation?

    public init(layoutSize: NSCollectionLayoutSize, file: String = #filePath, line: Int = #line, column: Int = #column)
    {
        self.layoutSize = layoutSize
        self.supplementaryItems = []
        self.sourceLocation = LayoutSourceLocation(file: file, line: line, column: column)
    }
    public init(
        layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem],
        file: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
        self.sourceLocation = LayoutSourceLocation(file: file, line: line, column: column)
    }

    /// The model's item.
    public convenience init(_ item: LayoutItem) {
        self.init(
            layoutSize: NSCollectionLayoutSize(item.layoutSize),
            supplementaryItems: item.supplementaryItems.map(NSCollectionLayoutSupplementaryItem.init))
        contentInsets = NSDirectionalEdgeInsets(item.contentInsets)
        edgeSpacing = item.edgeSpacing.map(NSCollectionLayoutEdgeSpacing.init)
        selfSizing = item.selfSizing
        sourceLocation = nil
    }

    /// The model's node for this item or group, custom groups' frames asked of `environment`.
    public func layoutNode(in environment: any NSCollectionLayoutEnvironment) throws(UIKitConversionError) -> LayoutNode
    {
        .item(
            LayoutItem(
                layoutSize: layoutSize.layoutSize,
                supplementaryItems: try supplementaryItems.map { s throws(UIKitConversionError) in
                    try s.supplementaryItem()
                },
                contentInsets: contentInsets.edgeInsets, edgeSpacing: edgeSpacing?.edgeSpacing,
                selfSizing: selfSizing))
    }

    /// Builds the subitem form of a model node.
    static func make(_ node: LayoutNode) -> NSCollectionLayoutItem {
        switch node {
        case .item(let item): return NSCollectionLayoutItem(item)
        case .group(let group): return NSCollectionLayoutGroup(group)
        }
    }
}

/// A frame of a custom group (UIKit's `NSCollectionLayoutGroupCustomItem`).
public final class NSCollectionLayoutGroupCustomItem: @unchecked Sendable {
    public let frame: CGRect
    public let zIndex: Int
    public init(frame: CGRect) { self.frame = frame; self.zIndex = 0 }
    public init(frame: CGRect, zIndex: Int) { self.frame = frame; self.zIndex = zIndex }
}

/// UIKit's `NSCollectionLayoutGroupCustomItemProvider`.
public typealias NSCollectionLayoutGroupCustomItemProvider =
    (any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]

/// A group of items (UIKit's `NSCollectionLayoutGroup`). docs/layout-rules.md §3.
open class NSCollectionLayoutGroup: NSCollectionLayoutItem, @unchecked Sendable {
    enum Form {
        case subitems(vertical: Bool)
        case dividing(vertical: Bool, count: Int)
        case repeating(vertical: Bool, count: Int)
        case custom(NSCollectionLayoutGroupCustomItemProvider)
    }

    let form: Form
    public let subitems: [NSCollectionLayoutItem]
    /// Space between subitems along the group's axis.
    open var interItemSpacing: NSCollectionLayoutSpacing?

    init(
        layoutSize: NSCollectionLayoutSize, form: Form, subitems: [NSCollectionLayoutItem],
        source: LayoutSourceLocation? = nil
    ) {
        self.form = form
        self.subitems = subitems
        super.init(layoutSize: layoutSize)
        self.sourceLocation = source
    }

    /// Repeats `subitems`, in order, until the group is full (§3.1).
    open class func horizontal(
        layoutSize: NSCollectionLayoutSize,
        subitems: [NSCollectionLayoutItem],
        file: String = #filePath, line: Int = #line, column: Int = #column
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(
            layoutSize: layoutSize, form: .subitems(vertical: false), subitems: subitems,
            source: LayoutSourceLocation(file: file, line: line, column: column))
    }
    /// `count` copies of `subitem` sharing the group's width equally (iOS 13, §3.2).
    open class func horizontal(
        layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem,
        count: Int,
        file: String = #filePath, line: Int = #line, column: Int = #column
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(
            layoutSize: layoutSize, form: .dividing(vertical: false, count: count), subitems: [subitem],
            source: LayoutSourceLocation(file: file, line: line, column: column))
    }
    /// `count` copies of `repeatingSubitem`, each keeping its size (iOS 16, §3.2).
    open class func horizontal(
        layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem,
        count: Int,
        file: String = #filePath, line: Int = #line, column: Int = #column
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(
            layoutSize: layoutSize, form: .repeating(vertical: false, count: count),
            subitems: [subitem],
            source: LayoutSourceLocation(file: file, line: line, column: column))
    }
    open class func vertical(
        layoutSize: NSCollectionLayoutSize,
        subitems: [NSCollectionLayoutItem],
        file: String = #filePath, line: Int = #line, column: Int = #column
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(
            layoutSize: layoutSize, form: .subitems(vertical: true), subitems: subitems,
            source: LayoutSourceLocation(file: file, line: line, column: column))
    }
    open class func vertical(
        layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem,
        count: Int,
        file: String = #filePath, line: Int = #line, column: Int = #column
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(
            layoutSize: layoutSize, form: .dividing(vertical: true, count: count), subitems: [subitem],
            source: LayoutSourceLocation(file: file, line: line, column: column))
    }
    open class func vertical(
        layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem,
        count: Int,
        file: String = #filePath, line: Int = #line, column: Int = #column
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(
            layoutSize: layoutSize, form: .repeating(vertical: true, count: count),
            subitems: [subitem],
            source: LayoutSourceLocation(file: file, line: line, column: column))
    }
    /// One item per frame the provider returns, asked when the layout is converted (§3.5).
    open class func custom(
        layoutSize: NSCollectionLayoutSize,
        itemProvider: @escaping NSCollectionLayoutGroupCustomItemProvider,
        file: String = #filePath, line: Int = #line, column: Int = #column
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(
            layoutSize: layoutSize, form: .custom(itemProvider), subitems: [],
            source: LayoutSourceLocation(file: file, line: line, column: column))
    }

    /// The model's group.
    public convenience init(_ group: LayoutGroup) {
        let size = NSCollectionLayoutSize(group.layoutSize)
        let vertical = group.arrangement == .vertical
        switch (group.arrangement, group.subitems) {
        case (.custom(let frames), _):
            let items = frames.map { NSCollectionLayoutGroupCustomItem(frame: CGRect($0)) }
            self.init(layoutSize: size, form: .custom({ _ in items }), subitems: [])
        case (_, .repeatingUntilFull(let nodes)):
            self.init(layoutSize: size, form: .subitems(vertical: vertical), subitems: nodes.map(Self.make))
        case (_, .dividing(let node, let count)):
            self.init(layoutSize: size, form: .dividing(vertical: vertical, count: count), subitems: [Self.make(node)])
        case (_, .repeating(let node, let count)):
            self.init(layoutSize: size, form: .repeating(vertical: vertical, count: count), subitems: [Self.make(node)])
        }
        interItemSpacing = group.interItemSpacing.map(NSCollectionLayoutSpacing.init)
        contentInsets = NSDirectionalEdgeInsets(group.contentInsets)
        edgeSpacing = group.edgeSpacing.map(NSCollectionLayoutEdgeSpacing.init)
        supplementaryItems = group.supplementaryItems.map(NSCollectionLayoutSupplementaryItem.init)
    }

    /// The model's group, custom frames asked of `environment`.
    public func layoutGroup(in environment: any NSCollectionLayoutEnvironment) throws(UIKitConversionError)
        -> LayoutGroup
    {
        if selfSizing != nil {
            throw UIKitConversionError(
                "a group has no selfSizing of its own (docs/spec-format.md \"Self-sizing\"); "
                    + "give it to the group's items")
        }
        let arrangement: LayoutGroup.Arrangement
        let subitems: LayoutGroup.Subitems
        func nodes() throws(UIKitConversionError) -> [LayoutNode] {
            try self.subitems.map { item throws(UIKitConversionError) in try item.layoutNode(in: environment) }
        }
        switch form {
        case .subitems(let vertical):
            arrangement = vertical ? .vertical : .horizontal
            subitems = .repeatingUntilFull(try nodes())
        case .dividing(let vertical, let count):
            arrangement = vertical ? .vertical : .horizontal
            subitems = .dividing(try nodes()[0], count: count)
        case .repeating(let vertical, let count):
            arrangement = vertical ? .vertical : .horizontal
            subitems = .repeating(try nodes()[0], count: count)
        case .custom(let provider):
            let items = provider(environment)
            if items.contains(where: { $0.zIndex != 0 }) {
                throw UIKitConversionError(
                    "a custom group item's zIndex is not in the spec format "
                        + "(docs/spec-format.md gives custom groups frames only); leave it 0")
            }
            arrangement = .custom(frames: items.map(\.frame.rect))
            subitems = .repeatingUntilFull([])
        }
        return LayoutGroup(
            layoutSize: layoutSize.layoutSize, arrangement: arrangement, subitems: subitems,
            interItemSpacing: interItemSpacing?.layoutSpacing, contentInsets: contentInsets.edgeInsets,
            edgeSpacing: edgeSpacing?.edgeSpacing,
            supplementaryItems: try supplementaryItems.map { s throws(UIKitConversionError) in
                try s.supplementaryItem()
            })
    }

    public override func layoutNode(in environment: any NSCollectionLayoutEnvironment) throws(UIKitConversionError)
        -> LayoutNode
    {
        .group(try layoutGroup(in: environment))
    }
}
