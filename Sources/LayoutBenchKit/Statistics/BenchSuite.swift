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

    public init(inputs: [BenchInput], scenarios: [ScenarioKind] = ScenarioKind.allCases, threads: [Int] = [1],
                configuration: RunnerConfiguration = RunnerConfiguration()) {
        self.inputs = inputs
        self.scenarios = scenarios
        self.threads = threads
        self.configuration = configuration
    }

    /// Runs everything. Throws the first error (a layout that cannot be solved fails before any timing).
    /// - Complexity: inputs × scenarios × threads runs, each bounded by the stop rule.
    public func run(environment: RunEnvironment, progress: ProgressReporter = .silent) throws -> BenchReport {
        let runner = BenchRunner(configuration: configuration)
        var results: [ScenarioResult] = []
        let total = inputs.count * scenarios.count * threads.count
        var done = 0
        for input in inputs {
            for kind in scenarios {
                for threadCount in threads {
                    let context = ScenarioContext(input: input, threads: threadCount, seed: configuration.seed)
                    let started = BenchClock.monotonicNs()
                    let result = try runner.run(kind, context: context)
                    results.append(result)
                    done += 1
                    progress.report(Self.progressLine(result, index: done, total: total,
                                                      seconds: Double(BenchClock.monotonicNs() &- started) / 1e9))
                }
            }
        }
        return BenchReport(
            createdAt: Self.timestamp(), machine: environment.machine, toolchain: environment.toolchain,
            gitCommit: environment.gitCommit,
            run: RunInfo(scenarios: scenarios.map(\.rawValue), threads: threads, runner: configuration,
                         buildConfiguration: BuildCheck.configuration,
                         allocator: MemoryProbe.isAvailable ? Jemalloc.version : nil,
                         commandLine: environment.commandLine),
            specs: inputs.map(SpecInfo.init), results: results)
    }

    static func progressLine(_ r: ScenarioResult, index: Int, total: Int, seconds: Double) -> String {
        let width = String(total).count
        let counter = String(repeating: " ", count: width - String(index).count) + "\(index)/\(total)"
        return "[\(counter)] \(r.spec) \(r.scenario) threads \(r.threads): median \(BenchFormat.duration(ns: r.summaryNs.median)), p99 \(BenchFormat.duration(ns: r.summaryNs.p99)) (\(r.samplesNs.count) samples, \(BenchFormat.fixed(seconds, decimals: 1)) s)"
    }

    static func timestamp() -> String {
        var t = time(nil)
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
