import Foundation
import Testing

@testable import BenchResults
@testable import LayoutBenchKit

@Suite("paired statistics: signed-rank interval, ABBA plan, paired comparison")
struct PairedStatisticsTests {
    @Test("the exact null distribution matches the textbook critical values")
    func criticalValues() {
        // n = 8: P(T <= 3) = 5/256 <= 0.025 < P(T <= 4) = 7/256, so C = 4 and the coverage is 1 - 2*5/256.
        let (c8, achieved8) = SignedRank.criticalRank(pairs: 8, confidence: 0.95)
        #expect(c8 == 4)
        #expect(abs(achieved8 - (1 - 10.0 / 256)) < 1e-12)
        // n = 10: the table's two-sided 5 % critical value is 8, so C = 9.
        #expect(SignedRank.criticalRank(pairs: 10, confidence: 0.95).rank == 9)
        // n = 5 cannot reach 95 %: [min, max], coverage 1 - 2/32.
        let (c5, achieved5) = SignedRank.criticalRank(pairs: 5, confidence: 0.95)
        #expect(c5 == 1 && abs(achieved5 - 0.9375) < 1e-12)
        #expect(SignedRank.nullCDF(pairs: 3) == [0.125, 0.25, 0.375, 0.625, 0.75, 0.875, 1])
    }

    @Test("Hodges–Lehmann: the median of Walsh averages; the interval brackets it")
    func hodgesLehmann() {
        let interval = SignedRank.interval([1, 2, 3, 4, 5, 6, 7, 8])
        #expect(interval.estimate == 4.5)
        #expect(interval.lower == 2 && interval.upper == 7)  // W(4) and W(33) of the 36 Walsh averages
    }

    @Test("one wild pair barely moves the estimate; it widens the interval on its side only")
    func robustToOneWildPair() {
        let steady = [0.10, 0.098, 0.102, 0.099, 0.101, 0.100, 0.097, 0.103]
        var wild = steady
        wild[3] = 0.9
        let a = SignedRank.interval(steady), b = SignedRank.interval(wild)
        #expect(abs(a.estimate - 0.1) < 0.002)
        #expect(abs(b.estimate - 0.1) < 0.005)
        #expect(b.lower > 0.097 && b.upper > a.upper)
    }

    @Test("normal and t quantiles")
    func quantiles() {
        #expect(abs(Normal.quantile(0.975) - 1.959964) < 1e-5)
        #expect(abs(Normal.studentT(0.975, degreesOfFreedom: 1) - 12.706) < 0.01)
        #expect(abs(Normal.studentT(0.975, degreesOfFreedom: 2) - 4.303) < 0.01)
        #expect(abs(Normal.studentT(0.975, degreesOfFreedom: 4) - 2.776) < 0.03)
        #expect(abs(Normal.studentT(0.975, degreesOfFreedom: 10) - 2.228) < 0.005)
    }

    @Test("ABBA: pairs alternate which side runs first")
    func abba() {
        let plan = ABPlan(pairs: 3)
        #expect(plan.runs.map(\.side) == [.base, .head, .head, .base, .base, .head])
        #expect(plan.runs.map(\.pair) == [0, 0, 1, 1, 2, 2])
    }

    static func report(median: Double, seed: UInt64) -> BenchReport {
        Fixtures.report([
            Fixtures.result(samples: Fixtures.samples(median: median, spread: 0.02, count: 50, seed: seed))
        ])
    }

    @Test("pairs of the same build: same; 10 % slower in every pair: slower; exit codes 0 and 1")
    func pairedVerdicts() throws {
        let options = ComparisonOptions(threshold: 0.05)
        // The machine's speed wanders by ±20 % between pairs; within a pair both sides see the same speed.
        let speeds = [1.0, 1.2, 0.9, 1.1, 0.8, 1.15, 1.0, 0.95]
        let same = speeds.enumerated().map { i, s in
            PairedComparison.Pair(
                base: Self.report(median: 40_000 * s, seed: UInt64(i)),
                head: Self.report(median: 40_000 * s * 1.005, seed: UInt64(100 + i)))
        }
        let aa = try PairedComparison.compare(same, metric: .time, options: options, base: "a", head: "b")
        #expect(aa.comparisons.map(\.verdict) == [.same])
        #expect(aa.exitCode == 0)
        let slower = speeds.enumerated().map { i, s in
            PairedComparison.Pair(
                base: Self.report(median: 40_000 * s, seed: UInt64(i)),
                head: Self.report(median: 44_000 * s, seed: UInt64(100 + i)))
        }
        let ab = try PairedComparison.compare(slower, metric: .time, options: options, base: "a", head: "b")
        #expect(ab.comparisons.map(\.verdict) == [.slower])
        #expect(ab.exitCode == 1)
        #expect(abs(ab.comparisons[0].interval.ratio - 1.1) < 0.01)
    }

    @Test("three timed pairs are too few for a verdict: inconclusive, exit 0")
    func tooFewPairs() throws {
        let pairs = (0..<3).map { i in
            PairedComparison.Pair(
                base: Self.report(median: 40_000, seed: UInt64(i)),
                head: Self.report(median: 60_000, seed: UInt64(10 + i)))
        }
        let report = try PairedComparison.compare(
            pairs, metric: .time, options: ComparisonOptions(), base: "a", head: "b")
        #expect(report.comparisons.map(\.verdict) == [.inconclusive])
        #expect(report.notes.contains { $0.contains("only 3 pairs") })
    }

    /// A report of `rows` scenarios, each at `median` ns times `factor(row)`.
    static func wideReport(rows: Int, median: Double, seed: UInt64, factor: (Int) -> Double = { _ in 1 }) -> BenchReport
    {
        Fixtures.report(
            (0..<rows).map { row in
                Fixtures.result(
                    scenario: "s\(row)",
                    samples: Fixtures.samples(
                        median: median * factor(row), spread: 0.02, count: 50,
                        seed: seed &* 100 &+ UInt64(row)))
            })
    }

    @Test("family-wise: the level each row needs, and the pairs the exact test needs to reach it")
    func familyWiseLevels() {
        #expect(FamilyWise.rowConfidence(family: 0.95, rows: 1) == 0.95)
        #expect(abs(FamilyWise.rowConfidence(family: 0.95, rows: 22) - (1 - 0.05 / 22)) < 1e-12)
        // Smallest two-sided p with n pairs is 2 / 2^n: 6 pairs reach 96.9 %, 10 pairs 99.8 %.
        #expect(FamilyWise.pairsNeeded(confidence: 0.95) == 6)
        #expect(FamilyWise.pairsNeeded(confidence: FamilyWise.rowConfidence(family: 0.95, rows: 22)) == 10)
        #expect(FamilyWise.pairsNeeded(confidence: FamilyWise.rowConfidence(family: 0.95, rows: 100)) == 12)
        #expect(FamilyWise.percent(0.95) == "95%")
        #expect(FamilyWise.percent(1 - 0.05 / 22) == "99.77%")
    }

    @Test("the A/A failure of the study: 22 rows, 6 pairs, one row +7 to +190 % in every pair: no longer slower")
    func studyFailureIsInconclusive() throws {
        // Row 5 came out slower for head in all 6 pairs (as selfsizing-10k resize did); the rest are equal.
        let bumps = [1.071, 1.9, 1.5, 1.3, 2.9, 1.2]
        let pairs = bumps.enumerated().map { i, bump in
            PairedComparison.Pair(
                base: Self.wideReport(rows: 22, median: 40_000, seed: UInt64(i)),
                head: Self.wideReport(rows: 22, median: 40_000, seed: UInt64(50 + i)) { $0 == 5 ? bump : 1 })
        }
        let report = try PairedComparison.compare(
            pairs, metric: .time, options: ComparisonOptions(threshold: 0.05), base: "a", head: "b")
        #expect(report.exitCode == 0)
        #expect(!report.comparisons.contains { $0.verdict == .slower })
        #expect(report.notes.contains { $0.contains("only 6 pairs") && $0.contains("each of the 22 rows needs") })
    }

    @Test("22 rows at the default 12 pairs: a row 10 % slower in every pair is slower; equal rows are not")
    func familyWiseStillCatchesASlowdown() throws {
        let speeds = [1.0, 1.2, 0.9, 1.1, 0.8, 1.15, 1.0, 0.95, 1.05, 0.85, 1.1, 0.9]
        let pairs = speeds.enumerated().map { i, s in
            PairedComparison.Pair(
                base: Self.wideReport(rows: 22, median: 40_000 * s, seed: UInt64(i)),
                head: Self.wideReport(rows: 22, median: 40_000 * s, seed: UInt64(50 + i)) { $0 == 3 ? 1.1 : 1 })
        }
        let report = try PairedComparison.compare(
            pairs, metric: .time, options: ComparisonOptions(threshold: 0.05), base: "a", head: "b")
        #expect(report.regressions.map(\.scenario) == ["s3"])
        #expect(report.exitCode == 1)
        #expect(report.notes.contains { $0.contains("family-wise: each of the 22 rows' intervals is at 99.77%") })
    }
}
