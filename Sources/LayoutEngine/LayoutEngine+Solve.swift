import CompositionalLayout
import SolverKernel
import Synchronization

/// Full solves: definitions' templates first, then every section in parallel (sections are independent until
/// they are stacked), then the offsets tree (ARCHITECTURE.md, "three ideas").
extension LayoutEngine {
    var scrollAxis: Axis { state.layout.configuration.scrollDirection.axis }
    var solver: SectionBuilder {
        SectionBuilder(container: state.layout.container, scrollAxis: scrollAxis, slotCap: templateSlotCap)
    }
    var spacing: Double { environment.configuration.interSectionSpacing }

    /// Solves everything again: variants re-selected, templates and sections re-solved.
    /// - Complexity: O(sections / threads + estimated items / threads + template items), on at most `threads`
    ///   workers (serial below the grain, see `parallelGrain`); an estimated section allocates its storage once.
    public func solveAll() throws(LayoutError) {
        // §10.6 calc values evaluated (and §10.5 variants chosen) with the container in force.
        environment = try state.layout.resolvedForEnvironment()
        let layout = environment
        templateSlotCap = state.sections.reduce(0) { max($0, $1.items.count) }
        let solver = self.solver
        // Templates, once per definition in use at this width (§4.7 variants chosen here).
        var caches = [DefinitionCache?](repeating: nil, count: layout.sections.count)
        var report = UpdateReport()
        var used = [Bool](repeating: false, count: layout.sections.count)
        for i in state.sections.indices { used[state.sections[i].definition] = true }
        // Definitions that differ only in their name and counts resolve to the same section (resolution reads
        // the fields, the variants and the container): they share one cache. So do equal resolved sections.
        var distinct: [DefinitionCache] = []
        var byFields: [(fields: SectionDefinition, cache: DefinitionCache)] = []
        for definition in used.indices where used[definition] {
            var fields = layout.sections[definition]
            fields.name = nil; fields.count = 0; fields.items = 0
            if let known = byFields.first(where: { $0.fields == fields }) {
                caches[definition] = known.cache
                continue
            }
            do throws(LayoutError) {
                let resolved = try layout.environmentSection(forDefinition: definition)
                if let known = distinct.first(where: {
                    $0.section == resolved.section && $0.boundaryInsets == resolved.boundaryInsets
                }) {
                    caches[definition] = known
                    byFields.append((fields, known))
                    continue
                }
                caches[definition] = try solver.cache(for: resolved, definition: definition)
                distinct.append(caches[definition]!)
            } catch {
                throw error.located(definition: definition, section: firstSection(using: definition))
            }
            byFields.append((fields, caches[definition]!))
            report.templatesSolved += caches[definition]!.template == nil ? 0 : 1
        }
        definitions = caches
        for cache in distinct { noteTemplate(of: cache) }
        let sizing = state.sizing()
        let sectionData = state.sections
        let frozen = caches
        // A fixed-size section whose supplementaries do not measure by index is the same for every section of
        // its definition with as many items: solve each such shape once.
        var shared: [ShapeKey: Int32] = [:]
        var lastKey: ShapeKey? = nil
        var lastShape: Int32 = -1
        // Per section: the index of its shape in `shapes`, or -1 when it is solved alone.
        var shapeOf = [Int32](repeating: -1, count: sectionData.count)
        var shapes: [SectionGeometry] = []
        var individualCount = 0
        var individualItems = 0
        var largestSection = 0
        let sharesShape = frozen.map { cache in
            cache.map { $0.template != nil && !($0.hasEstimatedSupplementaries && sizing.measuresSupplementaries) }
                ?? false
        }
        for i in sectionData.indices {
            let definition = sectionData[i].definition
            guard sharesShape[definition] else {
                individualCount += 1
                individualItems += sectionData[i].items.count
                largestSection = max(largestSection, sectionData[i].items.count)
                continue
            }
            let key = ShapeKey(definition: definition, items: sectionData[i].items.count)
            if lastKey == key {
                shapeOf[i] = lastShape  // runs of equal sections skip even the hash
            } else if let known = shared[key] {
                shapeOf[i] = known
                lastKey = key
                lastShape = known
            } else {
                let g = try solver.solve(
                    index: i, definition: definition, cache: frozen[definition]!, itemCount: key.items,
                    sizing: sizing, scratch: &scratch)
                let shape = Int32(shapes.count)
                shapes.append(g)
                shared[key] = shape
                lastKey = key
                lastShape = shape
                shapeOf[i] = shape
                report.sectionsSolved += 1
            }
        }
        // Every other section alone, in parallel: estimated sections are where the work is. The workers write
        // every geometry straight into the new array's memory (first touched there, in parallel: at 75,000
        // sections it is 14 MB of fresh pages), and the failure of the lowest section wins, as a serial solve
        // would report it.
        let workerState = state
        let reserved = largestSection
        let sharedShapes = shapes
        let shapeIndex = shapeOf
        let failure = Mutex<(section: Int, error: LayoutError)?>(nil)
        // The work is the items of the sections solved alone (a shared shape is only copied).
        let workers = Parallel.workers(
            work: individualItems + individualCount, threads: threads, grain: parallelGrain)
        if workers > 1 { report.parallelPhases += 1 }
        // The workers' fitted patterns, which the updates that follow reuse, go to the engine's scratch once the
        // workers are done: every worker's, so that each definition a worker fitted is held whichever worker
        // solved its sections (the chunks go to whichever worker asks first); and the first worker's grown
        // buffers. Not after a failure, as before any section was solved.
        var adoptsBuffers = true
        let geometries = [SectionGeometry](unsafeUninitializedCapacity: sectionData.count) { buffer, initialized in
            guard !buffer.isEmpty else { return }
            let out = ParallelBuffer(buffer)
            Parallel.forEachChunk(
                count: buffer.count, threads: workers,
                makeScratch: {
                    var scratch = SolveScratch()
                    scratch.sizing = workerState.sizing()
                    scratch.builder.reserve(items: reserved)
                    return scratch
                }
            ) { range, scratch in
                for i in range {
                    let shape = shapeIndex[i]
                    if shape >= 0 {
                        out.initialize(i, sharedShapes[Int(shape)])
                        continue
                    }
                    let s = sectionData[i]
                    do throws(LayoutError) {
                        out.initialize(
                            i,
                            try solver.solve(
                                index: i, definition: s.definition, cache: frozen[s.definition]!,
                                itemCount: s.items.count, sizing: scratch.sizing ?? sizing,
                                scratch: &scratch))
                    } catch {
                        // Every slot is initialised exactly once, failed ones too.
                        out.initialize(i, .placeholder)
                        failure.withLock { if $0 == nil || i < $0!.section { $0 = (i, error) } }
                    }
                }
            } finish: { worker in
                guard failure.withLock({ $0 == nil }) else { return }
                scratch.adoptFlatScratches(from: &worker)
                if adoptsBuffers { scratch.adoptGrownBuffers(from: &worker) }
                adoptsBuffers = false
            }
            initialized = buffer.count
        }
        if let (_, error) = failure.withLock({ $0 }) { throw error }
        report.sectionsSolved += individualCount
        for i in geometries.indices where shapeOf[i] < 0 { report.instancesSolved += geometries[i].instanceCountSolved }
        sections = geometries
        rebuildOffsets()
        parallelPhasesRun += report.parallelPhases
        lastReport = report
    }

    /// The offsets tree and the layout's own boundary items, from the sections' extents. Complexity: O(sections).
    func rebuildOffsets() {
        let spacing = self.spacing
        // One pass that reads three fields of each geometry where it is (`map` and `reduce` over the
        // geometries copied each one, retaining what it holds).
        var before = 0.0, after = 0.0
        let values = sections.withUnsafeBufferPointer { all in
            ContiguousArray<Double>(unsafeUninitializedCapacity: all.count) { buffer, initialized in
                for i in all.indices {
                    buffer.initializeElement(at: i, to: all[i].extent + spacing)
                    before = max(before, all[i].overhangBefore)
                    after = max(after, all[i].overhangAfter)
                }
                initialized = all.count
            }
        }
        sectionOffsets = FenwickTree(values)
        overhangBefore = before
        overhangAfter = after
        layoutBoundary = BoundaryItemsPlacement(
            items: environment.configuration.boundarySupplementaryItems, section: -1, container: state.layout.container,
            scrollAxis: scrollAxis, followedInsets: environment.layoutReferenceInsets, sizing: lentSizing)  // §10.2
    }

    /// Where section `index` starts along the scroll axis. Complexity: O(log sections).
    func sectionStart(_ index: Int) -> Double {
        layoutBoundary.startExtent + sectionOffsets.prefixSum(index)
    }

    /// Where the last section ends (before the layout's extending end items).
    var contentEnd: Double {
        layoutBoundary.startExtent + sectionOffsets.total - (sections.isEmpty ? 0 : spacing)
    }

    /// The content size (§4.2), rounded to pixels with a display scale (§1). Complexity: O(log sections).
    public var contentSize: Size { exactContentSize.pixelRounded(pixelScale) }

    /// The content size before pixel rounding, which pinning uses (§1: queries compute exactly).
    var exactContentSize: Size {
        Size(
            scrollAxis, contentEnd + layoutBoundary.endExtent,
            across: state.layout.container.size.length(scrollAxis.other))
    }

    /// The scale output frames are rounded with (§1), nil when they are not rounded.
    var pixelScale: Double? { state.layout.container.pixelScale }

    public var sectionCount: Int { state.sections.count }

    public func itemCount(inSection section: Int) -> Int { state.sections[section].items.count }

    /// The first section built by `definition`: where the reference solver, which solves section by section,
    /// meets an error of that definition's template, so both solvers' errors name the same section.
    /// O(sections); only an error path asks.
    func firstSection(using definition: Int) -> Int? {
        state.sections.firstIndex { $0.definition == definition }
    }

    /// The definition cache for `index`, solving it at the current width if no section used it yet.
    func cache(forDefinition index: Int) throws(LayoutError) -> DefinitionCache {
        if let known = definitions[index] { return known }
        do throws(LayoutError) {
            let cache = try solver.cache(
                for: environment.environmentSection(forDefinition: index), definition: index)
            definitions[index] = cache
            noteTemplate(of: cache)
            return cache
        } catch {
            throw error.located(definition: index, section: firstSection(using: index))
        }
    }

    /// Makes the templates place at least `items` slots: past `templateSlotCap` they are solved again with a
    /// cap at least twice the old one (their placed frames stay; more of them are placed).
    /// - Complexity: O(1) unless the cap grows (at most O(log items) times, each at least doubling it) while
    ///   some template left slots unplaced; then O(definitions) plus the templates solved again.
    @inline(__always)
    func ensureTemplateSlots(_ items: Int) throws(LayoutError) {
        // Inlined check: every update asks, and the cap almost never grows.
        if items > templateSlotCap { try growTemplateSlots(items) }
    }

    private func growTemplateSlots(_ items: Int) throws(LayoutError) {
        let oldCap = templateSlotCap
        templateSlotCap = max(items, templateSlotCap * 2)
        guard largestTemplateSlots > oldCap else { return }  // every template already holds all its slots
        // Only a template that left slots unplaced changes: the others already hold every slot (N <= cap).
        for index in definitions.indices where definitions[index]?.template.map({ $0.cells.count < $0.count }) ?? false
        {
            do throws(LayoutError) {
                let cache = try solver.cache(
                    for: environment.environmentSection(forDefinition: index), definition: index)
                definitions[index] = cache
                noteTemplate(of: cache)
            } catch {
                throw error.located(definition: index, section: firstSection(using: index))
            }
        }
    }

    /// Keeps `largestTemplateSlots` at least `cache`'s template's N. O(1).
    func noteTemplate(of cache: DefinitionCache) {
        if let template = cache.template { largestTemplateSlots = max(largestTemplateSlots, template.count) }
    }

    /// Re-solves section `index` from scratch and moves every later section (O(log n)).
    func resolveSection(_ index: Int, report: inout UpdateReport) throws(LayoutError) {
        let data = state.sections[index]
        try ensureTemplateSlots(data.items.count)
        let cache = try cache(forDefinition: data.definition)
        let saved = lendSizing()
        defer { returnSizing(saved) }
        let geometry = try solver.solve(
            index: index, definition: data.definition, cache: cache,
            itemCount: data.items.count, sizing: lentSizing, scratch: &scratch)
        store(geometry, at: index)
        report.sectionsSolved += 1
        report.instancesSolved += geometry.instanceCountSolved
    }

    /// Stores a re-solved section and updates its offset and the query margins.
    func store(_ geometry: consuming SectionGeometry, at index: Int) {
        sectionOffsets.set(index, geometry.extent + spacing)
        overhangBefore = max(overhangBefore, geometry.overhangBefore)
        overhangAfter = max(overhangAfter, geometry.overhangAfter)
        sections[index] = geometry  // moved in, not copied
    }

    /// What `store` does besides storing, for a section re-solved where it is (`sections[index]` updated in
    /// place): its offset and the query margins.
    func storedInPlace(at index: Int) {
        sectionOffsets.set(index, sections[index].extent + spacing)
        overhangBefore = max(overhangBefore, sections[index].overhangBefore)
        overhangAfter = max(overhangAfter, sections[index].overhangAfter)
    }
}

/// Sections that solve to the same geometry: one definition, as many items.
struct ShapeKey: Hashable {
    var definition: Int
    var items: Int
}

extension SectionGeometry {
    /// Group instances solved to build this geometry: one template, or every estimated instance.
    var instanceCountSolved: Int {
        switch storage {
        case .fixed: return 0
        case .estimated(let s): return s.count
        }
    }
}
