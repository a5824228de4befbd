import CompositionalLayout
import SolverKernel

/// Updates of a single-item flow (chips: one item declaration repeated, placed by its lengths along the row)
/// without an `InstanceRun`: rows re-solved in place while they keep their items, or only the changed rows
/// solved and spliced between the old ones.
extension SectionBuilder {
    /// The in-place update of a single-item flow (`FlatRowPlan.isSingleItemFlow`: chips, placed by their
    /// lengths along the row) whose storage is in the compact form (a full-form one re-solves through
    /// `resolveFlowRows`, which writes over the old rows) after items `low...high` changed size: rows from
    /// `firstInstance` are solved one by one through the worker's `FlowSolveBuffer` and written over the old
    /// ones while each keeps its items, until a row starts where an old one did past `high`. What
    /// `updateInstancesInPlace` does for such a section, without an `InstanceRun` and its builder (taken,
    /// reset and given back around a row or two: several times the rows' own work). Returns the rows written,
    /// and nil when that finished the update; else the row that changed its items (the rows before it are
    /// written and correct), where the caller re-solves.
    /// - Complexity: O(items in the rows solved + rows × log rows), no allocation once the buffers have grown.
    func remeasureFlowRows(
        _ plan: FlatRowPlan, cache: DefinitionCache, index: Int, itemCount: Int, sizing: ItemSizing,
        storage: EstimatedInstances, fromInstance firstInstance: Int, high: Int, buffer: FlowSolveBuffer
    ) throws(LayoutError) -> (written: Int, stoppedAt: Int?) {
        precondition(plan.isSingleItemFlow && !plan.mainIsConstant && plan.supplementaries.isEmpty)
        let lengths = FlatRowPlan.ItemLengths(plan: plan, sizing: sizing, section: index)
        let flow = flowSection(plan, cache: cache, lengths: lengths)
        let P = cache.placement.P, terms = cache.placement.strideTerms
        let noLeaves = UnsafeBufferPointer<UInt16>(start: nil, count: 0)
        var cursor = FlatRowPlan.LengthCursor()
        let start = storage.firstItem(firstInstance)
        // Each row's cells are written through a pointer from the buffer's start (no row holds more than the
        // items left), then over the old row.
        return try buffer.withCells(room: itemCount - start) {
            (cells: inout FlowCellWriter) throws(LayoutError) -> (written: Int, stoppedAt: Int?) in
            var q = firstInstance
            var next = start
            while q < storage.count {
                // Past every changed item, a row starting where the old one did starts the unchanged rest.
                if next > high && storage.firstItem(q) == next { return (q - firstInstance, nil) }
                let items = storage.items(of: q)
                guard items.lowerBound == next else { return (q - firstInstance, q) }
                cells.truncate(to: 0)
                let (size, count, extent) = try plan.solveFlowInstance(
                    first: next, itemCount: itemCount, flow: flow, section: index, container: container, P: P,
                    lengths: lengths, cursor: &cursor, cells: &cells)
                guard count > 0, count == items.count else {
                    return (q - firstInstance, count == 0 ? firstInstance : q)
                }
                let written = cells.withCells(from: 0, count: count) { row in
                    storage.rewrite(
                        q, cells: UnsafeBufferPointer(row), leaf: noLeaves, leafBase: 0, size: size,
                        stride: terms.stride(size.length(P)), extent: extent)
                }
                guard written else { return (q - firstInstance, q) }
                q += 1
                next += count
            }
            return (q - firstInstance, nil)
        }
    }
}

extension SectionBuilder {
    /// A flow section's values: its definition's, kept in the cache (`DefinitionCache.flow`, set for every
    /// single-item flow plan; made here otherwise), with the section's own implicit lengths. O(1).
    @inline(__always)
    private func flowSection(
        _ plan: FlatRowPlan, cache: DefinitionCache, lengths: borrowing FlatRowPlan.ItemLengths
    ) -> FlatRowPlan.FlowSection {
        let shared =
            cache.flow
            ?? FlatRowPlan.FlowSection(
                plan, slot: plan.rootSlot(box: rootBox(of: cache), container: container), container: container)
        return shared.with(lengths, main: plan.main)
    }

    /// `solveInstances` for a single-item flow without supplementaries: its rows solved one after another
    /// straight into a worker's `FlowSolveBuffer` and frozen from there, without an `InstanceRun` (whose
    /// convergence checks and in-place branches a fresh solve never takes, yet paid for on every row) or an
    /// `InstanceBuilder` (reset, appended to and copied out per section). A chip row holds three or four
    /// items and a chip section a few dozen, so per-row and per-section work weighs as much as the items'.
    /// - Complexity: O(items), allocating only the frozen storage once the buffer has grown.
    func solveFlowRows(
        _ plan: FlatRowPlan, cache: DefinitionCache, index: Int, itemCount: Int, sizing: ItemSizing,
        buffer: FlowSolveBuffer
    ) throws(LayoutError) -> (EstimatedInstances, String?, solved: Int) {
        try flowRows(
            plan, cache: cache, index: index, itemCount: itemCount, sizing: sizing, buffer: buffer, from: 0,
            strideTerms: cache.placement.strideTerms, stored: nil, stopsBefore: { _ in false },
            freeze: EstimatedInstances.make)
    }

    /// `resolveInstances` for a single-item flow without supplementaries whose storage `splices`: rows from
    /// `firstInstance` are solved through pointers into a worker's `FlowSolveBuffer`, until one starts where
    /// an old row did past the change (`reuse`), as `InstanceRun.stopIfConverged` decides; the new storage
    /// is the old prefix, these rows and the old tail (`EstimatedInstances.splice`). The same rows as
    /// `resolveInstances` solves, without its run, a builder, and the prefix and tail copied into it and out.
    /// When the caller owns `previous`, the result is written into it and `previous` returned: rows as many
    /// as those they replace, when the change moved no item, over them (`EstimatedInstances.overwrite`: a
    /// chip's new width that keeps its row's items, or reflows a few rows until they meet the old ones again
    /// with as many rows); else the whole splice, when its allocation has room (`spliceInPlace`: rows that
    /// changed in number, an inserted or removed chip).
    /// - Complexity: O(items in the rows solved) plus O(items of the section) copied once; overwritten,
    ///   O(items in the rows solved + rows solved × log rows).
    func resolveFlowRows(
        _ plan: FlatRowPlan, cache: DefinitionCache, index: Int, itemCount: Int, sizing: ItemSizing,
        previous: EstimatedInstances, ownsPrevious: Bool, fromInstance firstInstance: Int, changedFrom at: Int,
        reuse: TailReuse, buffer: FlowSolveBuffer
    ) throws(LayoutError) -> (EstimatedInstances, String?, solved: Int) {
        var oldPointer = firstInstance + 1
        var tailFrom = previous.count
        // `splices` holds: the full form, whose first items the reader points to.
        let firstItems = previous.reader.firstItems!, oldCount = previous.count
        // Items before `at` and from `reuse.minNext` on (moved by the shift) read their lengths from their old
        // cells; the ones between were inserted or measured.
        return try flowRows(
            plan, cache: cache, index: index, itemCount: itemCount, sizing: sizing, buffer: buffer,
            from: previous.firstItem(firstInstance), strideTerms: nil,
            stored: FlatRowPlan.StoredLengths(previous, fresh: at..<max(at, reuse.minNext), shift: reuse.shift),
            stopsBefore: { next in
                // Old rows after the change: once a new row starts on one, the rest is unchanged.
                guard next >= reuse.minNext else { return false }
                while oldPointer < oldCount {
                    let oldStart = Int(firstItems[oldPointer])
                    if oldStart >= reuse.tailStart && oldStart + reuse.shift >= next { break }
                    oldPointer += 1
                }
                guard oldPointer < oldCount, Int(firstItems[oldPointer]) + reuse.shift == next else {
                    return false
                }
                tailFrom = oldPointer
                return true
            },
            freeze: { solved in
                if ownsPrevious, reuse.shift == 0, solved.firstItem.count == tailFrom - firstInstance,
                    previous.overwrite(from: firstInstance, solved)
                {
                    return previous
                }
                if ownsPrevious,
                    previous.spliceInPlace(prefix: firstInstance, solved, tailFrom: tailFrom, shift: reuse.shift)
                {
                    return previous
                }
                return previous.splice(prefix: firstInstance, solved, tailFrom: tailFrom, shift: reuse.shift)
            })
    }

    /// The rows of a single-item flow from item `start`, solved through `buffer` until the items run out,
    /// a row has no room, or `stopsBefore` says the row starting at its item need not be solved; then frozen
    /// with `freeze`. What `solveFlowRows` and `resolveFlowRows` share.
    /// - Complexity: O(items in the rows solved) plus `freeze`'s.
    @inline(__always)
    private func flowRows(
        _ plan: FlatRowPlan, cache: DefinitionCache, index: Int, itemCount: Int, sizing: ItemSizing,
        buffer: FlowSolveBuffer, from start: Int, strideTerms: StrideTerms?, stored: FlatRowPlan.StoredLengths?,
        stopsBefore: (Int) -> Bool,
        freeze: (InstanceColumns) -> EstimatedInstances
    ) throws(LayoutError) -> (EstimatedInstances, String?, solved: Int) {
        let lengths = FlatRowPlan.ItemLengths(plan: plan, sizing: sizing, section: index)
        let flow = flowSection(plan, cache: cache, lengths: lengths)
        let P = cache.placement.P, terms = cache.placement.strideTerms
        var noRoom: String? = nil
        var solved = 0
        var cursor = FlatRowPlan.LengthCursor()
        let storage = try buffer.solve(room: itemCount - start, strideTerms: strideTerms) {
            (cells: inout FlowCellWriter, rows: inout FlowRowWriter) throws(LayoutError) -> RelativeExtent in
            var next = start
            var extent = RelativeExtent()
            while next < itemCount, !stopsBefore(next) {
                let (size, count, rowExtent) = try plan.solveFlowInstance(
                    first: next, itemCount: itemCount, flow: flow, section: index, container: container, P: P,
                    lengths: lengths, stored: stored, cursor: &cursor, cells: &cells)
                if count == 0 {
                    noRoom = RootPlacement.instanceNoRoom(start: next, itemCount: itemCount)
                    break
                }
                // §4.1 stride = eP1 + gP + eP2 + interGroupSpacing, as `InstanceRun.append` takes it.
                rows.append(firstItem: Int32(next), size: size, stride: terms.stride(size.length(P)))
                extent.add(rowExtent)
                next += count
            }
            solved = rows.count
            return extent
        } freeze: {
            freeze($0)
        }
        return (storage, noRoom, solved)
    }
}
