import CompositionalLayout
import SolverKernel

/// Incremental operations: each re-solves only what it changes and moves what follows through the offsets
/// tree. After any of them the frames equal a fresh reference solve of `state`.
extension LayoutEngine {
    /// Applies one operation (docs/operations.md).
    /// - Complexity: an item operation or a measure re-solves the rows it changes in its section (see
    ///   `measure(_:)`) and moves later sections in O(log sections); `moveSection` moves O(|to − from|)
    ///   sections' records and places again those between whose boundary items measure by index; a `resize`
    ///   back to the size the previous resize left, with nothing else changed since, restores that solve in
    ///   O(1), another size solves everything once, an environment-only change re-solves the definitions it
    ///   changes; inserting or deleting sections costs O(sections) to shift the section lists.
    /// - Throws: `EngineError.operation` for an address that does not exist (nothing changes), or
    ///   `EngineError.layout` when the result cannot be solved (a width no variant covers).
    @discardableResult
    public func apply(_ operation: LayoutOperation) throws(EngineError) -> UpdateReport {
        var report = UpdateReport()
        // No longer valid: free it now (checked first: storing nil over nil still destroys and stores, ~60
        // instructions of every operation).
        if case .resize = operation {} else if previousSolve != nil { previousSolve = nil }
        switch operation {
        case .resize:
            try applyResize(operation, report: &report)
        case let .measure(section, item, width, height):
            try applyToState(operation)
            report.itemsMeasured = 1
            try lift { () throws(LayoutError) in
                try resolveMeasured(
                    section: section, item: item, size: Size(width: width, height: height), report: &report)
            }
        case let .insertItems(section, at, count):
            try applyToState(operation)
            lowerMeasuredPrefix(section, to: at)
            try lift { () throws(LayoutError) in
                try resolveChanged(section: section, at: at, reuse: .inserted(at: at, count: count), report: &report)
            }
        case let .deleteItems(section, at, count):
            try applyToState(operation)
            lowerMeasuredPrefix(section, to: at)
            try lift { () throws(LayoutError) in
                try resolveChanged(section: section, at: at, reuse: .deleted(at: at, count: count), report: &report)
            }
        case let .reloadItems(section, at, count):
            try applyToState(operation)
            lowerMeasuredPrefix(section, to: at)
            try lift { () throws(LayoutError) in
                try resolveChanged(section: section, at: at, reuse: .changed(at, at + count - 1), report: &report)
            }
        case let .moveItem(from, to):
            try applyToState(operation)
            lowerMeasuredPrefix(from.section, to: from.item)
            lowerMeasuredPrefix(to.section, to: to.item)
            try lift { () throws(LayoutError) in
                if to.section == from.section {
                    let low = min(from.item, to.item), high = max(from.item, to.item)
                    try resolveChanged(section: from.section, at: low, reuse: .changed(low, high), report: &report)
                } else {
                    try resolveChanged(
                        section: from.section, at: from.item, reuse: .deleted(at: from.item, count: 1), report: &report)
                    try resolveChanged(
                        section: to.section, at: to.item, reuse: .inserted(at: to.item, count: 1), report: &report)
                }
            }
        case let .insertSections(at, reference, count, _):
            let definition: Int
            do { definition = try state.definitionIndex(reference) } catch { throw EngineError.operation(error) }
            // fails before anything changes
            _ = try lift { () throws(LayoutError) in try cache(forDefinition: definition) }
            try applyToState(operation)
            if let placeholder = sections.first {
                sections.insert(contentsOf: repeatElement(placeholder, count: count), at: at)
                sectionOffsets.insert(contentsOf: repeatElement(0, count: count), at: at)
                try lift { () throws(LayoutError) in
                    for index in at..<at + count { try resolveSection(index, report: &report) }
                    try resolveIndexDependentSections(after: at + count, report: &report)
                }
            } else {
                try lift { () throws(LayoutError) in try solveAll() }
                report = lastReport
            }
        case let .deleteSections(at, count):
            try applyToState(operation)
            sections.removeSubrange(at..<at + count)
            sectionOffsets.remove(at..<at + count)
            try lift { () throws(LayoutError) in try resolveIndexDependentSections(after: at, report: &report) }
        case let .moveSection(from, to):
            try applyToState(operation)
            sections.moveElement(from: from, to: to)
            sectionOffsets.move(from: from, to: to)
            // The moved section keeps its instances (its items keep their sizes); sections whose boundary items
            // measure by index are placed again where their index changed.
            try lift { () throws(LayoutError) in
                try placeIndexDependentSections(min(from, to)..<max(from, to) + 1, report: &report)
            }
            report.sectionsShifted += abs(to - from) + 1
        }
        lastReport = report
        return report
    }

    /// Items of `section` from `item` on may no longer be measured (they came, went, moved or reloaded): lazy
    /// preparation looks at them again (`SectionGeometry.measuredPrefix`). O(1).
    private func lowerMeasuredPrefix(_ section: Int, to item: Int) {
        if sections[section].measuredPrefix > item { sections[section].measuredPrefix = item }
    }

    /// Runs solver work, reporting its failure as an engine error.
    private func lift<T>(_ body: () throws(LayoutError) -> T) throws(EngineError) -> T {
        do { return try body() } catch { throw EngineError.layout(error) }
    }

    /// Applies operations one after another, as `apply(_:)` does, and sums their reports.
    @discardableResult
    public func apply(batch operations: [LayoutOperation]) throws(EngineError) -> UpdateReport {
        var total = UpdateReport()
        for operation in operations { total = total + (try apply(operation)) }
        lastReport = total
        return total
    }

    /// Preferred sizes arrive for items (self-sizing): each adopts the size on its estimated axes. Only the
    /// instances holding them re-solve (and, when a row reflows, those after it until rows line up again),
    /// in place when the rows keep their items; every later section moves in O(log sections).
    /// - Complexity: O(k log n) for k items in rows that keep their items (n: rows of the section, plus
    ///   O(log sections)); a row that reflows costs O(items of its section) to copy the section's storage.
    @discardableResult
    public func measure(_ sizes: [(IndexPath, Size)]) throws(EngineError) -> UpdateReport {
        if previousSolve != nil { previousSolve = nil }
        for (path, size) in sizes {
            do {
                try state.measure(section: path.section, item: path.item, width: size.width, height: size.height)
            } catch {
                throw EngineError.operation(error)
            }
        }
        var report = UpdateReport()
        report.itemsMeasured = sizes.count
        do throws(LayoutError) {
            if sizes.count == 1, let (path, _) = sizes.first {
                try resolveMeasured(section: path.section, item: path.item, size: sizes[0].1, report: &report)
            } else {
                var bySection: [Int: (low: Int, high: Int)] = [:]
                for (path, _) in sizes {
                    let known = bySection[path.section]
                    bySection[path.section] = (
                        min(known?.low ?? path.item, path.item), max(known?.high ?? path.item, path.item)
                    )
                }
                for (section, range) in bySection.sorted(by: { $0.key < $1.key }) {
                    try resolveChanged(
                        section: section, at: range.low, reuse: .changed(range.low, range.high), report: &report)
                }
            }
        } catch {
            throw EngineError.layout(error)
        }
        lastReport = report
        return report
    }

    /// A section definition replaced (what a spec edit does): its sections re-solve with their items.
    @discardableResult
    public func replaceDefinition(at index: Int, with definition: SectionDefinition) throws(EngineError) -> UpdateReport
    {
        // Check that it solves at this width before changing anything.
        do throws(LayoutError) {
            var candidate = environment
            candidate.sections[index] = definition
            _ = try solver.cache(
                for: candidate.environmentSection(forDefinition: index), definition: index)
        } catch {
            throw EngineError.layout(error.located(definition: index))
        }
        do { try state.replaceDefinition(at: index, with: definition) } catch { throw EngineError.operation(error) }
        do { environment = try state.layout.resolvedForEnvironment() } catch { throw EngineError.layout(error) }
        var report = UpdateReport()
        do throws(LayoutError) {
            definitions[index] = nil
            _ = try cache(forDefinition: index)
            report.templatesSolved = definitions[index]?.template == nil ? 0 : 1
            for (i, section) in state.sections.enumerated() where section.definition == index {
                try resolveSection(i, report: &report)
            }
        } catch {
            throw EngineError.layout(error)
        }
        lastReport = report
        return report
    }

    func applyToStateForResize(_ operation: LayoutOperation) throws(EngineError) {
        try applyToState(operation)
    }

    private func applyToState(_ operation: LayoutOperation) throws(EngineError) {
        do { try state.apply(operation) } catch { throw EngineError.operation(error) }
    }

    /// Sections from `index` on whose supplementaries measure with their section index (§6: supplementaries
    /// are not items) are placed again after sections before them came or went; the others only move.
    /// - Complexity: O(sections after `index`) to look, O(boundary items) per index-dependent section.
    func resolveIndexDependentSections(after index: Int, report: inout UpdateReport) throws(LayoutError) {
        if index < sections.count { try placeIndexDependentSections(index..<sections.count, report: &report) }
        report.sectionsShifted += max(0, sections.count - index)
    }

    /// Places again, where they are, the sections of `range` whose boundary items measure by index (a section
    /// move, insert or delete changed their indices), with one sizing lent for all of them. Their instances
    /// (whose extent margins do not depend on the index) stay.
    /// - Complexity: O(sections in the range × (boundary items + log sections)).
    func placeIndexDependentSections(_ range: Range<Int>, report: inout UpdateReport) throws(LayoutError) {
        let saved = lendSizing()
        defer { returnSizing(saved) }
        var lastDefinition = -1
        var cache: DefinitionCache? = nil
        for index in range where sections[index].measuresSupplementariesByIndex {
            let definition = sections[index].definition
            if definition != lastDefinition {
                cache = try self.cache(forDefinition: definition)
                lastDefinition = definition
            }
            solver.place(&sections[index], index: index, cache: cache!, sizing: lentSizing)
            storedInPlace(at: index)
            report.sectionsPlaced += 1
        }
    }

    /// `resolveChanged` for one item measured to `size` (its record already in `state`): an item of a compact
    /// section's pattern instance (a list row, a card of a column grid) is solved from that size and its
    /// neighbours' stored lengths, without lending the sizing (`SectionBuilder.remeasurePatternItem`); any
    /// other takes `resolveChanged`. Apart from it, so that `resolveChanged` does not grow for other updates.
    /// - Complexity: O(items of the instance + log instances + log sections) on the pattern path, else
    ///   `resolveChanged`'s.
    @inline(__always)
    func resolveMeasured(section: Int, item: Int, size: Size, report: inout UpdateReport) throws(LayoutError) {
        if sections[section].holdsCompactInstances,
            try remeasuredPatternItem(section: section, item: item, size: size)
        {
            #if DEBUG
            updateWork.patternItemsRemeasured += 1
            #endif
            report.instancesSolved += 1
            report.sectionsSolved += 1
            return
        }
        try resolveChanged(section: section, at: item, reuse: .changed(item, item), measured: size, report: &report)
    }

    /// The pattern path of `resolveMeasured`, under the conditions of `resolveChanged`'s one-instance path
    /// (estimated storage held once, no uniform root, room, rows that keep their items) with compact storage.
    /// Returns false, with nothing changed, when it does not apply.
    private func remeasuredPatternItem(section: Int, item: Int, size: Size) throws(LayoutError) -> Bool {
        let cache = try cache(forDefinition: sections[section].definition)
        guard !cache.rowsMayReflow, !cache.uniformRoot, let plan = cache.flatPlan, plan.mainIsConstant,
            plan.supplementaries.isEmpty,
            case .estimated(var storage) = sections[section].storage, item < storage.itemCount,
            !sections[section].diagnostics.contains(where: { $0.kind == .noRoom })
        else { return false }
        let itemCount = storage.itemCount  // the state's: a measure changes no count
        assert(itemCount == state.sections[section].items.count)
        // Taken out of the array so that it is referenced once; put back as it was when nothing is written.
        sections[section].storage = .fixed(stride: 0, instances: 0)
        guard isKnownUniquelyReferenced(&storage) else {
            sections[section].storage = .estimated(storage)
            return false
        }
        let solver = self.solver
        let written: Bool
        do {
            written = try scratch.withFlatAndCells(cache: cache) { (flat, _, _) throws(LayoutError) -> Bool in
                solver.remeasurePatternItem(
                    plan, cache: cache, item: item, measured: size, itemCount: itemCount, storage: storage,
                    flat: &flat)
            }
        } catch {
            sections[section].storage = .estimated(storage)
            throw error
        }
        sections[section].storage = .estimated(storage)
        guard written else { return false }
        solver.place(&sections[section], index: section, cache: cache, sizing: lentSizing, itemsOnly: true)
        storedInPlace(at: section)
        return true
    }

    /// `resolveChanged`'s plain chip flow path (`PlainFlowReflow`), with `storage` taken out of the section:
    /// its rows reflow in place (`EstimatedInstances.reflowPlainRows`), and the section is placed again only
    /// when its rows changed in number or its query extent changed (the rows keep their sizes and strides,
    /// so nothing else of its placement changes). Returns false, with nothing changed, when it does not apply.
    /// Apart from `resolveChanged` (and not inlined) so that the other updates' code stays as it was.
    @inline(never)
    private func reflowedPlainFlow(
        _ rule: PlainFlowReflow, _ storage: inout EstimatedInstances, cache: DefinitionCache, section: Int, at: Int,
        reuse: TailReuse, measured: Size?, itemCount: Int, report: inout UpdateReport
    ) -> Bool {
        #if DEBUG
        guard updateWork.takesPlainFlowPath else { return false }
        #endif
        guard storage.splices, isKnownUniquelyReferenced(&storage),
            let result = reflowPlainRows(rule, storage, section: section, at: at, reuse: reuse, measured: measured)
        else { return false }
        assert(storage.itemCount == itemCount)
        sections[section].itemCount = itemCount
        sections[section].storage = .estimated(storage)
        if result.rowsChanged || result.extentChanged {
            let saved = lendSizing()
            defer { returnSizing(saved) }
            solver.place(&sections[section], index: section, cache: cache, sizing: lentSizing, itemsOnly: true)
            storedInPlace(at: section)
        }
        #if DEBUG
        if measured != nil { updateWork.plainFlowReflows += 1 } else { updateWork.plainFlowInserts += 1 }
        #endif
        report.instancesSolved += result.rows
        report.sectionsSolved += 1
        return true
    }

    /// `EstimatedInstances.reflowPlainRows` for a measure (`measured`: the item's new size) or an insert
    /// (`reuse.isPlainInsert`: the new items' lengths read from the state, `LayoutState.sectionLengths`).
    /// Nil, with nothing changed, when the plain path does not apply.
    private func reflowPlainRows(
        _ rule: PlainFlowReflow, _ storage: EstimatedInstances, section: Int, at: Int, reuse: TailReuse,
        measured: Size?
    ) -> PlainReflowResult? {
        if let measured {
            guard reuse.shift == 0 else { return nil }
            return withUnsafePointer(to: rule.measuredSize(measured)) { size in
                storage.reflowPlainRows(
                    rule, PlainFlowChange(at: at, sizes: UnsafeBufferPointer(start: size, count: 1), shift: 0))
            }
        }
        guard let lengths = state.sectionLengths(section) else { return nil }
        let count = reuse.shift
        return withUnsafeTemporaryAllocation(of: Size.self, capacity: count) { sizes in
            for k in 0..<count { sizes.initializeElement(at: k, to: rule.freshSize(at + k, lengths: lengths)) }
            return storage.reflowPlainRows(
                rule, PlainFlowChange(at: at, sizes: UnsafeBufferPointer(sizes), shift: count))
        }
    }

    /// Re-solves section `section` after its items changed at `at` as `reuse` says (sizes of items
    /// `low...high`, or items inserted or deleted): from the instance before the one holding `at`, in place
    /// when every re-solved instance keeps its items and the storage is uniquely referenced, else into new
    /// storage that copies the instances before and splices the unchanged ones after (a chip flow's reflowed
    /// rows, as many as the old ones they replace, are written over them in the storage it owns). When rows keep their
    /// items whatever they measure (`rowsKeepItems`), sizes re-solve from the instance holding `at`, and when
    /// one instance holds every changed item it alone is re-solved and written over (`remeasureInstance`).
    /// A flat plan that never restarts for spacing starts at the holding instance too unless `at` is its first
    /// item. An in-place attempt that meets an instance whose items changed hands the re-solve that instance.
    /// Items inserted or deleted in a compact list or column grid solve the section again into compact
    /// storage, measuring only the new items and the ones that change position (`CompactReuse`).
    /// A fixed-size section (or one with no room) simply solves again, which costs O(boundary items) (or
    /// O(items)). `measured` is the one changed item's new size, when one item was measured: in a plain chip
    /// flow (`PlainFlowReflow`) its rows then reflow in place, without the general re-solve.
    /// - Complexity: O(items in the rows re-solved × log rows) in place; O(items of the section) otherwise;
    ///   a plain chip flow's measure O(items in the rows reflowed + log rows), O(rows) more when it changes
    ///   their number, and O(log sections) when the section's length changes.
    func resolveChanged(
        section: Int, at: Int, reuse: TailReuse, measured: Size? = nil, report: inout UpdateReport
    ) throws(LayoutError) {
        let definition = sections[section].definition
        let itemCount = state.sections[section].items.count  // read once: each read copies the items (a retain)
        try ensureTemplateSlots(itemCount)
        let cache = try cache(forDefinition: definition)
        // §10.4 a uniform root group: every instance depends on the largest, so the section re-solves whole.
        // The geometry stays in the array and is updated there (no copy of it); only its storage is taken out,
        // so that it is referenced once (by `storage`). It is put back as it was on failure.
        guard case .estimated(var storage) = sections[section].storage, storage.count > 0, !cache.uniformRoot,
            !sections[section].diagnostics.contains(where: { $0.kind == .noRoom }),
            at <= storage.itemCount, reuse.shift != 0 || at < storage.itemCount
        else {
            try resolveSection(section, report: &report)
            return
        }
        sections[section].storage = .fixed(stride: 0, instances: 0)
        let last = storage.itemCount - 1
        let solver = self.solver
        // One item measured, or a few inserted, in a plain chip flow: its rows reflow in place.
        if let rule = cache.plainReflow, measured != nil || reuse.isPlainInsert,
            reflowedPlainFlow(
                rule, &storage, cache: cache, section: section, at: at, reuse: reuse, measured: measured,
                itemCount: itemCount, report: &report)
        {
            return
        }
        // A flat plan whose items do not measure along the row (lists, column grids) places the same items in
        // every instance whatever they measure: a change in place changes only the instances holding the
        // changed items, and when that is one instance it is re-solved alone and written over in place.
        let rowsKeepItems = reuse.shift == 0 && !cache.rowsMayReflow && cache.flatPlan != nil
        let high = min(reuse.tailStart - 1, last)
        if rowsKeepItems, let plan = cache.flatPlan, case let q = storage.instance(of: at),
            high == at || q == storage.instance(of: high), isKnownUniquelyReferenced(&storage)
        {
            let saved = lendSizing()
            defer { returnSizing(saved) }
            do throws(LayoutError) {
                let written = try scratch.withFlatAndCells(cache: cache) {
                    (flat, cells, leaf) throws(LayoutError) -> Bool in
                    try solver.remeasureInstance(
                        plan, cache: cache, index: section, itemCount: itemCount, sizing: lentSizing, storage: storage,
                        instance: q, flat: &flat, cells: &cells, leafSupplementaries: &leaf)
                }
                if written {
                    sections[section].storage = .estimated(storage)
                    solver.place(&sections[section], index: section, cache: cache, sizing: lentSizing, itemsOnly: true)
                    storedInPlace(at: section)
                    report.instancesSolved += 1
                    report.sectionsSolved += 1
                    return
                }
            } catch {
                sections[section].storage = .estimated(storage)
                throw error.located(definition: definition, section: section)
            }
        }
        // Items came or went in a list or column grid kept compact: the old storage is spliced, solving only
        // the instances the change touched (`spliceCompact`); where that does not apply, the section solves
        // again straight into compact storage, reading the lengths of the items the change left alone from
        // the old storage (a read and a few operations per item) and measuring the new ones, instead of
        // copying the old instances into the builder, solving from the change and analysing the result.
        if reuse.shift != 0, solver.solvesCompact, let plan = cache.flatPlan, plan.mainIsConstant,
            let compactReuse = CompactReuse(storage, change: reuse, at: at, P: cache.placement.P)
        {
            let saved = lendSizing()
            defer { returnSizing(saved) }
            // The splice may write into the old storage when this update holds its only reference.
            let ownsStorage = isKnownUniquelyReferenced(&storage)
            do throws(LayoutError) {
                let solved = try withExtendedLifetime(storage) {
                    () throws(LayoutError) -> (storage: EstimatedInstances, measuredInstances: Int)? in
                    if let spliced = try solver.spliceCompact(
                        plan, cache: cache, index: section, itemCount: itemCount, sizing: lentSizing,
                        previous: storage, ownsPrevious: ownsStorage, reusing: compactReuse, scratch: &scratch)
                    {
                        #if DEBUG
                        updateWork.compactSplices += 1
                        if spliced.storage === storage { updateWork.compactSplicesInPlace += 1 }
                        #endif
                        return spliced
                    }
                    return try solver.solveCompact(
                        plan, cache: cache, index: section, itemCount: itemCount,
                        sizing: lentSizing, reusing: compactReuse, scratch: &scratch)
                }
                if let (instances, measured) = solved {
                    sections[section].itemCount = itemCount
                    sections[section].storage = .estimated(instances)
                    solver.place(&sections[section], index: section, cache: cache, sizing: lentSizing, itemsOnly: true)
                    storedInPlace(at: section)
                    report.instancesSolved += measured
                    report.sectionsSolved += 1
                    return
                }
            } catch {
                sections[section].storage = .estimated(storage)
                throw error.located(definition: definition, section: section)
            }
        }
        // The instance before the one holding `at` tried it as its next candidate (and stopped there): with a
        // new size it may fit there now, so re-solving starts one instance earlier (not when rows keep their
        // items: the candidate's length along the row did not change). A candidate that is a nested group looks
        // at several items before it is dropped (docs/layout-rules.md §3.1, §6): every instance that may have
        // looked at `at` re-solves, all of them when nested `subitems` groups make that unbounded.
        let holder = storage.instance(of: min(at, last))
        var firstInstance = max(0, holder - (rowsKeepItems ? 0 : 1))
        if firstInstance < holder, let plan = cache.flatPlan, plan.neverRestartsForSpacing,
            at > storage.firstItem(holder)
        {
            // A flat plan that never restarts for spacing: the instance before looked at the holder's first
            // item (its rejected candidate) and no further, and that item is unchanged and in its place.
            firstInstance = holder
        } else if let lookahead = cache.lookahead {
            // The instance before the holder covers a look-ahead that starts within it (always so for one item,
            // a root of items): the O(1) first-item check spares the O(log instances) search.
            if lookahead > 1, firstInstance > 0, at - lookahead < storage.firstItem(firstInstance) {
                firstInstance = min(firstInstance, storage.instance(of: min(max(0, at - lookahead), last)))
            }
        } else {
            firstInstance = 0
        }
        let saved = lendSizing()
        defer { returnSizing(saved) }
        do throws(LayoutError) {
            var updated: EstimatedInstances? = nil
            // Rows whose items measure along the row reflow when several sizes change at once (a lazy stop):
            // trying them in place would mostly solve rows only to start again.
            let mayReflow = reuse.tailStart - 1 > at && cache.rowsMayReflow
            // Whether this update holds the only reference to the old storage, so that a re-solve may write
            // over it.
            let ownsStorage = isKnownUniquelyReferenced(&storage)
            if ownsStorage, reuse.shift == 0, !mayReflow {
                let (solved, stoppedAt) = try solver.updateInstancesInPlace(
                    cache, index: section, itemCount: itemCount, sizing: lentSizing,
                    storage: storage, fromInstance: firstInstance, low: at, high: reuse.tailStart - 1, scratch: &scratch
                )
                if stoppedAt == nil {
                    report.instancesSolved += solved
                    updated = storage
                } else if stoppedAt! > firstInstance {
                    // The instances before the one that changed its items are written and correct: the
                    // re-solve starts there, not again from the first.
                    report.instancesSolved += solved
                    firstInstance = stoppedAt!
                }
            }
            if updated == nil {
                #if DEBUG
                let rowsBefore = storage.count
                #endif
                let (instances, noRoom, solved) = try solver.resolveInstances(
                    cache, index: section, itemCount: itemCount, sizing: lentSizing,
                    previous: storage, ownsPrevious: ownsStorage, fromInstance: firstInstance, changedFrom: at,
                    reuse: reuse, scratch: &scratch)
                if noRoom != nil {
                    sections[section].storage = .estimated(storage)
                    try resolveSection(section, report: &report)
                    return
                }
                report.instancesSolved += solved
                #if DEBUG
                if instances === storage {
                    // As many rows and no item moved: written over; else spliced into the same allocation.
                    if reuse.shift == 0 && instances.count == rowsBefore {
                        updateWork.flowRowsOverwritten += 1
                    } else {
                        updateWork.flowRowsSplicedInPlace += 1
                    }
                }
                #endif
                updated = instances
            }
            sections[section].itemCount = itemCount
            sections[section].storage = .estimated(updated!)
            solver.place(&sections[section], index: section, cache: cache, sizing: lentSizing, itemsOnly: true)
            storedInPlace(at: section)
            report.sectionsSolved += 1
        } catch {
            sections[section].storage = .estimated(storage)
            throw error.located(definition: definition, section: section)
        }
    }
}
