import BenchResults
import Foundation

/// `bench --paired-speedup`: each scenario at each thread count above one timed against the same scenario at
/// one thread in lock-step, in this process: batches of about 4 ms (at least one operation) alternate A B,
/// B A, … (A one thread, B N threads), each pair gives a ratio, each set-up of the two sides the median of
/// its pairs' log-ratios, and the set-ups' mean with Student's t interval the speed-up (`PairedSpeedup`).
///
/// The plain speed-up column divides two medians measured seconds apart; on a machine whose speed drifts
/// (docs/measurement.md) it says as much about those moments as about the threads. A pair of batches
/// milliseconds apart meets one moment. Nothing is pinned: the N-thread batch runs on every CPU it gets, the
/// one-thread batch wherever the scheduler puts it.
public struct PairedSpeedups: Sendable {
    public var scenarios: [ScenarioKind]
    /// Thread counts; those above one are paired with one.
    public var threads: [Int]
    public var configuration: RunnerConfiguration
    /// Times both sides are set up afresh (at least 2). The two sides of one set-up are two copies of the
    /// layout at two places in memory; on this machine that alone moved a serial scenario's ratio by up to 7 %
    /// (docs/measurement.md), so a set-up is the unit of evidence, as a process pair is `ab`'s.
    public var setUps = 4
    /// Pairs of batches per set-up (at least 1).
    public var pairsPerSetUp = 8
    public var batchTargetNs = 4_000_000.0
    /// Each row's interval (two-sided), for that row alone.
    public var confidence = 0.95
    /// How each scenario kind is built (the CLI adds `snapshot-check`: `ScenarioCatalog`).
    public var catalog = ScenarioCatalog.builtIn

    public init(scenarios: [ScenarioKind], threads: [Int], configuration: RunnerConfiguration) {
        self.scenarios = scenarios
        self.threads = threads
        self.configuration = configuration
    }

    /// The speed-up of every (input, scenario, N > 1 threads) that `wanted` accepts and whose scenario applies
    /// at one thread. Each scenario is set up at one thread and at the wanted others, timed, and freed before
    /// the next set-up, so at most that many copies of one layout are alive at once.
    /// - Complexity: per row, `setUps × 2 × pairsPerSetUp` batches of about `max(batchTargetNs, one
    ///   operation)`, plus warm-up (8 operations and one batch a side per set-up) and `setUps` set-ups of the
    ///   scenario at each thread count.
    public func run(
        inputs: [BenchInput], wanted: (ResultKey) -> Bool = { _ in true }, progress: ProgressReporter = .silent
    ) throws -> [ResultKey: PairedSpeedup] {
        var out: [ResultKey: PairedSpeedup] = [:]
        for input in inputs {
            for kind in scenarios {
                let counts = threads.filter {
                    $0 > 1 && wanted(ResultKey(spec: input.name, scenario: kind.rawValue, threads: $0))
                }
                guard !counts.isEmpty else { continue }
                var medians: [Int: [Double]] = [:]
                var batches: [Int: Int] = [:]
                for _ in 0..<max(2, setUps) {
                    let worker = try BenchWorker(
                        inputs: [input], scenarios: [kind], threads: [1] + counts, configuration: configuration,
                        knobs: BenchWorker.Knobs(environment: [:]), catalog: catalog)
                    let rows = worker.ready.rows
                    guard let serial = rows.firstIndex(where: { $0.threads == 1 }) else { break }
                    for (row, described) in rows.enumerated() where described.threads > 1 {
                        let (logs, batch) = try pairs { side, n in
                            try worker.time(row: side == 0 ? serial : row, samples: n)
                        }
                        medians[described.threads, default: []].append(Self.median(logs))
                        batches[described.threads] = batch
                    }
                }
                for (threadCount, values) in medians.sorted(by: { $0.key < $1.key }) {
                    let key = ResultKey(spec: input.name, scenario: kind.rawValue, threads: threadCount)
                    let speedup = combine(values, batch: batches[threadCount] ?? 1)
                    out[key] = speedup
                    progress.report(Self.progressLine(key, speedup))
                }
            }
        }
        return out
    }

    /// One set-up of one row: warm both sides, size the batch by the slower, then `pairsPerSetUp` pairs in
    /// alternating order. `time(side, n)` runs n operations of side 0 (one thread) or 1 (N threads) and returns
    /// nanoseconds per operation.
    /// - Returns: each pair's log(one-thread time / N-thread time), and the batch size.
    func pairs(time: (_ side: Int, _ samples: Int) throws -> Double) throws -> (logs: [Double], batch: Int) {
        let batches = try AlternatingBatches(targetNs: batchTargetNs, time: time)
        // AlternatingBatches gives log(N-thread time / one-thread time): its negation is the speed-up's log.
        let logs = try (0..<max(1, pairsPerSetUp)).map { -(try batches.logRatio(pair: $0, time: time)) }
        return (logs, batches.batch)
    }

    /// The speed-up from each set-up's median log-ratio: their mean, with Student's t interval over set-ups.
    /// - Precondition: at least two set-ups.
    func combine(_ setUpMedians: [Double], batch: Int) -> PairedSpeedup {
        precondition(setUpMedians.count >= 2, "the interval needs at least two set-ups")
        let n = Double(setUpMedians.count)
        let mean = setUpMedians.reduce(0, +) / n
        let variance = setUpMedians.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
        let half = StudentT.quantile(1 - (1 - confidence) / 2, degreesOfFreedom: n - 1) * (variance / n).squareRoot()
        return PairedSpeedup(
            speedup: exp(mean), lower: exp(mean - half), upper: exp(mean + half), confidence: confidence,
            setUps: setUpMedians.count, pairs: setUpMedians.count * max(1, pairsPerSetUp), batch: batch)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func progressLine(_ key: ResultKey, _ s: PairedSpeedup) -> String {
        let f = { BenchFormat.fixed($0, decimals: 2) }
        return "[paired] \(key.spec) \(key.scenario) threads \(key.threads): speedup \(f(s.speedup))x "
            + "[\(f(s.lower)), \(f(s.upper))] (\(s.setUps) set-ups, \(s.pairs) pairs of \(s.batch))"
    }
}
