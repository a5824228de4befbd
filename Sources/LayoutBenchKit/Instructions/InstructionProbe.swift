import BenchResults
import CCallgrind
import CompositionalLayout

/// The counted side of `bench --metric instructions`: runs inside valgrind (callgrind started with
/// `--instr-atstart=no --collect-atstart=no`), builds each scenario uninstrumented, then runs exactly
/// `operations` operations with collection switched on around each `runSample()` only, and dumps the counts
/// with a label the parent reads back (`CallgrindDump`).
///
/// One warm-up operation runs first, uncounted, so lazily built tables and first-touch allocations do not
/// land in the count; before any scenario, the runtime metadata of the records updates allocate lazily is
/// made (`LayoutState.prepareRuntimeMetadata`), so that no row counts its one-time cost. Outside valgrind
/// every client request is a no-op: the probe then only runs the work.
public struct InstructionProbe: Sendable {
    /// The label prefix of a scenario's dump: `layoutbench-ops|spec|scenario|threads|operations`.
    public static let scenarioLabel = "layoutbench-ops"
    /// The label of the work loop's calibration dump: `layoutbench-work|iterations`.
    public static let workLabel = "layoutbench-work"
    /// Iterations of `WorkLoop` counted to learn its cost per iteration.
    public static let workCalibrationIterations = 100_000

    public var operations: Int
    /// Extra `WorkLoop` iterations per operation, by `spec|scenario` (the test-only work knob).
    public var workIterations: [String: Int]
    /// How each scenario kind is built (the CLI adds `snapshot-check`: `ScenarioCatalog`).
    public var catalog = ScenarioCatalog.builtIn

    public init(operations: Int, workIterations: [String: Int] = [:]) {
        self.operations = operations
        self.workIterations = workIterations
    }

    /// Whether this binary can bracket counts (it was built with valgrind's headers).
    public static var isCompiledIn: Bool { lb_callgrind_compiled_in() != 0 }
    public static var isRunningOnValgrind: Bool { lb_running_on_valgrind() != 0 }

    /// Counts every scenario of every input (one thread), then the work loop.
    public func run(inputs: [BenchInput], scenarios: [ScenarioKind], seed: UInt64) throws {
        LayoutState.prepareRuntimeMetadata()
        for input in inputs {
            let context = ScenarioContext(input: input, threads: 1, seed: seed)
            for kind in scenarios {
                let scenario: any BenchScenario
                do {
                    scenario = try catalog.make(kind, context)
                } catch let error as BenchError {
                    guard case .notApplicable = error else { throw error }
                    continue
                }
                try count(
                    scenario, label: "\(Self.scenarioLabel)|\(input.name)|\(kind.rawValue)|1|\(operations)",
                    extra: workIterations["\(input.name)|\(kind.rawValue)"] ?? 0)
            }
        }
        lb_callgrind_start_instrumentation()
        lb_callgrind_zero_stats()
        lb_callgrind_toggle_collect()
        let x = WorkLoop.run(iterations: Self.workCalibrationIterations)
        lb_callgrind_toggle_collect()
        WorkLoop.sink(x)
        lb_callgrind_dump_stats_at("\(Self.workLabel)|\(Self.workCalibrationIterations)")
        lb_callgrind_stop_instrumentation()
    }

    private func count(_ scenario: any BenchScenario, label: String, extra: Int) throws {
        try scenario.prepareSample()
        try scenario.runSample()
        lb_callgrind_start_instrumentation()
        lb_callgrind_zero_stats()
        for _ in 0..<max(1, operations) {
            try scenario.prepareSample()
            lb_callgrind_toggle_collect()
            try scenario.runSample()
            if extra > 0 { WorkLoop.sink(WorkLoop.run(iterations: extra)) }
            lb_callgrind_toggle_collect()
        }
        lb_callgrind_dump_stats_at(label)
        lb_callgrind_stop_instrumentation()
    }
}
