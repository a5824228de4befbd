import CompositionalLayout
import SolverKernel

extension EstimatedInstances {
    /// A plain flow's rows (`PlainFlowReflow`) reflowed in place after `change` (an item measured, or items
    /// inserted): the rows from the one holding the change (from the one before when the change is at a row's
    /// first item: that row may take it now) are solved again as `FlatRowPlan.solveFlowInstance` solves a
    /// plain row, the other items' lengths read from their cells, until a row starts where an old row did
    /// past the change (or the items run out), as `SectionBuilder.resolveFlowRows` decides. The rows between
    /// are written over the old ones. When the items moved or the rows changed in number, the cells and first
    /// items after them move first (`reshapePlainRows`), and the rows' sizes, strides (all the group's, in a
    /// plain flow) and tree move with them while the rows stay as many, else are written again; a measure
    /// that keeps the rows' number leaves the tree, the sizes and the section's length where they are. The same storage as the general re-solve (`resolveFlowRows`, then
    /// `overwrite` or `spliceInPlace`) leaves. Returns nil, having written nothing, when a row would have no
    /// room, more than `PlainFlowReflow.rowLimit` rows reflow, or the result does not fit in the allocation;
    /// the general re-solve then takes the update. The caller holds the only reference, `splices` holds, and
    /// every item had a cell.
    /// - Complexity: O(items in the rows reflowed + log rows) for a measure that keeps the rows' number;
    ///   O(items in the rows reflowed + rows) plus the cells after an insert moved (one `memmove`) otherwise.
    ///   No allocation.
    func reflowPlainRows(_ rule: PlainFlowReflow, _ change: PlainFlowChange) -> PlainReflowResult? {
        precondition(splices && (change.shift == 0 || change.shift == change.sizes.count))
        let n = head.pointee.count, oldItemCount = head.pointee.itemCount
        let fresh = change.fresh, shift = change.shift, itemCount = oldItemCount + shift
        guard n > 0, !fresh.isEmpty, fresh.lowerBound >= 0, fresh.upperBound <= itemCount else { return nil }
        // `TailReuse`: old rows from `tailStart` on may be met again, by a row starting past the change.
        let tailStart = shift == 0 ? fresh.upperBound : fresh.lowerBound, minNext = fresh.upperBound
        let oldFirstItems = region(layout.firstItem, Int32.self), cells = region(0, Rect.self)
        let holder = instance(of: min(fresh.lowerBound, oldItemCount - 1))
        let firstRow = holder > 0 && fresh.lowerBound <= Int(oldFirstItems[holder]) ? holder - 1 : holder
        let main = rule.main, spacing = rule.spacing
        let sizes = change.sizes, freshLow = fresh.lowerBound, freshHigh = fresh.upperBound
        // Old item i - shift's cell, for an item past the new ones (the old cells have not moved yet).
        let shiftedCells = UnsafePointer(cells) - shift
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: PlainFlowReflow.rowLimit) {
            starts -> PlainReflowResult? in
            // Pass 1: where each row starts, as `solveFlowInstance`'s first pass fits it (the same need, the same
            // overflow test), and where the reflow meets the old rows (`resolveFlowRows`' `stopsBefore`).
            var next = Int(oldFirstItems[firstRow]), row = firstRow, old = firstRow + 1
            while true {
                if next >= minNext {
                    while old < n {
                        let start = Int(oldFirstItems[old])
                        if start >= tailStart && start + shift >= next { break }
                        old += 1
                    }
                    if old < n && Int(oldFirstItems[old]) + shift == next { break }
                }
                if next == itemCount {
                    old = n
                    break
                }
                guard row - firstRow < PlainFlowReflow.rowLimit else { return nil }
                starts[row - firstRow] = Int32(truncatingIfNeeded: next)
                var remaining = rule.avail, placed = 0
                while next < itemCount {
                    let length: Double
                    if next < freshLow {
                        length = cells[next].size.length(main)
                    } else if next < freshHigh {
                        length = sizes[next &- freshLow].length(main)
                    } else {
                        length = shiftedCells[next].size.length(main)
                    }
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
            // Old rows `firstRow..<old` become rows `firstRow..<row`.
            let rows = row - firstRow
            let reshaped = shift != 0 || row != old
            let firstItems: UnsafeMutablePointer<Int32>
            if reshaped {
                guard
                    reshapePlainRows(
                        rule, replacing: firstRow..<old, with: rows, insertingAt: fresh.lowerBound, count: shift)
                else { return nil }
                firstItems = region(layout.firstItem, Int32.self)
            } else {
                firstItems = oldFirstItems
            }
            // Pass 2: the rows' first items and cells, placed as `solveFlowInstance` places a plain row. The old
            // cells are where their items now are, and the new items' sizes are written into theirs first, so
            // that every cell's size is read alike (an old cell's is what the item measures: its stored length
            // along the row, and across the fixed length or its own, as `solveFlowInstance` reads it).
            for i in fresh { cells[i] = Rect(origin: .zero, size: sizes[i &- freshLow]) }
            var extent = RelativeExtent()
            for j in 0..<rows {
                let start = Int(starts[j]), end = j + 1 < rows ? Int(starts[j + 1]) : next
                firstItems[firstRow + j] = starts[j]
                // -spacing + spacing is +0: the first cell at 0, and every sum after it as `solveFlowInstance`
                // adds it (the spacing, then the cell's length), without a test per cell.
                var position = -spacing
                for i in start..<end {
                    position += spacing
                    let size = cells[i].size
                    assert(rule.fixedCross.isNaN || size.length(main.other) == rule.fixedCross)
                    let cell = Rect(origin: Point.along(main, position, across: 0), size: size)
                    cells[i] = cell
                    extent.add(cell, P: rule.P)
                    position += size.length(main)
                }
            }
            // The query extent, a bound, as the general re-solve keeps it: grown by the rows written, unless a
            // splice replaced every row.
            let before = head.pointee.extent
            if reshaped && firstRow == 0 && old == n {
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

    /// A plain flow's storage made room for a reflow: old rows `replaced` become `count` rows (their first
    /// items and cells written afterwards), and `inserted` new items come at item `at`. The first items of
    /// the rows before and after the replaced ones move to their new places (those after by `inserted`), the
    /// cells from `at` on move by `inserted`, and the sizes, strides and tree of the new number of rows are
    /// written (every row of a plain flow has the group's size and stride, `PlainFlowReflow`), the tree built
    /// again as `spliceInPlace` builds it; with as many rows they move as they are. Returns false, having
    /// changed nothing, when the result would not fit in the allocation.
    /// - Complexity: O(rows + cells from `at`), no allocation.
    private func reshapePlainRows(
        _ rule: PlainFlowReflow, replacing replaced: Range<Int>, with count: Int, insertingAt at: Int,
        count inserted: Int
    ) -> Bool {
        let n = head.pointee.count, oldItems = head.pointee.itemCount
        let newCount = n - replaced.count + count, newItems = oldItems + inserted
        let oldLayout = layout, newLayout = Layout(count: newCount, items: newItems, hasLeaf: false)
        guard newCount > 0, inserted >= 0, newLayout.total <= capacity else { return false }
        #if DEBUG
        for q in 0..<n {
            assert(size(q) == rule.rowSize && stride(q) == rule.stride, "a plain flow's rows are all alike")
        }
        #endif
        let base = UnsafeMutableRawPointer(withUnsafeMutablePointerToElements { $0 })
        let int32 = MemoryLayout<Int32>.stride, rect = MemoryLayout<Rect>.stride
        // The first items are the last region: moved first, out of the cells' way. Moving right, the tail
        // goes first so that the prefix does not land on it; moving left, the prefix goes first. Neither
        // lands on the other's source (their gap is the replaced rows', at least). `copyMemory` allows overlap.
        let oldFirst = base + oldLayout.firstItem * 8, newFirst = base + newLayout.firstItem * 8
        let prefixBytes = replaced.lowerBound * int32, tailBytes = (n - replaced.upperBound) * int32
        let oldTail = oldFirst + replaced.upperBound * int32
        let newTail = newFirst + (replaced.lowerBound + count) * int32
        if newLayout.firstItem >= oldLayout.firstItem {
            newTail.copyMemory(from: oldTail, byteCount: tailBytes)
            newFirst.copyMemory(from: oldFirst, byteCount: prefixBytes)
        } else {
            newFirst.copyMemory(from: oldFirst, byteCount: prefixBytes)
            newTail.copyMemory(from: oldTail, byteCount: tailBytes)
        }
        if inserted > 0 {
            let first = newFirst.assumingMemoryBound(to: Int32.self)
            let moved = Int32(truncatingIfNeeded: inserted)
            for q in (replaced.lowerBound + count)..<newCount { first[q] &+= moved }
            if newCount == n {
                // As many rows: their sizes, tree and strides stay as they are, and move whole with the cells
                // (up to the first items' new place), not written and built again (a third of an insert's
                // reshaping).
                let middle = base + oldLayout.sizes * 8
                (base + newLayout.sizes * 8).copyMemory(
                    from: middle, byteCount: (oldLayout.firstItem - oldLayout.sizes) * 8)
            }
            // The cells from `at` on, into the room the new items take (below the sizes' new place).
            let cells = base + at * rect
            (cells + inserted * rect).copyMemory(from: cells, byteCount: (oldItems - at) * rect)
        }
        head.pointee.itemCount = newItems
        guard newCount != n else { return true }
        // Between the cells and the first items: the sizes, the strides and the tree, written whole.
        let sizes = region(newLayout.sizes, Size.self), strides = region(newLayout.values, Double.self)
        sizes.update(repeating: rule.rowSize, count: newCount)
        strides.update(repeating: rule.stride, count: newCount)
        head.pointee.count = newCount
        head.pointee.negativeCount = EstimatedInstances.buildTree(
            region(newLayout.tree, Double.self), strides: UnsafePointer(strides), count: newCount)
        return true
    }
}
