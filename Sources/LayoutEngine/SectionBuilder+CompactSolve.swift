import CompositionalLayout
import SolverKernel

/// Per-worker buffers of the compact solve: per item its length along the varying axis, per instance its
/// length and stride. Only `count` entries of each are live; they grow and are never shrunk.
struct CompactColumns {
    var cellLengths: ContiguousArray<Double> = []
    var instanceLengths: ContiguousArray<Double> = []
    var strides: ContiguousArray<Double> = []

    /// Room for `items` items and `instances` instances, written through pointers.
    mutating func ensure(items: Int, instances: Int) {
        if cellLengths.count < items {
            cellLengths.append(contentsOf: repeatElement(0, count: items - cellLengths.count))
        }
        if strides.count < instances {
            instanceLengths.append(contentsOf: repeatElement(0, count: instances - instanceLengths.count))
            strides.append(contentsOf: repeatElement(0, count: instances - strides.count))
        }
    }
}

/// The compact solve: a fresh solve of a flat-plan section whose items do not measure along the row (lists,
/// column grids) straight into its compact storage. The pattern path (`FlatRowPlan.solvePatternInstance`)
/// solves every full instance the same way, with each cell across at the same place (no flexible cross edge),
/// so what `CompactForm.analyse` would find is known before solving: every instance but the last holds the
/// pattern's items, each cell sits where its position's pattern cell does, and only its length across the row
/// varies. Each item then costs its measure and one length written, not a cell, an instance record, a copy
/// into the storage and a check afterwards. The same kernel functions in the same order as the pattern path
/// (and the general path for the last instances), so the storage reads exactly what `make` would give for the
/// same section.
extension SectionBuilder {
    /// The section's instances in compact storage, or nil when it does not take this path (the caller solves
    /// it the general way): no pattern, anchored supplementaries, a flexible edge across, the row running
    /// along the section axis, fewer than two full instances, or last instances off the pattern.
    /// - Complexity: O(items), one allocation (the storage) once the worker's buffers have grown.
    func solveCompact(
        _ plan: FlatRowPlan, cache: DefinitionCache, index: Int, itemCount: Int,
        sizing: ItemSizing, scratch: inout SolveScratch
    ) throws(LayoutError) -> EstimatedInstances? {
        try solveCompact(
            plan, cache: cache, index: index, itemCount: itemCount, sizing: sizing,
            reusing: nil, scratch: &scratch
        )?.storage
    }

    /// `solveCompact`, taking the lengths of unchanged items from `reusing`'s storage where their position
    /// keeps them (see `CompactReuse`) and measuring the others; returns the storage and the instances that
    /// measured an item. The storage is the one a fresh solve gives, bit for bit.
    /// - Complexity: O(items): a reused item costs a read, a measured one its measure.
    func solveCompact(
        _ plan: FlatRowPlan, cache: DefinitionCache, index: Int, itemCount: Int,
        sizing: ItemSizing, reusing reuse: CompactReuse?, scratch: inout SolveScratch
    ) throws(LayoutError) -> (storage: EstimatedInstances, measuredInstances: Int)? {
        let main = plan.main, cross = main.other, P = cache.placement.P
        guard plan.supplementaries.isEmpty, cross == P, itemCount > 0 else { return nil }
        let slot = plan.rootSlot(box: rootBox(of: cache), container: container)
        guard slot.content.length(main) > 0 else { return nil }
        let lengths = FlatRowPlan.ItemLengths(plan: plan, sizing: sizing, section: index)
        var columns = CompactColumns()
        swap(&columns, &scratch.columns)
        defer { swap(&columns, &scratch.columns) }
        return try scratch.withFlatAndCells(cache: cache) {
            (flat, cells, leaf) throws(LayoutError) -> (storage: EstimatedInstances, measuredInstances: Int)? in
            if !leaf.isEmpty { leaf.removeAll(keepingCapacity: true) }
            if !(flat.patternBox.map { $0.width == slot.content.width && $0.height == slot.content.height } ?? false) {
                try plan.establishPattern(
                    slot: slot, section: index, container: container, lengths: lengths, scratch: &flat)
            }
            let k = flat.patternSlots.count, reach = flat.patternReach
            // Instance q is a pattern instance while q * k + reach <= itemCount (as `solveInstance` decides).
            guard flat.patternFits, k > 0, reach <= itemCount, (itemCount - reach) / k + 1 >= 2,
                !flat.patternSlots.contains(where: { $0.flexibleEdges != 0 })
            else { return nil }
            let full = (itemCount - reach) / k + 1
            var measuredInstances = 0
            columns.ensure(items: itemCount, instances: itemCount)
            var extent = RelativeExtent()
            var instanceAcross = 0.0
            let terms = cache.placement.strideTerms
            // While the section's items are untouched and its positions share one model, every length across
            // is arithmetic inlined here (`ImplicitLengths`), not a call per item.
            var implicit: ImplicitLengths? = nil
            if lengths.fallback == nil, plan.seededModels.allSatisfy({ $0 == plan.seededModels[0] }) {
                implicit = lengths.fast.implicitLengths(axis: cross, declared: plan.seededModels[0])
            }
            let useImplicit = implicit != nil, implicitLengths = implicit ?? .estimates
            // Each position's cell sits at one place across and has one length along the row, so its share of
            // the extent is fixed but for where it ends across (`ends`: the lowest and highest, order-free).
            var lowestEnd = Double.infinity, highestEnd = -Double.infinity
            // The full instances: `solvePatternInstance` per instance, each cell's length across written alone
            // (a re-solve's loop is apart: this one stays free of its tests).
            if let reuse {
                measuredInstances = reuse.solveRows(
                    full: full, plan: plan, slots: flat.patternSlots, finalBox: flat.patternFinalBox,
                    total: flat.patternTotal, proposed: slot.proposed, container: container, terms: terms,
                    lengths: lengths, reach: reach, columns: &columns, lowestEnd: &lowestEnd,
                    highestEnd: &highestEnd, instanceAcross: &instanceAcross)
            } else {
                columns.cellLengths.withUnsafeMutableBufferPointer { cellLengths in
                    columns.instanceLengths.withUnsafeMutableBufferPointer { instanceLengths in
                        columns.strides.withUnsafeMutableBufferPointer { strides in
                            flat.patternSlots.withUnsafeBufferPointer { slots in
                                let finalBox = flat.patternFinalBox, total = flat.patternTotal
                                let crossStart = plan.insets.pre(cross)
                                for q in 0..<full {
                                    let first = q * k
                                    var largestCross = -Double.infinity
                                    for j in 0..<k {
                                        let s = slots[j]
                                        let item = plan.items[s.planIndex]
                                        let dimension = main == .x ? item.height : item.width
                                        let length = DimensionResolver.length(
                                            dimension, box: finalBox, container: container
                                        ) { v in
                                            useImplicit
                                                ? implicitLengths.length(item: first + j, estimate: v)
                                                : lengths.measure(item, cross, v, first + j)
                                        }
                                        largestCross = max(largestCross, length + s.preCross + s.postCross)
                                        var origin = crossStart + s.preCross
                                        var cellLength = length
                                        if s.crossInset {
                                            GroupRules.inset(
                                                origin: &origin, length: &cellLength, pre: s.crossInsetPre,
                                                post: s.crossInsetPost)
                                        }
                                        cellLengths[first + j] = cellLength
                                        // `Rect.end` along P, as `RelativeExtent.add` computes it.
                                        let end = origin + cellLength
                                        lowestEnd = min(lowestEnd, end)
                                        highestEnd = max(highestEnd, end)
                                    }
                                    let size = GroupRules.boundingSize(
                                        slot.proposed, main: main, insets: plan.insets,
                                        estimatedMain: plan.estimatedMain,
                                        estimatedCross: plan.estimatedCross, total: total, largestCross: largestCross)
                                    instanceLengths[q] = size.length(P)
                                    strides[q] = terms.stride(size.length(P))
                                    instanceAcross = size.length(main)
                                }
                            }
                        }
                    }
                }
                measuredInstances = full
            }
            // The pattern cells, as instance 0 placed them (`cellLengths` holds its lengths after the insets),
            // and the extent of every full instance's cells: each position's fixed part, and the ends across.
            cells.removeAll(keepingCapacity: true)
            for j in 0..<k {
                let s = flat.patternSlots[j]
                var origin = plan.insets.pre(cross) + s.preCross
                if s.crossInset { origin += s.crossInsetPre }
                let cell = Rect(
                    origin: Point.along(main, s.cellMainOrigin, across: origin),
                    size: Size(main, s.cellMainLength, across: columns.cellLengths[j]))
                cells.append(cell)
                extent.add(cell, P: P)
            }
            extent.minP = min(extent.minP, lowestEnd)
            extent.maxP = max(extent.maxP, highestEnd)
            // The last instances, by the general path.
            guard
                let n = try solveLastInstances(
                    plan, from: full * k, instance: full, itemCount: itemCount, perInstance: k, slot: slot,
                    section: index, lengths: lengths, instanceAcross: instanceAcross, terms: terms, flat: &flat,
                    cells: &cells, leaf: &leaf, columns: &columns, extent: &extent)
            else { return nil }
            measuredInstances += n - full
            // One item per instance: its length derives from its cell's when they differ by the same amount
            // in every instance (as `CompactForm.analyse` decides), and then it is not stored.
            var overCell: Double? = nil
            if k == 1 {
                let c = columns.instanceLengths[0] - columns.cellLengths[0]
                overCell = c
                for q in 0..<n where columns.instanceLengths[q] != columns.cellLengths[q] + c {
                    overCell = nil
                    break
                }
            }
            let form = CompactForm(
                perInstance: k, varying: P, instanceAcross: instanceAcross, instanceOverCell: overCell, strides: terms)
            let storage = cells.withUnsafeBufferPointer { pattern in
                columns.cellLengths.withUnsafeBufferPointer { cellLengths in
                    columns.instanceLengths.withUnsafeBufferPointer { instanceLengths in
                        columns.strides.withUnsafeBufferPointer { strides in
                            EstimatedInstances.makeCompact(
                                form, pattern: UnsafeBufferPointer(rebasing: pattern[0..<k]),
                                cellLengths: UnsafeBufferPointer(rebasing: cellLengths[0..<itemCount]),
                                instanceLengths: UnsafeBufferPointer(rebasing: instanceLengths[0..<n]),
                                strides: UnsafeBufferPointer(rebasing: strides[0..<n]), extent: extent)
                        }
                    }
                }
            }
            return (storage, measuredInstances)
        }
    }

    /// A compact solve's last instances, from item `next` on (instance `n`), by the general path
    /// (`solveInstance` does not take the pattern there): each must hold the pattern's items but the last,
    /// its cells on their positions' pattern cells (`cells[0..<k]`) and its length across `instanceAcross`.
    /// Their item lengths, instance lengths and strides are written into `columns`, their cells added to
    /// `extent`. Returns the instance count after them, or nil when one is off the pattern.
    /// - Complexity: O(items placed).
    @inline(__always)
    func solveLastInstances(
        _ plan: FlatRowPlan, from next: Int, instance n: Int, itemCount: Int, perInstance k: Int,
        slot: FlatRowPlan.RootSlot, section index: Int, lengths: borrowing FlatRowPlan.ItemLengths,
        instanceAcross: Double, terms: StrideTerms, flat: inout FlatRowPlan.Scratch,
        cells: inout ContiguousArray<Rect>, leaf: inout ContiguousArray<UInt16>, columns: inout CompactColumns,
        extent: inout RelativeExtent
    ) throws(LayoutError) -> Int? {
        let main = plan.main, cross = main.other, P = terms.P
        var n = n, next = next
        while next < itemCount {
            let before = cells.count
            let (size, count) = try plan.solveInstance(
                first: next, itemCount: itemCount, slot: slot, section: index, container: container,
                lengths: lengths, scratch: &flat, cells: &cells, leafSupplementaries: &leaf)
            guard count > 0, count <= k, count == k || next + count == itemCount,
                size.length(main) == instanceAcross, leaf.isEmpty
            else { return nil }
            for j in 0..<count {
                let cell = cells[before + j], pattern = cells[j]
                guard cell.x == pattern.x, cell.y == pattern.y, cell.size.length(main) == pattern.size.length(main)
                else { return nil }
                columns.cellLengths[next + j] = cell.size.length(cross)
                extent.add(cell, P: P)
            }
            columns.instanceLengths[n] = size.length(P)
            columns.strides[n] = terms.stride(size.length(P))
            n += 1
            next += count
        }
        return n
    }
}
