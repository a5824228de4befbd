import CompositionalLayout
import SolverKernel

/// The flow path of the flat plan: one item declaration repeated until the row is full (chips, tags, any
/// wrapping row), whose items measure along the row, so rows break wherever the measured lengths say. It
/// applies §3.1 (one pass: no item is main-dependent, so the spacing restart never runs), §3.3, §3.4, §6
/// and §2 through the same kernel functions (`GroupRules`) in the same order as `solveInstance`, so its cells
/// are bit for bit the ones the general path writes; what it leaves out is the general path's bookkeeping:
/// no scratch arrays (the row's cells are written as they are placed, then given their origins), the item's
/// declaration read once per section rather than per item, and its length across computed once per section
/// when it is not estimated.
extension FlatRowPlan {
    /// What every row of a section shares: the item's declaration in plain fields and the root's boxes.
    struct FlowSection {
        let slot: RootSlot
        let avail: Double
        /// The item's estimate along the row: every flow item measures along it (`mainIsConstant` false),
        /// so no dimension is resolved per item (resolving one per row cost four `floor` calls for the cases
        /// not taken).
        let mainEstimate: Double
        /// The item's estimate across, when it measures across (then `fixedCross` is NaN).
        let crossEstimate: Double
        /// The item's length across against the content box, when it does not measure (NaN when it does).
        let fixedCross: Double
        /// Whether the item's length across is estimated (then its stored cell holds its measured length).
        let crossEstimated: Bool
        let preMain: Double, postMain: Double, preCross: Double, postCross: Double
        let preMainFlexible: Bool, postMainFlexible: Bool
        let flexibleEdges: Int
        let item: Item
        /// The item's own plain self-sizing model, read once (`ItemLengths.measure`).
        let declared: SeededModel?
        /// Whether placing a row's cells adds nothing but their lengths and the spacing: no edge spacing, no
        /// flexible spacing or edge, no group or item insets (each exactly +0, so that the terms they add leave
        /// every sum as it is) and a group that is not estimated (so that the row is its proposed size). Then
        /// `solveFlowInstance` places each cell where the last ended plus the spacing, at 0 across: the same
        /// sums `Cursor.place`, `crossOrigin` and `cellFrame` make, without their zero terms and the §3.3
        /// totals nothing reads.
        let placesPlainly: Bool
        /// While the section's items are untouched, their lengths along the row and across as plain
        /// arithmetic (`implicitMain`, `implicitCross`), measured inline with no call per item; otherwise
        /// (`implicit` false) each item is measured through `ItemLengths`. The only values that depend on the
        /// section rather than the definition (`with(_:)` sets them).
        private(set) var implicit = false
        private(set) var implicitMain = ImplicitLengths.estimates
        private(set) var implicitCross = ImplicitLengths.estimates

        /// The values of every section of `plan`'s definition, with the implicit lengths off: what
        /// `DefinitionCache.flow` keeps, so that a re-solve does not resolve the item's dimensions and the
        /// root's slot again (about 260 instructions per re-solved flow section).
        init(_ plan: FlatRowPlan, slot: RootSlot, container: LayoutContainer) {
            let item = plan.items[0]
            let main = plan.main
            self.slot = slot
            self.item = item
            declared = plan.seededModels[item.selfSizing]
            avail = slot.content.length(main)
            let mainDimension = main == .x ? item.width : item.height
            let crossDimension = main == .x ? item.height : item.width
            precondition(mainDimension.isEstimated, "a flow's item measures along the row")
            mainEstimate = DimensionResolver.length(mainDimension, box: slot.content, container: container) { $0 }
            crossEstimate = DimensionResolver.length(crossDimension, box: slot.content, container: container) { $0 }
            crossEstimated = crossDimension.isEstimated
            fixedCross =
                crossDimension.isEstimated
                ? .nan
                : DimensionResolver.length(crossDimension, box: slot.content, container: container) { _ in .nan }
            preMain = item.preMain
            postMain = item.postMain
            preCross = item.preCross
            postCross = item.postCross
            preMainFlexible = item.preMainFlexible
            postMainFlexible = item.postMainFlexible
            flexibleEdges = GroupRules.flexibleEdges(
                preFlexible: item.preCrossFlexible, postFlexible: item.postCrossFlexible)
            func isPlusZero(_ insets: EdgeInsets) -> Bool {
                [insets.top, insets.leading, insets.bottom, insets.trailing].allSatisfy { $0.bitPattern == 0 }
            }
            placesPlainly =
                !plan.flexibleSpacing && !plan.estimatedMain && !plan.estimatedCross && isPlusZero(plan.insets)
                && isPlusZero(item.contentInsets) && !item.preMainFlexible && !item.postMainFlexible
                && flexibleEdges == 0
                && [item.preMain, item.postMain, item.preCross, item.postCross].allSatisfy { $0.bitPattern == 0 }
        }

        /// The values for one section: the definition's, with the section's items read as plain arithmetic
        /// while they are untouched.
        init(_ plan: FlatRowPlan, slot: RootSlot, container: LayoutContainer, lengths: borrowing ItemLengths) {
            self.init(plan, slot: slot, container: container)
            self = with(lengths, main: plan.main)
        }

        /// These values for the section whose lengths are `lengths` (`main`: the plan's axis along the row):
        /// the same as `init(_:slot:container:lengths:)` gives. O(1).
        @inline(__always)
        func with(_ lengths: borrowing ItemLengths, main: Axis) -> FlowSection {
            var flow = self
            if lengths.fallback == nil,
                let alongRow = lengths.fast.implicitLengths(axis: main, declared: declared),
                let across = lengths.fast.implicitLengths(axis: main.other, declared: declared)
            {
                flow.implicit = true
                flow.implicitMain = alongRow
                flow.implicitCross = across
            } else {
                flow.implicit = false
                flow.implicitMain = .estimates
                flow.implicitCross = .estimates
            }
            return flow
        }
    }

    /// Where a flow solve reads its items' lengths while they carry records (`FlowSection.implicit` false):
    /// one `LengthStretch` per axis, kept from row to row (items are read in order).
    struct LengthCursor {
        var main = LengthStretch.none
        var cross = LengthStretch.none
    }

    /// Where a flow's re-solve reads the lengths of the items a change left alone: their cells in the old
    /// storage. A flow item measures along the row (and across, when its length there is estimated), and an
    /// estimated dimension's cell is its slot (`GroupRules.cellFrame`), so an old cell's lengths are the
    /// item's measured ones; an item the change did not touch measures the same again (what `CompactReuse`
    /// relies on too). Reading two lengths from a cell replaces two measures: a seeded hash each, and the
    /// search for the stretch of the section's records that holds the item.
    struct StoredLengths {
        let cells: UnsafePointer<Rect>
        let oldItemCount: Int
        /// The new items with no stored cell (inserted, or measured again); the items after them were old item
        /// `i - shift`, those before old item `i`.
        let fresh: Range<Int>
        let shift: Int

        /// The cells of `storage` (full form), for the change that made items `fresh` new and moved the ones
        /// after them by `shift`; nil in the compact form. O(1).
        init?(_ storage: EstimatedInstances, fresh: Range<Int>, shift: Int) {
            let reader = storage.reader
            guard reader.form == nil else { return nil }
            cells = reader.cells
            oldItemCount = reader.itemCount
            self.fresh = fresh
            self.shift = shift
        }

        /// Item `i`'s old cell, or nil when it has none. O(1).
        @inline(__always) func cell(_ i: Int) -> Rect? {
            let old = i < fresh.lowerBound ? i : i >= fresh.upperBound ? i &- shift : -1
            guard old >= 0, old < oldItemCount else { return nil }
            return cells[old]
        }
    }

    /// Solves the row starting at section item `first` (a plan with `isSingleItemFlow`), appending its cells.
    /// Returns the row's size, its item count (0: no room, which ends the section) and its cells' extent (the
    /// plan has no leaf supplementaries, so nothing reaches past them).
    /// A re-solve passes the old storage's cells as `stored`, and the items it holds are not measured again.
    /// - Complexity: O(items placed), no allocation once `cells` has grown.
    @inline(__always)
    func solveFlowInstance<Cells: FlowCells>(
        first: Int, itemCount: Int, flow: FlowSection, section: Int, container: LayoutContainer, P: Axis,
        lengths: borrowing ItemLengths, stored: StoredLengths? = nil, cursor: inout LengthCursor,
        cells: inout Cells
    ) throws(LayoutError) -> (size: Size, count: Int, extent: RelativeExtent) {
        let main = self.main, cross = main.other
        let box = flow.slot.content
        let firstCell = cells.count
        guard box.length(main) > 0 else { return (flow.slot.proposed, 0, RelativeExtent()) }
        // §3.1 pass 1: candidates in order while they fit; each placed item's cell is appended with its lengths
        // (its length across measured against the same box, as `solveInstance` measures it after the pass).
        var remaining = flow.avail
        var next = first
        var placed = 0
        var largestCross = -Double.infinity
        while next < itemCount {
            let storedCell = stored?.cell(next)
            let mainLength =
                storedCell?.size.length(main)
                ?? (flow.implicit
                    ? flow.implicitMain.length(item: next, estimate: flow.mainEstimate)
                    : lengths.measure(
                        flow.item, main, flow.mainEstimate, next, declared: flow.declared, stretch: &cursor.main))
            // Placed plainly, the edges are +0 and add nothing: the same need.
            let need =
                flow.placesPlainly
                ? (placed > 0 ? mainLength + spacing : mainLength)
                : GroupRules.need(
                    mainLength: mainLength, pre: flow.preMain, post: flow.postMain, spacing: spacing,
                    addsSpacing: placed > 0)
            if need <= 0 {
                cells.truncate(to: firstCell)
                return (flow.slot.proposed, 0, RelativeExtent())
            }
            if GroupRules.overflows(remaining: remaining, need: need) { break }
            var crossLength = flow.fixedCross
            if crossLength.isNaN, flow.crossEstimated, let storedCell {
                crossLength = storedCell.size.length(cross)
            } else if crossLength.isNaN {
                crossLength =
                    flow.implicit
                    ? flow.implicitCross.length(item: next, estimate: flow.crossEstimate)
                    : lengths.measure(
                        flow.item, cross, flow.crossEstimate, next, declared: flow.declared, stretch: &cursor.cross)
            }
            // Read only to size a group estimated across, which is never placed plainly.
            if !flow.placesPlainly { largestCross = max(largestCross, crossLength + flow.preCross + flow.postCross) }
            cells.append(Rect(origin: .zero, size: Size(main, mainLength, across: crossLength)))
            remaining -= need
            next += 1
            placed += 1
            if placed > CollectionLayout.maxItemsPerGroupInstance {
                throw LayoutError(
                    .tooManyItemsInGroup(limit: CollectionLayout.maxItemsPerGroupInstance), section: section)
            }
        }
        guard placed > 0 else { return (flow.slot.proposed, 0, RelativeExtent()) }
        if flow.placesPlainly {
            // `FlowSection.placesPlainly`: the row is its proposed size, and each slot (its cell) starts where the
            // last one ended plus the spacing, at 0 across. About 60 instructions a chip less.
            let spacing = self.spacing
            return cells.withCells(from: firstCell, count: placed) {
                row -> (size: Size, count: Int, extent: RelativeExtent) in
                var position = 0.0
                var extent = RelativeExtent()
                for k in 0..<placed {
                    if k > 0 { position += spacing }
                    let size = row[k].size
                    let cell = Rect(origin: Point.along(main, position, across: 0), size: size)
                    row[k] = cell
                    extent.add(cell, P: P)
                    position += size.length(main)
                }
                return (flow.slot.proposed, placed, extent)
            }
        }
        // §3.3 total and flex, §6 the row's size, then §3.3, §3.4 and §2 each cell, as `boundingSize` and
        // `arrange` compute them, written over the appended lengths.
        // The closure keeps its running values in locals and returns them: values it captured would be
        // written back to memory after every cell (the writes through `row` might alias them).
        return cells.withCells(from: firstCell, count: placed) {
            row -> (size: Size, count: Int, extent: RelativeExtent) in
            var totals = GroupRules.Totals(count: placed, spacing: spacing, flexibleSpacing: flexibleSpacing)
            for k in 0..<placed {
                totals.add(
                    mainLength: row[k].size.length(main), pre: flow.preMain, post: flow.postMain,
                    preFlexible: flow.preMainFlexible, postFlexible: flow.postMainFlexible)
            }
            let size = GroupRules.boundingSize(
                flow.slot.proposed, main: main, insets: insets, estimatedMain: estimatedMain,
                estimatedCross: estimatedCross, total: totals.total, largestCross: largestCross)
            let contentCross = GroupRules.contentBox(size, insets: insets).length(cross)
            var cursor = GroupRules.Cursor(
                origin: insets.pre(main), spacing: spacing, flexibleSpacing: flexibleSpacing,
                extra: GroupRules.extra(
                    avail: flow.avail, total: totals.total, flex: totals.flex, estimatedMain: estimatedMain))
            let crossStart = insets.pre(cross)
            let widthEstimated = flow.item.width.isEstimated, heightEstimated = flow.item.height.isEstimated
            var extent = RelativeExtent()
            for k in 0..<placed {
                let slotSize = row[k].size
                let mainOrigin = cursor.place(
                    mainLength: slotSize.length(main), pre: flow.preMain, post: flow.postMain,
                    preFlexible: flow.preMainFlexible, postFlexible: flow.postMainFlexible)
                let crossOrigin = GroupRules.crossOrigin(
                    contentOrigin: crossStart, contentLength: contentCross, slotLength: slotSize.length(cross),
                    pre: flow.preCross, post: flow.postCross, flexibleEdges: flow.flexibleEdges)
                let cell = GroupRules.cellFrame(
                    slot: Rect(origin: Point.along(main, mainOrigin, across: crossOrigin), size: slotSize),
                    insets: flow.item.contentInsets, widthEstimated: widthEstimated,
                    heightEstimated: heightEstimated)
                row[k] = cell
                extent.add(cell, P: P)
            }
            return (size, placed, extent)
        }
    }
}
