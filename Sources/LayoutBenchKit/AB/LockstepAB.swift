import BenchResults
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lock-step `ab`: both builds run as workers (`BenchWorker`, `layoutbench _serve-bench`) on the same specs,
/// scenarios, threads and seed; the coordinator alternates batches A B, B A, ... of about `batchTargetNs` so
/// each pair of batches meets the same machine within milliseconds, and each pair gives ln(head / base).
///
/// The worker pair is short-lived: it is started afresh for each round (`pairsPerSegment` pairs of batches
/// per open row, rows in turn), so each row sees many process pairs. Batches from one process pair share its
/// memory layout, so the process pair, not the batch, is the unit of independence: `SequentialRule` judges a
/// row on one estimate per process pair and stops it as soon as it is decided; rounds go on until every row
/// is decided, `maxSegments` rounds ran, or `maxTime` would be passed (open rows are then inconclusive).
/// Only the first round warms a row to a steady state (which picks its batch size); later rounds run
/// `rewarmBatches` untimed batches per side first.
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
    /// The most rounds (process pairs) in one run.
    public var maxSegments = 64
    /// Pairs of batches each open row takes from each process pair.
    public var pairsPerSegment = LockstepAB.defaultPairsPerSegment
    public static let defaultPairsPerSegment = 8
    /// Untimed batches per side and row before a later round's timed ones.
    public var rewarmBatches = 2
    public var batchTargetNs = 10_000_000.0
    /// Where the workers' standard error logs go.
    public var folder: String
    /// Whether both workers of a process pair run on the same CPUs (`CPUAffinity`; Linux), rotating over the
    /// allowed CPUs from one process pair to the next.
    public var pinsWorkers = true

    public init(
        baseBinary: String, headBinary: String, workerArguments: [String], baseEnvironment: [String: String],
        headEnvironment: [String: String], options: ComparisonOptions, maxTime: Double, replyTimeout: Double,
        folder: String
    ) {
        self.baseBinary = baseBinary; self.headBinary = headBinary; self.workerArguments = workerArguments
        self.baseEnvironment = baseEnvironment; self.headEnvironment = headEnvironment; self.options = options
        self.maxTime = maxTime; self.replyTimeout = replyTimeout; self.folder = folder
    }

    /// One row's evidence: its log ratios grouped by process pair.
    struct RowState {
        var row: BenchWorker.Row
        var rule: SequentialRule
        var batchSize = 0
        var clusters: [[Double]] = []
        var baseNs: [Double] = []
        var headNs: [Double] = []
        var decision: (interval: RatioInterval, verdict: Verdict)?
        var steady = true
        var pairs: Int { clusters.reduce(0) { $0 + $1.count } }
    }

    /// Runs the comparison; `progress` hears about each step.
    /// - Complexity: bounded by `maxTime` (plus one round), plus one reply timeout per worker call in the
    ///   worst case.
    public func run(progress: (String) -> Void) throws(LockstepError) -> ComparisonReport {
        // A worker that dies mid-write must give an error, not end `ab` with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let start = Date()
        var rows: [RowState] = []
        var ready: (base: BenchWorker.Ready, head: BenchWorker.Ready)?
        var segments = 0
        var pinnedCPUs: [[Int]] = []
        var longestRound = 0.0
        while segments < maxSegments {
            let roundStart = Date()
            // Start a round only if one more (as long as the longest so far) fits in the time.
            if segments > 0 && roundStart.timeIntervalSince(start) + longestRound > maxTime { break }
            if segments > 0 && !rows.contains(where: { $0.decision == nil }) { break }
            let segment = segments
            segments += 1
            let pair = try startPair(segment: segment)
            if let cpus = pair.cpus { pinnedCPUs.append(cpus) }
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
                try runRound(&rows[index], index: index, pair: pair)
                if case .decided(let interval, let verdict) = rows[index].rule.decide(rows[index].clusters) {
                    rows[index].decision = (interval, verdict)
                    progress(
                        "ab: \(Self.name(rows[index].row)): \(verdict.rawValue) after "
                            + "\(rows[index].clusters.count) process pairs, \(rows[index].pairs) pairs "
                            + "(\(BenchFormat.fixed(Date().timeIntervalSince(start), decimals: 1)) s)"
                    )
                }
            }
            longestRound = max(longestRound, Date().timeIntervalSince(roundStart))
        }
        progress("ab: \(segments) worker pairs in \(BenchFormat.fixed(Date().timeIntervalSince(start), decimals: 1)) s")
        guard let ready else { throw .noRows }
        return report(
            rows, ready: ready, segments: segments, pinnedCPUs: pinnedCPUs, seconds: Date().timeIntervalSince(start))
    }

    /// How the process pairs were pinned, for the method line: "; both workers of a pair on one CPU (0, 1)".
    static func pinning(_ pinned: [[Int]], of segments: Int) -> String {
        guard !pinned.isEmpty else { return "; workers not pinned" }
        let used = Set(pinned.flatMap { $0 }).sorted().map(String.init).joined(separator: ", ")
        let width = pinned.map(\.count).max() ?? 1
        let share = pinned.count == segments ? "each pair's" : "\(pinned.count) pairs'"
        return "; \(share) two workers on the same \(width == 1 ? "CPU" : "\(width) CPUs") (over CPUs \(used))"
    }

    static func name(_ row: BenchWorker.Row) -> String { "\(row.spec) \(row.scenario) threads \(row.threads)" }

    /// One row's share of one process pair: warm-up (full the first time, `rewarmBatches` later), then
    /// `pairsPerSegment` pairs of batches in ABBA order, appended as one cluster.
    private func runRound(_ state: inout RowState, index: Int, pair: Pair) throws(LockstepError) {
        let name = Self.name(state.row)
        if state.batchSize == 0 {
            for side in [pair.base, pair.head] {
                let reply = try side.ask("warm \(index)", doing: "warming \(name)")
                guard reply.count == 2, let ns = Double(reply[0]), ns >= 0 else {
                    throw .garbage(
                        side: side.side, doing: "warming \(name)", line: "ok " + reply.joined(separator: " "))
                }
                if reply[1] == "0" { state.steady = false }
                state.batchSize = max(state.batchSize, min(1_000_000, max(1, Int(batchTargetNs / max(ns, 1)))))
            }
        } else {
            for side in [pair.base, pair.head] {
                for _ in 0..<rewarmBatches { _ = try timeBatch(side, index: index, state: state, name: name) }
            }
        }
        var cluster: [Double] = []
        for count in 0..<pairsPerSegment {
            let order = count % 2 == 0 ? [pair.base, pair.head] : [pair.head, pair.base]
            var ns: [ABPlan.Side: Double] = [:]
            for side in order { ns[side.side] = try timeBatch(side, index: index, state: state, name: name) }
            let b = max(ns[.base] ?? 1, 1e-3), h = max(ns[.head] ?? 1, 1e-3)
            state.baseNs.append(b)
            state.headNs.append(h)
            cluster.append(log(h / b))
        }
        state.clusters.append(cluster)
    }

    private func timeBatch(_ side: WorkerConnection, index: Int, state: RowState, name: String)
        throws(LockstepError) -> Double
    {
        let doing = "timing a batch of \(state.batchSize) on \(name)"
        let reply = try side.ask("batch \(index) \(state.batchSize)", doing: doing)
        guard reply.count == 1, let value = Double(reply[0]), value.isFinite, value >= 0 else {
            throw .garbage(side: side.side, doing: doing, line: "ok " + reply.joined(separator: " "))
        }
        return value
    }

    private struct Pair {
        var base: WorkerConnection
        var head: WorkerConnection
        var baseReady: BenchWorker.Ready
        var headReady: BenchWorker.Ready
        /// The CPUs both workers were pinned to; nil when not pinned.
        var cpus: [Int]?
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
            return Pair(
                base: base, head: head, baseReady: baseReady, headReady: headReady,
                cpus: pin(base, head, segment: segment, rows: baseReady.rows))
        } catch let error as LockstepError {
            base.kill()
            head.kill()
            throw error
        } catch {
            preconditionFailure("only LockstepError is thrown here: \(error)")
        }
    }

    /// Pins both workers to the same CPUs, chosen for this process pair (`CPUAffinity.choose`), once they have
    /// loaded their rows and before any warm-up; nil (nothing pinned) when `pinsWorkers` is off, the rows need
    /// every CPU or the platform cannot pin.
    private func pin(_ base: WorkerConnection, _ head: WorkerConnection, segment: Int, rows: [BenchWorker.Row])
        -> [Int]?
    {
        guard pinsWorkers, let allowed = CPUAffinity.allowed(),
            let cpus = CPUAffinity.choose(
                segment: segment, threads: rows.map(\.threads).max() ?? 1, allowed: allowed)
        else { return nil }
        guard CPUAffinity.pin(process: base.pid, to: cpus), CPUAffinity.pin(process: head.pid, to: cpus) else {
            // Half-pinned pairs would measure two CPUs again: undo, so both run anywhere.
            _ = CPUAffinity.pin(process: base.pid, to: allowed)
            _ = CPUAffinity.pin(process: head.pid, to: allowed)
            return nil
        }
        return cpus
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
    func report(
        _ rows: [RowState], ready: (base: BenchWorker.Ready, head: BenchWorker.Ready), segments: Int,
        pinnedCPUs: [[Int]] = [], seconds: Double
    ) -> ComparisonReport {
        let comparisons = rows.map { state -> MetricComparison in
            let judged = state.decision ?? state.rule.final(state.clusters)
            return MetricComparison(
                spec: state.row.spec, scenario: state.row.scenario, threads: state.row.threads, metric: .time,
                base: PairedComparison.median(state.baseNs), head: PairedComparison.median(state.headNs),
                interval: judged.interval, verdict: state.decision?.verdict ?? .inconclusive, machineFactor: nil)
        }
        let pairs = rows.map(\.pairs)
        let clusters = rows.map(\.clusters.count)
        var notes: [String] = []
        let rowConfidence = rows.first?.rule.rowConfidence ?? options.confidence
        if rows.count > 1 {
            notes.append(
                "family-wise: each of the \(rows.count) rows' intervals is at "
                    + "\(FamilyWise.percent(rowConfidence)) (Bonferroni), so all hold together at "
                    + "\(FamilyWise.percent(options.confidence))"
            )
        }
        if rows.contains(where: { $0.decision == nil }) {
            notes.append(
                "inconclusive rows were still undecided when --max-time "
                    + "\(BenchFormat.fixed(maxTime, decimals: 0)) s ran out: give more time, or a quieter machine"
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
        let pinning = Self.pinning(pinnedCPUs, of: segments)
        let perRow =
            "\(clusters.min() ?? 0)–\(clusters.max() ?? 0) process pairs "
            + "(\(pairs.min() ?? 0)–\(pairs.max() ?? 0) pairs) per row in "
            + "\(BenchFormat.fixed(seconds, decimals: 1)) s"
        report.method =
            "lock-step workers (\(segments) process pairs\(pinning)), ABBA batches of ~\(Int(batchTargetNs / 1e6)) ms, "
            + "\(pairsPerSegment) pairs per row from each process pair; \(perRow); per process pair the median ratio, "
            + "then their mean with Student's t interval over process pairs, sequential stop"
        return report
    }
}
