import CompositionalLayout
import SolverKernel

/// A `resize` (SEMANTICS.md §4.7, §10): a new size re-solves everything (fractions, variants and calc values
/// all follow the size), but a resize that keeps the size and changes only the environment (safe area,
/// margins, direction, traits) re-selects variants, re-evaluates `calc` values and re-solves only the
/// definitions whose resolved section changed. The direction alone changes nothing stored: right-to-left is
/// applied at output and query time (§10.3).
extension LayoutEngine {
    func applyResize(_ operation: LayoutOperation, report: inout UpdateReport) throws(EngineError) {
        guard case let .resize(width, height, _) = operation else { return }
        let before = state.layout.container
        try applyToStateForResize(operation)
        do throws(LayoutError) {
            if width != before.width || height != before.height || definitions.count != state.layout.sections.count {
                try solveAll()
                report = lastReport
                return
            }
            environment = try state.layout.resolvedForEnvironment()
            var changed: Set<Int> = []
            for index in definitions.indices {
                guard let cache = definitions[index] else { continue }
                let fresh: EnvironmentSection
                do throws(LayoutError) {
                    fresh = try environment.environmentSection(forDefinition: index)
                } catch {
                    throw error.located(definition: index)
                }
                if fresh.section != cache.section || fresh.boundaryInsets != cache.boundaryInsets {
                    definitions[index] = try solver.cache(for: fresh)
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
