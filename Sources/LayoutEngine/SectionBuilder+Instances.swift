import CompositionalLayout
import SolverKernel

extension SectionBuilder {
    /// §6 instances solved one after another from item `from` (instance `firstInstance` onward is rebuilt;
    /// earlier ones are kept). Returns the storage and the "no room" message, if any.
    func solveInstances(_ section: LayoutSection, plan: FlatRowPlan?, index: Int, itemCount: Int, sizing: ItemSizing,
                        keeping previous: EstimatedInstances? = nil, fromInstance firstInstance: Int = 0,
                        convergeAfter lastChangedItem: Int = -1) throws(LayoutError) -> (EstimatedInstances, String?, solved: Int) {
        let P = section.isOrthogonal ? scrollAxis.other : scrollAxis
        let groups = GroupSolver(container: container, sizing: sizing, section: index, itemCount: itemCount, limitsItems: true)
        let root = LayoutNode.group(section.group)
        let box = rootBox(section)
        var result = InstanceData()
        var strides: [Double] = []
        var next = 0
        let previous = previous?.data
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
        var noRoom: String? = nil
        var scratch = FlatRowPlan.Scratch()
        var solved = 0
        // §4.1 stride parts, read once (the section's arrays are shared by every thread).
        let (e1, e2) = fixedEdges(section, P)
        let groupSpacing = section.interGroupSpacing
        strides.reserveCapacity(itemCount)
        // Old instance boundaries after the change: once a new instance starts on one, the rest is unchanged.
        var oldPointer = firstInstance + 1
        let tracksConvergence = previous != nil && lastChangedItem >= 0
        let noItemFits = { (next: Int) in "no item fits in the group instance starting at item \(next); items \(next)..<\(itemCount) get no cells" }

        if let plan {
            // The fast path: the plan is unwrapped once, so no instance copies it.
            let tracksSupplementaries = !plan.supplementaries.isEmpty
            if tracksSupplementaries && result.supplementaries.isEmpty { result.supplementaries = plan.supplementaries }
            let reach = tracksSupplementaries ? supplementaryReach(plan.supplementaries.lists, hostSize: box) : 0
            while next < itemCount {
                if tracksConvergence, let previous,
                   Self.spliceIfConverged(previous, after: lastChangedItem, itemCount: itemCount, into: &result,
                                          strides: &strides, next: &next, oldPointer: &oldPointer) { break }
                let before = result.cells.count
                let (size, count) = try plan.solveInstance(
                    first: next, itemCount: itemCount, box: box, section: index, container: container, sizing: sizing,
                    scratch: &scratch, cells: &result.cells, leafSupplementaries: &result.leafSupplementaries)
                if count == 0 {
                    noRoom = noItemFits(next)
                    break
                }
                solved += 1
                result.firstItem.append(Int32(next))
                result.sizes.append(size)
                strides.append(e1 + size.length(P) + e2 + groupSpacing)
                for i in before..<result.cells.count { result.extent.add(result.cells[i], P: P) }
                if tracksSupplementaries {
                    var instanceExtent = RelativeExtent()
                    for i in before..<result.cells.count { instanceExtent.add(result.cells[i], P: P) }
                    instanceExtent.grow(by: max(reach, supplementaryReach(plan.supplementaries.lists, hostSize: size)))
                    result.extent.add(instanceExtent)
                }
                next += count
            }
        } else {
            while next < itemCount {
                if tracksConvergence, let previous,
                   Self.spliceIfConverged(previous, after: lastChangedItem, itemCount: itemCount, into: &result,
                                          strides: &strides, next: &next, oldPointer: &oldPointer) { break }
                let node = try groups.resolveAndSolve(root, box: box, firstItem: next)
                if node.leaves.isEmpty {
                    noRoom = noItemFits(next)
                    break
                }
                if node.noRoom && noRoom == nil { noRoom = "a nested group holds no items in the instance starting at item \(next)" }
                solved += 1
                result.firstItem.append(Int32(next))
                result.sizes.append(node.size)
                strides.append(e1 + node.size.length(P) + e2 + groupSpacing)
                var instanceExtent = RelativeExtent()
                for leaf in node.leaves {
                    result.cells.append(leaf.cell)
                    instanceExtent.add(leaf.cell, P: P)
                    let list = result.supplementaries.intern(leaf.item.supplementaryItems)
                    if list != 0 || !result.leafSupplementaries.isEmpty {
                        if result.leafSupplementaries.count < result.cells.count - 1 {
                            result.leafSupplementaries += ContiguousArray(repeating: 0, count: result.cells.count - 1 - result.leafSupplementaries.count)
                        }
                        result.leafSupplementaries.append(list)
                    }
                }
                if !node.hosts.isEmpty || !result.hosts.isEmpty {
                    if result.hosts.count < result.firstItem.count - 1 {
                        result.hosts += Array(repeating: [], count: result.firstItem.count - 1 - result.hosts.count)
                    }
                    result.hosts.append(node.hosts)
                    for host in node.hosts { instanceExtent.add(host.box, P: P) }
                }
                let reachLists = result.supplementaries.lists + node.hosts.map(\.supplementaries)
                instanceExtent.grow(by: supplementaryReach(reachLists, hostSize: largestHostSize(node.hosts, atLeast: node.size)))
                result.extent.add(instanceExtent)
                next += node.leaves.count
            }
        }
        if !result.leafSupplementaries.isEmpty && result.leafSupplementaries.count < result.cells.count {
            result.leafSupplementaries += ContiguousArray(repeating: 0, count: result.cells.count - result.leafSupplementaries.count)
        }
        result.offsets = FenwickTree(strides)
        return (EstimatedInstances(result), noRoom, solved)
    }

    /// Splices the unchanged tail of `previous` when the instance about to be solved (at `next`) starts where
    /// an old one did, past every changed item: what follows depends only on its first item.
    private static func spliceIfConverged(_ previous: InstanceData, after lastChangedItem: Int, itemCount: Int,
                                          into result: inout InstanceData, strides: inout [Double], next: inout Int,
                                          oldPointer: inout Int) -> Bool {
        guard next > lastChangedItem else { return false }
        while oldPointer < previous.firstItem.count && Int(previous.firstItem[oldPointer]) < next { oldPointer += 1 }
        guard oldPointer < previous.firstItem.count && Int(previous.firstItem[oldPointer]) == next else { return false }
        result.firstItem += previous.firstItem[oldPointer...]
        result.sizes += previous.sizes[oldPointer...]
        strides += previous.offsets.values[oldPointer...]
        result.cells += previous.cells[next...]
        if !previous.leafSupplementaries.isEmpty {
            if result.leafSupplementaries.count < next {
                result.leafSupplementaries += ContiguousArray(repeating: 0, count: next - result.leafSupplementaries.count)
            }
            result.leafSupplementaries += previous.leafSupplementaries[next...]
        }
        if !previous.hosts.isEmpty { result.hosts += previous.hosts[oldPointer...] }
        next = itemCount
        return true
    }
}
