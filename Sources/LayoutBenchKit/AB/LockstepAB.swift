import BenchResults
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lock-step `ab`: both builds run as long-lived workers (`BenchWorker`, `layoutbench _serve-bench`) on the
/// same specs, scenarios, threads and seed; for each row the coordinator warms both to a steady state, picks
/// a batch size of about `batchTargetNs`, then alternates batches A B, B A, ... so each pair of batches meets
/// the same machine within milliseconds. Each pair gives ln(head / base); `SequentialRule` stops the row as
/// soon as it is decided, or when its share of `maxTime` runs out (inconclusive).
///
/// The worker pair is started `segments` times (fresh processes each time): a row's pairs come from every
/// pair of processes before it may be decided, so a difference between two processes of one build (memory
/// layout, address randomisation) is part of the noise the interval measures, not a change.
public struct LockstepAB: Sendable {
    public var baseBinary: String
    public var headBinary: String
    /// `_serve-bench` and its options (same for both sides).
    public var workerArguments: [String]
    public var baseEnvironment: [String: String]
    public var headEnvironment: [String: String]
    public var options: ComparisonOptions
    /// Seconds for the whole comparison (start-up and warm-ups included, roughly).
    public var maxTime: Double
    /// Seconds to wait for any one reply before calling a worker hung.
    public var replyTimeout: Double
    public var segments = LockstepAB.defaultSegments
    public static let defaultSegments = 3
    /// Pairs each row takes from each worker pair before the last (the last runs to a decision).
    public var pairsPerEarlySegment = 12
    public var batchTargetNs = 10_000_000.0
    /// Where the workers' standard error logs go.
    public var folder: String

    public init(
        baseBinary: String, headBinary: String, workerArguments: [String], baseEnvironment: [String: String],
        headEnvironment: [String: String], options: ComparisonOptions, maxTime: Double, replyTimeout: Double,
        folder: String
    ) {
        self.baseBinary = baseBinary; self.headBinary = headBinary; self.workerArguments = workerArguments
        self.baseEnvironment = baseEnvironment; self.headEnvironment = headEnvironment; self.options = options
        self.maxTime = maxTime; self.replyTimeout = replyTimeout; self.folder = folder
    }

    /// One row's evidence.
    struct RowState {
        var row: BenchWorker.Row
        var rule: SequentialRule
        var batchSize = 0
        var logRatios: [Double] = []
        var baseNs: [Double] = []
        var headNs: [Double] = []
        var decision: (interval: RatioInterval, verdict: Verdict)?
        var steady = true
    }

    /// Runs the comparison; `progress` hears about each step.
    /// - Complexity: bounded by `maxTime`, plus one reply timeout per worker call in the worst case.
    public func run(progress: (String) -> Void) throws(LockstepError) -> ComparisonReport {
        // A worker that dies mid-write must give an error, not end `ab` with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let start = Date()
        let deadline = start.addingTimeInterval(maxTime)
        var rows: [RowState] = []
        var ready: (base: BenchWorker.Ready, head: BenchWorker.Ready)?
        for segment in 0..<segments {
            let last = segment == segments - 1
            let pair = try startPair(segment: segment)
            defer {
                pair.base.quit()
                pair.head.quit()
            }
            if ready == nil {
                ready = (pair.baseReady, pair.headReady)
                guard !pair.baseReady.rows.isEmpty else { throw .noRows }
                let rowConfidence = FamilyWise.rowConfidence(
                    family: options.confidence, rows: pair.baseReady.rows.count)
                rows = pair.baseReady.rows.map { row in
                    RowState(
                        row: row,
                        rule: SequentialRule(
                            threshold: options.threshold(spec: row.spec, scenario: row.scenario, metric: .time),
                            rowConfidence: rowConfidence))
                }
            }
            for index in rows.indices where rows[index].decision == nil {
                let name = "\(rows[index].row.spec) \(rows[index].row.scenario) threads \(rows[index].row.threads)"
                for side in [pair.base, pair.head] {
                    let reply = try side.ask("warm \(index)", doing: "warming \(name)")
                    guard reply.count == 2, let ns = Double(reply[0]), ns >= 0 else {
                        throw .garbage(
                            side: side.side, doing: "warming \(name)", line: "ok " + reply.joined(separator: " "))
                    }
                    if reply[1] == "0" { rows[index].steady = false }
                    if rows[index].batchSize == 0 || side.side == .head {
                        rows[index].batchSize = max(
                            rows[index].batchSize, min(1_000_000, max(1, Int(batchTargetNs / max(ns, 1)))))
                    }
                }
                // The row's share of the time left, over the rows still open in this and later segments.
                let open = rows[index...].filter { $0.decision == nil }.count
                let remainingSegments = Double(segments - segment)
                let share = deadline.timeIntervalSinceNow / Double(open) / (last ? 1 : remainingSegments)
                let rowDeadline = Date().addingTimeInterval(max(0, share))
                var taken = 0
                while Date() < rowDeadline && (last || taken < pairsPerEarlySegment) {
                    let count = rows[index].logRatios.count
                    let order = count % 2 == 0 ? [pair.base, pair.head] : [pair.head, pair.base]
                    var ns: [ABPlan.Side: Double] = [:]
                    for side in order {
                        let doing = "timing a batch of \(rows[index].batchSize) on \(name)"
                        let reply = try side.ask("batch \(index) \(rows[index].batchSize)", doing: doing)
                        guard reply.count == 1, let value = Double(reply[0]), value.isFinite, value >= 0 else {
                            throw .garbage(side: side.side, doing: doing, line: "ok " + reply.joined(separator: " "))
                        }
                        ns[side.side] = value
                    }
                    let b = max(ns[.base] ?? 1, 1e-3), h = max(ns[.head] ?? 1, 1e-3)
                    rows[index].baseNs.append(b)
                    rows[index].headNs.append(h)
                    rows[index].logRatios.append(log(h / b))
                    taken += 1
                    if last, case .decided(let interval, let verdict) = rows[index].rule.decide(rows[index].logRatios) {
                        rows[index].decision = (interval, verdict)
                        progress(
                            "ab: \(name): \(verdict.rawValue) after \(rows[index].logRatios.count) pairs (\(BenchFormat.fixed(Date().timeIntervalSince(start), decimals: 1)) s)"
                        )
                        break
                    }
                }
            }
            progress("ab: worker pair \(segment + 1)/\(segments) done")
        }
        guard let ready else { throw .noRows }
        return report(rows, ready: ready, seconds: Date().timeIntervalSince(start))
    }

    private struct Pair {
        var base: WorkerConnection
        var head: WorkerConnection
        var baseReady: BenchWorker.Ready
        var headReady: BenchWorker.Ready
    }

    private func startPair(segment: Int) throws(LockstepError) -> Pair {
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_STEP_SUMMARY"] = nil
        let base = try WorkerConnection(
            side: .base, binary: baseBinary, arguments: workerArguments,
            environment: environment.merging(baseEnvironment) { _, new in new },
            log: "\(folder)/worker-\(segment + 1)-base.log", replyTimeout: replyTimeout)
        let head: WorkerConnection
        do {
            head = try WorkerConnection(
                side: .head, binary: headBinary, arguments: workerArguments,
                environment: environment.merging(headEnvironment) { _, new in new },
                log: "\(folder)/worker-\(segment + 1)-head.log", replyTimeout: replyTimeout)
        } catch {
            base.kill()
            throw error
        }
        do {
            let baseReady = try readReady(base)
            let headReady = try readReady(head)
            guard baseReady.rows == headReady.rows else {
                func names(_ r: BenchWorker.Ready) -> [String] {
                    r.rows.map { "\($0.spec) \($0.scenario) \($0.threads)" }
                }
                throw LockstepError.differentRows(base: names(baseReady), head: names(headReady))
            }
            return Pair(base: base, head: head, baseReady: baseReady, headReady: headReady)
        } catch let error as LockstepError {
            base.kill()
            head.kill()
            throw error
        } catch {
            preconditionFailure("only LockstepError is thrown here: \(error)")
        }
    }

    private func readReady(_ worker: WorkerConnection) throws(LockstepError) -> BenchWorker.Ready {
        let line = try worker.readLine(doing: "starting (loading the specs)")
        guard line.hasPrefix("ready "),
            let ready = try? JSONDecoder().decode(BenchWorker.Ready.self, from: Data(line.dropFirst(6).utf8))
        else {
            worker.kill()
            throw .garbage(side: worker.side, doing: "starting (loading the specs)", line: String(line.prefix(300)))
        }
        return ready
    }

    /// The verdict table: one row per (spec, scenario, threads), as the run-based `ab` reports.
    func report(_ rows: [RowState], ready: (base: BenchWorker.Ready, head: BenchWorker.Ready), seconds: Double)
        -> ComparisonReport
    {
        let comparisons = rows.map { state -> MetricComparison in
            let judged = state.decision ?? state.rule.final(state.logRatios)
            return MetricComparison(
                spec: state.row.spec, scenario: state.row.scenario, threads: state.row.threads, metric: .time,
                base: PairedComparison.median(state.baseNs), head: PairedComparison.median(state.headNs),
                interval: judged.interval, verdict: state.decision?.verdict ?? .inconclusive, machineFactor: nil)
        }
        let pairs = rows.map(\.logRatios.count)
        var notes: [String] = []
        let rowConfidence = rows.first?.rule.rowConfidence ?? options.confidence
        if rows.count > 1 {
            notes.append(
                "family-wise: each of the \(rows.count) rows' intervals is at \(FamilyWise.percent(rowConfidence)) (Bonferroni), so all hold together at \(FamilyWise.percent(options.confidence))"
            )
        }
        if rows.contains(where: { $0.decision == nil }) {
            notes.append(
                "inconclusive rows ran out of their share of --max-time \(BenchFormat.fixed(maxTime, decimals: 0)) s undecided: give more time, or a quieter machine"
            )
        }
        if rows.contains(where: { !$0.steady }) {
            notes.append("some rows did not reach a steady state in their warm-up (1 s)")
        }
        for (name, r) in [("base", ready.base), ("head", ready.head)] {
            if r.knobs.contains("slowdown") {
                notes.append("\(name) ran with the test-only slowdown knob on (LAYOUTBENCH_SLOWDOWN_*)")
            }
            if r.knobs.contains("work") {
                notes.append("\(name) ran with the test-only work knob on (\(ExtraWork.environmentKey))")
            }
            if r.build != "release" { notes.append("\(name) is a debug build") }
        }
        var report = ComparisonReport(
            options: options, base: baseBinary, head: headBinary, comparisons: comparisons, onlyInBase: [],
            onlyInHead: [], notes: notes)
        report.method =
            "lock-step workers (\(segments) process pairs), ABBA batches of ~\(Int(batchTargetNs / 1e6)) ms; \(pairs.min() ?? 0)–\(pairs.max() ?? 0) pairs per row in \(BenchFormat.fixed(seconds, decimals: 1)) s; Hodges–Lehmann estimate with the exact Wilcoxon signed-rank interval per row, sequential stop"
        return report
    }
}
