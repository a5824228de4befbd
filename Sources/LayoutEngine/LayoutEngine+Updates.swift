import CompositionalLayout
import SolverKernel

/// Incremental operations: each re-solves only what it changes and moves what follows through the offsets
/// tree. After any of them the frames equal a fresh reference solve of `state`.
extension LayoutEngine {
    /// Applies one operation (SPEC-FORMAT.md, "Operations").
    /// - Throws: `EngineError.operation` for an address that does not exist (nothing changes), or
    ///   `EngineError.layout` when the result cannot be solved (a width no variant covers).
    @discardableResult
    public func apply(_ operation: LayoutOperation) throws(EngineError) -> UpdateReport {
        var report = UpdateReport()
        switch operation {
        case .resize:
            try applyToState(operation)
            try lift { () throws(LayoutError) in try solveAll() }
            report = lastReport
        case let .measure(section, item, width, height):
            report = try measure([(IndexPath(section: section, item: item), Size(width: width, height: height))])
        case let .insertItems(section, _, _), let .deleteItems(section, _, _), let .reloadItems(section, _, _):
            try applyToState(operation)
            try lift { () throws(LayoutError) in try resolveSection(section, report: &report) }
        case let .moveItem(from, to):
            try applyToState(operation)
            try lift { () throws(LayoutError) in
                try resolveSection(from.section, report: &report)
                if to.section != from.section { try resolveSection(to.section, report: &report) }
            }
        case let .insertSections(at, reference, count, _):
            let definition: Int
            do { definition = try state.definitionIndex(reference) } catch { throw EngineError.operation(error) }
            _ = try lift { () throws(LayoutError) in try cache(forDefinition: definition) }  // fails before anything changes
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
        }
        lastReport = report
        return report
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
    /// instances holding them re-solve (and, when a row reflows, those after it until rows line up again);
    /// every later section moves in O(log n).
    /// - Complexity: O(k log n) for k items in rows that keep their items.
    @discardableResult
    public func measure(_ sizes: [(IndexPath, Size)]) throws(EngineError) -> UpdateReport {
        var bySection: [Int: (low: Int, high: Int)] = [:]
        for (path, size) in sizes {
            do {
                try state.apply(.measure(section: path.section, item: path.item, width: size.width, height: size.height))
            } catch {
                throw EngineError.operation(error)
            }
            let known = bySection[path.section]
            bySection[path.section] = (min(known?.low ?? path.item, path.item), max(known?.high ?? path.item, path.item))
        }
        var report = UpdateReport()
        report.itemsMeasured = sizes.count
        do throws(LayoutError) {
            for (section, range) in bySection.sorted(by: { $0.key < $1.key }) {
                try resolveMeasured(section: section, low: range.low, high: range.high, report: &report)
            }
        } catch {
            throw EngineError.layout(error)
        }
        lastReport = report
        return report
    }

    /// A section definition replaced (what a spec edit does): its sections re-solve with their items.
    @discardableResult
    public func replaceDefinition(at index: Int, with definition: SectionDefinition) throws(EngineError) -> UpdateReport {
        // Check that it solves at this width before changing anything.
        let resolved: LayoutSection
        do throws(LayoutError) {
            resolved = try definition.section(forWidth: state.layout.container.width)
            _ = try solver.cache(for: resolved)
        } catch {
            throw EngineError.layout(error.located(definition: index))
        }
        do { try state.replaceDefinition(at: index, with: definition) } catch { throw EngineError.operation(error) }
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

    private func applyToState(_ operation: LayoutOperation) throws(EngineError) {
        do { try state.apply(operation) } catch { throw EngineError.operation(error) }
    }

    /// Sections from `index` on whose supplementaries measure with their section index (§6: supplementaries
    /// are not items) re-solve after sections before them came or went; the others only move.
    func resolveIndexDependentSections(after index: Int, report: inout UpdateReport) throws(LayoutError) {
        var i = index
        while i < sections.count {
            if sections[i].measuresSupplementariesByIndex { try resolveSection(i, report: &report) }
            i += 1
        }
        report.sectionsShifted += max(0, sections.count - index)
    }

    /// Re-solves the instances of section `section` that hold items `low...high` after they measured.
    func resolveMeasured(section: Int, low: Int, high: Int, report: inout UpdateReport) throws(LayoutError) {
        let g = sections[section]
        guard case .estimated(let storage) = g.storage else { return }  // fixed sizes: nothing is estimated
        let cache = try cache(forDefinition: g.definition)
        let hadNoRoom = g.diagnostics.contains { $0.kind == .noRoom }
        guard storage.count > 0, low < storage.cells.count, !hadNoRoom else {
            try resolveSection(section, report: &report)
            return
        }
        // The instance before the one holding `low` tried it as its next candidate (and stopped there): with a
        // new size it may fit there now, so re-solving starts one instance earlier.
        let firstInstance = max(0, storage.instance(of: low) - 1)
        let sizing = state.sizing()
        var geometry = g
        geometry.storage = .fixed(stride: 0, instances: 0)  // release the old storage so it is uniquely owned
        let (instances, noRoom, solved): (EstimatedInstances, String?, Int)
        do {
            (instances, noRoom, solved) = try solver.solveInstances(
                cache.section, plan: cache.flatPlan, index: section, itemCount: g.itemCount, sizing: sizing,
                keeping: storage, fromInstance: firstInstance, convergeAfter: high)
        } catch {
            throw error.located(definition: g.definition, section: section)
        }
        if noRoom != nil {
            try resolveSection(section, report: &report)
            return
        }
        report.instancesSolved += solved
        geometry.storage = .estimated(instances)
        solver.place(&geometry, index: section, cache: cache, sizing: sizing)
        store(geometry, at: section)
        report.sectionsSolved += 1
    }
}
