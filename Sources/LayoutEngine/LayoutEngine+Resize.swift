import CompositionalLayout
import SolverKernel

/// A `resize` (docs/layout-rules.md §4.7, §10): a new size re-solves everything (fractions, variants and calc values
/// all follow the size), but a resize that keeps the size and changes only the environment (safe area,
/// margins, direction, traits) re-selects variants, re-evaluates `calc` values and re-solves only the
/// definitions whose resolved section changed. The direction alone changes nothing stored: right-to-left is
/// applied at output and query time (§10.3).
extension LayoutEngine {
    func applyResize(_ operation: LayoutOperation, report: inout UpdateReport) throws(EngineError) {
        guard case let .resize(width, height, _) = operation else { return }
        let before = state.layout.container
        let versionBefore = stateVersion
        try applyToStateForResize(operation)
        do throws(LayoutError) {
            if width != before.width || height != before.height || definitions.count != state.layout.sections.count {
                // The solve at `before` stays valid for `before` while only this resize changes the state.
                let current = saveSolve(container: before)
                if let saved = previousSolve, saved.version == versionBefore, saved.container == state.layout.container
                {
                    restore(saved)
                    report = UpdateReport()
                    report.sectionsShifted = sections.count
                } else {
                    previousSolve = nil  // freed before solving, not kept alongside two solves
                    try solveAll()
                    report = lastReport
                }
                previousSolve = current
                return
            }
            previousSolve = nil
            environment = try state.layout.resolvedForEnvironment()
            var changed: Set<Int> = []
            for index in definitions.indices {
                guard let cache = definitions[index] else { continue }
                let fresh: EnvironmentSection
                do throws(LayoutError) {
                    fresh = try environment.environmentSection(forDefinition: index)
                } catch {
                    throw error.located(definition: index, section: firstSection(using: index))
                }
                if fresh.section != cache.section || fresh.boundaryInsets != cache.boundaryInsets {
                    definitions[index] = try solver.cache(for: fresh, definition: index)
                    noteTemplate(of: definitions[index]!)
                    report.templatesSolved += definitions[index]?.template == nil ? 0 : 1
                    changed.insert(index)
                }
            }
            for (i, section) in state.sections.enumerated() where changed.contains(section.definition) {
                try resolveSection(i, report: &report)
            }
            rebuildOffsets()  // the layout's boundary items follow the layout's reference insets (§10.2)
        } catch {
            throw EngineError.layout(error)
        }
    }
}

/// A whole solve kept for the container it was made at (see `LayoutEngine.previousSolve`).
struct SavedSolve {
    var container: LayoutContainer
    /// `stateVersion` once the resize away from `container` was applied: the solve holds while it is current.
    var version: Int
    var definitions: [DefinitionCache?]
    var sections: [SectionGeometry]
    var sectionOffsets: FenwickTree
    var layoutBoundary: BoundaryItemsPlacement
    var environment: CollectionLayout
    var overhangBefore: Double
    var overhangAfter: Double
}

extension LayoutEngine {
    /// The current solve, valid for `container` at the current state version. Complexity: O(1) (shared arrays).
    func saveSolve(container: LayoutContainer) -> SavedSolve {
        SavedSolve(
            container: container, version: stateVersion, definitions: definitions, sections: sections,
            sectionOffsets: sectionOffsets, layoutBoundary: layoutBoundary, environment: environment,
            overhangBefore: overhangBefore, overhangAfter: overhangAfter)
    }

    /// Makes a saved solve current. Complexity: O(1).
    func restore(_ saved: SavedSolve) {
        definitions = saved.definitions
        sections = saved.sections
        sectionOffsets = saved.sectionOffsets
        layoutBoundary = saved.layoutBoundary
        environment = saved.environment
        overhangBefore = saved.overhangBefore
        overhangAfter = saved.overhangAfter
    }
}
