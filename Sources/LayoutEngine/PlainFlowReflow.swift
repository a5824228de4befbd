import CompositionalLayout
import SolverKernel

/// What reflowing a plain chip flow's rows in place needs: a single-item flow placed plainly
/// (`FlatRowPlan.FlowSection.placesPlainly`: each cell where the last ended plus the spacing, at 0 across, every
/// row the group's fixed size), whose re-solves start at the instance holding the item or the one before
/// (no spacing restart, a look-ahead of one item), and whose lengths come from the sizing's plain form (no
/// cycle model). A measure or a small insert in such a section changes cells and the rows' first items, never
/// a row's size or stride: a measure that keeps the rows' number needs no splice, no offsets and no
/// placement, and otherwise the first items and cells after the change move and the rows' equal sizes and
/// strides move with them or are written again (`EstimatedInstances.reflowPlainRows`). Made once per
/// definition (`DefinitionCache.plainReflow`).
struct PlainFlowReflow {
    /// The row's axis, and the scroll axis of the section (P, which the extent is kept along).
    let main: Axis, P: Axis
    /// The content box's length along the row, more than 0.
    let avail: Double
    let spacing: Double
    /// The item's length across when it does not measure there; NaN when it does (its cell holds its length).
    let fixedCross: Double
    /// Every row's size (the group's proposed size: a plain flow's group is not estimated) and stride (§4.1).
    let rowSize: Size, stride: Double
    /// The item's estimates along the row and across, and its own plain self-sizing model: what a new item's
    /// lengths are measured with (`SectionLengths.length`, as `FlatRowPlan.ItemLengths.measure` asks).
    let mainEstimate: Double, crossEstimate: Double
    let declared: SeededModel?

    /// The most items one insert may add for the plain path (their sizes are kept on the stack).
    static var insertLimit: Int { 16 }

    /// Rows a reflow writes at most before it gives the update to the general path (their first items are
    /// kept on the stack until the reflow is known to end with as many rows).
    static var rowLimit: Int { 64 }

    /// The rule of `plan`'s sections, or nil when they are not plain flows as described above.
    init?(plan: FlatRowPlan, flow: FlatRowPlan.FlowSection?, lookahead: Int?, placement: RootPlacement) {
        guard let flow, flow.placesPlainly, flow.avail > 0, plan.isSingleItemFlow, !plan.mainIsConstant,
            plan.supplementaries.isEmpty, !plan.hasCycleModel, plan.neverRestartsForSpacing, lookahead == 1
        else { return nil }
        main = plan.main
        P = placement.P
        avail = flow.avail
        spacing = plan.spacing
        fixedCross = flow.fixedCross
        rowSize = flow.slot.proposed
        stride = placement.strideTerms.stride(rowSize.length(P))
        mainEstimate = flow.mainEstimate
        crossEstimate = flow.crossEstimate
        declared = flow.declared
    }

    /// A new item's cell size, its lengths read from `lengths` as the general flow path measures a fresh item
    /// (its length across the fixed one when the item does not measure there). O(1).
    func freshSize(_ item: Int, lengths: SectionLengths) -> Size {
        let cross = main.other
        let along = lengths.length(item: item, axis: main, estimate: mainEstimate, declared: declared)
        let across =
            fixedCross.isNaN
            ? lengths.length(item: item, axis: cross, estimate: crossEstimate, declared: declared) : fixedCross
        return Size(main, along, across: across)
    }

    /// A measured item's cell size: its measured length along the row, and across unless that is fixed. O(1).
    func measuredSize(_ measured: Size) -> Size {
        Size(main, measured.length(main), across: fixedCross.isNaN ? measured.length(main.other) : fixedCross)
    }
}

/// What changed among a plain flow's items: items `at..<at + sizes.count` are new (measured again, or
/// inserted), with these cell sizes, and the items after them moved by `shift` (0 for a measure, the new
/// items' count for an insert).
struct PlainFlowChange {
    var at: Int
    var sizes: UnsafeBufferPointer<Size>
    var shift: Int

    /// The changed items' range.
    var fresh: Range<Int> { at..<at + sizes.count }
}

/// What `EstimatedInstances.reflowPlainRows` did.
struct PlainReflowResult {
    /// Rows written (re-solved), the first at or before the one holding the change.
    var rows: Int
    /// Whether the rows changed in number (then the section's length changed, and it is placed again).
    var rowsChanged: Bool
    /// Whether the storage's query extent changed (then the section's overhang is worked out again).
    var extentChanged: Bool
}
