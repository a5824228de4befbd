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

/// Applies operations (docs/operations.md) to a solved layout step by step, with the engine or
/// with the reference solver, so `layoutbench replay`, benchmarks and tests share one implementation. Both
/// solvers see the same `LayoutState` semantics: measured sizes belong to items and follow them.
///
/// An operation that fails leaves the replayer as it was before it (with the reference) or as the engine
/// leaves it; callers stop at the first failure, as the format asks.
public final class Replayer {
    public let solver: ReplaySolver
    /// Where the operations come from, for error messages.
    public var file: String?
    private let target: any ReplayTarget

    /// Solves `state` with `solver`.
    /// - Parameter threads: the engine's threads for full solves (ignored by the reference).
    /// - Throws: `ReplayError` (line nil) when the layout cannot be solved.
    /// - Complexity: one full solve.
    public init(state: LayoutState, solver: ReplaySolver, threads: Int = 1, file: String? = nil) throws(ReplayError) {
        self.solver = solver
        self.file = file
        do {
            switch solver {
            case .reference: target = try ReferenceTarget(state: state)
            case .engine: target = try EngineTarget(engine: LayoutEngine(state: state, threads: threads))
            }
        } catch {
            throw ReplayError(cause: .layout(error), file: file)
        }
    }

    /// Solves `layout` as loaded, unmeasured items sized as `measure` says.
    public convenience init(
        layout: CollectionLayout, measure: MeasureMode = .all, solver: ReplaySolver,
        threads: Int = 1, file: String? = nil
    ) throws(ReplayError) {
        try self.init(
            state: LayoutState(layout: layout, measure: measure), solver: solver, threads: threads, file: file)
    }

    /// The data as it is after the operations applied so far.
    public var state: LayoutState { target.state }

    /// Applies one operation. `line` names it in an error (a file's line, or a position).
    /// - Complexity: the engine's cost for the operation, or one full solve with the reference.
    public func apply(_ operation: LayoutOperation, line: Int) throws(ReplayError) {
        do {
            try target.apply(operation)
        } catch {
            throw ReplayError(cause: error, file: file, line: line, operation: operation)
        }
    }

    /// Applies operations read from a replay file, in order, stopping at the first that fails.
    /// - Parameter afterEach: called with each operation's output once it is applied (`--each`).
    public func apply(_ operations: [LocatedOperation], afterEach: ((LocatedOperation, SolveOutput) -> Void)? = nil)
        throws(ReplayError)
    {
        for located in operations {
            try apply(located.operation, line: located.line)
            afterEach?(located, output())
        }
    }

    /// The solve output of the current state. Complexity: O(elements).
    public func output() -> SolveOutput { target.output() }

    /// A fresh reference solve of `state`.
    public static func solve(_ state: LayoutState) throws(LayoutError) -> SolveOutput {
        try ReferenceSolver.solve(state.layout, sections: state.resolvedSections(), sizing: state.sizing())
    }

    /// Replays `operations` on `layout` and returns the final output.
    public static func replay(
        _ layout: CollectionLayout, measure: MeasureMode = .all, operations: [LocatedOperation],
        solver: ReplaySolver, threads: Int = 1, file: String? = nil,
        afterEach: ((LocatedOperation, SolveOutput) -> Void)? = nil
    ) throws(ReplayError) -> SolveOutput {
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

/// What a replay applies operations to: one solver and the data it keeps solved. An operation that fails
/// leaves the target as the solver leaves it (the reference: as it was).
protocol ReplayTarget: AnyObject {
    var state: LayoutState { get }
    func apply(_ operation: LayoutOperation) throws(ReplayError.Cause)
    func output() -> SolveOutput
}

/// The incremental engine, each operation applied to it.
final class EngineTarget: ReplayTarget {
    let engine: LayoutEngine

    init(engine: LayoutEngine) {
        self.engine = engine
    }

    var state: LayoutState { engine.state }

    func apply(_ operation: LayoutOperation) throws(ReplayError.Cause) {
        do {
            try engine.apply(operation)
        } catch {
            switch error {
            case .operation(let cause): throw .operation(cause)
            case .layout(let cause): throw .layout(cause)
            }
        }
    }

    func output() -> SolveOutput { engine.output() }
}

/// The reference solver: the state changed by each operation and solved afresh.
final class ReferenceTarget: ReplayTarget {
    private(set) var state: LayoutState
    private var solved: SolveOutput

    init(state: LayoutState) throws(LayoutError) {
        self.state = state
        solved = try Replayer.solve(state)
    }

    func apply(_ operation: LayoutOperation) throws(ReplayError.Cause) {
        var next = state
        do {
            try next.apply(operation)
        } catch {
            throw .operation(error)
        }
        do {
            solved = try Replayer.solve(next)
        } catch {
            throw .layout(error)
        }
        state = next
    }

    func output() -> SolveOutput { solved }
}
