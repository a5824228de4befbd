import CompositionalLayout

/// Nodes of the group tree (docs/spec-format.md "Nodes: items and groups") and the supplementaries anchored to
/// them. Every element kind met on the way is recorded, so the section can check that kinds are unique.
extension SpecDecoder {
    /// A map with exactly one of `item`, `horizontal`, `vertical`, `custom`.
    func node(_ cursor: Cursor, kinds: inout [KindUse]) throws(SpecError) -> LayoutNode {
        let allowed = "a node is a map with one key: item, horizontal, vertical or custom"
        guard case .map(let entries) = cursor.node.value else {
            throw error(
                .wrongType, "expected a node, found \(cursor.node.kindDescription)", at: cursor, allowed: allowed)
        }
        if entries.isEmpty {
            throw error(.missingKey, "empty node", at: cursor, allowed: allowed)
        }
        let map = try self.map(cursor, SpecKeys.node)
        if entries.count > 1 {
            throw error(
                .contradictoryKeys, "a node with both '\(entries[0].key)' and '\(entries[1].key)'", at: entries[1],
                in: map,
                allowed: allowed)
        }
        let key = entries[0].key
        let body = map[key]!
        switch key {
        case "item": return .item(try item(body, kinds: &kinds))
        case "custom": return .group(try custom(body))
        default: return .group(try group(body, horizontal: key == "horizontal", kinds: &kinds))
        }
    }

    /// `{ size, contentInsets?, edgeSpacing?, supplementaryItems?, selfSizing? }`.
    func item(_ cursor: Cursor, kinds: inout [KindUse]) throws(SpecError) -> LayoutItem {
        let map = try map(cursor, SpecKeys.item)
        let size = try self.size(try required(map, "size"), "the item")
        var item = LayoutItem(layoutSize: size)
        if let value = map["contentInsets"] { item.contentInsets = try insets(value, "item contentInsets") }
        if let value = map["edgeSpacing"] { item.edgeSpacing = try edgeSpacing(value) }
        if let value = map["supplementaryItems"] {
            item.supplementaryItems = try supplementaryItems(value, kinds: &kinds)
        }
        if let value = map["selfSizing"] { item.selfSizing = try selfSizing(value) }
        return item
    }

    /// `horizontal:` or `vertical:` with exactly one of `subitems`, `repeatingSubitem` + `count`,
    /// `subitem` + `count`.
    func group(_ cursor: Cursor, horizontal: Bool, kinds: inout [KindUse]) throws(SpecError) -> LayoutGroup {
        let map = try map(cursor, SpecKeys.group)
        let what = horizontal ? "horizontal group" : "vertical group"
        let size = try self.size(try required(map, "size"), "the \(what)")
        let forms = map.entries.filter { ["subitems", "repeatingSubitem", "subitem"].contains($0.key) }
        let allowed =
            "a group has subitems: [node, ...], or repeatingSubitem: node with count, or subitem: node with count"
        guard let form = forms.first else {
            throw error(
                .missingKey, "\(what) has no subitems, repeatingSubitem or subitem", at: cursor, allowed: allowed)
        }
        if forms.count > 1 {
            throw error(
                .contradictoryKeys, "'\(forms[0].key)' and '\(forms[1].key)' cannot be used together", at: forms[1],
                in: map,
                allowed: allowed)
        }
        let subitems: LayoutGroup.Subitems
        if form.key == "subitems" {
            if let count = map.entry("count") {
                throw error(
                    .contradictoryKeys, "'count' goes with subitem or repeatingSubitem, not with subitems", at: count,
                    in: map,
                    allowed: allowed)
            }
            let list = try self.list(map["subitems"]!, of: "nodes")
            guard !list.isEmpty else {
                throw error(
                    .outOfRange, "subitems is empty", at: map["subitems"]!, allowed: "subitems holds at least one node")
            }
            var nodes: [LayoutNode] = []
            for element in list { nodes.append(try node(element, kinds: &kinds)) }
            subitems = .repeatingUntilFull(nodes)
        } else {
            guard let countCursor = map["count"] else {
                throw error(.missingKey, "'\(form.key)' needs 'count' in \(what)", at: cursor, allowed: allowed)
            }
            let count = Int(try integer(countCursor, "count", in: 1...SpecDecoder.maxCount, upperIsLimit: true))
            let child = try node(map[form.key]!, kinds: &kinds)
            subitems = form.key == "subitem" ? .dividing(child, count: count) : .repeating(child, count: count)
        }
        var group = LayoutGroup(layoutSize: size, arrangement: horizontal ? .horizontal : .vertical, subitems: subitems)
        if let value = map["interItemSpacing"] { group.interItemSpacing = try spacing(value, "interItemSpacing") }
        if let value = map["contentInsets"] { group.contentInsets = try insets(value, "group contentInsets") }
        if let value = map["edgeSpacing"] { group.edgeSpacing = try edgeSpacing(value) }
        if let value = map["supplementaryItems"] {
            group.supplementaryItems = try supplementaryItems(value, kinds: &kinds)
        }
        return group
    }

    /// `custom: { size, frames: [[x, y, width, height], ...] }`, at least one frame.
    func custom(_ cursor: Cursor) throws(SpecError) -> LayoutGroup {
        let map = try map(cursor, SpecKeys.custom)
        let size = try self.size(try required(map, "size"), "the custom group")
        let framesCursor = try required(map, "frames")
        let list = try self.list(framesCursor, of: "frames [x, y, width, height]")
        guard !list.isEmpty else {
            throw error(
                .outOfRange, "frames is empty", at: framesCursor, allowed: "a custom group has at least one frame")
        }
        var frames: [Rect] = []
        frames.reserveCapacity(list.count)
        for frame in list {
            let numbers = try self.list(frame, of: "numbers [x, y, width, height]")
            guard numbers.count == 4 else {
                throw error(
                    .wrongType, "a frame of \(numbers.count) numbers", at: frame,
                    allowed: "a frame is [x, y, width, height]")
            }
            frames.append(
                Rect(
                    x: try length(numbers[0], "frame x"), y: try length(numbers[1], "frame y"),
                    width: try length(numbers[2], "frame width", lower: .nonNegative),
                    height: try length(numbers[3], "frame height", lower: .nonNegative)))
        }
        return LayoutGroup.custom(layoutSize: size, frames: frames)
    }

    /// A list of `{ elementKind, size, containerAnchor, itemAnchor?, zIndex?, selfSizing? }`.
    func supplementaryItems(_ cursor: Cursor, kinds: inout [KindUse]) throws(SpecError) -> [SupplementaryItem] {
        var items: [SupplementaryItem] = []
        for element in try list(cursor, of: "supplementary items") {
            let map = try map(element, SpecKeys.supplementaryItem)
            let kindCursor = try required(map, "elementKind")
            let kind = try elementKind(kindCursor)
            var item = SupplementaryItem(
                layoutSize: try size(try required(map, "size"), "the supplementary item '\(kind)'"),
                elementKind: kind,
                containerAnchor: try anchor(try required(map, "containerAnchor"), container: true))
            if let value = map["itemAnchor"] { item.itemAnchor = try anchor(value, container: false) }
            if let value = map["zIndex"] { item.zIndex = try zIndex(value) }
            if let value = map["selfSizing"] { item.selfSizing = try selfSizing(value) }
            kinds.append(KindUse(kind: kind, cursor: kindCursor, role: "supplementary item"))
            items.append(item)
        }
        return items
    }

    /// A container anchor `{ edges, absoluteOffset? | fractionalOffset? }` or an item anchor `{ edges }`.
    func anchor(_ cursor: Cursor, container: Bool) throws(SpecError) -> LayoutAnchor {
        let map = try map(cursor, container ? SpecKeys.containerAnchor : SpecKeys.itemAnchor)
        let edges = try self.edges(try required(map, "edges"))
        if let absolute = map.entry("absoluteOffset"), let fractional = map.entry("fractionalOffset") {
            let second =
                absolute.line > fractional.line
                    || (absolute.line == fractional.line && absolute.column > fractional.column)
                ? absolute : fractional
            throw error(
                .contradictoryKeys, "'absoluteOffset' and 'fractionalOffset' cannot be used together", at: second,
                in: map,
                allowed: "an anchor has one offset, in points or in multiples of the item's size")
        }
        if let value = map["absoluteOffset"] {
            return LayoutAnchor(edges: edges, absoluteOffset: try point(value, "absoluteOffset"))
        }
        if let value = map["fractionalOffset"] {
            return LayoutAnchor(edges: edges, fractionalOffset: try point(value, "fractionalOffset", lengths: false))
        }
        return LayoutAnchor(edges: edges)
    }
}
