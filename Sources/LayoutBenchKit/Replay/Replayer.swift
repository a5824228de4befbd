import CompositionalLayout
import LayoutEngine
import LayoutSpec
import ReferenceSolver

/// Which solver a replay uses.
public enum ReplaySolver: String, Hashable, Sendable, CaseIterable {
    /// The incremental engine: one `LayoutEngine`, each operation applied to it.
    case engine
    /// The reference solver: a `LayoutState` changed by each operation and solved afresh every step.
    case reference
}

/// Applies operations (docs/spec-format.md, "Operations") to a solved layout step by step, with the engine or
/// with the reference solver, so `layoutbench replay`, benchmarks and tests share one implementation. Both
/// solvers see the same `LayoutState` semantics: measured sizes belong to items and follow them.
///
/// An operation that fails leaves the replayer as it was before it (with the reference) or as the engine
/// leaves it; callers stop at the first failure, as the format asks.
public final class Replayer {
    public let solver: ReplaySolver
    /// Where the operations come from, for error messages.
    public var file: String?
    private var reference: (state: LayoutState, output: SolveOutput)?
    private var engine: LayoutEngine?

    /// Solves `state` with `solver`.
    /// - Parameter threads: the engine's threads for full solves (ignored by the reference).
    /// - Throws: `ReplayError` (line nil) when the layout cannot be solved.
    /// - Complexity: one full solve.
    public init(state: LayoutState, solver: ReplaySolver, threads: Int = 1, file: String? = nil) throws(ReplayError) {
        self.solver = solver
        self.file = file
        switch solver {
        case .reference:
            do {
                reference = (state, try Self.solve(state))
            } catch {
                throw ReplayError(cause: .layout(error), file: file)
            }
        case .engine:
            do {
                engine = try LayoutEngine(state: state, threads: threads)
            } catch {
                throw ReplayError(cause: .layout(error), file: file)
            }
        }
    }

    /// Solves `layout` as loaded, unmeasured items sized as `measure` says.
    public convenience init(layout: CollectionLayout, measure: MeasureMode = .all, solver: ReplaySolver,
                            threads: Int = 1, file: String? = nil) throws(ReplayError) {
        try self.init(state: LayoutState(layout: layout, measure: measure), solver: solver, threads: threads, file: file)
    }

    /// The data as it is after the operations applied so far.
    public var state: LayoutState {
        if let engine { return engine.state }
        return reference!.state
    }

    /// Applies one operation. `line` names it in an error (a file's line, or a position).
    /// - Complexity: the engine's cost for the operation, or one full solve with the reference.
    public func apply(_ operation: LayoutOperation, line: Int) throws(ReplayError) {
        if let engine {
            do {
                try engine.apply(operation)
            } catch {
                switch error {
                case .operation(let cause): throw ReplayError(cause: .operation(cause), file: file, line: line, operation: operation)
                case .layout(let cause): throw ReplayError(cause: .layout(cause), file: file, line: line, operation: operation)
                }
            }
            return
        }
        var state = reference!.state
        do {
            try state.apply(operation)
        } catch {
            throw ReplayError(cause: .operation(error), file: file, line: line, operation: operation)
        }
        do {
            reference = (state, try Self.solve(state))
        } catch {
            throw ReplayError(cause: .layout(error), file: file, line: line, operation: operation)
        }
    }

    /// Applies operations read from a replay file, in order, stopping at the first that fails.
    /// - Parameter afterEach: called with each operation's output once it is applied (`--each`).
    public func apply(_ operations: [LocatedOperation], afterEach: ((LocatedOperation, SolveOutput) -> Void)? = nil) throws(ReplayError) {
        for located in operations {
            try apply(located.operation, line: located.line)
            afterEach?(located, output())
        }
    }

    /// The solve output of the current state. Complexity: O(elements).
    public func output() -> SolveOutput {
        if let engine { return engine.output() }
        return reference!.output
    }

    /// A fresh reference solve of `state`.
    public static func solve(_ state: LayoutState) throws(LayoutError) -> SolveOutput {
        try ReferenceSolver.solve(state.layout, sections: state.resolvedSections(), sizing: state.sizing())
    }

    /// Replays `operations` on `layout` and returns the final output.
    public static func replay(_ layout: CollectionLayout, measure: MeasureMode = .all, operations: [LocatedOperation],
                              solver: ReplaySolver, threads: Int = 1, file: String? = nil,
                              afterEach: ((LocatedOperation, SolveOutput) -> Void)? = nil) throws(ReplayError) -> SolveOutput {
        let replayer = try Replayer(layout: layout, measure: measure, solver: solver, threads: threads, file: file)
        try replayer.apply(operations, afterEach: afterEach)
        return replayer.output()
    }
}

extension Array where Element == LayoutOperation {
    /// The operations numbered 1, 2, ... as if each were a line of a replay file.
    public var numberedAsLines: [LocatedOperation] {
        enumerated().map { LocatedOperation(line: $0.offset + 1, operation: $0.element) }
    }
}
