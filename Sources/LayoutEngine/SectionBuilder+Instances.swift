import CompositionalLayout
import SolverKernel

extension SectionBuilder {
    /// §6 instances solved one after another from the first item (instance `firstInstance` onward is rebuilt;
    /// earlier ones are kept). Returns the storage, the "no room" detail if any, and how many instances were
    /// solved (the rest were kept or spliced).
    /// - Complexity: O(items from `firstInstance` to the point where the new instances meet old ones again,
    ///   or to the end of the section), plus O(instances) to rebuild the row offsets.
    func solveInstances(_ section: LayoutSection, plan: FlatRowPlan?, index: Int, itemCount: Int, sizing: ItemSizing,
                        keeping previous: EstimatedInstances? = nil, fromInstance firstInstance: Int = 0,
                        convergeAfter lastChangedItem: Int = -1) throws(LayoutError) -> (EstimatedInstances, String?, solved: Int) {
        let P = section.isOrthogonal ? scrollAxis.other : scrollAxis
        let (e1, e2) = fixedEdges(section, P)
        var run = InstanceRun(itemCount: itemCount, P: P, edges: (e1, e2), groupSpacing: section.interGroupSpacing,
                              previous: previous?.data, firstInstance: firstInstance, lastChangedItem: lastChangedItem)
        if let plan {
            try solveFlatInstances(plan, box: rootBox(section), index: index, sizing: sizing, into: &run)
        } else {
            try solveTreeInstances(section, index: index, sizing: sizing, into: &run)
        }
        return run.finish()
    }

    /// The fast path (a root group of items only): the plan is unwrapped once, so no instance copies it.
    private func solveFlatInstances(_ plan: FlatRowPlan, box: Size, index: Int, sizing: ItemSizing,
                                    into run: inout InstanceRun) throws(LayoutError) {
        var scratch = FlatRowPlan.Scratch()
        let tracksSupplementaries = !plan.supplementaries.isEmpty
        if tracksSupplementaries && run.result.supplementaries.isEmpty { run.result.supplementaries = plan.supplementaries }
        let reach = tracksSupplementaries ? supplementaryReach(plan.supplementaries.lists, hostSize: box) : 0
        while run.next < run.itemCount {
            if run.spliceIfConverged() { break }
            let before = run.result.cells.count
            let (size, count) = try plan.solveInstance(
                first: run.next, itemCount: run.itemCount, box: box, section: index, container: container, sizing: sizing,
                scratch: &scratch, cells: &run.result.cells, leafSupplementaries: &run.result.leafSupplementaries)
            if count == 0 {
                run.stopWithNoRoom()
                break
            }
            var instanceExtent = RelativeExtent()
            for i in before..<run.result.cells.count { instanceExtent.add(run.result.cells[i], P: run.P) }
            if tracksSupplementaries {
                instanceExtent.grow(by: max(reach, supplementaryReach(plan.supplementaries.lists, hostSize: size)))
            }
            run.append(size: size, count: count, extent: instanceExtent)
        }
    }

    /// The general path: each instance solved by the shared group rules (§3) into a tree, then flattened into
    /// the section's buffers with its anchored supplementaries' hosts.
    private func solveTreeInstances(_ section: LayoutSection, index: Int, sizing: ItemSizing,
                                    into run: inout InstanceRun) throws(LayoutError) {
        let groups = GroupSolver(container: container, sizing: sizing, section: index, itemCount: run.itemCount, limitsItems: true)
        let root = LayoutNode.group(section.group)
        let box = rootBox(section)
        while run.next < run.itemCount {
            if run.spliceIfConverged() { break }
            let node = try groups.resolveAndSolve(root, box: box, firstItem: run.next)
            if node.leaves.isEmpty {
                run.stopWithNoRoom()
                break
            }
            if node.noRoom && run.noRoom == nil {
                run.noRoom = "a nested group holds no items in the instance starting at item \(run.next)"
            }
            var instanceExtent = RelativeExtent()
            for leaf in node.leaves {
                instanceExtent.add(leaf.cell, P: run.P)
                run.appendCell(leaf.cell, supplementaries: run.result.supplementaries.intern(leaf.item.supplementaryItems))
            }
            if !node.hosts.isEmpty || !run.result.hosts.isEmpty {
                run.padHosts(to: run.result.firstItem.count)
                run.result.hosts.append(node.hosts)
                for host in node.hosts { instanceExtent.add(host.box, P: run.P) }
            }
            let reachLists = run.result.supplementaries.lists + node.hosts.map(\.supplementaries)
            instanceExtent.grow(by: supplementaryReach(reachLists, hostSize: largestHostSize(node.hosts, atLeast: node.size)))
            run.append(size: node.size, count: node.leaves.count, extent: instanceExtent)
        }
    }
}

/// The instances of one estimated section as they are solved: the buffers being filled, the row strides,
/// the next item to place, and what is needed to splice the unchanged tail of the previous solve.
struct InstanceRun {
    var result = InstanceData()
    var strides: [Double] = []
    /// The first item not yet placed.
    var next = 0
    var noRoom: String? = nil
    var solved = 0
    let itemCount: Int
    /// The section axis.
    let P: Axis
    /// What a stride adds to an instance's length (§4.1): its fixed edge spacings and the inter-group spacing.
    let edges: (pre: Double, post: Double)
    let groupSpacing: Double
    private let previous: InstanceData?
    private let lastChangedItem: Int
    /// Old instance boundaries after the change: once a new instance starts on one, the rest is unchanged.
    private var oldPointer: Int

    /// Starts a run that keeps `previous`'s first `firstInstance` instances.
    init(itemCount: Int, P: Axis, edges: (pre: Double, post: Double), groupSpacing: Double, previous: InstanceData?,
         firstInstance: Int, lastChangedItem: Int) {
        self.itemCount = itemCount
        self.P = P
        self.edges = edges
        self.groupSpacing = groupSpacing
        self.previous = lastChangedItem >= 0 ? previous : nil
        self.lastChangedItem = lastChangedItem
        self.oldPointer = firstInstance + 1
        if let previous, firstInstance > 0 {
            result.firstItem = ContiguousArray(previous.firstItem.prefix(firstInstance))
            result.sizes = ContiguousArray(previous.sizes.prefix(firstInstance))
            strides = Array(previous.offsets.values.prefix(firstInstance))
            next = Int(previous.firstItem[firstInstance])
            result.cells = ContiguousArray(previous.cells.prefix(next))
            result.leafSupplementaries = ContiguousArray(previous.leafSupplementaries.prefix(next))
            result.supplementaries = previous.supplementaries
            result.hosts = Array(previous.hosts.prefix(firstInstance))
            result.extent = previous.extent
        }
        result.cells.reserveCapacity(itemCount)
        strides.reserveCapacity(itemCount)
    }

    /// §6 an instance that holds no item ends the section.
    mutating func stopWithNoRoom() {
        noRoom = "no item fits in the group instance starting at item \(next); items \(next)..<\(itemCount) get no cells"
    }

    /// Records the instance just written into the buffers: `count` items, `size` long.
    mutating func append(size: Size, count: Int, extent: RelativeExtent) {
        solved += 1
        result.firstItem.append(Int32(next))
        result.sizes.append(size)
        // §4.1 stride = eP1 + gP + eP2 + interGroupSpacing, summed in that order as the reference does.
        strides.append(edges.pre + size.length(P) + edges.post + groupSpacing)
        result.extent.add(extent)
        next += count
    }

    /// One cell of the general path, with its leaf supplementary list (kept sparse until one is non-empty).
    mutating func appendCell(_ cell: Rect, supplementaries list: UInt16) {
        result.cells.append(cell)
        if list != 0 || !result.leafSupplementaries.isEmpty {
            padLeafSupplementaries(to: result.cells.count - 1)
            result.leafSupplementaries.append(list)
        }
    }

    /// Host lists are kept sparse until an instance has one: pad them to the instances solved so far.
    mutating func padHosts(to count: Int) {
        if result.hosts.count < count {
            result.hosts += Array(repeating: [], count: count - result.hosts.count)
        }
    }

    private mutating func padLeafSupplementaries(to count: Int) {
        if result.leafSupplementaries.count < count {
            result.leafSupplementaries += ContiguousArray(repeating: 0, count: count - result.leafSupplementaries.count)
        }
    }

    /// Splices the unchanged tail of the previous solve when the instance about to be solved (at `next`) starts
    /// where an old one did, past every changed item: what follows depends only on its first item.
    mutating func spliceIfConverged() -> Bool {
        guard let previous, next > lastChangedItem else { return false }
        while oldPointer < previous.firstItem.count && Int(previous.firstItem[oldPointer]) < next { oldPointer += 1 }
        guard oldPointer < previous.firstItem.count && Int(previous.firstItem[oldPointer]) == next else { return false }
        result.firstItem += previous.firstItem[oldPointer...]
        result.sizes += previous.sizes[oldPointer...]
        strides += previous.offsets.values[oldPointer...]
        result.cells += previous.cells[next...]
        if !previous.leafSupplementaries.isEmpty {
            padLeafSupplementaries(to: next)
            result.leafSupplementaries += previous.leafSupplementaries[next...]
        }
        if !previous.hosts.isEmpty { result.hosts += previous.hosts[oldPointer...] }
        next = itemCount
        return true
    }

    /// The finished storage: leaf lists padded to every cell, row offsets in a Fenwick tree.
    consuming func finish() -> (EstimatedInstances, String?, solved: Int) {
        if !result.leafSupplementaries.isEmpty { padLeafSupplementaries(to: result.cells.count) }
        result.offsets = FenwickTree(strides)
        return (EstimatedInstances(result), noRoom, solved)
    }
}
