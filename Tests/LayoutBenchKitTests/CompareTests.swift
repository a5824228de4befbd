import Foundation
import Testing

@testable import BenchResults
@testable import LayoutBenchKit

@Suite("compare verdicts and exit codes")
struct CompareTests {
    let base = Fixtures.report([
        Fixtures.result(scenario: "full", samples: Fixtures.samples(median: 40_000, seed: 1)),
        Fixtures.result(scenario: "query", samples: Fixtures.samples(median: 2_000, seed: 2)),
    ])

    @Test("the same samples: nothing slower, exit 0; time is `same` only below the run-to-run floor's width")
    func same() throws {
        let report = try Comparator.compare(base: base, head: base)
        #expect(report.comparisons.count == 6)  // 2 results x (time, allocations, bytes)
        #expect(report.exitCode == 0)
        // Memory counts are exact: same. Time between two separate runs carries the 10 % floor, wider than
        // the 5 % threshold: two files cannot show "same within 5 %".
        #expect(report.comparisons.filter { $0.metric != .time }.allSatisfy { $0.verdict == .same })
        #expect(report.comparisons.filter { $0.metric == .time }.allSatisfy { $0.verdict == .inconclusive })
        let quiet = try Comparator.compare(base: base, head: base, options: ComparisonOptions(runToRunFloor: 0.02))
        #expect(quiet.comparisons.allSatisfy { $0.verdict == .same })
    }

    @Test("another draw of the same distributions: no change, exit 0")
    func noise() throws {
        let head = Fixtures.report([
            Fixtures.result(scenario: "full", samples: Fixtures.samples(median: 40_000, spread: 0.1, seed: 11)),
            Fixtures.result(scenario: "query", samples: Fixtures.samples(median: 2_000, spread: 0.1, seed: 12)),
        ])
        #expect(try Comparator.compare(base: base, head: head).exitCode == 0)
    }

    @Test("30 % slower: regression, exit 1, and the scenario is named")
    func slower() throws {
        let head = Fixtures.report([
            Fixtures.result(scenario: "full", samples: Fixtures.samples(median: 52_000, seed: 3)),
            Fixtures.result(scenario: "query", samples: Fixtures.samples(median: 2_000, seed: 4)),
        ])
        let report = try Comparator.compare(base: base, head: head)
        #expect(report.exitCode == 1)
        #expect(report.regressions.map(\.scenario) == ["full"])
        #expect(report.regressions.first?.metric == .time)
        #expect(report.regressionSummary.first?.contains("grid-10k full threads 1") == true)
        #expect(report.formatted(.table).contains("REGRESSION in grid-10k full threads 1"))
    }

    @Test("faster: improvement, exit 0")
    func faster() throws {
        let head = Fixtures.report([
            Fixtures.result(scenario: "full", samples: Fixtures.samples(median: 28_000, seed: 5)),
            Fixtures.result(scenario: "query", samples: Fixtures.samples(median: 2_000, seed: 6)),
        ])
        let report = try Comparator.compare(base: base, head: head)
        #expect(report.improvements.map(\.scenario) == ["full"])
        #expect(report.exitCode == 0)
    }

    @Test("a change inside the threshold does not count, even when certain")
    func withinThreshold() throws {
        let head = Fixtures.report([
            Fixtures.result(scenario: "full", samples: Fixtures.samples(median: 41_200, spread: 0.001, seed: 7))
        ])
        let base = Fixtures.report([
            Fixtures.result(scenario: "full", samples: Fixtures.samples(median: 40_000, spread: 0.001, seed: 8))
        ])
        let report = try Comparator.compare(base: base, head: head, options: ComparisonOptions(threshold: 0.05))
        #expect(report.exitCode == 0)
        // Two separate runs cannot show a change below their run-to-run floor (10 %): without the floor, 3 % is.
        let strict = try Comparator.compare(
            base: base, head: head, options: ComparisonOptions(threshold: 0.01, runToRunFloor: 0))
        #expect(strict.exitCode == 1)
    }

    @Test("memory: many more allocations is a regression; a few more is under the floor")
    func memory() throws {
        let samples = Fixtures.samples(median: 40_000, seed: 1)
        let base = Fixtures.report([Fixtures.result(samples: samples, allocations: 38, bytes: 71_072)])
        let more = Fixtures.report([Fixtures.result(samples: samples, allocations: 400, bytes: 71_072)])
        let few = Fixtures.report([Fixtures.result(samples: samples, allocations: 2, bytes: 192)])
        let fewMore = Fixtures.report([Fixtures.result(samples: samples, allocations: 6, bytes: 800)])
        let report = try Comparator.compare(base: base, head: more)
        #expect(report.regressions.map(\.metric) == [.allocations])
        #expect(report.exitCode == 1)
        #expect(try Comparator.compare(base: few, head: fewMore).exitCode == 0)
    }

    @Test("missing file, wrong version, nothing in common: bad input (exit 2)")
    func badInput() throws {
        let dir = try Fixtures.directory()
        let basePath = dir.appendingPathComponent("base.json").path
        try base.write(to: basePath)
        #expect(throws: CompareError.file(.missing(path: dir.appendingPathComponent("nope.json").path))) {
            try Comparator.compare(basePath: basePath, headPath: dir.appendingPathComponent("nope.json").path)
        }
        let oldPath = dir.appendingPathComponent("old.json").path
        try Data(#"{"schema": "layoutbench-results", "version": 0, "results": []}"#.utf8).write(
            to: URL(fileURLWithPath: oldPath))
        #expect(throws: CompareError.file(.versionMismatch(path: oldPath, found: 0, expected: 1))) {
            try Comparator.compare(basePath: basePath, headPath: oldPath)
        }
        let other = Fixtures.report([Fixtures.result(spec: "feed-1m", samples: [1, 2, 3])])
        do {
            _ = try Comparator.compare(base: base, head: other)
            Issue.record("reports with nothing in common compared")
        } catch {
            guard case .nothingInCommon = error else { Issue.record("expected nothingInCommon, got \(error)"); return }
            #expect(error.description.contains("nothing in common") || error.description.contains("no spec, scenario"))
        }
        #expect(try Comparator.compare(basePath: basePath, headPath: basePath).exitCode == 0)
    }

    @Test("results in one file only are listed, not compared; a changed spec is noted")
    func partialOverlap() throws {
        var head = Fixtures.report([
            Fixtures.result(scenario: "full", samples: Fixtures.samples(median: 40_000, seed: 9)),
            Fixtures.result(scenario: "resize", samples: [1, 2]),
        ])
        head.results[0].specHash = "0123456789abcdef"
        let report = try Comparator.compare(base: base, head: head)
        #expect(report.onlyInBase == ["grid-10k query threads 1"])
        #expect(report.onlyInHead == ["grid-10k resize threads 1"])
        #expect(report.notes.contains { $0.contains("content differs") })
    }

    @Test("threshold parsing: 5% and 5 are five percent; a bare 0.05 is refused")
    func thresholds() {
        #expect((try? Threshold(parsing: "5%"))?.fraction == 0.05)
        #expect((try? Threshold(parsing: "5"))?.fraction == 0.05)
        #expect((try? Threshold(parsing: "0.05")) == nil)
        #expect((try? Threshold(parsing: "2.5%"))?.fraction == 0.025)
        #expect((try? Threshold(parsing: "x")) == nil)
        #expect((try? Threshold(parsing: "-1")) == nil)
    }

    @Test("the three formats name the verdict")
    func formats() throws {
        let report = try Comparator.compare(base: base, head: base)
        #expect(report.formatted(.table).contains("no regression"))
        #expect(report.formatted(.markdown).contains("| spec | scenario |"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(report.formatted(.json).utf8)) as? [String: Any])
        #expect(json["exitCode"] as? Int == 0)
        #expect(json["regression"] as? Bool == false)
    }

    /// One single-threaded result of 200 samples around `median` ns (20 ms of wall time at 100 µs) whose
    /// CPU time is `share` of its wall time.
    static func timed(median: Double, share: Double, seed: UInt64) -> BenchReport {
        var result = Fixtures.result(
            scenario: "full", samples: Fixtures.samples(median: median, spread: 0.02, seed: seed),
            rounds: [40, 40, 40, 40, 40])
        result.cpuTotalNs = UInt64(Double(result.wallTotalNs) * share)
        return Fixtures.report([result])
    }

    @Test("an unsteady run (64 % CPU share): +25 % is inconclusive with a note to use ab; x4 is still slower")
    func unsteadyRun() throws {
        let base = Self.timed(median: 100_000, share: 0.98, seed: 1)
        let steady = try Comparator.compare(base: base, head: Self.timed(median: 125_000, share: 0.98, seed: 2))
        #expect(steady.comparisons.first { $0.metric == .time }?.verdict == .slower)
        let starved = try Comparator.compare(base: base, head: Self.timed(median: 125_000, share: 0.64, seed: 2))
        let time = try #require(starved.comparisons.first { $0.metric == .time })
        #expect(time.verdict == .inconclusive)
        #expect(starved.exitCode == 0)
        #expect(time.interval.lower < 1.25 / 1.5 && time.interval.upper > 1.25 * 1.5)
        #expect(
            starved.notes.contains {
                $0.contains("unsteady machine") && $0.contains("head got 64% CPU share")
                    && $0.contains("layoutbench ab")
            })
        let huge = try Comparator.compare(base: base, head: Self.timed(median: 400_000, share: 0.64, seed: 2))
        #expect(huge.comparisons.first { $0.metric == .time }?.verdict == .slower)
        #expect(huge.exitCode == 1)
    }

    @Test("rounds that disagree by more than x1.25 make a row unsteady too")
    func roundSpread() throws {
        var samples: [UInt64] = []
        for round in 0..<5 {
            samples += Fixtures.samples(
                median: round == 2 ? 150_000 : 100_000, spread: 0.01, count: 40, seed: UInt64(round))
        }
        let head = Fixtures.report([Fixtures.result(scenario: "full", samples: samples, rounds: [40, 40, 40, 40, 40])])
        let base = Self.timed(median: 100_000, share: 1, seed: 1)
        let report = try Comparator.compare(base: base, head: head)
        #expect(report.notes.contains { $0.contains("head's round medians spread x1.5") })
        #expect(report.comparisons.first { $0.metric == .time }?.verdict != .slower)
    }

    @Test("family-wise: with several time rows each interval is at the Bonferroni level, and wider")
    func familyWise() throws {
        let one = try Comparator.compare(
            base: Self.timed(median: 100_000, share: 1, seed: 1), head: Self.timed(median: 103_000, share: 1, seed: 2))
        let rows = (0..<10).map { i in
            Fixtures.result(
                scenario: "s\(i)", samples: Fixtures.samples(median: 100_000, spread: 0.02, seed: 1),
                rounds: [40, 40, 40, 40, 40])
        }
        let heads = (0..<10).map { i in
            Fixtures.result(
                scenario: "s\(i)", samples: Fixtures.samples(median: 103_000, spread: 0.02, seed: 2),
                rounds: [40, 40, 40, 40, 40])
        }
        let ten = try Comparator.compare(base: Fixtures.report(rows), head: Fixtures.report(heads))
        let single = try #require(one.comparisons.first { $0.metric == .time }?.interval)
        let family = try #require(ten.comparisons.first { $0.metric == .time }?.interval)
        #expect(family.upper - family.lower > single.upper - single.lower)
        #expect(ten.notes.contains { $0.contains("each of the 10 time intervals is at 99.5% (Bonferroni)") })
    }
}
