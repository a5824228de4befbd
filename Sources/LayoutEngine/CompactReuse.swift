import CompositionalLayout
import SolverKernel

/// What a compact re-solve after an item change (`LayoutEngine.resolveChanged`) takes from the storage it
/// replaces: the stored lengths across of the items the change left alone. A stored length is the item's
/// measure when its cell had no content insets across, and it was measured against the pattern's box when
/// its instance was a pattern instance; an unchanged item measures the same again where it lands on a
/// position of the same plan item. So it is read, not measured, when its old and new positions are such
/// (the same position, or any when every position holds the same plan item) and both lie in pattern
/// instances; and a pattern instance whose items all keep their positions is copied whole. Plain data: the
/// caller keeps the old storage alive while this is used.
struct CompactReuse {
    let change: TailReuse
    /// The first new item index the change touched (items before it keep their indices).
    let at: Int
    /// The old storage's form, item count, and lengths (items', then instances' unless derived).
    let form: CompactForm
    let oldItemCount: Int
    let lengths: UnsafePointer<Double>

    /// The reuse of `previous`, or nil when its form is not the compact one along `P`.
    init?(_ previous: EstimatedInstances, change: TailReuse, at: Int, P: Axis) {
        // The form and the lengths alone, not a whole reader (about 70 instructions of every insert).
        guard let compact = previous.compactLengths, compact.form.varying == P, !compact.form.hasLeafPattern else {
            return nil
        }
        self.change = change
        self.at = at
        self.form = compact.form
        self.oldItemCount = previous.itemCount
        self.lengths = compact.lengths
    }

    /// Old instance q's length along the varying axis, as `EstimatedInstances.size` reads it. O(1).
    @inline(__always) func instanceLength(_ q: Int) -> Double {
        if let c = form.instanceOverCell { return lengths[q] + c }
        return lengths[oldItemCount + q]
    }

    /// The full instances `0..<full` of the re-solve, as the compact solve's loop solves them, into the
    /// columns: each item's length across read where this reuse allows (`slots(_:reach:)`) and measured
    /// otherwise, each instance's size from them; whole pattern instances whose items all keep their
    /// positions (before the change, and after it when it moved items by whole instances) are copied. Kept
    /// apart from the fresh solve's loop, which stays free of the reuse tests. Returns the instances that
    /// measured an item. O(items).
    @inline(never)
    func solveRows(
        full: Int, plan: FlatRowPlan, slots: [FlatRowPlan.PatternSlot], finalBox: Size, total: Double,
        proposed: Size, container: LayoutContainer, terms: StrideTerms, lengths: borrowing FlatRowPlan.ItemLengths,
        reach: Int, columns: inout CompactColumns, lowestEnd: inout Double, highestEnd: inout Double,
        instanceAcross: inout Double
    ) -> Int {
        columns.cellLengths.withUnsafeMutableBufferPointer { cellLengths in
            columns.instanceLengths.withUnsafeMutableBufferPointer { instanceLengths in
                columns.strides.withUnsafeMutableBufferPointer { strides in
                    slots.withUnsafeBufferPointer { slots in
                        solveRows(
                            full: full, plan: plan, slots: slots, finalBox: finalBox, total: total,
                            proposed: proposed, container: container, terms: terms, lengths: lengths, reach: reach,
                            cellLengths: cellLengths, instanceLengths: instanceLengths, strides: strides,
                            lowestEnd: &lowestEnd, highestEnd: &highestEnd, instanceAcross: &instanceAcross)
                    }
                }
            }
        }
    }

    private func solveRows(
        full: Int, plan: FlatRowPlan, slots: UnsafeBufferPointer<FlatRowPlan.PatternSlot>, finalBox: Size,
        total: Double, proposed: Size, container: LayoutContainer, terms: StrideTerms,
        lengths: borrowing FlatRowPlan.ItemLengths, reach: Int, cellLengths: UnsafeMutableBufferPointer<Double>,
        instanceLengths: UnsafeMutableBufferPointer<Double>, strides: UnsafeMutableBufferPointer<Double>,
        lowestEnd: inout Double, highestEnd: inout Double, instanceAcross: inout Double
    ) -> Int {
        let main = plan.main, cross = main.other, P = terms.P, k = slots.count
        let crossStart = plan.insets.pre(cross)
        let (positions, allAlike, oldFull) = self.slots(slots, reach: reach)
        let oldPatternItems = oldFull * k
        let changeStart = at, tailStart = change.minNext, shift = change.shift
        // Whole instances copied (every position reusable): before the change, and after it when it moved
        // items by whole instances (new instance q is then old instance q − delta).
        let copies = positions != 0 && positions == (1 << k) - 1
        let prefixEnd = copies ? min(changeStart / k, oldFull, full) : 0
        let delta = shift / k
        let tailCopyStart =
            copies && shift % k == 0 && full - delta <= oldFull
            ? min(full, max(prefixEnd, (tailStart + k - 1) / k)) : full
        var measuredInstances = 0
        for q in prefixEnd..<tailCopyStart {
            let first = q * k
            var largestCross = -Double.infinity
            var measured = false
            for j in 0..<k {
                let s = slots[j]
                let i = first + j
                // The item's old index when it is unchanged: before the change, or in the tail moved by `shift`.
                let old = i < changeStart ? i : (i >= tailStart ? i - shift : -1)
                let length: Double
                if positions & (1 << j) != 0, old >= 0, old < oldPatternItems, allAlike || old % k == j {
                    length = self.lengths[old]
                } else {
                    measured = true
                    let item = plan.items[s.planIndex]
                    length = DimensionResolver.length(
                        main == .x ? item.height : item.width, box: finalBox, container: container
                    ) { v in lengths.measure(item, cross, v, i) }
                }
                largestCross = max(largestCross, length + s.preCross + s.postCross)
                var origin = crossStart + s.preCross
                var cellLength = length
                if s.crossInset {
                    GroupRules.inset(origin: &origin, length: &cellLength, pre: s.crossInsetPre, post: s.crossInsetPost)
                }
                cellLengths[i] = cellLength
                // `Rect.end` along P, as `RelativeExtent.add` computes it.
                let end = origin + cellLength
                lowestEnd = min(lowestEnd, end)
                highestEnd = max(highestEnd, end)
            }
            let size = GroupRules.boundingSize(
                proposed, main: main, insets: plan.insets, estimatedMain: plan.estimatedMain,
                estimatedCross: plan.estimatedCross, total: total, largestCross: largestCross)
            instanceLengths[q] = size.length(P)
            strides[q] = terms.stride(size.length(P))
            instanceAcross = size.length(main)
            if measured { measuredInstances += 1 }
        }
        guard copies else { return measuredInstances }
        if prefixEnd > 0 || tailCopyStart < full { instanceAcross = form.instanceAcross }
        let bases = slots.lazy.map { crossStart + $0.preCross }
        copyInstances(
            0..<prefixEnd, delta: 0, k: k, terms: terms, bases: bases, cellLengths: cellLengths,
            instanceLengths: instanceLengths, strides: strides, lowestEnd: &lowestEnd, highestEnd: &highestEnd)
        copyInstances(
            tailCopyStart..<full, delta: delta, k: k, terms: terms, bases: bases, cellLengths: cellLengths,
            instanceLengths: instanceLengths, strides: strides, lowestEnd: &lowestEnd, highestEnd: &highestEnd)
        return measuredInstances
    }

    /// Writes new instances `range` as copies of old instances `range - delta` (each of `k` items, all kept in
    /// their positions): item lengths, instance lengths and strides; and takes their cells' lowest and highest
    /// end across into the extent (position j's cells start at `bases[j]`). O(items copied).
    func copyInstances<Bases: Collection<Double>>(
        _ range: Range<Int>, delta: Int, k: Int, terms: StrideTerms, bases: Bases,
        cellLengths: UnsafeMutableBufferPointer<Double>, instanceLengths: UnsafeMutableBufferPointer<Double>,
        strides: UnsafeMutableBufferPointer<Double>, lowestEnd: inout Double, highestEnd: inout Double
    ) where Bases.Index == Int {
        guard !range.isEmpty else { return }
        (cellLengths.baseAddress! + range.lowerBound * k).update(
            from: lengths + (range.lowerBound - delta) * k, count: range.count * k)
        for q in range {
            let length = instanceLength(q - delta)
            instanceLengths[q] = length
            strides[q] = terms.stride(length)
        }
        // `Rect.end` is monotonic in the length: the lowest and highest end come from the shortest and longest.
        for j in 0..<k {
            var shortest = Double.infinity, longest = -Double.infinity
            var i = range.lowerBound * k + j
            while i < range.upperBound * k {
                shortest = min(shortest, cellLengths[i])
                longest = max(longest, cellLengths[i])
                i += k
            }
            lowestEnd = min(lowestEnd, bases[j] + shortest)
            highestEnd = max(highestEnd, bases[j] + longest)
        }
    }

    /// For the pattern `slots` (reaching `reach` items): a bit per position whose stored lengths may be read,
    /// whether every position holds the same plan item, and how many old instances were pattern instances.
    /// O(positions).
    func slots(_ slots: UnsafeBufferPointer<FlatRowPlan.PatternSlot>, reach: Int) -> (
        positions: Int, allAlike: Bool, oldFull: Int
    ) {
        let k = slots.count
        guard form.perInstance == k, k > 0, k < Int.bitWidth else { return (0, false, 0) }
        var positions = 0
        var allAlike = true
        for (j, slot) in slots.enumerated() {
            if !slot.crossInset { positions |= 1 << j }
            allAlike = allAlike && !slot.crossInset && slot.planIndex == slots[0].planIndex
        }
        return (positions, allAlike, oldItemCount >= reach ? (oldItemCount - reach) / k + 1 : 0)
    }
}
