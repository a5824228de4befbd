import CompositionalLayout
import SolverKernel

/// What a worker (or the engine, for updates) reuses from one section to the next: the instance buffers and,
/// per definition, the flat plan's scratch. Solving a section then allocates only its frozen storage.
struct SolveScratch {
    var builder = InstanceBuilder()
    /// A worker's own sizing function: every item's length goes through it, so workers sharing one closure
    /// context would fight over its reference count.
    var sizing: ItemSizing? = nil
    /// Per slot (a cache's `scratchSlot`, the definition it was made for): the cache a flat plan scratch
    /// belongs to (a replaced definition gets a new cache, so stale patterns are never reused) and the
    /// scratch, in two arrays so that looking for an owner compares pointers and taking a scratch moves it
    /// (no copies of its buffers).
    private var flatOwners: [DefinitionCache?] = []
    /// Grown with a fresh `Scratch()` per new slot: appending copies of one (`repeatElement`) costs a retain per
    /// buffer per slot and a generic append (6k instructions a growth). Not optional: wrapping and unwrapping a
    /// scratch on every take and give back costs more than that over a few dozen solves.
    private var flatScratches: [FlatRowPlan.Scratch] = []
    /// The compact solve's columns (`SectionBuilder.solveCompact`), grown and never shrunk.
    var columns = CompactColumns()
    /// A flow solve's cells and rows (`SectionBuilder.solveFlowRows`, `resolveFlowRows`), grown and never
    /// shrunk (it allocates nothing until a flow is solved).
    private(set) var flow = FlowSolveBuffer()

    init() {}

    /// Takes the instance buffers out (leaving empty ones), to be given back with `giveBack`.
    mutating func takeBuilder() -> InstanceBuilder {
        var taken = InstanceBuilder()
        swap(&taken, &builder)
        taken.reset()
        return taken
    }

    mutating func giveBack(_ builder: consuming InstanceBuilder) { self.builder = builder }

    /// The flat plan scratch of `cache`, taken out (give it back with `giveBack(flat:)`). Definitions
    /// that resolve alike share one cache, and then its scratch (and its grown buffers), kept in the cache's
    /// slot (`scratchSlot`). Complexity: O(1), O(slots) pointer comparisons when another cache holds that
    /// slot.
    mutating func takeFlat(cache: DefinitionCache) -> FlatRowPlan.Scratch {
        let slot = flatSlot(of: cache)
        guard let slot else { return FlatRowPlan.Scratch() }
        flatOwners[slot] = nil
        var taken = FlatRowPlan.Scratch()
        swap(&taken, &flatScratches[slot])
        return taken
    }

    /// Runs `body` with the flat plan scratch of `cache` and the builder's cell and leaf list buffers,
    /// lent where they are: unlike `takeFlat` and `takeBuilder`, nothing is swapped out, reset or given back
    /// (what an update of one instance would otherwise pay several times over its own work). The buffers
    /// keep whatever `body` leaves in them; the next `takeBuilder` empties them. The scratch is used in the
    /// slot that holds it: the cache's own (`scratchSlot`, shared by the definitions that resolve alike).
    /// Complexity: O(1), O(slots) pointer comparisons when another cache holds that slot.
    mutating func withFlatAndCells<R>(
        cache: DefinitionCache,
        _ body: (inout FlatRowPlan.Scratch, inout ContiguousArray<Rect>, inout ContiguousArray<UInt16>)
            throws(LayoutError) -> R
    ) throws(LayoutError) -> R {
        if let slot = flatSlot(of: cache) {
            return try body(&flatScratches[slot], &builder.cells, &builder.leafSupplementaries)
        }
        var flat = FlatRowPlan.Scratch()
        do {
            let result = try body(&flat, &builder.cells, &builder.leafSupplementaries)
            giveBack(flat: consume flat, cache: cache)
            return result
        } catch {
            giveBack(flat: consume flat, cache: cache)
            throw error
        }
    }

    mutating func giveBack(flat scratch: consuming FlatRowPlan.Scratch, cache: DefinitionCache) {
        let slot = cache.scratchSlot
        while flatOwners.count <= slot {
            flatOwners.append(nil)
            flatScratches.append(FlatRowPlan.Scratch())
        }
        flatOwners[slot] = cache
        flatScratches[slot] = scratch
    }

    /// Moves in from `other` (a full solve's worker scratch) the flat plan scratches of caches whose own slot
    /// here holds another cache's or none: the patterns that worker fitted, once per definition, then serve
    /// the first update of each definition too, instead of being fitted again. O(slots). Never inlined: run
    /// once per full solve, and inlined with `takeFlat` and `giveBack` it grew `solveAll` (grid-100k full +1.8%).
    @inline(never)
    mutating func adoptFlatScratches(from other: inout SolveScratch) {
        for slot in other.flatOwners.indices {
            guard let owner = other.flatOwners[slot], owner.scratchSlot == slot else { continue }
            if slot < flatOwners.count && flatOwners[slot] === owner { continue }
            giveBack(flat: other.takeFlat(cache: owner), cache: owner)
        }
    }

    /// Takes `other`'s grown buffers where they are larger than these (the flow buffer and the builder's
    /// arrays), leaving it these: a full solve's first worker grew them to its largest section, and the first
    /// update of a large section grew the engine's own again (chips-100k insert: four allocations through
    /// jemalloc's slow path, about 7k instructions). Not the compact columns: taking them too made
    /// selfsizing-100k insert 2% dearer. O(1): buffers are moved, not copied.
    @inline(never)
    mutating func adoptGrownBuffers(from other: inout SolveScratch) {
        if other.flow.capacity > flow.capacity { swap(&flow, &other.flow) }
        if other.builder.cells.capacity > builder.cells.capacity { swap(&builder, &other.builder) }
    }

    /// Whether a fitted pattern of `cache` is held (for tests of `adoptFlatScratches`). O(slots).
    func holdsPattern(of cache: DefinitionCache) -> Bool {
        flatSlot(of: cache).map { flatScratches[$0].patternBox != nil } ?? false
    }

    /// The slot holding `cache`'s flat plan scratch, if one does: its own (`scratchSlot`), else (another cache
    /// took that slot) whichever holds it. O(1), O(slots) pointer comparisons on a miss. Always inlined: as a
    /// call, it changed how the compact solve's closure inlined (selfsizing-100k full +3%).
    @inline(__always)
    private func flatSlot(of cache: DefinitionCache) -> Int? {
        let own = cache.scratchSlot
        if own < flatOwners.count && flatOwners[own] === cache { return own }
        return flatOwners.firstIndex { $0 === cache }
    }
}

/// How a re-solve relates new item indices to the previous storage's: old items from `tailStart` on are
/// the same items at `index + shift`, and a new instance starting on one of them at or after `minNext`
/// (past every changed item) starts the unchanged tail.
struct TailReuse {
    var tailStart: Int
    var shift: Int
    var minNext: Int

    /// An insert of a few items (`PlainFlowReflow.insertLimit` at most), which a plain chip flow reflows in
    /// place.
    var isPlainInsert: Bool { shift > 0 && shift <= PlainFlowReflow.insertLimit && minNext == tailStart + shift }

    /// Items `low...high` changed in place (measure, reload).
    static func changed(_ low: Int, _ high: Int) -> TailReuse {
        TailReuse(tailStart: high + 1, shift: 0, minNext: high + 1)
    }
    static func inserted(at: Int, count: Int) -> TailReuse {
        TailReuse(tailStart: at, shift: count, minNext: at + count)
    }
    static func deleted(at: Int, count: Int) -> TailReuse {
        TailReuse(tailStart: at + count, shift: -count, minNext: at)
    }
}

extension SectionBuilder {
    /// §6 instances solved one after another from the first item.
    /// - Complexity: O(items), allocating only the frozen storage (the buffers are `scratch`'s).
    func solveInstances(
        _ cache: DefinitionCache, index: Int, itemCount: Int, sizing: ItemSizing,
        scratch: inout SolveScratch
    ) throws(LayoutError) -> (EstimatedInstances, String?, solved: Int) {
        if solvesCompact, let plan = cache.flatPlan, plan.mainIsConstant,
            let compact = try solveCompact(
                plan, cache: cache, index: index, itemCount: itemCount, sizing: sizing,
                scratch: &scratch)
        {
            return (compact, nil, compact.count)
        }
        if let plan = cache.flatPlan, plan.isSingleItemFlow, !plan.mainIsConstant, plan.supplementaries.isEmpty {
            return try solveFlowRows(
                plan, cache: cache, index: index, itemCount: itemCount, sizing: sizing,
                buffer: scratch.flow)
        }
        var run = InstanceRun(
            itemCount: itemCount, builder: scratch.takeBuilder(), placement: cache.placement,
            previous: nil, firstInstance: 0, reuse: nil, inPlace: false)
        try finish(&run, scratch: &scratch) {
            (run: inout InstanceRun, scratch: inout SolveScratch) throws(LayoutError) in
            try solveLoop(cache, index: index, sizing: sizing, scratch: &scratch, run: &run)
        }
        let frozen = run.freeze()
        scratch.giveBack(run.takeBuilder())
        return (frozen, run.noRoom, run.solved)
    }

    /// Re-solves the instances of `previous` from `firstInstance` after a change described by `reuse`: the
    /// instances before are copied, the unchanged tail after the change is spliced in (first items shifted).
    /// When the caller holds the only reference to `previous` (`ownsPrevious`), a single-item flow's rows may
    /// be written over the old ones, and `previous` itself returned (`EstimatedInstances.overwrite`).
    /// - Complexity: O(items solved until the new instances meet old ones again) plus O(items of the section)
    ///   to copy into the new storage (one allocation), or O(instances solved × log instances) written in place.
    func resolveInstances(
        _ cache: DefinitionCache, index: Int, itemCount: Int, sizing: ItemSizing,
        previous: EstimatedInstances, ownsPrevious: Bool, fromInstance firstInstance: Int, changedFrom at: Int,
        reuse: TailReuse, scratch: inout SolveScratch
    ) throws(LayoutError) -> (EstimatedInstances, String?, solved: Int) {
        // A single-item flow without supplementaries (chips: placed by their lengths along the row, which keeps
        // the full form) solves no leaf lists nor hosts: its new rows are solved alone and spliced between the
        // old ones (`resolveFlowRows`) rather than solved into the builder with copies of them. (Lists and
        // column grids are not: a fresh solve may find them compact, and a splice keeps the full form.)
        if previous.splices, let plan = cache.flatPlan, plan.isSingleItemFlow, !plan.mainIsConstant,
            plan.supplementaries.isEmpty
        {
            return try resolveFlowRows(
                plan, cache: cache, index: index, itemCount: itemCount, sizing: sizing, previous: previous,
                ownsPrevious: ownsPrevious, fromInstance: firstInstance, changedFrom: at, reuse: reuse,
                buffer: scratch.flow)
        }
        var run = InstanceRun(
            itemCount: itemCount, builder: scratch.takeBuilder(), placement: cache.placement,
            previous: previous, firstInstance: firstInstance, reuse: reuse,
            inPlace: false)
        try finish(&run, scratch: &scratch) {
            (run: inout InstanceRun, scratch: inout SolveScratch) throws(LayoutError) in
            try solveLoop(cache, index: index, sizing: sizing, scratch: &scratch, run: &run)
        }
        let frozen = run.freeze()
        scratch.giveBack(run.takeBuilder())
        return (frozen, run.noRoom, run.solved)
    }

    /// Re-solves instances of `storage` in place from `firstInstance` after items `low...high` changed size
    /// (measure, reload), as long as every re-solved instance keeps its items; stops where instances meet
    /// the old ones again past `high`. Returns the instances written, and nil when that finished the update;
    /// else where the caller re-solves with `resolveInstances`: the instance that changed its items (the
    /// instances written before it are already correct), or `firstInstance` after "no room" (and, having
    /// written nothing, for a single-item flow in the full form, which `resolveInstances` serves better).
    /// - Complexity: O(items in the instances solved × log instances), no allocation.
    func updateInstancesInPlace(
        _ cache: DefinitionCache, index: Int, itemCount: Int, sizing: ItemSizing,
        storage: EstimatedInstances, fromInstance firstInstance: Int, low: Int, high: Int,
        scratch: inout SolveScratch
    ) throws(LayoutError) -> (written: Int, stoppedAt: Int?) {
        if let plan = cache.flatPlan, plan.isSingleItemFlow, !plan.mainIsConstant, plan.supplementaries.isEmpty {
            // A full-form flow re-solves through `resolveFlowRows` instead, which writes its rows over the old
            // ones when they stay as many (`EstimatedInstances.overwrite`): cheaper than writing them one by
            // one here and, when a row changes its items, making the flow's values again and solving that row
            // twice (chips measure-one -5%). The compact form (rows that happen to repeat) stays here.
            if storage.splices { return (0, firstInstance) }
            return try remeasureFlowRows(
                plan, cache: cache, index: index, itemCount: itemCount, sizing: sizing, storage: storage,
                fromInstance: firstInstance, high: high, buffer: scratch.flow)
        }
        var run = InstanceRun(
            itemCount: itemCount, builder: scratch.takeBuilder(), placement: cache.placement,
            previous: storage, firstInstance: firstInstance,
            reuse: .changed(low, high), inPlace: true)
        try finish(&run, scratch: &scratch) {
            (run: inout InstanceRun, scratch: inout SolveScratch) throws(LayoutError) in
            try solveLoop(cache, index: index, sizing: sizing, scratch: &scratch, run: &run)
        }
        // A changed instance is where the re-solve starts; after "no room" (the section may need new
        // instances, or none) it starts over from the first instance tried.
        let restart =
            run.shapeChanged && run.noRoom == nil && run.instance < storage.count ? run.instance : firstInstance
        let result = (written: run.solved, stoppedAt: run.inPlaceSucceeded ? nil : Optional(restart))
        scratch.giveBack(run.takeBuilder())
        return result
    }

    /// Runs `body`; when it throws, the run's buffers go back to `scratch` first (moved, not copied: a
    /// `defer` would copy the builder's arrays, a retain each, on every section).
    private func finish(
        _ run: inout InstanceRun, scratch: inout SolveScratch,
        _ body: (inout InstanceRun, inout SolveScratch) throws(LayoutError) -> Void
    ) throws(LayoutError) {
        do {
            try body(&run, &scratch)
        } catch {
            scratch.giveBack(run.takeBuilder())
            throw error
        }
    }

    private func solveLoop(
        _ cache: DefinitionCache, index: Int, sizing: ItemSizing,
        scratch: inout SolveScratch, run: inout InstanceRun
    ) throws(LayoutError) {
        if let plan = cache.flatPlan {
            var flat = scratch.takeFlat(cache: cache)
            do {
                try solveFlatInstances(
                    plan, box: rootBox(of: cache), index: index, sizing: sizing, flat: &flat, into: &run)
            } catch {
                scratch.giveBack(flat: consume flat, cache: cache)
                throw error
            }
            scratch.giveBack(flat: consume flat, cache: cache)
        } else {
            try solveTreeInstances(cache.section, index: index, sizing: sizing, into: &run)
        }
    }

    /// The fast path (a root group of items only): the plan is unwrapped once, so no instance copies it.
    private func solveFlatInstances(
        _ plan: FlatRowPlan, box: Size, index: Int, sizing: ItemSizing,
        flat scratch: inout FlatRowPlan.Scratch, into run: inout InstanceRun
    ) throws(LayoutError) {
        let tracksSupplementaries = !plan.supplementaries.isEmpty
        if tracksSupplementaries && run.builder.supplementaries.isEmpty {
            run.builder.supplementaries = plan.supplementaries
        }
        let reach = tracksSupplementaries ? supplementaryReach(plan.supplementaries.lists, hostSize: box) : 0
        let lengths = FlatRowPlan.ItemLengths(plan: plan, sizing: sizing, section: index)
        let slot = plan.rootSlot(box: box, container: container)
        if plan.isSingleItemFlow && !plan.mainIsConstant {
            let flow = FlatRowPlan.FlowSection(plan, slot: slot, container: container, lengths: lengths)
            var cursor = FlatRowPlan.LengthCursor()
            while run.next < run.itemCount {
                if run.stopIfConverged() { break }
                let (size, count, extent) = try plan.solveFlowInstance(
                    first: run.next, itemCount: run.itemCount, flow: flow, section: index, container: container,
                    P: run.P, lengths: lengths, cursor: &cursor, cells: &run.builder.cells)
                if count == 0 {
                    run.stopWithNoRoom()
                    break
                }
                run.append(size: size, count: count, extent: extent, hosts: nil)
                if run.shapeChanged { break }
            }
            return
        }
        while run.next < run.itemCount {
            if run.stopIfConverged() { break }
            let before = run.builder.cells.count
            let (size, count) = try plan.solveInstance(
                first: run.next, itemCount: run.itemCount, slot: slot, section: index, container: container,
                lengths: lengths,
                scratch: &scratch, cells: &run.builder.cells, leafSupplementaries: &run.builder.leafSupplementaries)
            if count == 0 {
                run.stopWithNoRoom()
                break
            }
            var instanceExtent = RelativeExtent()
            // An item's supplementaries are anchored to its cell (§4.4), which can be larger than the group
            // and the root box (an item overflowing a small group): the reach is taken at the largest cell too.
            var largestCell = Size.zero
            for i in before..<run.builder.cells.count {
                let cell = run.builder.cells[i]
                instanceExtent.add(cell, P: run.P)
                largestCell = largestCell.atLeast(cell.size)
            }
            if tracksSupplementaries {
                let host = largestCell.atLeast(size)
                instanceExtent.grow(by: max(reach, supplementaryReach(plan.supplementaries.lists, hostSize: host)))
            }
            run.append(size: size, count: count, extent: instanceExtent, hosts: nil)
            if run.shapeChanged { break }
        }
    }

    /// The general path: each instance solved by the shared group rules (§3) into a tree, then flattened into
    /// the section's buffers with its anchored supplementaries' hosts.
    private func solveTreeInstances(
        _ section: LayoutSection, index: Int, sizing: ItemSizing,
        into run: inout InstanceRun
    ) throws(LayoutError) {
        let groups = GroupSolver(
            container: container, sizing: sizing, section: index, itemCount: run.itemCount, limitsItems: true)
        let root = LayoutNode.group(section.group)
        let box = rootBox(section)
        while run.next < run.itemCount {
            if run.stopIfConverged() { break }
            let node = try groups.resolveAndSolve(root, box: box, firstItem: run.next)
            if node.leaves.isEmpty {
                run.stopWithNoRoom()
                break
            }
            if node.noRoom && run.noRoom == nil { run.noRoom = RootPlacement.nestedNoRoom(start: run.next) }
            var instanceExtent = RelativeExtent()
            var largestCell = Size.zero  // item hosts (§4.4): a cell can be larger than its group
            for leaf in node.leaves {
                instanceExtent.add(leaf.cell, P: run.P)
                largestCell = largestCell.atLeast(leaf.cell.size)
                run.appendCell(
                    leaf.cell, supplementaries: run.builder.supplementaries.intern(leaf.item.supplementaryItems))
            }
            for host in node.hosts { instanceExtent.add(host.box, P: run.P) }
            let reachLists = run.builder.supplementaries.lists + node.hosts.map(\.supplementaries)
            instanceExtent.grow(
                by: supplementaryReach(
                    reachLists, hostSize: largestHostSize(node.hosts, atLeast: largestCell.atLeast(node.size))))
            run.append(size: node.size, count: node.leaves.count, extent: instanceExtent, hosts: node.hosts)
            if run.shapeChanged { break }
        }
    }
}

/// The instances of one estimated section as they are solved: into the builder (a fresh solve or a
/// re-solve that splices the previous storage's unchanged tail), or straight into the previous storage
/// (`inPlace`, while every instance keeps its items).
struct InstanceRun {
    var builder: InstanceBuilder
    /// The first item not yet placed.
    var next = 0
    var noRoom: String? = nil
    var solved = 0
    let itemCount: Int
    /// The section axis.
    let P: Axis
    /// §4.1 the root group's stride terms.
    private let root: RootStride
    private let previous: EstimatedInstances?
    private let reuse: TailReuse?
    /// Old instance boundaries after the change: once a new instance starts on one, the rest is unchanged.
    private var oldPointer: Int
    private let inPlace: Bool
    /// In place: the instance being solved; whether one changed its items (the update must start over).
    private(set) var instance: Int
    private(set) var shapeChanged = false
    private var converged = false

    init(
        itemCount: Int, builder: InstanceBuilder, placement root: RootPlacement,
        previous: EstimatedInstances?, firstInstance: Int, reuse: TailReuse?, inPlace: Bool
    ) {
        self.itemCount = itemCount
        self.P = root.P
        self.root = root.strideTerms
        self.builder = builder
        self.builder.strideTerms = root.strideTerms
        self.previous = reuse == nil ? nil : previous
        self.reuse = reuse
        self.inPlace = inPlace
        self.instance = firstInstance
        self.oldPointer = firstInstance + 1
        if let previous, reuse != nil {
            // Leaf list indices (kept and spliced ones too) refer to the previous table; new lists extend it.
            self.builder.supplementaries = previous.supplementaries
        }
        if let previous, reuse != nil, firstInstance > 0 || inPlace {
            next = previous.firstItem(firstInstance)
            if !inPlace { previous.appendPrefix(instances: firstInstance, to: &self.builder) }
        }
        if !inPlace {
            self.builder.cells.reserveCapacity(itemCount)
        }
    }

    /// Whether an in-place update finished with every re-solved instance keeping its items.
    var inPlaceSucceeded: Bool {
        inPlace && !shapeChanged && noRoom == nil && (converged || instance == (previous?.count ?? 0))
    }

    /// §6 an instance that holds no item ends the section.
    mutating func stopWithNoRoom() {
        noRoom = RootPlacement.instanceNoRoom(start: next, itemCount: itemCount)
        if inPlace { shapeChanged = true }
    }

    /// Records the instance just written into the buffers: `count` items, `size` long.
    mutating func append(size: Size, count: Int, extent: RelativeExtent, hosts: [GroupHost]?) {
        // §4.1 stride = eP1 + gP + eP2 + interGroupSpacing, the kernel's sum.
        let stride = root.stride(size.length(P))
        if inPlace {
            writeInPlace(size: size, stride: stride, count: count, extent: extent, hosts: hosts ?? [])
            return
        }
        solved += 1
        builder.firstItem.append(Int32(next))
        builder.sizes.append(size)
        builder.strides.append(stride)
        builder.extent.add(extent)
        if let hosts, !hosts.isEmpty || !builder.hosts.isEmpty {
            builder.padHosts(to: builder.firstItem.count - 1)
            builder.hosts.append(hosts)
        }
        next += count
    }

    private mutating func writeInPlace(
        size: Size, stride: Double, count: Int, extent: RelativeExtent, hosts: [GroupHost]
    ) {
        let storage = previous.unsafelyUnwrapped
        let q = instance
        let base = builder.cells.count - count
        guard q < storage.count, storage.firstItem(q) == next, storage.items(of: q).count == count else {
            shapeChanged = true
            return
        }
        // Read in place, without copying the buffers or the table (this runs per re-solved row).
        let fits = builder.cells.withUnsafeBufferPointer { cells in
            builder.leafSupplementaries.withUnsafeBufferPointer { leaf -> Bool in
                storage.rewrite(
                    q, cells: UnsafeBufferPointer(rebasing: cells[base..<base + count]), leaf: leaf, leafBase: base,
                    size: size, stride: stride, extent: extent)
            }
        }
        guard fits else {
            // A new leaf list where the storage keeps none, or a change the compact form cannot hold: the
            // caller re-solves into new storage.
            shapeChanged = true
            return
        }
        if builder.supplementaries.lists.count != storage.supplementaryListCount {
            storage.setSupplementaries(builder.supplementaries)
        }
        if !hosts.isEmpty || storage.keepsHosts { storage.setHosts(q, hosts) }
        solved += 1
        instance += 1
        next += count
    }

    /// One cell of the general path, with its leaf supplementary list (kept sparse until one is non-empty).
    mutating func appendCell(_ cell: Rect, supplementaries list: UInt16) {
        builder.cells.append(cell)
        if list != 0 || !builder.leafSupplementaries.isEmpty {
            builder.padLeafSupplementaries(to: builder.cells.count - 1)
            builder.leafSupplementaries.append(list)
        }
    }

    /// Stops when the instance about to be solved (at `next`) starts where an old one did, past every changed
    /// item: what follows depends only on its first item. A re-solve splices the old tail in; an in-place
    /// update simply stops.
    mutating func stopIfConverged() -> Bool {
        guard let previous, let reuse, next >= reuse.minNext else { return false }
        if inPlace {
            // Every instance so far kept its items, so instance `instance` starts where the old one did.
            guard instance < previous.count, previous.firstItem(instance) == next else { return false }
            converged = true
            return true
        }
        while oldPointer < previous.count {
            let start = previous.firstItem(oldPointer)
            if start >= reuse.tailStart && start + reuse.shift >= next { break }
            oldPointer += 1
        }
        guard oldPointer < previous.count, previous.firstItem(oldPointer) + reuse.shift == next else { return false }
        previous.appendTail(fromInstance: oldPointer, shift: reuse.shift, to: &builder)
        next = itemCount
        return true
    }

    /// The builder, moved out (an empty one is left). O(1).
    mutating func takeBuilder() -> InstanceBuilder {
        var taken = InstanceBuilder()
        swap(&taken, &builder)
        return taken
    }

    /// The frozen storage: leaf lists and hosts padded to every cell and instance.
    mutating func freeze() -> EstimatedInstances {
        if !builder.leafSupplementaries.isEmpty { builder.padLeafSupplementaries(to: builder.cells.count) }
        if !builder.hosts.isEmpty { builder.padHosts(to: builder.firstItem.count) }
        return EstimatedInstances.make(builder)
    }
}
