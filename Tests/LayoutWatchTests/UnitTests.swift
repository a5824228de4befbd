import BenchResults
import Foundation
import Testing

@testable import LayoutWatch

/// A clock the test moves by hand: the debouncer is pure and takes the time as an argument.
struct ManualClock {
    var now: UInt64 = 1_000_000_000
    mutating func advance(ms: UInt64) { now += ms * 1_000_000 }
}

@Suite("debounce and run queue")
struct DebounceTests {
    @Test("a burst of events for one file becomes one, due the delay after the last event")
    func burstCoalesces() {
        var clock = ManualClock()
        var debouncer = Debouncer<String>(delayNs: 100_000_000)
        for _ in 0..<50 {
            debouncer.note("a.yaml", at: clock.now)
            clock.advance(ms: 1)
            #expect(debouncer.takeDue(at: clock.now).isEmpty)
        }
        #expect(debouncer.nextDeadline == clock.now - 1_000_000 + 100_000_000)
        clock.advance(ms: 98)
        #expect(debouncer.takeDue(at: clock.now).isEmpty)
        clock.advance(ms: 1)
        #expect(debouncer.takeDue(at: clock.now) == ["a.yaml"])
        #expect(debouncer.pendingCount == 0 && debouncer.nextDeadline == nil)
    }

    @Test("files are due separately, in the order of their first event")
    func separateKeys() {
        var clock = ManualClock()
        var debouncer = Debouncer<String>(delayNs: 100_000_000)
        debouncer.note("b.yaml", at: clock.now)
        clock.advance(ms: 10)
        debouncer.note("a.yaml", at: clock.now)
        clock.advance(ms: 95)
        #expect(debouncer.takeDue(at: clock.now) == ["b.yaml"])
        clock.advance(ms: 10)
        #expect(debouncer.takeDue(at: clock.now) == ["a.yaml"])
    }

    @Test("a file written without pause is still run after the longest wait")
    func maxWait() {
        var clock = ManualClock()
        var debouncer = Debouncer<String>(delayNs: 100_000_000, maxWaitNs: 500_000_000)
        var due: [String] = []
        for _ in 0..<60 {  // an event every 50 ms for 3 s
            debouncer.note("a.yaml", at: clock.now)
            clock.advance(ms: 50)
            due += debouncer.takeDue(at: clock.now)
        }
        #expect(due.count == 6)
    }

    @Test("one run per spec: a save while queued is absorbed, a save while running cancels it and queues it again")
    func runQueue() {
        var queue = RunQueue<String>()
        #expect(queue.submit("a") == .queued)
        #expect(queue.submit("b") == .queued)
        #expect(queue.submit("a") == .queued)
        #expect(queue.pending == ["a", "b"])
        #expect(queue.startNext() == "a")
        #expect(queue.startNext() == nil)  // one at a time
        #expect(queue.submit("a") == .cancelRunning)
        #expect(queue.pending == ["b", "a"])
        queue.finishRunning()
        #expect(queue.startNext() == "b")
        queue.finishRunning()
        #expect(queue.startNext() == "a")
        queue.finishRunning()
        #expect(queue.isIdle)
    }
}

@Suite("ignore rules")
struct IgnoreRulesTests {
    @Test("editor temporaries and other extensions are ignored; specs are not")
    func editorTemporaries() {
        let rules = IgnoreRules()
        for name in ["a.yaml", "b.yml", "c.json", "sub/d.YAML", "Feed.swift"] {
            #expect(rules.accepts(relativePath: name), "\(name)")
        }
        for name in [
            ".a.yaml.swp", "a.yaml~", ".#a.yaml", "4913", "a.yaml.tmp", "a.tmp", "#a.yaml#", "notes.txt",
            ".hidden.yaml", "a.yaml.swx", ".Feed.swift.swp", "Feed.swift~",
        ] {
            #expect(!rules.accepts(relativePath: name), "\(name)")
        }
    }

    @Test("--include keeps only matches; --exclude drops matches; globs match the relative path or the name")
    func globs() {
        let rules = IgnoreRules(include: ["grids/*"], exclude: ["*-draft.yaml"])
        #expect(rules.accepts(relativePath: "grids/a.yaml"))
        #expect(!rules.accepts(relativePath: "feeds/a.yaml"))
        #expect(!rules.accepts(relativePath: "grids/a-draft.yaml"))
        #expect(IgnoreRules(include: ["*.json"]).accepts(relativePath: "deep/x.json"))
    }

    @Test("a symlink to a file outside the roots is refused; one inside is accepted")
    func symlinks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ignore-\(UUID().uuidString)")
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString).yaml")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try "x".write(to: outside, atomically: true, encoding: .utf8)
        try "x".write(to: root.appendingPathComponent("in.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("out.yaml").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("alias.yaml").path, withDestinationPath: "in.yaml")
        let scanner = try SpecScanner(paths: [root.path], rules: IgnoreRules())
        let scan = scanner.scan()
        let base = scanner.roots[0].path
        #expect(scan.specs == [base + "/alias.yaml", base + "/in.yaml"])
        #expect(scan.outside.map(\.path) == [base + "/out.yaml"])
        #expect(scanner.classify("/etc/passwd.yaml") == .ignored)
    }
}

@Suite("log writer and reader")
struct RunLogTests {
    static func record(_ n: Int) -> RunRecord {
        RunRecord(
            time: "2026-11-23T12:00:0\(n).000Z", spec: "/s/a.yaml", specHash: "\(n)", status: .ok, results: [],
            duration: 0.1)
    }

    @Test("each record is one whole line; reading gives them back")
    func roundTrip() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString)/watch.jsonl")
            .path
        let writer = try RunLogWriter(path: path)
        #expect(!writer.foundTornLine)
        for n in 0..<3 { try writer.append(Self.record(n)) }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 3 && text.hasSuffix("\n"))
        #expect(try RunLogReader.read(path: path).records == (0..<3).map(Self.record))
    }

    @Test("a torn last line is skipped by the reader, and new records start on a fresh line")
    func tornLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString).jsonl").path
        do {
            let writer = try RunLogWriter(path: path)
            try writer.append(Self.record(1))
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"time":"2026-11-23T12:00:09.000Z","spec":"/s/a.ya"#.utf8))
        try handle.close()
        let torn = try RunLogReader.read(path: path)
        #expect(torn.records == [Self.record(1)] && torn.skippedLines == [2])
        let writer = try RunLogWriter(path: path)
        #expect(writer.foundTornLine)
        try writer.append(Self.record(2))
        let after = try RunLogReader.read(path: path)
        #expect(after.records == [Self.record(1), Self.record(2)])
        #expect(after.skippedLines == [2])
    }
}

@Suite("verdicts and console")
struct ConsoleTests {
    @Test("compare's verdicts as the watch shows them: same only when the whole interval is within the threshold")
    func verdicts() {
        #expect(
            Verdict.classify(RatioInterval(ratio: 1.2, lower: 1.1, upper: 1.3, confidence: 0.95), threshold: 0.05)
                == .slower)
        #expect(
            Verdict.classify(RatioInterval(ratio: 0.8, lower: 0.7, upper: 0.9, confidence: 0.95), threshold: 0.05)
                == .faster)
        #expect(
            Verdict.classify(RatioInterval(ratio: 1.0, lower: 0.98, upper: 1.03, confidence: 0.95), threshold: 0.05)
                == .same)
        #expect(
            Verdict.classify(RatioInterval(ratio: 1.0, lower: 0.7, upper: 1.4, confidence: 0.95), threshold: 0.05)
                == .inconclusive)
    }

    @Test("colour only on a terminal without NO_COLOR; a slower scenario stands out")
    func colour() {
        #expect(Console.wantsColour(environment: [:], stdoutIsTerminal: true))
        #expect(!Console.wantsColour(environment: ["NO_COLOR": "1"], stdoutIsTerminal: true))
        #expect(!Console.wantsColour(environment: [:], stdoutIsTerminal: false))
        var summary = ScenarioSummary(StoreLessFixtures.result(), change: nil)
        summary.change = ScenarioChange(
            ratio: 1.3, lower: 1.2, upper: 1.4, verdict: .slower, previousMedianNs: 1000, specChanged: false)
        let record = RunRecord(
            time: "2026-11-23T12:34:56.000Z", spec: "/s/a.yaml", specHash: "0123456789abcdef", status: .ok,
            results: [summary], duration: 0.42, picture: "out/a.svg")
        let plain = Console(colour: false).block(for: record, relativePath: "a.yaml")
        #expect(plain.hasPrefix("[12:34:56] a.yaml  ok in 0.42 s"))
        #expect(plain.contains("picture: out/a.svg") && plain.contains("+30.0%  SLOWER"))
        #expect(!plain.contains("\u{1B}["))
        #expect(Console(colour: true).block(for: record, relativePath: "a.yaml").contains("\u{1B}[31mSLOWER"))
    }

    @Test("a run's first line: the frames' summary, picture and lint; its second line leaves them out")
    func twoLines() throws {
        var look = FirstLook(items: 48, sections: 3, contentWidth: 390, contentHeight: 1840.5, diagnostics: 1)
        look.after = 0.13
        let lint = LintChange(
            new: [WatchLintFinding(code: "LB101", line: 9, column: 43, path: "sections[0]", message: "overridden")],
            fixed: 2)
        let first = Console(colour: false).firstLookBlock(
            look, specHash: "0123456789abcdef", picture: "out/a.svg", lint: lint, warnings: [],
            time: "2026-11-23T12:34:56.000Z", relativePath: "a.yaml")
        #expect(
            first == """
                [12:34:56] a.yaml  solved in 0.13 s  #01234567  48 items in 3 sections, 390 × 1840.5 pt, 1 diagnostic
                    picture: out/a.svg
                    lint: LB101 9:43: overridden
                    lint: 2 findings fixed
                """, "\(first)")
        let record = RunRecord(
            time: "2026-11-23T12:34:58.000Z", spec: "/s/a.yaml", specHash: "0123456789abcdef", status: .ok,
            results: [ScenarioSummary(StoreLessFixtures.result(), change: nil)], duration: 2.5,
            picture: "out/a.svg", warnings: ["not stored: full disk"], lint: lint, firstLook: look)
        let shown = Console.Shown(picture: true, lint: true, warnings: [])
        let second = Console(colour: false).block(for: record, relativePath: "a.yaml", shown: shown)
        #expect(second.hasPrefix("[12:34:58] a.yaml  ok in 2.50 s  #01234567\n    full "), "\(second)")
        #expect(!second.contains("picture:") && !second.contains("lint:") && second.contains("warning: not stored"))
        // Without a first line (it could not be read), the end shows everything, as before.
        let whole = Console(colour: false).block(for: record, relativePath: "a.yaml")
        #expect(whole.contains("picture: out/a.svg") && whole.contains("lint: LB101 9:43"))
        // The log's record carries the first look; a reader of older records (without it) still decodes.
        let decoded = try JSONDecoder().decode(RunRecord.self, from: JSONEncoder().encode(record))
        #expect(decoded.firstLook == look)
        let older = #"{"time":"t","spec":"/s/a.yaml","status":"ok","duration":1}"#
        #expect(try JSONDecoder().decode(RunRecord.self, from: Data(older.utf8)).firstLook == nil)
    }
}

enum StoreLessFixtures {
    static func result() -> ScenarioResult {
        ScenarioResult(
            spec: "a", specHash: "0", items: 1, scenario: "full", threads: 1, parameters: [:], unit: "items",
            workItems: 1, warmupSamples: 0, samplesNs: [1000], summaryNs: SummaryNs(samples: [1000]),
            wallTotalNs: 1000, cpuTotalNs: 1000, memory: MemoryStats())
    }
}
