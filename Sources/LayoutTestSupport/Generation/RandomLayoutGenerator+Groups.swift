import CompositionalLayout

/// Group trees (docs/layout-rules.md §2, §3, §6): root groups of every arrangement, nested to a chosen depth in all
/// three forms, custom groups, items with insets, edge spacing, anchored supplementaries and self-sizing.
///
/// Sanity of fixed-size sections: a subitem of a "repeat until full" group is never tiny against its group
/// (an absolute length of at least 1/25 of the group's largest possible length, or a fraction of at least
/// 0.05 of it), so `leafBound` bounds the items one instance places; a tree over `maxTemplateLeaves` is
/// drawn again. Estimated sections need no bound: their loops stop when the section's items run out (§6).
extension LayoutBuilder {
    /// Where a node is generated.
    struct NodeContext {
        /// An upper bound of the container box the node resolves against.
        var box: Size
        /// The main axis of the parent group (nil for a root group).
        var parentMain: Axis?
        /// Whether the parent repeats its subitems until full (its subitems then need a lower bound).
        var inSubitemsLoop: Bool
        /// Whether the section is estimated (§6).
        var estimated: Bool
        /// How many more levels of groups may nest below this node.
        var depthLeft: Int
        /// Whether this node is a root group.
        var isRoot: Bool { parentMain == nil }
    }

    /// A section's root group, nested `depth` levels deep.
    mutating func rootGroup(estimated: Bool, depth: Int) -> LayoutGroup {
        let cross = scrollAxis.other
        let limit = options.maxContainerLength
        for _ in 0..<8 {
            let crossDimension: LayoutDimension = rng.weighted([
                (0.4, fraction(of: cross, 1)),
                (0.25, fraction(of: cross, rng.double(0.3...1, step: 0.05))),
                (0.15, .absolute(rng.double(50...400, step: 1))),
                (0.1, fraction(of: scrollAxis, rng.double(0.1...0.6, step: 0.05))),
                (estimated ? 0.1 : 0, .estimated(rng.double(50...300, step: 1))),
            ])
            let scrollDimension: LayoutDimension = rng.weighted([
                (0.35, .absolute(rng.double(30...300, step: 1))),
                (0.25, fraction(of: cross, rng.double(0.1...1, step: 0.05))),
                (0.2, fraction(of: scrollAxis, rng.double(0.05...0.5, step: 0.05))),
                (estimated ? 0.2 : 0, .estimated(rng.double(30...200, step: 1))),
            ])
            let size = LayoutSize(scrollAxis, scrollDimension, across: crossDimension)
            let context = NodeContext(
                box: Size(width: limit, height: limit), parentMain: nil, inSubitemsLoop: false,
                estimated: estimated, depthLeft: depth)
            var (group, leaves) = self.group(size: size, context: context)
            if estimated && !LayoutNode.group(group).containsEstimatedDimension {
                // An estimated section needs an estimated dimension somewhere: the root's own length.
                group.layoutSize = LayoutSize(
                    scrollAxis, .estimated(rng.double(30...200, step: 1)), across: crossDimension)
            }
            if estimated || leaves <= options.maxTemplateLeaves {
                if group.arrangement.mainAxis != nil, rng.chance(0.15) { group.edgeSpacing = edgeSpacing() }
                return group
            }
        }
        let item = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
        return .horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(60)),
            subitems: [item])
    }

    /// A group of `size` with its subitems; returns it with a bound on the leaves one instance places.
    mutating func group(size: LayoutSize, context: NodeContext) -> (LayoutGroup, Int) {
        let upper = upperBound(size, box: context.box)
        if rng.chance(context.isRoot ? 0.12 : 0.08) {
            return customGroup(size: size, upper: upper)
        }
        let main: Axis = rng.chance(0.5) ? .x : .y
        let arrangement: LayoutGroup.Arrangement = main == .x ? .horizontal : .vertical
        var childContext = NodeContext(
            box: upper, parentMain: main, inSubitemsLoop: false,
            estimated: context.estimated, depthLeft: context.depthLeft - 1)
        let subitems: LayoutGroup.Subitems
        let leafBound: Int
        switch rng.weighted(context.isRoot ? [(0.55, 0), (0.25, 1), (0.2, 2)] : [(0.35, 0), (0.35, 1), (0.3, 2)]) {
        case 0:
            childContext.inSubitemsLoop = true
            let count = rng.int(1...3)
            var nodes: [LayoutNode] = []
            var childLeaves = 1
            var placements = Int.max
            for index in 0..<count {
                // The first child carries the nesting down, so the tree reaches its depth.
                let (node, leaves) = child(context: childContext, mustBeGroup: index == 0 && context.depthLeft > 0)
                nodes.append(node)
                childLeaves = max(childLeaves, leaves)
                placements = min(placements, placementBound(node, main: main, mainUpper: upper.length(main)))
            }
            subitems = .repeatingUntilFull(nodes)
            leafBound = placements == Int.max ? 1 : count * (placements + 1) * childLeaves
        case 1:
            let count = rng.int(1...(context.isRoot ? 6 : 3))
            let (node, leaves) = child(context: childContext, mustBeGroup: context.depthLeft > 0)
            subitems = .repeating(node, count: count)
            leafBound = count * leaves
        default:
            let count = rng.int(1...(context.isRoot ? 6 : 3))
            let (node, leaves) = child(context: childContext, mustBeGroup: context.depthLeft > 0)
            subitems = .dividing(node, count: count)
            leafBound = count * leaves
        }
        var group = LayoutGroup(layoutSize: size, arrangement: arrangement, subitems: subitems)
        if rng.chance(0.5) { group.interItemSpacing = spacing(max: 12) }
        if rng.chance(0.2) { group.contentInsets = insets(max: 8) }
        if !context.isRoot, rng.chance(0.15) { group.edgeSpacing = edgeSpacing() }
        if rng.chance(0.1) { group.supplementaryItems = (0..<rng.int(1...2)).map { _ in anchoredItem() } }
        return (group, leafBound)
    }

    /// A custom group (§3.5): one item per listed frame.
    mutating func customGroup(size: LayoutSize, upper: Size) -> (LayoutGroup, Int) {
        let frames = (0..<rng.int(1...6)).map { _ in
            Rect(
                x: rng.double(0...max(0, min(upper.width, 300)), step: 0.5),
                y: rng.double(0...max(0, min(upper.height, 300)), step: 0.5),
                width: rng.chance(0.05) ? 0 : rng.double(5...150, step: 0.5),
                height: rng.chance(0.05) ? 0 : rng.double(5...150, step: 0.5))
        }
        // The format gives custom groups a size and frames only (no insets, edge spacing or supplementaries).
        return (LayoutGroup.custom(layoutSize: size, frames: frames), frames.count)
    }

    /// A subitem: an item, or a nested group while depth is left.
    mutating func child(context: NodeContext, mustBeGroup: Bool) -> (LayoutNode, Int) {
        guard let main = context.parentMain else { preconditionFailure("a child has a parent") }
        let cross = main.other
        let isGroup = context.depthLeft >= 0 && (mustBeGroup || rng.chance(0.2))
        let mainUpper = context.box.length(main)
        // Along the parent's main axis: never tiny in a fixed-size "repeat until full" loop.
        let free = context.estimated || !context.inSubitemsLoop
        let minAbsolute = max(isGroup ? 20 : 4, mainUpper / (isGroup ? 8 : 25))
        let mainDimension: LayoutDimension = rng.weighted([
            (
                0.5,
                fraction(of: main, rng.pick(isGroup ? [1, 0.5, 1.0 / 3, 0.25] : [1, 0.5, 1.0 / 3, 0.25, 0.2, 0.125]))
            ),
            (0.1, fraction(of: main, rng.double((isGroup ? 0.2 : 0.05)...1, step: 0.01))),
            (0.3, .absolute(rng.double(minAbsolute...max(minAbsolute, min(400, mainUpper / 2)), step: 0.5))),
            (free ? 0.04 : 0, .absolute(0)),
            (free ? 0.1 : 0, fraction(of: cross, rng.double(0.1...1, step: 0.05))),
            (context.estimated ? 0.25 : 0, .estimated(rng.double(20...200, step: 1))),
        ])
        let crossDimension: LayoutDimension = rng.weighted([
            (0.4, fraction(of: cross, 1)),
            (0.2, fraction(of: cross, rng.double(0.2...1, step: 0.05))),
            (0.15, .absolute(rng.double(10...200, step: 0.5))),
            (0.1, fraction(of: main, rng.double(0.1...1, step: 0.05))),
            (context.estimated ? 0.2 : 0, .estimated(rng.double(20...150, step: 1))),
        ])
        let size = LayoutSize(main, mainDimension, across: crossDimension)
        if isGroup {
            let (group, leaves) = self.group(size: size, context: context)
            return (.group(group), leaves)
        }
        return (.item(item(size: size)), 1)
    }

    /// A leaf item of `size`.
    mutating func item(size: LayoutSize) -> LayoutItem {
        var item = LayoutItem(layoutSize: size)
        if rng.chance(0.3) { item.contentInsets = insets(max: 6) }
        if rng.chance(0.2) { item.edgeSpacing = edgeSpacing() }
        if rng.chance(0.15) { item.supplementaryItems = (0..<rng.int(1...2)).map { _ in anchoredItem() } }
        if size.hasEstimatedDimension, rng.chance(0.45) { item.selfSizing = selfSizing(bothAxesLikely: false) }
        return item
    }

    // MARK: Bounds

    /// How many times a subitem can be placed in a "repeat until full" group whose main length is at most
    /// `mainUpper`; `Int.max` when its length has no lower bound (it then cannot decide the bound).
    func placementBound(_ node: LayoutNode, main: Axis, mainUpper: Double) -> Int {
        switch node.layoutSize.dimension(main) {
        case .absolute(let v) where v > 0:
            return Int((mainUpper / v).rounded(.up))
        case .fractionalWidth(let f) where main == .x && f > 0:
            return Int((1 / f).rounded(.up)) + 1
        case .fractionalHeight(let f) where main == .y && f > 0:
            return Int((1 / f).rounded(.up)) + 1
        default:
            return Int.max
        }
    }

    /// An upper bound of a node's size in a container box of at most `box` (estimates count as the box).
    func upperBound(_ size: LayoutSize, box: Size) -> Size {
        func length(_ dimension: LayoutDimension, _ axis: Axis) -> Double {
            switch dimension {
            case .absolute(let v): return v
            case .fractionalWidth(let f): return f * box.width
            case .fractionalHeight(let f): return f * box.height
            case .estimated, .uniformAcrossSiblings: return box.length(axis)
            }
        }
        return Size(width: length(size.widthDimension, .x), height: length(size.heightDimension, .y))
    }

    /// `fractionalWidth(f)` for x, `fractionalHeight(f)` for y.
    func fraction(of axis: Axis, _ f: Double) -> LayoutDimension {
        axis == .x ? .fractionalWidth(f) : .fractionalHeight(f)
    }
}

extension LayoutSize {
    /// A size from its dimension along `axis` and across it.
    init(_ axis: Axis, _ along: LayoutDimension, across: LayoutDimension) {
        if axis == .x {
            self.init(widthDimension: along, heightDimension: across)
        } else {
            self.init(widthDimension: across, heightDimension: along)
        }
    }
}
