import BenchResults
import Foundation

/// `watch`'s change of a spec between two saves, measured in one process: the layout benched last time (its
/// snapshot) and the one saved now, alternated in short batches A B, B A, … on each (scenario, threads),
/// the lock-step of `ab` inside one bench child.
///
/// Two bench runs in separate processes cannot show a few percent on this machine: the CPU changes speed by
/// up to 2× for seconds at a time (docs/measurement.md), and an unchanged spec saved 20 times read
/// `inconclusive` 20 times (2026-11-26). Batches 4 ms apart meet the same speed. Both
/// layouts live in one process, so a difference of memory placement between them counts as a change; it is
/// far below `watch`'s thresholds. With one thread the process is pinned to the CPU it is on first.
///
/// With a `threshold`, a row stops at the first look whose interval decides it (wholly within ±threshold:
/// `same`; wholly beyond: `slower` or `faster`), else goes on to the next look (`SequentialLooks`).
public struct PairedVersions: Sendable {
    public var scenarios: [ScenarioKind]
    public var threads: [Int]
    public var configuration: RunnerConfiguration
    /// When the pairs of batches per (scenario, threads) are judged; the last is the most a row gets.
    public var looks = SequentialLooks(at: [24, 48, 96])
    public var batchTargetNs = 4_000_000.0
    /// The interval's confidence (two-sided), for all looks together.
    public var confidence = 0.95
    /// The verdict's threshold (0.05 = ±5 %): a row stops once its interval decides at it. Without one,
    /// every row stops at the first look.
    public var threshold: Double?
    /// How each scenario kind is built (the CLI adds `snapshot-check`: `ScenarioCatalog`).
    public var catalog = ScenarioCatalog.builtIn

    public init(
        scenarios: [ScenarioKind], threads: [Int], configuration: RunnerConfiguration, threshold: Double? = nil
    ) {
        self.threshold = threshold
        self.scenarios = scenarios
        self.threads = threads
        self.configuration = configuration
    }

    /// The change from `before` to `now` on every (scenario, threads) both can run. `now` is renamed to
    /// `before`'s name so their rows pair up.
    /// - Complexity: about `2 × looks.maximum × batchTargetNs` of timing per (scenario, threads) at most
    ///   (`2 × looks.first` when the first look decides), plus set-up.
    public func run(before: BenchInput, now: BenchInput) throws -> [PairedChange] {
        var current = now
        current.name = before.name
        let worker = try BenchWorker(
            inputs: [before, current], scenarios: scenarios, threads: threads, configuration: configuration,
            knobs: BenchWorker.Knobs(environment: [:]), catalog: catalog)
        let rows = worker.ready.rows
        let half = rows.count / 2
        var changes: [PairedChange] = []
        // One thread's rows on one CPU, as `ab` pins its workers: each CPU changes speed on its own.
        if threads.allSatisfy({ $0 == 1 }), let cpu = CPUAffinity.current() {
            _ = CPUAffinity.pin(process: getpid(), to: [cpu])
        }
        // Rows come input by input with the same order inside: row i of `before` is row half + i of `now`,
        // unless a scenario applied to one layout only (then the rows do not pair up and nothing is said).
        guard rows.count % 2 == 0, Array(rows[..<half]) == Array(rows[half...]) else { return [] }
        for index in 0..<half {
            let sides = [index, half + index]
            let time = { (side: Int, n: Int) in try worker.time(row: sides[side], samples: n) }
            let batches = try AlternatingBatches(targetNs: batchTargetNs, time: time)
            var pair = 0
            let (judged, taken) = try looks.judge(threshold: threshold, confidence: confidence) {
                defer { pair += 1 }
                return try batches.logRatio(pair: pair, time: time)
            }
            changes.append(
                PairedChange(
                    scenario: rows[index].scenario, threads: rows[index].threads, ratio: judged.ratio,
                    lower: judged.lower, upper: judged.upper, pairs: taken))
        }
        return changes
    }
}
