import CompositionalLayout

/// The rules both solvers share, as pure functions over plain data: docs/layout-rules.md §2 (dimensions), §3
/// (groups), §4.3–§4.4 (placing boundary and anchored supplementaries). The reference solver assembles
/// sections from them literally; the engine stores their results compactly.
///
/// docs/layout-rules.md §3 (groups: the subitems loop and its spacing restart, count groups, arrangement, the cross
/// axis, nested and custom groups) and the group parts of §6 (estimated groups bound their children, loops
/// stop when a section's items run out).

/// A leaf item placed by a group, relative to the group's origin.
package struct PlacedLeaf {
    package var slot: Rect
    package var cell: Rect
    package var item: LayoutItem
}

/// A group instance that hosts anchored supplementaries (§4.4), relative to the solved node's origin.
package struct GroupHost {
    /// The host rect: the group's content box (its slot inset by its contentInsets).
    package var box: Rect
    /// Index of its first leaf in the solved node's leaves.
    package var firstLeaf: Int
    package var leafCount: Int
    package var supplementaries: [SupplementaryItem]
}

extension Rect {
    /// A rectangle from its extent along `axis` and across it.
    package static func along(_ axis: Axis, origin: Double, length: Double, acrossOrigin: Double, acrossLength: Double)
        -> Rect
    {
        axis == .x
            ? Rect(x: origin, y: acrossOrigin, width: length, height: acrossLength)
            : Rect(x: acrossOrigin, y: origin, width: acrossLength, height: length)
    }
}

/// A solved node: its final slot size, and its leaves and hosts relative to its origin.
package struct SolvedNode {
    package var size: Size
    package var leaves: [PlacedLeaf] = []
    package var hosts: [GroupHost] = []
    /// Whether some group in the tree had no room (§3).
    package var noRoom = false
    /// What solving it did, when its solver traces (`GroupSolver.tracing`); empty otherwise.
    package var steps: [TraceStep] = []
    /// Slots counted but not placed: past the solver's `slotCap`, no item can occupy them, yet they count for
    /// the template's N (docs/layout-rules.md §4.1).
    package var unplacedLeaves = 0
    /// The largest end of the unplaced slots along each axis, relative to the origin (§4.1 `partial`).
    package var unplacedReach = Size(width: -.infinity, height: -.infinity)
    /// The slots the node counts: N for a template (§4.1), placed or not.
    package var slotCount: Int { leaves.count + unplacedLeaves }

    /// The largest slot end along `axis` over all slots, placed or not (§4.1 `partial`); 0 for none.
    package func slotReach(_ axis: Axis) -> Double {
        let reach = leaves.reduce(unplacedReach.length(axis)) { max($0, $1.slot.end(axis)) }
        return reach == -.infinity ? 0 : reach
    }

    /// The node with its leaves counted, not placed (slots past the cap).
    func unplaced() -> SolvedNode {
        var node = SolvedNode(size: size)
        node.noRoom = noRoom
        node.unplacedLeaves = slotCount
        node.unplacedReach = Size(width: slotReach(.x), height: slotReach(.y))
        if slotCount == 0 { node.unplacedReach = Size(width: -.infinity, height: -.infinity) }
        return node
    }

    /// Counts `child`'s slots at `origin` without placing them.
    mutating func count(_ child: SolvedNode, at origin: Point) {
        // A counted slot's group with no room is reported as a placed one's would be (§3.6).
        noRoom = noRoom || child.noRoom
        guard child.unplacedLeaves > 0 else { return }
        unplacedLeaves += child.unplacedLeaves
        unplacedReach = Size(
            width: max(unplacedReach.width, origin.x + child.unplacedReach.width),
            height: max(unplacedReach.height, origin.y + child.unplacedReach.height))
    }

    package mutating func append(_ child: SolvedNode, at origin: Point) {
        let base = leaves.count
        for var leaf in child.leaves {
            leaf.slot = leaf.slot.offsetBy(dx: origin.x, dy: origin.y)
            leaf.cell = leaf.cell.offsetBy(dx: origin.x, dy: origin.y)
            leaves.append(leaf)
        }
        for var host in child.hosts {
            host.box = host.box.offsetBy(dx: origin.x, dy: origin.y)
            host.firstLeaf += base
            hosts.append(host)
        }
        noRoom = noRoom || child.noRoom
        for var step in child.steps {
            step.leaves = (step.leaves.lowerBound + base)..<(step.leaves.upperBound + base)
            steps.append(step)
        }
        count(child, at: origin)
    }
}

/// Solves groups of one section.
package struct GroupSolver {
    package let container: LayoutContainer
    package let sizing: ItemSizing
    package let section: Int
    /// The section's item count C; with `limitsItems`, loops stop when items run out (§6).
    package let itemCount: Int
    package let limitsItems: Bool
    /// Whether solved nodes record their steps (`SolvedNode.steps`) for `layoutbench explain`. Off for the
    /// engine and for plain solves.
    package var tracing = false
    /// Slots from this item index on are counted, not placed: no item occupies them (a template's section has
    /// at most `slotCap` items). Frames of the placed slots, N and the §4.1 reach are as if all were placed.
    package let slotCap: Int

    package init(
        container: LayoutContainer, sizing: ItemSizing, section: Int, itemCount: Int, limitsItems: Bool,
        slotCap: Int = .max
    ) {
        self.container = container
        self.sizing = sizing
        self.section = section
        self.itemCount = itemCount
        self.limitsItems = limitsItems
        self.slotCap = slotCap
    }

    /// A plain item for the slots of custom groups (§3.5: cell frame = slot).
    private static let customItem = LayoutItem(
        layoutSize: LayoutSize(widthDimension: .absolute(0), heightDimension: .absolute(0)))

    /// Whether items remain for a node starting at section item `next`.
    package func itemsRemain(_ next: Int) -> Bool { !limitsItems || next < itemCount }

    /// §2: a node's slot size against the container box `box`. Items measure their estimated axes (the
    /// item being section item `item`); groups keep their estimates, bounded later by `solve`.
    package func proposedSize(_ node: LayoutNode, box: Size, item: Int) -> Size {
        switch node {
        case .item(let declaration):
            let size = declaration.layoutSize
            func length(_ axis: Axis) -> Double {
                DimensionResolver.length(size.dimension(axis), box: box, container: container) { estimate in
                    sizing.itemLength(
                        ItemSizing.Request(
                            section: section, item: item, axis: axis,
                            estimate: estimate, declared: declaration.selfSizing))
                }
            }
            return Size(width: length(.x), height: length(.y))
        case .group(let group):
            return DimensionResolver.size(group.layoutSize, box: box, container: container)
        }
    }

    /// Resolves and solves a node against `box`, as a subitem of a group or as a section's root group.
    package func resolveAndSolve(_ node: LayoutNode, box: Size, firstItem: Int) throws(LayoutError) -> SolvedNode {
        try solve(node, size: proposedSize(node, box: box, item: firstItem), firstItem: firstItem)
    }

    /// Solves a node in a slot of `size` (estimated axes of a group still hold its estimate). The node's
    /// first leaf is section item `firstItem`. `fixedMainLength`: §3.2's equal division replaced the
    /// main length, which an estimated group then keeps.
    package func solve(_ node: LayoutNode, size: Size, firstItem: Int, fixedAxis: Axis? = nil) throws(LayoutError)
        -> SolvedNode
    {
        switch node {
        case .item(let item):
            let slot = Rect(origin: .zero, size: size)
            var solved = SolvedNode(size: size)
            solved.leaves = [
                PlacedLeaf(slot: slot, cell: DimensionResolver.cellFrame(slot: slot, item: item), item: item)
            ]
            if tracing { solved.steps = [itemStep(item, slot: slot, cell: solved.leaves[0].cell)] }
            return solved
        case .group(let group):
            var solved = try solveGroup(group, size: size, firstItem: firstItem, fixedAxis: fixedAxis)
            if !group.supplementaryItems.isEmpty {
                // §4.4 a group hosts its supplementaries on its content box.
                solved.hosts.append(
                    GroupHost(
                        box: GroupHost.contentBox(of: group, size: solved.size),
                        firstLeaf: 0, leafCount: solved.leaves.count,
                        supplementaries: group.supplementaryItems))
            }
            return solved
        }
    }

    private func solveGroup(_ group: LayoutGroup, size: Size, firstItem: Int, fixedAxis: Axis?) throws(LayoutError)
        -> SolvedNode
    {
        guard let main = group.arrangement.mainAxis else {
            return solveCustom(group, size: size, firstItem: firstItem)
        }
        let cross = main.other
        let insets = group.contentInsets
        let content = GroupRules.contentBox(size, insets: insets)
        let avail = content.length(main)
        let spacing = group.interItemSpacing?.value ?? 0
        let estimatedMain = group.layoutSize.dimension(main).isEstimated && fixedAxis != main
        let estimatedCross = group.layoutSize.dimension(cross).isEstimated && fixedAxis != cross

        // §3: a content box with no positive main length holds nothing.
        var placed: [Placement] = []
        var tail = Tail()
        var noRoom = false
        if avail <= 0 {
            noRoom = true
        } else {
            switch group.subitems {
            case .repeatingUntilFull(let nodes):
                (placed, tail, noRoom) = try repeatUntilFull(
                    nodes, content: content, main: main, spacing: spacing,
                    estimatedMain: estimatedMain, firstItem: firstItem)
            case .repeating(let node, let count):
                (placed, tail) = try repeatCount(
                    node, count: count, content: content, main: main, spacing: spacing,
                    dividing: false, firstItem: firstItem)
            case .dividing(let node, let count):
                (placed, tail) = try repeatCount(
                    node, count: count, content: content, main: main, spacing: spacing,
                    dividing: true, firstItem: firstItem)
            }
        }
        if noRoom { placed = []; tail = Tail() }
        // §10.4 uniform runs: after the fit, before arrangement.
        if placed.contains(where: { $0.item?.layoutSize.hasUniformDimension ?? false }) { uniformRuns(&placed) }

        // §3.3 total and flex; §6: an estimated group takes the bounding length of its placed children.
        let flexibleSpacing = group.interItemSpacing?.isFlexible ?? false
        var totals = GroupRules.Totals(
            count: placed.count + tail.count, spacing: spacing,
            flexibleSpacing: flexibleSpacing)
        var largestCross = placed.isEmpty && tail.count == 0 ? 0 : -Double.infinity
        func add(_ p: Placement) {
            let pre = p.edges.pre(main), post = p.edges.post(main)
            totals.add(
                mainLength: p.node.size.length(main), pre: pre?.value ?? 0, post: post?.value ?? 0,
                preFlexible: pre?.isFlexible ?? false, postFlexible: post?.isFlexible ?? false)
            largestCross = max(
                largestCross,
                p.node.size.length(cross) + (p.edges.pre(cross)?.value ?? 0)
                    + (p.edges.post(cross)?.value ?? 0))
        }
        // By index: each placement read in place (a `for p in placed` copied every solved node, 3 arrays).
        for index in placed.indices { add(placed[index]) }
        // Counted slots add to the totals in the same order as if placed (docs/layout-rules.md §3.3: the flexible
        // extra is exact), from plain values computed once per subitem.
        let shapes = tail.shapes(main: main)
        var shape = 0
        for _ in 0..<tail.count {
            let c = shapes[shape]
            totals.total += c.extent
            totals.flex += c.flex
            largestCross = max(largestCross, c.crossExtent)
            shape = shape + 1 == shapes.count ? 0 : shape + 1
        }
        let finalSize = GroupRules.boundingSize(
            size, main: main, insets: insets, estimatedMain: estimatedMain,
            estimatedCross: estimatedCross, total: totals.total,
            largestCross: largestCross)
        let finalContent = GroupRules.contentBox(finalSize, insets: insets)

        var solved = SolvedNode(size: finalSize)
        solved.noRoom = noRoom
        if tracing {
            solved.steps = groupSteps(
                group, size: size, finalSize: finalSize, placed: placed, noRoom: noRoom,
                estimatedMain: estimatedMain, estimatedCross: estimatedCross)
        }
        // §3.3 Arrangement along the main axis.
        var cursor = GroupRules.Cursor(
            origin: insets.pre(main), spacing: spacing, flexibleSpacing: flexibleSpacing,
            extra: GroupRules.extra(
                avail: avail, total: totals.total, flex: totals.flex,
                estimatedMain: estimatedMain))
        // §3.4 Cross axis: each item alone across the group.
        func crossOrigin(_ p: Placement) -> Double {
            let crossPre = p.edges.pre(cross), crossPost = p.edges.post(cross)
            return GroupRules.crossOrigin(
                contentOrigin: insets.pre(cross), contentLength: finalContent.length(cross),
                slotLength: p.node.size.length(cross), pre: crossPre?.value ?? 0, post: crossPost?.value ?? 0,
                flexibleEdges: GroupRules.flexibleEdges(
                    preFlexible: crossPre?.isFlexible ?? false,
                    postFlexible: crossPost?.isFlexible ?? false))
        }
        func origin(_ p: Placement) -> Point {
            let pre = p.edges.pre(main), post = p.edges.post(main)
            let mainOrigin = cursor.place(
                mainLength: p.node.size.length(main), pre: pre?.value ?? 0,
                post: post?.value ?? 0, preFlexible: pre?.isFlexible ?? false,
                postFlexible: post?.isFlexible ?? false)
            return Point.along(main, mainOrigin, across: crossOrigin(p))
        }
        for ordinal in placed.indices {
            let at = origin(placed[ordinal])
            if tracing {
                solved.steps += placementSteps(
                    index: solved.leaves.count, count: placed[ordinal].node.leaves.count, ordinal: ordinal,
                    of: placed.count, main: main, mainOrigin: at.length(main),
                    crossOrigin: at.length(main.other), spacing: spacing)
            }
            solved.append(placed[ordinal].node, at: at)
        }
        if tail.count > 0 {
            count(
                tail, shapes, crossOrigins: shapes.indices.map { crossOrigin(tail[$0]) }, into: &solved,
                cursor: cursor, main: main)
        }
        return solved
    }

    /// Counts the tail's slots into `solved` exactly as `SolvedNode.count` at each slot's origin would, the
    /// cursor advancing as §3.3's `place` does (docs/layout-rules.md §3.3, §4.1): the same additions in the same
    /// order, in a loop over plain Doubles (a template can count millions of slots).
    private func count(
        _ tail: Tail, _ shapes: [Tail.Shape], crossOrigins: [Double], into solved: inout SolvedNode,
        cursor: GroupRules.Cursor, main: Axis
    ) {
        let extra = cursor.extra
        let gap = cursor.spacing + (cursor.flexibleSpacing ? extra : 0)
        // `place`'s steps before and after each slot's origin, and the slot's reach across (its origin is fixed).
        let before = shapes.map { $0.pre + ($0.preFlexible ? extra : 0) }
        let after = shapes.map { $0.mainLength + $0.post + ($0.postFlexible ? extra : 0) }
        let reachesAcross = shapes.indices.map { crossOrigins[$0] + shapes[$0].reachAcross }
        var position = cursor.position, placed = cursor.placed
        var leaves = solved.unplacedLeaves
        var reach = solved.unplacedReach.length(main), reachAcross = solved.unplacedReach.length(main.other)
        var k = 0
        for _ in 0..<tail.count {
            if placed > 0 { position += gap }
            placed += 1
            position += before[k]
            let origin = position
            position += after[k]
            let leafCount = shapes[k].leaves
            if leafCount > 0 {
                leaves += leafCount
                reach = max(reach, origin + shapes[k].reach)
                reachAcross = max(reachAcross, reachesAcross[k])
            }
            k = k + 1 == shapes.count ? 0 : k + 1
        }
        solved.unplacedLeaves = leaves
        solved.unplacedReach = Size(main, reach, across: reachAcross)
        // A counted slot's group with no room is reported as a placed one's would be (§3.6).
        for k in 0..<min(tail.count, tail.memo.count) where tail[k].node.noRoom { solved.noRoom = true }
    }

    /// A subitem placed by a group's loop: the solved node and its edge spacing; for an item, its declaration
    /// and on which axes its length is known (fixed, or measured: docs/version-2.md §10.4).
    struct Placement {
        var node: SolvedNode
        var edges: EdgeSpacing
        var mainDependent: Bool
        var item: LayoutItem? = nil
        var knownX = true
        var knownY = true
    }

    /// Slots past the cap (docs/layout-rules.md §3.1, §4.1): `count` subitems in loop order from `start`, each
    /// one of the group's subitems solved once and counted, not placed (a template's slots are alike).
    struct Tail {
        var start = 0
        var count = 0
        var memo: [Placement?] = []

        subscript(k: Int) -> Placement { memo[(start + k) % memo.count]! }

        /// A counted subitem as plain values along `main` and across, for the loops over the slots.
        struct Shape {
            var mainLength, pre, post: Double
            var preFlexible, postFlexible: Bool
            /// What §3.3's `Totals.add` adds: `mainLength + pre + post`, the flexible edges, the cross extent.
            var extent: Double, flex: Int, crossExtent: Double
            /// The node's counted slots and their reach (`SolvedNode.unplacedReach`) along `main` and across.
            var leaves: Int, reach: Double, reachAcross: Double
        }

        /// The shapes of slots `0..<min(count, memo.count)`: slot `k` has shape `k % shapes.count`.
        func shapes(main: Axis) -> [Shape] {
            (0..<min(count, memo.count)).map { k in
                let p = self[k], cross = main.other
                let pre = p.edges.pre(main), post = p.edges.post(main)
                let mainLength = p.node.size.length(main), preValue = pre?.value ?? 0, postValue = post?.value ?? 0
                let preFlexible = pre?.isFlexible ?? false, postFlexible = post?.isFlexible ?? false
                return Shape(
                    mainLength: mainLength, pre: preValue, post: postValue, preFlexible: preFlexible,
                    postFlexible: postFlexible, extent: mainLength + preValue + postValue,
                    flex: (preFlexible ? 1 : 0) + (postFlexible ? 1 : 0),
                    crossExtent: p.node.size.length(cross) + (p.edges.pre(cross)?.value ?? 0)
                        + (p.edges.post(cross)?.value ?? 0),
                    leaves: p.node.unplacedLeaves, reach: p.node.unplacedReach.length(main),
                    reachAcross: p.node.unplacedReach.length(cross))
            }
        }
    }

    /// A placement of `node` solved as `solved`, whose first leaf is section item `item`. Takes `solved` over
    /// (consuming): the caller's node moves into the placement instead of being copied.
    func placement(
        _ node: LayoutNode, _ solved: consuming SolvedNode, edges: EdgeSpacing, mainDependent: Bool, item: Int
    )
        -> Placement
    {
        var p = Placement(node: solved, edges: edges, mainDependent: mainDependent)
        guard case .item(let declaration) = node else { return p }
        p.item = declaration
        func known(_ axis: Axis) -> Bool {
            let dimension = declaration.layoutSize.dimension(axis)
            guard let estimate = dimension.estimate else { return true }
            return sizing.isMeasured(
                ItemSizing.Request(
                    section: section, item: item, axis: axis, estimate: estimate,
                    declared: declaration.selfSizing))
        }
        p.knownX = known(.x)
        p.knownY = known(.y)
        return p
    }

    /// §3.1: a node is main-dependent if either dimension is a fraction of the main-axis length.
    private func isMainDependent(_ node: LayoutNode, main: Axis) -> Bool {
        GroupRules.isMainDependent(node.layoutSize, main: main)
    }

    /// §3.1 subitems: pass 1, then the spacing restart (pass 2) when spacing must fit fractional items.
    private func repeatUntilFull(
        _ nodes: [LayoutNode], content: Size, main: Axis, spacing: Double,
        estimatedMain: Bool,
        firstItem: Int
    ) throws(LayoutError) -> ([Placement], Tail, Bool) {
        guard !nodes.isEmpty else { return ([], Tail(), true) }
        let avail = content.length(main)
        let first = try subitemsPass(
            nodes, box: content, avail: avail, main: main, spacing: spacing,
            spacingForAll: false, estimatedMain: estimatedMain, firstItem: firstItem)
        if first.noRoom { return ([], Tail(), true) }
        // n counts the slots past the cap too.
        let n = first.placed.count + first.tail.count
        let anyMainDependent =
            first.placed.contains(where: \.mainDependent)
            || (0..<min(first.tail.count, nodes.count)).contains { first.tail[$0].mainDependent }
        if GroupRules.restartsForSpacing(spacing: spacing, placed: n, anyMainDependent: anyMainDependent) {
            let reduced = GroupRules.reducedBox(content, main: main, spacing: spacing, count: n)
            let second = try subitemsPass(
                nodes, box: reduced, avail: avail, main: main, spacing: spacing,
                spacingForAll: true, estimatedMain: estimatedMain, firstItem: firstItem)
            return (second.placed, second.tail, second.noRoom)
        }
        return (first.placed, first.tail, false)
    }

    /// One pass of the §3.1 loop. `box` is the container box the candidates resolve against; `avail` the
    /// main length they must fit in. With `spacingForAll` (pass 2) every item after the first adds `s`.
    private func subitemsPass(
        _ nodes: [LayoutNode], box: Size, avail: Double, main: Axis, spacing: Double,
        spacingForAll: Bool, estimatedMain: Bool,
        firstItem: Int
    ) throws(LayoutError) -> (placed: [Placement], tail: Tail, noRoom: Bool) {
        try checkRepetitionLimit(
            nodes, box: box, avail: avail, main: main, spacing: spacing,
            estimatedMain: estimatedMain, firstItem: firstItem)
        var placed: [Placement] = []
        var remaining = avail
        var nextItem = firstItem
        var index = 0
        while true {
            // A group estimated on its main axis takes one pass over its subitems (§3.1).
            if estimatedMain && index == nodes.count { break }
            // §6: the loop also stops when the section's items run out.
            guard itemsRemain(nextItem) else { break }
            // Past the cap: the remaining slots are counted, not placed.
            if nextItem >= slotCap {
                return try countTail(
                    nodes, box: box, remaining: remaining, main: main, spacing: spacing,
                    spacingForAll: spacingForAll, estimatedMain: estimatedMain, placed: placed,
                    index: index, nextItem: nextItem, firstItem: firstItem)
            }
            let node = nodes[index % nodes.count]
            let solved = try resolveAndSolve(node, box: box, firstItem: nextItem)
            let edges = node.edgeSpacing ?? EdgeSpacing()
            let mainDependent = isMainDependent(node, main: main)
            let need = GroupRules.need(
                mainLength: solved.size.length(main), pre: edges.pre(main)?.value ?? 0,
                post: edges.post(main)?.value ?? 0, spacing: spacing,
                addsSpacing: !placed.isEmpty && (spacingForAll || !mainDependent))
            // A candidate that needs no room could repeat for ever.
            if need <= 0 { return ([], Tail(), true) }
            if !estimatedMain && GroupRules.overflows(remaining: remaining, need: need) { break }
            let leafCount = solved.leaves.count
            placed.append(placement(node, consume solved, edges: edges, mainDependent: mainDependent, item: nextItem))
            remaining -= need
            nextItem += leafCount
            index += 1
            if placed.count > CollectionLayout.maxItemsPerGroupInstance
                || nextItem - firstItem > CollectionLayout.maxItemsPerGroupInstance
            {
                throw LayoutError(
                    .tooManyItemsInGroup(limit: CollectionLayout.maxItemsPerGroupInstance), section: section)
            }
        }
        return (placed, Tail(), placed.isEmpty)
    }

    /// The rest of one §3.1 pass past the cap: the same fit checks and limit as `subitemsPass`, counting slots.
    /// Each subitem is solved once, on first use; then the loop runs over their needs as plain Doubles, the same
    /// subtractions in the same order (docs/layout-rules.md §3.1).
    private func countTail(
        _ nodes: [LayoutNode], box: Size, remaining: Double, main: Axis, spacing: Double,
        spacingForAll: Bool, estimatedMain: Bool, placed: [Placement], index: Int,
        nextItem: Int, firstItem: Int
    ) throws(LayoutError) -> (
        placed: [Placement], tail: Tail,
        noRoom: Bool
    ) {
        let n = nodes.count
        var tail = Tail(start: index % n, count: 0, memo: Array(repeating: nil, count: n))
        var remaining = remaining, index = index, nextItem = nextItem
        let limit = CollectionLayout.maxItemsPerGroupInstance
        // Per subitem once solved: its need after the first slot (with the spacing it adds) and its slots.
        var needs = [Double](repeating: 0, count: n), slots = [Int](repeating: 0, count: n)
        var solvedCount = 0
        var k = index % n
        counting: do {
            while solvedCount < n {
                if estimatedMain && index == n { break counting }
                guard itemsRemain(nextItem) else { break counting }
                if tail.memo[k] == nil {
                    let node = nodes[k]
                    let solved = try resolveAndSolve(node, box: box, firstItem: nextItem).unplaced()
                    let p = placement(
                        node, solved, edges: node.edgeSpacing ?? EdgeSpacing(),
                        mainDependent: isMainDependent(node, main: main), item: nextItem)
                    tail.memo[k] = p
                    needs[k] = GroupRules.need(
                        mainLength: p.node.size.length(main),
                        pre: p.edges.pre(main)?.value ?? 0,
                        post: p.edges.post(main)?.value ?? 0, spacing: spacing,
                        addsSpacing: spacingForAll || !p.mainDependent)
                    slots[k] = p.node.slotCount
                    solvedCount += 1
                }
                var need = needs[k]
                if placed.isEmpty && tail.count == 0 {
                    // The pass's first slot adds no spacing.
                    let p = tail.memo[k]!
                    need = GroupRules.need(
                        mainLength: p.node.size.length(main), pre: p.edges.pre(main)?.value ?? 0,
                        post: p.edges.post(main)?.value ?? 0, spacing: spacing,
                        addsSpacing: false)
                }
                if need <= 0 { return ([], Tail(), true) }
                if !estimatedMain && GroupRules.overflows(remaining: remaining, need: need) { break counting }
                tail.count += 1
                remaining -= need
                nextItem += slots[k]
                index += 1
                k = k + 1 == n ? 0 : k + 1
                if placed.count + tail.count > limit || nextItem - firstItem > limit {
                    throw LayoutError(.tooManyItemsInGroup(limit: limit), section: section)
                }
            }
            // Every subitem solved: an estimated main axis's one pass has ended (index ≥ n).
            if estimatedMain { break counting }
            let end = limitsItems ? itemCount : Int.max
            var count = tail.count
            while nextItem < end {
                let need = needs[k]
                if need <= 0 { return ([], Tail(), true) }
                if GroupRules.overflows(remaining: remaining, need: need) { break }
                count += 1
                remaining -= need
                nextItem += slots[k]
                k = k + 1 == n ? 0 : k + 1
                if placed.count + count > limit || nextItem - firstItem > limit {
                    throw LayoutError(.tooManyItemsInGroup(limit: limit), section: section)
                }
            }
            tail.count = count
        }
        return (placed, tail, placed.isEmpty && tail.count == 0)
    }

    /// Fails at once when the loop would certainly place more than the limit (tiny items repeated "until
    /// full", docs/spec-format.md "Limits"), instead of after ten million placements. Certain means: even the
    /// largest candidate, with spacing, fits more times than the limit, and the section's items do not run out first.
    private func checkRepetitionLimit(
        _ nodes: [LayoutNode], box: Size, avail: Double, main: Axis, spacing: Double,
        estimatedMain: Bool, firstItem: Int
    ) throws(LayoutError) {
        let limit = CollectionLayout.maxItemsPerGroupInstance
        guard !estimatedMain, !limitsItems || itemCount - firstItem > limit else { return }
        var largestNeed = 0.0
        for node in nodes {
            // An estimated main length is known only once measured (or bounded): no certainty then.
            if node.layoutSize.dimension(main).isEstimated { return }
            if case .group = node { return }
            let edges = node.edgeSpacing ?? EdgeSpacing()
            let need =
                proposedSize(node, box: box, item: firstItem).length(main)
                + (edges.pre(main)?.value ?? 0) + (edges.post(main)?.value ?? 0) + spacing
            largestNeed = max(largestNeed, need)
        }
        if largestNeed > 0, (avail - GroupRules.fitTolerance) / largestNeed > Double(limit) + 1 {
            throw LayoutError(.tooManyItemsInGroup(limit: limit), section: section)
        }
    }

    /// §3.2 count groups: exactly `count` copies (fewer when a section's items run out, §6), no fit check.
    /// `dividing` (`subitem` + count) replaces the main length by an equal share; otherwise (`repeatingSubitem`)
    /// each copy keeps its size, resolved against a box shortened by the spacing when it is main-dependent.
    private func repeatCount(
        _ node: LayoutNode, count: Int, content: Size, main: Axis, spacing: Double,
        dividing: Bool, firstItem: Int
    ) throws(LayoutError) -> ([Placement], Tail) {
        let avail = content.length(main)
        let edges = node.edgeSpacing ?? EdgeSpacing()
        let mainDependent = isMainDependent(node, main: main)
        var box = content
        if dividing || (spacing > 0 && count >= 2 && mainDependent) {
            box = GroupRules.reducedBox(content, main: main, spacing: spacing, count: count)
        }
        var placed: [Placement] = []
        var nextItem = firstItem
        for copy in 0..<count {
            guard itemsRemain(nextItem) else { break }
            var size = proposedSize(node, box: box, item: nextItem)
            var fixedAxis: Axis? = nil
            if dividing {
                // §3.2 the equal share, snapped down to the pixel grid before placing (the one in-solve snap).
                let share = GroupRules.equalShare(avail: avail, spacing: spacing, count: count, container: container)
                size = Size(main, share, across: size.length(main.other))
                fixedAxis = main
            }
            let solved = try solve(node, size: size, firstItem: nextItem, fixedAxis: fixedAxis)
            if nextItem >= slotCap {
                // Past the cap: the remaining copies are alike, counted, not placed.
                let p = placement(node, solved.unplaced(), edges: edges, mainDependent: mainDependent, item: nextItem)
                return (placed, Tail(start: 0, count: count - copy, memo: [p]))
            }
            let leafCount = solved.leaves.count
            placed.append(placement(node, consume solved, edges: edges, mainDependent: mainDependent, item: nextItem))
            nextItem += leafCount
        }
        return (placed, Tail())
    }

    /// §3.5 custom groups: one item per frame, in order; never "no room"; on an estimated axis the group is
    /// as long as the frames it places reach. In an estimated section it places only as many as items remain.
    private func solveCustom(_ group: LayoutGroup, size: Size, firstItem: Int) -> SolvedNode {
        guard case .custom(let frames) = group.arrangement else { return SolvedNode(size: size) }
        var solved = SolvedNode(size: size)
        for frame in frames {
            guard itemsRemain(firstItem + solved.leaves.count) else { break }
            if tracing {
                solved.steps.append(
                    TraceStep(
                        "§3.5",
                        "a custom group places its item \(solved.leaves.count + 1) on its "
                            + "frame \(traceRect(frame)), cell = slot (custom groups take no insets)",
                        leaves: solved.leaves.count..<(solved.leaves.count + 1)))
            }
            solved.leaves.append(PlacedLeaf(slot: frame, cell: frame, item: Self.customItem))
        }
        for axis in Axis.allCases where group.layoutSize.dimension(axis).isEstimated {
            let reach = solved.leaves.map { $0.slot.end(axis) }.max() ?? 0
            solved.size = Size(axis, reach, across: solved.size.length(axis.other))
        }
        return solved
    }
}

extension Point {
    /// A point from its coordinate along `axis` and the other one. Inlinable: the engine calls it per cell.
    @inlinable package static func along(_ axis: Axis, _ along: Double, across: Double) -> Point {
        axis == .x ? Point(x: along, y: across) : Point(x: across, y: along)
    }

    /// The coordinate along `axis`.
    @inlinable package func length(_ axis: Axis) -> Double { axis == .x ? x : y }
}
