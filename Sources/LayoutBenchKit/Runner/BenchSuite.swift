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
    /// `bench --shard I/N`: run only this shard's units (nil: every unit), and record it in the report.
    public var shard: ShardInfo?
    /// How each scenario kind is built (the CLI adds `snapshot-check`: `ScenarioCatalog`).
    public var catalog = ScenarioCatalog.builtIn

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
        let total = shard?.units.count ?? inputs.count * scenarios.count * threads.count
        let rounds = ScenarioSampler.rounds(configuration)
        var done = 0
        var stepsDone = 0
        for input in inputs {
            for threadCount in threads {
                let context = ScenarioContext(input: input, threads: threadCount, seed: configuration.seed)
                let started = BenchClock.monotonicNs()
                var samplers: [ScenarioSampler] = []
                for kind in scenarios {
                    if let shard,
                        !shard.units.contains(WorkUnit(spec: input.name, scenario: kind.rawValue, threads: threadCount))
                    {
                        continue
                    }
                    do {
                        samplers.append(
                            ScenarioSampler(
                                scenario: try catalog.make(kind, context), context: context,
                                configuration: configuration))
                    } catch let error as BenchError {
                        guard case .notApplicable = error else { throw error }
                        done += 1
                        if threadCount == threads.first || shard != nil, !skipped.contains(error.description) {
                            skipped.append(error.description)
                        }
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
        var report = BenchReport(
            createdAt: Timestamp.now(), machine: environment.machine, toolchain: environment.toolchain,
            gitCommit: environment.gitCommit,
            run: RunInfo(
                scenarios: scenarios.map(\.rawValue), threads: threads, runner: configuration,
                buildConfiguration: BuildCheck.configuration,
                allocator: MemoryProbe.isAvailable ? Jemalloc.version : nil,
                commandLine: environment.commandLine),
            specs: inputs.map(SpecInfo.init), results: results, skipped: skipped)
        report.shard = shard
        return report
    }

    /// Every unit this suite runs unsharded, with its expected cost for `ShardPlan` (the spec's items × the
    /// scenario's `shardWeight`; thread counts cost alike, as the time budget is per unit).
    public var workUnits: [(unit: WorkUnit, cost: Double)] {
        inputs.flatMap { input in
            scenarios.flatMap { kind in
                threads.map { threadCount in
                    (
                        unit: WorkUnit(spec: input.name, scenario: kind.rawValue, threads: threadCount),
                        cost: Double(max(input.items, 1)) * kind.shardWeight
                    )
                }
            }
        }
    }

    /// This suite restricted to shard `selector` of `ShardPlan.split(workUnits, count:)`: the same split on
    /// every machine for the same inputs, scenarios and thread counts.
    /// - Complexity: O(u log u + u × N) for u units and N shards.
    public func sharded(_ selector: ShardSelector) -> BenchSuite {
        var copy = self
        let units = ShardPlan.split(workUnits, count: selector.count)[selector.index - 1]
        copy.shard = ShardInfo(index: selector.index, count: selector.count, units: units)
        return copy
    }

    static func progressLine(_ r: ScenarioResult, index: Int, total: Int, seconds: Double) -> String {
        let width = String(total).count
        let counter = String(repeating: " ", count: width - String(index).count) + "\(index)/\(total)"
        return
            "[\(counter)] \(r.spec) \(r.scenario) threads \(r.threads): median \(BenchFormat.duration(ns: r.summaryNs.median)), p99 \(BenchFormat.duration(ns: r.summaryNs.p99)) (\(r.samplesNs.count) samples; group \(BenchFormat.fixed(seconds, decimals: 1)) s)"
    }
}
