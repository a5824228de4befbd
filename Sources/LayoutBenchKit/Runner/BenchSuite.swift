import BenchResults

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A whole bench: every input, every scenario, every thread count, in that order, into one report.
///
/// Everything it depends on comes in as a value (inputs, configuration, environment, progress), so tests and
/// the package-benchmark suite drive it the same way the command does.
public struct BenchSuite: Sendable {
    public var inputs: [BenchInput]
    public var scenarios: [ScenarioKind]
    public var threads: [Int]
    public var configuration: RunnerConfiguration

    public init(
        inputs: [BenchInput], scenarios: [ScenarioKind] = ScenarioKind.allCases, threads: [Int] = [1],
        configuration: RunnerConfiguration = RunnerConfiguration()
    ) {
        self.inputs = inputs
        self.scenarios = scenarios
        self.threads = threads
        self.configuration = configuration
    }

    /// Runs everything. For each input and thread count, every scenario is set up first (a layout that
    /// cannot be solved fails here, before any timing), then their rounds interleave: round 1 of each
    /// scenario, round 2 of each, ... (`ScenarioSampler`), then each gets its memory pass.
    /// - Complexity: inputs × threads × rounds × scenarios slices, each bounded by the stop rule.
    public func run(environment: RunEnvironment, progress: ProgressReporter = .silent) throws -> BenchReport {
        var results: [ScenarioResult] = []
        var skipped: [String] = []
        let total = inputs.count * scenarios.count * threads.count
        let rounds = ScenarioSampler.rounds(configuration)
        var done = 0
        var stepsDone = 0
        for input in inputs {
            for threadCount in threads {
                let context = ScenarioContext(input: input, threads: threadCount, seed: configuration.seed)
                let started = BenchClock.monotonicNs()
                var samplers: [ScenarioSampler] = []
                for kind in scenarios {
                    do {
                        samplers.append(
                            ScenarioSampler(
                                scenario: try kind.make(context), context: context, configuration: configuration))
                    } catch let error as BenchError {
                        guard case .notApplicable = error else { throw error }
                        done += 1
                        if threadCount == threads.first { skipped.append(error.description) }
                        progress.report("[\(done)/\(total)] skipped: \(error)")
                    }
                }
                for round in 0..<rounds {
                    for sampler in samplers { try sampler.runRound(round) }
                    progress.step(
                        ProgressStep(
                            label: "\(input.name) threads \(threadCount)", round: round + 1, rounds: rounds,
                            done: stepsDone + round + 1, total: inputs.count * threads.count * rounds))
                }
                stepsDone += rounds
                for sampler in samplers {
                    let result = try sampler.finish()
                    results.append(result)
                    done += 1
                    progress.report(
                        Self.progressLine(
                            result, index: done, total: total,
                            seconds: Double(BenchClock.monotonicNs() &- started) / 1e9))
                }
            }
        }
        // The table reads best grouped by scenario, thread counts side by side.
        let order = Dictionary(uniqueKeysWithValues: scenarios.enumerated().map { ($1.rawValue, $0) })
        let specOrder = Dictionary(inputs.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        results.sort {
            (specOrder[$0.spec] ?? 0, order[$0.scenario] ?? 0, $0.threads) < (
                specOrder[$1.spec] ?? 0, order[$1.scenario] ?? 0, $1.threads
            )
        }
        return BenchReport(
            createdAt: Timestamp.now(), machine: environment.machine, toolchain: environment.toolchain,
            gitCommit: environment.gitCommit,
            run: RunInfo(
                scenarios: scenarios.map(\.rawValue), threads: threads, runner: configuration,
                buildConfiguration: BuildCheck.configuration,
                allocator: MemoryProbe.isAvailable ? Jemalloc.version : nil,
                commandLine: environment.commandLine),
            specs: inputs.map(SpecInfo.init), results: results, skipped: skipped)
    }

    static func progressLine(_ r: ScenarioResult, index: Int, total: Int, seconds: Double) -> String {
        let width = String(total).count
        let counter = String(repeating: " ", count: width - String(index).count) + "\(index)/\(total)"
        return
            "[\(counter)] \(r.spec) \(r.scenario) threads \(r.threads): median \(BenchFormat.duration(ns: r.summaryNs.median)), p99 \(BenchFormat.duration(ns: r.summaryNs.p99)) (\(r.samplesNs.count) samples; group \(BenchFormat.fixed(seconds, decimals: 1)) s)"
    }
}
