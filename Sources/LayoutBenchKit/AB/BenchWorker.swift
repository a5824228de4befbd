import BenchResults
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The serving side of lock-step `ab` (`layoutbench _serve-bench`): every (spec, scenario, threads) row set
/// up once, then one command a line on standard input, one reply a line on standard output:
///
/// - at start: `ready {"rows":[{"spec":…,"scenario":…,"threads":…},…],"build":"release","knobs":[…]}`
/// - `warm ROW` → `ok MEDIAN_NS STEADY` (untimed samples until `SteadyStateRule.firstRound` sees a steady
///   state, at most 1 s; STEADY 1 or 0)
/// - `batch ROW N` → `ok NS_PER_OP` (N samples; each `prepareSample` outside the window, the windows summed)
/// - `quit` → exits 0 (end of input too)
/// - anything else → `error WHAT` (the worker goes on)
///
/// Test knobs (`WorkerKnobs`): `LAYOUTBENCH_WORKER_CRASH_AFTER=N` exits 3 without a reply after N batches,
/// `LAYOUTBENCH_WORKER_HANG_AFTER=N` stops answering after N batches.
public final class BenchWorker {
    public struct Row: Codable, Hashable, Sendable {
        public var spec: String
        public var scenario: String
        public var threads: Int
    }

    /// The `ready` line's payload.
    public struct Ready: Codable, Hashable, Sendable {
        public var rows: [Row]
        public var build: String
        /// Active test knobs (`slowdown`, `work`), for the report's notes.
        public var knobs: [String]
    }

    /// The test-only failure knobs.
    public struct Knobs: Hashable, Sendable {
        public var crashAfter: Int?
        public var hangAfter: Int?

        public init(environment: [String: String]) {
            crashAfter = environment["LAYOUTBENCH_WORKER_CRASH_AFTER"].flatMap { Int($0) }
            hangAfter = environment["LAYOUTBENCH_WORKER_HANG_AFTER"].flatMap { Int($0) }
        }
    }

    private let rows: [Row]
    private let scenarios: [any BenchScenario]
    private let configuration: RunnerConfiguration
    private let knobs: Knobs
    private var batches = 0

    /// Sets every row up (a layout that cannot be solved fails here); rows not applicable are left out.
    public init(
        inputs: [BenchInput], scenarios kinds: [ScenarioKind], threads: [Int], configuration: RunnerConfiguration,
        knobs: Knobs, catalog: ScenarioCatalog = .builtIn
    ) throws {
        var rows: [Row] = []
        var made: [any BenchScenario] = []
        for input in inputs {
            for threadCount in threads {
                let context = ScenarioContext(input: input, threads: threadCount, seed: configuration.seed)
                for kind in kinds {
                    do {
                        made.append(try catalog.make(kind, context))
                        rows.append(Row(spec: input.name, scenario: kind.rawValue, threads: threadCount))
                    } catch let error as BenchError {
                        guard case .notApplicable = error else { throw error }
                    }
                }
            }
        }
        self.rows = rows
        self.scenarios = made
        self.configuration = configuration
        self.knobs = knobs
    }

    public var ready: Ready {
        var knobNames: [String] = []
        if configuration.slowdown.isActive { knobNames.append("slowdown") }
        if configuration.extraWork?.isActive == true { knobNames.append("work") }
        return Ready(rows: rows, build: BuildCheck.configuration, knobs: knobNames)
    }

    /// Serves until `quit` or the end of input.
    public func serve() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        Self.write("ready " + String(decoding: try encoder.encode(ready), as: UTF8.self))
        while let line = readLine() {
            if line == "quit" { return }
            Self.write(try reply(to: line))
        }
    }

    /// The reply to one command line.
    func reply(to line: String) throws -> String {
        let words = line.split(separator: " ").map(String.init)
        switch (words.first, words.count) {
        case ("warm", 2):
            guard let row = Int(words[1]), rows.indices.contains(row) else {
                return "error no row '\(words[1])': rows are 0 to \(rows.count - 1)"
            }
            return try warm(row)
        case ("batch", 3):
            guard let row = Int(words[1]), rows.indices.contains(row) else {
                return "error no row '\(words[1])': rows are 0 to \(rows.count - 1)"
            }
            guard let n = Int(words[2]), n >= 1 else {
                return "error batch size '\(words[2])' is not a whole number >= 1"
            }
            batches += 1
            if let crash = knobs.crashAfter, batches > crash { exit(3) }
            if let hang = knobs.hangAfter, batches > hang {
                while true { sleep(3600) }
            }
            return try batch(row, n)
        default:
            return "error unknown command '\(line)': expected warm ROW, batch ROW N or quit"
        }
    }

    private func warm(_ row: Int) throws -> String {
        let scenario = scenarios[row]
        let rule = SteadyStateRule.firstRound
        let start = BenchClock.monotonicNs()
        var medians: [UInt64] = []
        var window: [UInt64] = []
        var all: [UInt64] = []
        var windowStart = start
        var decision = SteadyStateRule.Decision.more
        while decision == .more {
            try scenario.prepareSample()
            let t0 = BenchClock.monotonicNs()
            try scenario.runSample()
            let t1 = BenchClock.monotonicNs()
            window.append(t1 &- t0)
            all.append(t1 &- t0)
            guard t1 &- windowStart >= 2_000_000 else { continue }
            window.sort()
            medians.append(window[window.count / 2])
            window.removeAll(keepingCapacity: true)
            windowStart = t1
            decision = rule.decide(windowMedians: medians, elapsedNs: t1 &- start)
        }
        let recent = all.suffix(max(1, all.count / 2)).sorted()
        return "ok \(recent[recent.count / 2]) \(decision == .steady ? 1 : 0)"
    }

    /// N samples, their timed windows summed (the test knobs applied to each, as in `bench`).
    /// - Complexity: N samples.
    private func batch(_ row: Int, _ n: Int) throws -> String {
        "ok \(try time(row: row, samples: n))"
    }

    /// Nanoseconds per sample over `samples` samples of `row` (in-process use: `PairedVersions`).
    /// - Complexity: `samples` samples.
    func time(row: Int, samples n: Int) throws -> Double {
        let scenario = scenarios[row]
        var total: UInt64 = 0
        for _ in 0..<n {
            try scenario.prepareSample()
            let t0 = BenchClock.monotonicNs()
            try scenario.runSample()
            configuration.slowdown.spinFixed()
            configuration.extraWork?.apply(elapsedNs: BenchClock.monotonicNs() &- t0)
            total &+= configuration.slowdown.reported(BenchClock.monotonicNs() &- t0)
        }
        return Double(total) / Double(n)
    }

    /// One line on standard output, unbuffered (the coordinator waits for it).
    static func write(_ line: String) {
        var bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(1, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                Darwin.write(1, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written <= 0 { return }
            offset += written
        }
    }
}
