import CompositionalLayout
import SolverKernel

/// Items inserted into or deleted from a compact section (a list, a column grid), spliced: the new storage
/// takes the old item lengths before and after the change in two block copies, measures only the new items
/// (and those the old storage placed by the general path), sizes only the instances the change touched (for
/// a list, the new rows; for a grid whose rows re-pair after the change, every row from it on, from its
/// items' lengths), and derives every stride from its instance's length. Where `solveCompact` with a
/// `CompactReuse` walked every item of the section (a read, a test and a cell's extent per item) into the
/// worker's columns, an insert into a list of 50 measures and sizes one row.
///
/// The storage reads as a fresh solve's: the same item lengths (an unchanged item on a position of the same
/// plan item measures the same again, as `CompactReuse` relies on), instance lengths from the same kernel
/// functions in the same order, strides from them, and the same tree build. Its query extent is the old one
/// with the measured cells added: a moved item keeps its extent across (every position spaces its item alike,
/// or it did not move position), and the old extent holds every position along the row. A bound, as every
/// in-place update keeps it.
extension SectionBuilder {
    /// The section's instances after `reuse.change`, spliced from `previous` (the storage `reuse` reads),
    /// and the instances in which an item was measured (as `solveCompact` counts them); nil when the change
    /// is not one this path takes, and the caller re-solves by `solveCompact`: supplementaries, a slot with
    /// insets or a flexible edge across, items that land on positions of another plan item or spaced
    /// otherwise, no pattern fitted for the section's box, no full instance before or fewer than two after, a
    /// sized instance off the old form (another length across, or a length the form derives that no longer
    /// derives so), or last instances off the pattern.
    /// When the caller holds the only reference to `previous` (`ownsPrevious`), the result is written into it
    /// if its allocation has room (`EstimatedInstances.rewriteCompact`), and `previous` is returned. A list
    /// whose items all sit in pattern instances is spliced where its old values are, with no worker columns
    /// (`EstimatedInstances.spliceListInPlace`).
    /// - Complexity: O(items + instances) in block copies and one stride per instance, plus O(1) per item of
    ///   the instances sized and a measure per item measured: an insert into a list measures one item.
    func spliceCompact(
        _ plan: FlatRowPlan, cache: DefinitionCache, index: Int, itemCount: Int, sizing: ItemSizing,
        previous: EstimatedInstances, ownsPrevious: Bool, reusing reuse: CompactReuse,
        scratch: inout SolveScratch
    ) throws(LayoutError) -> (storage: EstimatedInstances, measuredInstances: Int)? {
        let main = plan.main, cross = main.other, P = cache.placement.P
        let form = reuse.form
        guard plan.supplementaries.isEmpty, cross == P, form.varying == P, itemCount > 0 else { return nil }
        let slot = plan.rootSlot(box: rootBox(of: cache), container: container)
        guard slot.content.length(main) > 0 else { return nil }
        var columns = CompactColumns()
        swap(&columns, &scratch.columns)
        defer { swap(&columns, &scratch.columns) }
        return try scratch.withFlatAndCells(cache: cache) {
            (flat, cells, leaf) throws(LayoutError) -> (storage: EstimatedInstances, measuredInstances: Int)? in
            guard flat.patternFits, let box = flat.patternBox, box.width == slot.content.width,
                box.height == slot.content.height
            else { return nil }
            let k = flat.patternSlots.count, reach = flat.patternReach
            let m = itemCount, shift = reuse.change.shift
            guard k == form.perInstance, k > 0, reach >= 1, reach <= m, (m - reach) / k + 1 >= 2,
                reuse.oldItemCount + shift == m
            else { return nil }
            var allAlike = true
            for s in flat.patternSlots {
                // A stored length is after the insets across, and a flexible edge centres the cell.
                guard !s.crossInset, s.flexibleEdges == 0 else { return nil }
                allAlike = allAlike && s.planIndex == flat.patternSlots[0].planIndex
            }
            // Items after the change move by `shift` positions: unless that is by whole instances, each lands
            // on another position, which must hold the same plan item for its stored length to hold.
            guard shift % k == 0 || allAlike else { return nil }
            let full = (m - reach) / k + 1
            let oldItems = reuse.oldItemCount
            let oldFull = oldItems >= reach ? (oldItems - reach) / k + 1 : 0
            let oldPatternItems = oldFull * k
            let at = reuse.at, tailStart = reuse.change.minNext
            // An item moved to another position keeps its extent across when every position spaces its item
            // alike, and the old extent holds every position along the row when it had a full instance.
            guard oldFull > 0 else { return nil }
            if shift % k != 0 {
                for s in flat.patternSlots where s.preCross != flat.patternSlots[0].preCross { return nil }
            }
            // The items whose stored lengths hold, in two blocks: before the change, and after it (moved by
            // `shift`), each as far as the old pattern instances reach (the old last instances' items were
            // placed by the general path, and are measured again).
            let prefixItems = min(at, oldPatternItems)
            let tailEnd = max(tailStart, min(m, oldPatternItems + shift))
            let patternItems = full * k
            // Instances copied whole: those before the change, and after it those that hold an old pattern
            // instance's items in their positions (the change moved items by whole instances).
            let prefixEnd = min(at / k, oldFull, full)
            let delta = shift / k
            var tailCopy = full..<full
            if shift % k == 0 {
                let lower = min(full, max(prefixEnd, (tailStart + k - 1) / k))
                let upper = min(full, oldFull + delta)
                if upper > lower { tailCopy = lower..<upper }
            }
            let lengths = FlatRowPlan.ItemLengths(plan: plan, sizing: sizing, section: index)
            let crossStart = plan.insets.pre(cross)
            let finalBox = flat.patternFinalBox, total = flat.patternTotal
            var extent = previous.extent
            // A list (one item per instance, its length its cell's plus a constant) whose every old and new
            // item sits in a pattern instance: what follows computes exactly the old lengths moved, the new
            // items measured, every instance's length its cell's plus the constant, and the strides from them,
            // which the storage this update owns takes where it is (`spliceListInPlace`).
            let removed = tailStart - shift - at, added = tailStart - at
            if ownsPrevious, k == 1, let overCell = form.instanceOverCell, full == m, oldFull == oldItems,
                prefixItems == at, added <= 16
            {
                let s = flat.patternSlots[0]
                let item = plan.items[s.planIndex]
                // Rows estimated across only: the instance's length is its item's plus the insets across.
                guard plan.estimatedCross, !plan.estimatedMain, slot.proposed.length(main) == form.instanceAcross
                else { return nil }
                let crossInsets = plan.insets.sum(cross)
                let spliced = withUnsafeTemporaryAllocation(of: Double.self, capacity: max(1, added)) {
                    new -> Bool? in
                    for j in 0..<added {
                        let length = lengths.length(item, cross, finalBox, at + j, container: container)
                        // As the general path below checks each instance it sizes against the form.
                        guard length + s.preCross + s.postCross + crossInsets == length + overCell else { return nil }
                        new[j] = length
                        extent.add(
                            Rect(
                                origin: Point.along(main, s.cellMainOrigin, across: crossStart + s.preCross),
                                size: Size(main, s.cellMainLength, across: length)), P: P)
                    }
                    return previous.spliceListInPlace(
                        at: at, removed: removed, inserted: UnsafeBufferPointer(rebasing: new[0..<added]),
                        extent: extent)
                }
                guard let spliced else { return nil }
                if spliced { return (previous, added) }
                extent = previous.extent  // no room: the general path below, from the old extent
            }
            columns.ensure(items: m, instances: m)
            let terms = cache.placement.strideTerms
            var solved = 0
            let old = reuse.lengths
            // The old pattern cells (the compact form's reader has them where the full form has its cells).
            let oldPattern = previous.cellsPointer
            let fits = columns.cellLengths.withUnsafeMutableBufferPointer { cellLengths -> Bool in
                columns.instanceLengths.withUnsafeMutableBufferPointer { instanceLengths -> Bool in
                    flat.patternSlots.withUnsafeBufferPointer { slots -> Bool in
                        let cellBase = cellLengths.baseAddress!
                        cellBase.update(from: old, count: prefixItems)
                        if tailEnd > tailStart {
                            (cellBase + tailStart).update(from: old + (tailStart - shift), count: tailEnd - tailStart)
                        }
                        // The pattern items no stored length holds, measured as `solvePatternInstance` does:
                        // the new ones, and those the old storage placed by the general path. (Two ranges
                        // walked in one loop: a nested function would capture `extent` in a box, checked
                        // for exclusive access on every write.)
                        let measured = (
                            prefixItems..<max(prefixItems, min(tailStart, patternItems)),
                            tailEnd..<max(tailEnd, patternItems)
                        )
                        // As `UpdateReport.instancesSolved` counts a compact re-solve: the instances in which
                        // an item was measured.
                        let rows = (
                            measured.0.isEmpty
                                ? 0..<0 : measured.0.lowerBound / k..<(measured.0.upperBound - 1) / k + 1,
                            measured.1.isEmpty ? 0..<0 : measured.1.lowerBound / k..<(measured.1.upperBound - 1) / k + 1
                        )
                        solved = rows.0.count + rows.1.count - rows.0.clamped(to: rows.1).count
                        for part in 0..<2 {
                            for i in part == 0 ? measured.0 : measured.1 {
                                let s = slots[i % k]
                                let item = plan.items[s.planIndex]
                                let length = lengths.length(item, cross, finalBox, i, container: container)
                                cellLengths[i] = length
                                extent.add(
                                    Rect(
                                        origin: Point.along(main, s.cellMainOrigin, across: crossStart + s.preCross),
                                        size: Size(main, s.cellMainLength, across: length)), P: P)
                            }
                        }
                        // Instance lengths: copied, or of each pattern instance the change touched, its size
                        // from its items' lengths as `solvePatternInstance` takes it.
                        if let c = form.instanceOverCell {
                            for q in 0..<prefixEnd { instanceLengths[q] = old[q] + c }
                            for q in tailCopy { instanceLengths[q] = old[q - delta] + c }
                        } else {
                            // Stored lengths: two block copies.
                            let base = instanceLengths.baseAddress!
                            base.update(from: old + oldItems, count: prefixEnd)
                            (base + tailCopy.lowerBound).update(
                                from: old + (oldItems + tailCopy.lowerBound - delta), count: tailCopy.count)
                        }
                        let solvedRanges = (
                            prefixEnd..<max(prefixEnd, tailCopy.lowerBound), max(prefixEnd, tailCopy.upperBound)..<full
                        )
                        // Read once, not per row from the plan and the form (a class and an optional).
                        let insets = plan.insets, estimatedMain = plan.estimatedMain
                        let estimatedCross = plan.estimatedCross, proposed = slot.proposed
                        let overCell = form.instanceOverCell, instanceAcross = form.instanceAcross
                        // Rows estimated across only (a list's, a card grid's): `boundingSize` keeps the
                        // proposed length along the row and sums the insets across, so each row costs its
                        // largest item and one sum.
                        let acrossOnly = estimatedCross && !estimatedMain
                        let crossInsets = insets.sum(cross)
                        if acrossOnly && proposed.length(main) != instanceAcross { return false }
                        if acrossOnly, overCell == nil, k == 2 {
                            // A two-column grid (cards), whose rows all re-pair after an insert or a delete: the
                            // loop below with its two positions' spacings read once. The same sums in the same
                            // order ((length + pre) + post, then the larger as `max` takes it from -infinity).
                            let pre0 = slots[0].preCross, post0 = slots[0].postCross
                            let pre1 = slots[1].preCross, post1 = slots[1].postCross
                            for part in 0..<2 {
                                for q in part == 0 ? solvedRanges.0 : solvedRanges.1 {
                                    let first = q &* 2
                                    let a = cellLengths[first] + pre0 + post0
                                    let b = cellLengths[first &+ 1] + pre1 + post1
                                    instanceLengths[q] = max(max(-Double.infinity, a), b) + crossInsets
                                }
                            }
                            return true
                        }
                        for part in 0..<2 {
                            let instances = part == 0 ? solvedRanges.0 : solvedRanges.1
                            for q in instances {
                                let first = q * k
                                var largestCross = -Double.infinity
                                for j in 0..<k {
                                    largestCross = max(
                                        largestCross, cellLengths[first + j] + slots[j].preCross + slots[j].postCross)
                                }
                                let length: Double
                                if acrossOnly {
                                    length = largestCross + crossInsets
                                } else {
                                    let size = GroupRules.boundingSize(
                                        proposed, main: main, insets: insets, estimatedMain: estimatedMain,
                                        estimatedCross: estimatedCross, total: total, largestCross: largestCross)
                                    guard size.length(main) == instanceAcross else { return false }
                                    length = size.length(P)
                                }
                                if let c = overCell, length != cellLengths[first] + c { return false }
                                instanceLengths[q] = length
                            }
                        }
                        return true
                    }
                }
            }
            guard fits else { return nil }
            // The last instances, by the general path, against the old pattern cells.
            var n = full
            if full * k < m {
                cells.removeAll(keepingCapacity: true)
                if !leaf.isEmpty { leaf.removeAll(keepingCapacity: true) }
                for j in 0..<k { cells.append(oldPattern[j]) }
                guard
                    let last = try solveLastInstances(
                        plan, from: full * k, instance: full, itemCount: m, perInstance: k, slot: slot,
                        section: index, lengths: lengths, instanceAcross: form.instanceAcross, terms: terms,
                        flat: &flat, cells: &cells, leaf: &leaf, columns: &columns, extent: &extent)
                else { return nil }
                if let c = form.instanceOverCell {
                    for q in full..<last where columns.instanceLengths[q] != columns.cellLengths[q] + c { return nil }
                }
                solved += last - full
                n = last
            }
            let storage = withUnsafeTemporaryAllocation(of: Rect.self, capacity: k) { pattern in
                // The pattern cells are instance 0's, as `solveCompact` takes them.
                for j in 0..<k {
                    let was = oldPattern[j]
                    pattern.initializeElement(
                        at: j,
                        to: Rect(
                            origin: was.origin,
                            size: Size(main, was.size.length(main), across: columns.cellLengths[j])))
                }
                return columns.cellLengths.withUnsafeBufferPointer { cellLengths in
                    columns.instanceLengths.withUnsafeBufferPointer { instanceLengths in
                        let cellLengths = UnsafeBufferPointer(rebasing: cellLengths[0..<m])
                        let instanceLengths = UnsafeBufferPointer(rebasing: instanceLengths[0..<n])
                        // Every value is in the worker's columns by now: the old storage may take them (and
                        // derives each stride as it builds its tree).
                        if ownsPrevious,
                            previous.rewriteCompact(
                                pattern: UnsafeBufferPointer(pattern), cellLengths: cellLengths,
                                instanceLengths: instanceLengths, unchanged: prefixEnd, terms: terms,
                                extent: extent)
                        {
                            return previous
                        }
                        return columns.strides.withUnsafeMutableBufferPointer { strides in
                            for q in 0..<n { strides[q] = terms.stride(instanceLengths[q]) }
                            return EstimatedInstances.makeCompact(
                                form, pattern: UnsafeBufferPointer(pattern), cellLengths: cellLengths,
                                instanceLengths: instanceLengths,
                                strides: UnsafeBufferPointer(rebasing: strides[0..<n]), extent: extent)
                        }
                    }
                }
            }
            return (storage, solved)
        }
    }
}
