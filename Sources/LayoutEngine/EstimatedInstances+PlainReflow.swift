import CompositionalLayout
import SolverKernel

extension EstimatedInstances {
    /// A plain flow's rows (`PlainFlowReflow`) reflowed in place after item `item` measured `measured`: the
    /// rows from the one holding it (from the one before when it is a row's first item: that row may take it
    /// now) are solved again as `FlatRowPlan.solveFlowInstance` solves a plain row, the other items' lengths
    /// read from their cells, until a row starts where an old row did past `item` (or the items run out).
    /// The cells and first items of the rows between are written over the old ones; every row keeps its size
    /// and stride (the group's fixed size), so with as many rows as before the offsets tree, the sizes and the
    /// section's length stay as they are. With a row more or fewer, the first items after them move, and the
    /// rows' equal sizes and strides and the tree are written again (`resizePlainRows`). The same storage as
    /// the general re-solve (`SectionBuilder.resolveFlowRows`, then `overwrite` or `spliceInPlace`) leaves.
    /// Returns nil, having written nothing, when a row would have no room, more than
    /// `PlainFlowReflow.rowLimit` rows reflow, or the rows grow past the allocation; the general re-solve
    /// then takes the update. The caller holds the only reference, `splices` holds, and every item has a cell.
    /// - Complexity: O(items in the rows reflowed + log rows) with as many rows; O(items in the rows
    ///   reflowed + rows) with a row more or fewer. No allocation.
    func reflowPlainRows(_ rule: PlainFlowReflow, item: Int, measured: Size) -> PlainReflowResult? {
        precondition(splices)
        let n = head.pointee.count, itemCount = head.pointee.itemCount
        guard item >= 0, item < itemCount else { return nil }
        let layout = self.layout
        let oldFirstItems = region(layout.firstItem, Int32.self), cells = region(layout.cells, Rect.self)
        let holder = instance(of: item)
        let firstRow = holder > 0 && Int(oldFirstItems[holder]) == item ? holder - 1 : holder
        let main = rule.main, cross = main.other, spacing = rule.spacing, fixedCross = rule.fixedCross
        let mainLength = measured.length(main)
        let measuredSize = Size(main, mainLength, across: fixedCross.isNaN ? measured.length(cross) : fixedCross)
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: PlainFlowReflow.rowLimit) {
            starts -> PlainReflowResult? in
            // Pass 1: where each row starts, as `solveFlowInstance`'s first pass fits it (the same need, the same
            // overflow test), and where the reflow meets the old rows (`resolveFlowRows`' `stopsBefore`).
            var next = Int(oldFirstItems[firstRow]), row = firstRow, old = firstRow + 1
            while true {
                if next > item {
                    while old < n && Int(oldFirstItems[old]) < next { old += 1 }
                    if old < n && Int(oldFirstItems[old]) == next { break }
                }
                if next == itemCount {
                    old = n
                    break
                }
                guard row - firstRow < PlainFlowReflow.rowLimit else { return nil }
                starts[row - firstRow] = Int32(truncatingIfNeeded: next)
                var remaining = rule.avail, placed = 0
                while next < itemCount {
                    let length = next == item ? mainLength : cells[next].size.length(main)
                    let need = placed > 0 ? length + spacing : length
                    if need <= 0 { return nil }
                    if GroupRules.overflows(remaining: remaining, need: need) { break }
                    remaining -= need
                    next += 1
                    placed += 1
                    if placed > CollectionLayout.maxItemsPerGroupInstance { return nil }
                }
                if placed == 0 { return nil }
                row += 1
            }
            // Rows `firstRow..<old` become `firstRow..<row`.
            let rows = row - firstRow
            let firstItems: UnsafeMutablePointer<Int32>
            if row != old {
                guard resizePlainRows(rule, replacing: firstRow..<old, with: rows) else { return nil }
                firstItems = region(self.layout.firstItem, Int32.self)
            } else {
                firstItems = oldFirstItems
            }
            // Pass 2: the rows' first items and cells, placed as `solveFlowInstance` places a plain row.
            var extent = RelativeExtent()
            for j in 0..<rows {
                let start = Int(starts[j]), end = j + 1 < rows ? Int(starts[j + 1]) : next
                firstItems[firstRow + j] = starts[j]
                var position = 0.0
                for i in start..<end {
                    if i > start { position += spacing }
                    let size =
                        i == item
                        ? measuredSize
                        : fixedCross.isNaN ? cells[i].size : Size(main, cells[i].size.length(main), across: fixedCross)
                    let cell = Rect(origin: Point.along(main, position, across: 0), size: size)
                    cells[i] = cell
                    extent.add(cell, P: rule.P)
                    position += size.length(main)
                }
            }
            // The query extent, a bound, as the general re-solve keeps it: grown by the rows written, unless they
            // replaced every row (a splice that keeps none).
            let before = head.pointee.extent
            if row != old && firstRow == 0 && old == n {
                head.pointee.extent = extent
            } else {
                head.pointee.extent.add(extent)
            }
            let after = head.pointee.extent
            return PlainReflowResult(
                rows: rows, rowsChanged: row != old,
                extentChanged: after.minP != before.minP || after.maxP != before.maxP || after.minQ != before.minQ
                    || after.maxQ != before.maxQ)
        }
    }

    /// Rows `replaced` of a plain flow become `count` rows (their first items written afterwards): the first
    /// items after them move to their new places, and the sizes, strides and tree of the new number of rows
    /// are written (every row of a plain flow has the group's size and stride, `PlainFlowReflow`), the tree
    /// built again as `spliceInPlace` builds it. Returns false, having changed nothing, when the rows would not
    /// fit in the allocation.
    /// - Complexity: O(instances), no allocation.
    private func resizePlainRows(_ rule: PlainFlowReflow, replacing replaced: Range<Int>, with count: Int) -> Bool {
        let n = head.pointee.count, itemCount = head.pointee.itemCount
        let newCount = n - replaced.count + count
        let oldLayout = layout, newLayout = Layout(count: newCount, items: itemCount, hasLeaf: false)
        guard newCount > 0, newLayout.total <= capacity else { return false }
        #if DEBUG
        for q in 0..<n {
            assert(size(q) == rule.rowSize && stride(q) == rule.stride, "a plain flow's rows are all alike")
        }
        #endif
        let base = UnsafeMutableRawPointer(withUnsafeMutablePointerToElements { $0 })
        let int32 = MemoryLayout<Int32>.stride
        let oldFirst = base + oldLayout.firstItem * 8, newFirst = base + newLayout.firstItem * 8
        let prefixBytes = replaced.lowerBound * int32, tailBytes = (n - replaced.upperBound) * int32
        let oldTail = oldFirst + replaced.upperBound * int32
        let newTail = newFirst + (replaced.lowerBound + count) * int32
        // The first items are the last region: moving right (more rows), the tail goes first so that the
        // prefix does not land on it; moving left, the prefix goes first. `copyMemory` allows overlap.
        if newLayout.firstItem >= oldLayout.firstItem {
            newTail.copyMemory(from: oldTail, byteCount: tailBytes)
            newFirst.copyMemory(from: oldFirst, byteCount: prefixBytes)
        } else {
            newFirst.copyMemory(from: oldFirst, byteCount: prefixBytes)
            newTail.copyMemory(from: oldTail, byteCount: tailBytes)
        }
        // Below the first items: the sizes (which start where they did), the strides and the tree.
        let sizes = region(newLayout.sizes, Size.self), strides = region(newLayout.values, Double.self)
        for q in n..<max(n, newCount) { sizes[q] = rule.rowSize }
        strides.update(repeating: rule.stride, count: newCount)
        head.pointee.count = newCount
        head.pointee.negativeCount = EstimatedInstances.buildTree(
            region(newLayout.tree, Double.self), strides: UnsafePointer(strides), count: newCount)
        return true
    }
}
