import CompositionalLayout
import Foundation
import LayoutEngine
import LayoutSpec
import ReferenceSolver

extension FuzzChecks {
    /// A spec of at most `FuzzBounds.maxItems` items (the reader refuses more, before solving) solved by both
    /// solvers, with every estimated item measured and with none (`--measure none`): the same elements, frames
    /// and diagnostics (`SolveOutput.differences`), or the same error.
    static func solve(_ data: Data) throws(FuzzFinding) -> FuzzOutcome {
        let layout: CollectionLayout
        switch try readSpec(data, .solve, maxItems: FuzzBounds.maxItems) {
        case .success(let read): layout = read
        case .failure(let error): return .rejected(error.description)
        }
        if let bound = bound(layout) { return .bounded(bound) }
        var outcome = FuzzOutcome.ok
        for measure in [MeasureMode.all, .none] {
            let state = LayoutState(layout: layout, measure: measure)
            let reference = referenceSolve(state)
            let engine: Result<LayoutEngine, LayoutError>
            do {
                engine = .success(try LayoutEngine(state: state))
            } catch {
                engine = .failure(error)
            }
            let step = "the solve (measure \(measure))"
            outcome = try compare(engine.map { $0.output() }, reference, .solve, after: step)
        }
        return outcome
    }

    /// Why a layout is not solved: more sections than `FuzzBounds.maxSections`; nil when it is solved.
    static func bound(_ layout: CollectionLayout) -> String? {
        layout.sectionCount > FuzzBounds.maxSections
            ? "\(layout.sectionCount) sections, more than \(FuzzBounds.maxSections)" : nil
    }

    /// The reference solve of a state: the oracle every engine output is compared with.
    static func referenceSolve(_ state: LayoutState) -> Result<SolveOutput, LayoutError> {
        do {
            return .success(
                try ReferenceSolver.solve(
                    state.layout, sections: state.resolvedSections(),
                    sizing: state.sizing()))
        } catch {
            return .failure(error)
        }
    }

    /// The engine's result against the reference's: equal outputs, or equal errors.
    static func compare(
        _ engine: Result<SolveOutput, LayoutError>, _ reference: Result<SolveOutput, LayoutError>,
        _ target: FuzzTarget, after step: String
    ) throws(FuzzFinding) -> FuzzOutcome {
        switch (engine, reference) {
        case let (.success(e), .success(r)):
            let differences = e.differences(from: r)
            guard differences.isEmpty else {
                throw FuzzFinding(
                    target,
                    "after \(step) the engine differs from the reference solver:\n"
                        + differences.joined(separator: "\n"))
            }
            return .ok
        case let (.failure(e), .failure(r)):
            guard e.description == r.description else {
                throw FuzzFinding(target, "after \(step) the solvers fail differently: engine '\(e)', reference '\(r)'")
            }
            return .rejected(r.description)
        case let (.failure(e), .success):
            throw FuzzFinding(target, "after \(step) the engine fails and the reference solves: \(e)")
        case let (.success, .failure(r)):
            throw FuzzFinding(target, "after \(step) the reference fails and the engine solves: \(r)")
        }
    }
}
