import CompositionalLayout
import SolverKernel

/// The measure fast path: a flat-plan section whose items never measure along the row
/// (`FlatRowPlan.mainIsConstant`: lists, column grids) places the same items in every instance whatever they
/// measure, so a new size changes only the instance holding the item, and that one keeps its items. It is
/// solved alone into the scratch's cell buffer and written over the old one in the storage: no `InstanceRun`,
/// no builder reset, no instance before it solved again (it looked at the item only along the row).
extension SectionBuilder {
    /// Re-solves instance `q` of `storage` (section `index`, a flat plan with `mainIsConstant`) and writes it
    /// in place. Returns false, with nothing written, when the instance no longer fits the storage as it is
    /// (its item count, a leaf list or the compact form's pattern changed): the caller re-solves generally.
    /// - Complexity: O(items of the instance + log instances), no allocation once the buffers have grown.
    func remeasureInstance(
        _ plan: FlatRowPlan, cache: DefinitionCache, index: Int, itemCount: Int, sizing: ItemSizing,
        storage: EstimatedInstances, instance q: Int, flat: inout FlatRowPlan.Scratch,
        cells: inout ContiguousArray<Rect>, leafSupplementaries: inout ContiguousArray<UInt16>
    ) throws(LayoutError) -> Bool {
        let tracksSupplementaries = !plan.supplementaries.isEmpty
        // Leaf list indices refer to the plan's table, which the storage holds unless it was extended.
        if tracksSupplementaries && storage.supplementaryListCount != plan.supplementaries.lists.count {
            return false
        }
        let box = rootBox(of: cache)
        let slot = plan.rootSlot(box: box, container: container)
        let lengths = FlatRowPlan.ItemLengths(plan: plan, sizing: sizing, section: index)
        cells.removeAll(keepingCapacity: true)
        // Usually empty, and then the shared empty array: emptying it again would make a new buffer.
        if !leafSupplementaries.isEmpty { leafSupplementaries.removeAll(keepingCapacity: true) }
        let items = storage.items(of: q)
        let (size, count) = try plan.solveInstance(
            first: items.lowerBound, itemCount: itemCount, slot: slot, section: index, container: container,
            lengths: lengths, scratch: &flat, cells: &cells, leafSupplementaries: &leafSupplementaries)
        guard count == items.count, count > 0 else { return false }
        // The instance's extent, as `solveFlatInstances` takes it.
        var extent = RelativeExtent()
        var largestCell = Size.zero
        let P = cache.placement.P
        for cell in cells {
            extent.add(cell, P: P)
            largestCell = largestCell.atLeast(cell.size)
        }
        if tracksSupplementaries {
            let lists = plan.supplementaries.lists
            extent.grow(
                by: max(
                    supplementaryReach(lists, hostSize: box),
                    supplementaryReach(lists, hostSize: largestCell.atLeast(size))))
        }
        let stride = cache.placement.strideTerms.stride(size.length(P))
        return cells.withUnsafeBufferPointer { cells in
            leafSupplementaries.withUnsafeBufferPointer { leaf in
                storage.rewrite(q, cells: cells, leaf: leaf, leafBase: 0, size: size, stride: stride, extent: extent)
            }
        }
    }
}

extension EstimatedInstances {
    /// Writes re-solved instance `q` in place (its `cells` from its first item, their leaf lists at
    /// `leaf[leafBase...]`, shorter when the trailing ones are 0), when the storage can hold it as it is: a
    /// leaf list where the storage keeps none, or cells off the compact form's pattern, cannot. Returns whether
    /// it was written (nothing changes otherwise).
    /// - Complexity: O(cells + log instances).
    func rewrite(
        _ q: Int, cells: UnsafeBufferPointer<Rect>, leaf: UnsafeBufferPointer<UInt16>, leafBase: Int, size: Size,
        stride: Double, extent: RelativeExtent
    ) -> Bool {
        func list(_ k: Int) -> UInt16 { leafBase + k < leaf.count ? leaf[leafBase + k] : 0 }
        guard hasLeafSupplementaries || leaf.isEmpty || (0..<cells.count).allSatisfy({ list($0) == 0 }) else {
            return false
        }
        guard accepts(q, size: size, stride: stride, cells: cells, leafSupplementaries: list) else { return false }
        replaceInstance(q, cells: cells, leafSupplementaries: list, size: size, stride: stride)
        addExtent(extent)
        return true
    }
}

extension SectionBuilder {
    /// `remeasureInstance` for the commonest measure: one item of a compact section's pattern instance (a list
    /// row, a card of a column grid), its new size known. Its length across is resolved from that size, which
    /// is what the sizing answers for a measured item (`LayoutState.Items.lengthSource`); the other items of its
    /// instance keep their stored lengths (an unchanged item on the same pattern position measures the same
    /// again, as `CompactReuse` reads it); and the instance is solved as `FlatRowPlan.solvePatternInstance`
    /// solves it, then written as `remeasureInstance` writes it. What it leaves out: the section's lengths
    /// (`FlatRowPlan.ItemLengths`) and the sizing they read, made and destroyed for every measure (about a
    /// tenth of one). Returns false, with nothing written, when the case is not this one: a full-form storage,
    /// supplementaries, no pattern for the section's box, the instance off the pattern (the last, short one),
    /// or a neighbour whose stored length is after content insets.
    /// - Complexity: O(items of the instance + log instances), no allocation (its cells are on the stack).
    func remeasurePatternItem(
        _ plan: FlatRowPlan, cache: DefinitionCache, item: Int, measured: Size, itemCount: Int,
        storage: EstimatedInstances, flat: inout FlatRowPlan.Scratch
    ) -> Bool {
        let main = plan.main, cross = main.other
        guard plan.mainIsConstant, plan.supplementaries.isEmpty, flat.patternFits else { return false }
        guard let (form, count, stored) = storage.compactLengths, form.varying == cross, !form.hasLeafPattern,
            form.perInstance == flat.patternSlots.count
        else { return false }
        let slot = plan.rootSlot(box: rootBox(of: cache), container: container)
        guard let box = flat.patternBox, box.width == slot.content.width, box.height == slot.content.height,
            slot.content.length(main) > 0
        else { return false }
        let k = form.perInstance, q = item / k, first = q * k
        // A pattern instance, as `FlatRowPlan.solveInstance` decides.
        guard q < count, first + flat.patternReach <= itemCount else { return false }
        let finalBox = flat.patternFinalBox, total = flat.patternTotal
        let measuredLength = measured.length(cross)
        let P = cache.placement.P
        let terms = cache.placement.strideTerms
        // The instance's few cells on the stack: the builder's cell array cost its uniqueness checks and a
        // generic `removeAll`.
        return flat.patternSlots.withUnsafeBufferPointer { slots in
            withUnsafeTemporaryAllocation(of: Rect.self, capacity: k) { cells -> Bool in
                // Pass 1: each item's length across (the measured one resolved, the others stored) and §6 the
                // largest slot across, as `solvePatternInstance` sums it.
                var largestCross = -Double.infinity
                for j in 0..<k {
                    let s = slots[j]
                    let length: Double
                    if first + j == item {
                        let declared = plan.items[s.planIndex]
                        length = DimensionResolver.length(
                            cross == .x ? declared.width : declared.height, box: finalBox, container: container
                        ) { _ in measuredLength }
                    } else {
                        guard !s.crossInset else { return false }  // its stored length is after the insets
                        length = stored[first + j]
                    }
                    largestCross = max(largestCross, length + s.preCross + s.postCross)
                    cells.initializeElement(at: j, to: Rect(origin: .zero, size: Size(main, 0, across: length)))
                }
                let size = GroupRules.boundingSize(
                    slot.proposed, main: main, insets: plan.insets, estimatedMain: plan.estimatedMain,
                    estimatedCross: plan.estimatedCross, total: total, largestCross: largestCross)
                // Pass 2: the cells, as `solvePatternInstance` places them, and their extent.
                let contentCross = GroupRules.contentBox(size, insets: plan.insets).length(cross)
                let crossStart = plan.insets.pre(cross)
                var extent = RelativeExtent()
                for j in 0..<k {
                    cells[j] = plan.patternCell(
                        slots[j], length: cells[j].size.length(cross), contentCross: contentCross,
                        crossStart: crossStart)
                    extent.add(cells[j], P: P)
                }
                return storage.rewriteCompact(
                    q, cells: UnsafeBufferPointer(cells), size: size, stride: terms.stride(size.length(P)),
                    extent: extent)
            }
        }
    }
}
