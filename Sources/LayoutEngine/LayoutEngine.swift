import CompositionalLayout
import SolverKernel

/// A solved compositional layout that stays solved as sizes, data and the container change, doing only the
/// work each change needs. Its frames equal the reference solver's for the same `LayoutState`.
///
/// Storage is flat: a section without estimated sizes keeps one template per definition (item k is template
/// item `k mod N` shifted by instance `k div N`), an estimated section keeps one frame per item relative to
/// its instance plus the instances' offsets in a Fenwick tree; section starts live in a Fenwick tree too, so a
/// change in one section moves every later one without touching it.
///
/// Not thread-safe: one engine is used from one thread at a time (it uses several threads itself for full
/// solves, see `threads`).
public final class LayoutEngine {
    /// The data the engine lays out.
    @exclusivity(unchecked) public internal(set) var state: LayoutState {
        didSet { stateVersion &+= 1 }  // no `oldValue`: the state is still modified in place
    }
    /// Counts changes to `state`, so that a solve kept for another container knows whether it still holds.
    @exclusivity(unchecked) var stateVersion = 0
    /// The solve of the container before the last resize that changed the size, while `state` changed only by
    /// that resize since: resizing back (a rotation and back) restores it instead of solving again.
    @exclusivity(unchecked) var previousSolve: SavedSolve? = nil
    /// Threads used by full solves (1 = serial). The result is identical for every count.
    public var threads: Int
    /// Work units (items solved, cells written) each worker of a parallel phase must get at least: below
    /// `2 × parallelGrain` a phase runs serially on the calling thread (`Parallel`, where the default is chosen).
    /// Starts at `LAYOUTBENCH_PARALLEL_GRAIN` when set (a test and measurement knob), else the default.
    public var parallelGrain: Int
    /// Phases this engine has run on more than one worker (full solves and `writeCellFrames`), since creation.
    public internal(set) var parallelPhasesRun = 0
    /// Whether items start at their estimates and measure only when `prepare(visibleRect:measuring:)` reaches
    /// them (the state's measure mode is then `none`: only measured items leave their estimates).
    public let isLazy: Bool

    // Storage, maintained by the files of this module. Its stored properties (and `state` above) are
    // `@exclusivity(unchecked)`: the engine is used from one thread and never lends one of them while it
    // reads it again (nor while it calls user code), so the dynamic checks (about 75 instructions each, some
    // 30 per measure and 80 per rect query) only cost.
    /// Per definition index, its cache at the current width (nil until a section uses it).
    @exclusivity(unchecked) var definitions: [DefinitionCache?] = []
    /// Templates place slots for item indices below this (at least every section's item count); slots past it
    /// are counted, not placed (docs/layout-rules.md §4.1). An insert past it re-solves the templates.
    @exclusivity(unchecked) var templateSlotCap = 0
    /// At least the slots per instance (N) of every template this engine has made: while it is at most the
    /// cap, no template left slots unplaced, and growing the cap needs no look at the definitions.
    @exclusivity(unchecked) var largestTemplateSlots = 0
    @exclusivity(unchecked) var sections: [SectionGeometry] = []
    /// Per section, its extent plus the inter-section spacing: section i starts at the prefix sum of i values.
    @exclusivity(unchecked) var sectionOffsets = FenwickTree(count: 0)
    @exclusivity(unchecked) var layoutBoundary: BoundaryItemsPlacement
    /// The layout as it solves now: calc values written in (docs/version-2.md §10.6), refreshed by `solveAll`.
    @exclusivity(unchecked) var environment: CollectionLayout
    /// The largest overhang of any section's elements beyond its extent (a query margin).
    @exclusivity(unchecked) var overhangBefore = 0.0
    @exclusivity(unchecked) var overhangAfter = 0.0
    @exclusivity(unchecked) var lastReport = UpdateReport()
    /// Buffers reused by every incremental solve (updates allocate only the storage they replace).
    @exclusivity(unchecked) var scratch = SolveScratch()
    /// Buffers of lazy preparation: (section, item) pairs near the rect, and one section's items.
    @exclusivity(unchecked) var lazyPending: [Int] = []
    @exclusivity(unchecked) var pendingItems: [Int] = []
    /// More buffers of lazy preparation: the sections near the rect, and the sizes measured in one section.
    @exclusivity(unchecked) var lazySections: [Int] = []
    @exclusivity(unchecked) var lazySizes: [Size] = []
    /// The capacity a rect query reserves for its result: about the size of the last result, and room for a
    /// screenful (128 elements, 8 KB) before the first: a viewport holds a few dozen to about a hundred cells
    /// and supplementaries, and from a first hint of 16 the first query's appends grew the buffer to about
    /// what it found, so the second query, asking a quarter more, allocated again.
    @exclusivity(unchecked) var queryCapacityHint = 128
    /// The last rect query's result, kept so that the next query writes into its buffer once the caller has
    /// let it go (`recyclingQueryResult`); empty when that result was too large to keep.
    @exclusivity(unchecked) var recycledQueryResult: [LayoutElement] = []
    #if DEBUG
    /// What rect queries did (debug builds only), for the work-counter tests.
    let queryWork = QueryWork()
    /// Which paths updates took (debug builds only), for the work-counter tests.
    let updateWork = UpdateWork()
    #endif
    /// The sizing of updates and queries, made once (no closures per operation): it reads `state` through
    /// `sizingSource` while lent (`lendSizing`), and the source is emptied when it is returned. A `let`, read
    /// where it is used: a copy retains its three closures (and releases them after), which a borrow does not.
    let sizingSource: SizingSource
    let lentSizing: ItemSizing

    /// Solves `layout` in full.
    /// - Parameters:
    ///   - layout: the layout to solve, with its sections' item counts.
    ///   - measure: how unmeasured estimated items size: the spec's model (`all`) or their estimates (`none`).
    ///   - threads: threads for full solves.
    ///   - lazy: start every item at its estimate; `prepare(visibleRect:measuring:)` measures them as they come
    ///     near the visible rect, like UIKit. Implies that `measure` applies only to measured items.
    ///   - parallelGrain: the grain of parallel phases (nil: `LAYOUTBENCH_PARALLEL_GRAIN` or the default); a
    ///     test passes 1 so that 2 threads really split a small layout.
    /// - Complexity: O(sections + definitions' template items + estimated items).
    public convenience init(
        layout: CollectionLayout, measure: MeasureMode = .all, threads: Int = 1, lazy: Bool = false,
        parallelGrain: Int? = nil
    ) throws(LayoutError) {
        try self.init(
            state: LayoutState(layout: layout, measure: measure), threads: threads, lazy: lazy,
            parallelGrain: parallelGrain)
    }

    /// Solves `state` in full. `parallelGrain` as in the other initializer.
    public init(state: LayoutState, threads: Int = 1, lazy: Bool = false, parallelGrain: Int? = nil)
        throws(LayoutError)
    {
        var state = state
        if lazy {
            state.measureMode = .none
            state.isLazy = true
        }
        self.state = state
        self.threads = max(1, threads)
        self.parallelGrain = parallelGrain.map { Swift.max(1, $0) } ?? Parallel.grainFromEnvironment()
        self.isLazy = lazy
        self.environment = state.layout
        self.sizingSource = SizingSource(state)
        self.sizingSource.sections = []
        self.lentSizing = LayoutState.sizing(reading: sizingSource)
        self.layoutBoundary = BoundaryItemsPlacement(
            items: [], section: -1, container: state.layout.container,
            scrollAxis: .y, followedInsets: nil, sizing: .estimates)
        try solveAll()
    }

    /// Makes the engine's sizing (`lentSizing`) read the current `state` until `returnSizing(saved)` is called
    /// with what this returned (calls nest). The state must not change in between. Allocates nothing.
    func lendSizing() -> [LayoutState.Section] {
        // Only the sections: passing the whole `state` would copy it (and retain every array it holds), and
        // the source read the model and the measure mode when it was made, which no operation changes
        // (copying the model, which holds arrays, was a third of this function).
        sizingSource.exchangeSections(state.sections)
    }

    func returnSizing(_ saved: [LayoutState.Section]) {
        _ = sizingSource.exchangeSections(saved)
    }

    /// What the last operation did.
    public var report: UpdateReport { lastReport }
}

/// What an operation did, so benchmarks and tests can check that work is proportional to the change.
public struct UpdateReport: Hashable, Sendable, CustomStringConvertible {
    /// Sections whose geometry was recomputed (not merely moved).
    public var sectionsSolved = 0
    /// Group instances solved (templates count as one each). A compact re-solve after an insert or delete
    /// (`CompactReuse`) counts the instances in which it measured an item; the others it derived from stored
    /// lengths or copied.
    public var instancesSolved = 0
    /// Templates of fixed-size definitions solved.
    public var templatesSolved = 0
    /// Items that took a new measured size.
    public var itemsMeasured = 0
    /// Sections whose start moved (by an O(log n) offset update, not by touching them).
    public var sectionsShifted = 0
    /// Sections placed again without solving their instances (boundary items that measure by index).
    public var sectionsPlaced = 0
    /// Phases run on more than one worker (0 when the work was below the engine's grain or threads is 1).
    public var parallelPhases = 0

    public init() {}

    public var description: String {
        "sections solved \(sectionsSolved), instances solved \(instancesSolved), templates \(templatesSolved), "
            + "items measured \(itemsMeasured), sections placed \(sectionsPlaced), parallel phases \(parallelPhases)"
    }

    static func + (a: UpdateReport, b: UpdateReport) -> UpdateReport {
        var r = a
        r.sectionsSolved += b.sectionsSolved
        r.instancesSolved += b.instancesSolved
        r.templatesSolved += b.templatesSolved
        r.itemsMeasured += b.itemsMeasured
        r.sectionsShifted += b.sectionsShifted
        r.sectionsPlaced += b.sectionsPlaced
        r.parallelPhases += b.parallelPhases
        return r
    }
}

/// Misuse of the engine: an index path or section that does not exist.
public enum EngineError: Error, Hashable, Sendable, CustomStringConvertible {
    case operation(OperationError)
    case layout(LayoutError)

    public var description: String {
        switch self {
        case .operation(let e): return e.description
        case .layout(let e): return e.description
        }
    }
}
