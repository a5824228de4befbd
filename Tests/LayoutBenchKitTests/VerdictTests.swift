import Foundation
import Testing

@testable import BenchResults
@testable import LayoutBenchKit

@Suite("verdicts, thresholds and the between-run interval")
struct VerdictTests {
    func interval(_ lower: Double, _ upper: Double) -> RatioInterval {
        RatioInterval(ratio: (lower + upper) / 2, lower: lower, upper: upper, confidence: 0.95)
    }

    @Test("classify: slower, faster, same, inconclusive")
    func classify() {
        #expect(Verdict.classify(interval(1.06, 1.10), threshold: 0.05) == .slower)
        #expect(Verdict.classify(interval(0.90, 0.94), threshold: 0.05) == .faster)
        #expect(Verdict.classify(interval(0.97, 1.04), threshold: 0.05) == .same)
        // The old bug: +31 % with [-3.3 %, +32 %] was "no change". It is inconclusive now.
        #expect(Verdict.classify(interval(0.967, 1.321), threshold: 0.05) == .inconclusive)
        #expect(Verdict.classify(interval(1.03, 1.08), threshold: 0.05) == .inconclusive)
        #expect(Verdict.classify(interval(1, 1), threshold: 0) == .same)
    }

    @Test("thresholds read one way: 5% and 5 are five percent, 0.5 is refused, 0.5% is half a percent")
    func thresholds() throws {
        #expect(try Threshold(parsing: "5%").fraction == 0.05)
        #expect(try Threshold(parsing: "5").fraction == 0.05)
        #expect(try Threshold(parsing: "1").fraction == 0.01)
        #expect(try Threshold(parsing: "0.5%").fraction == 0.005)
        #expect(try Threshold(parsing: "0").fraction == 0)
        #expect(throws: ThresholdError.ambiguousFraction("0.5")) { try Threshold(parsing: "0.5") }
        #expect(throws: ThresholdError.negative("-2")) { try Threshold(parsing: "-2") }
        #expect(throws: ThresholdError.notANumber("five")) { try Threshold(parsing: "five") }
        #expect(throws: ThresholdError.tooLarge("150%")) { try Threshold(parsing: "150%") }
        #expect(ThresholdError.ambiguousFraction("0.5").description.contains("'0.5%'"))
    }

    @Test("a thresholds file: globs on scenario or spec/scenario, first match wins, JSON too")
    func thresholdTable() throws {
        let table = try ThresholdTable.parse(
            """
            # noisy ones
            query: 10%
            grid-10k/measure-*: 2   # percent
            measure-*: "7%"
            """)
        let fallback = Threshold(percent: 5)
        #expect(table.threshold(spec: "grid-10k", scenario: "query", fallback: fallback).fraction == 0.10)
        #expect(table.threshold(spec: "grid-10k", scenario: "measure-one", fallback: fallback).fraction == 0.02)
        #expect(table.threshold(spec: "feed-10k", scenario: "measure-one", fallback: fallback).fraction == 0.07)
        #expect(table.threshold(spec: "grid-10k", scenario: "full", fallback: fallback).fraction == 0.05)
        let json = try ThresholdTable.parse(#"{"full*": "3%", "query": 12}"#)
        #expect(json.entries.map(\.pattern) == ["full*", "query"])
        #expect(json.threshold(spec: "x", scenario: "full-materialize", fallback: fallback).fraction == 0.03)
        #expect(throws: ThresholdTableError.self) { try ThresholdTable.parse("query 10%") }
        #expect(throws: ThresholdTableError.self) { try ThresholdTable.parse("query: 0.1") }
    }

    func rounds(_ medians: [Double], calibration: Double? = nil, seed: UInt64) -> SampleBlocks {
        SampleBlocks(
            samples: medians.enumerated().map { i, m in
                Fixtures.samples(median: m, spread: 0.02, count: 40, seed: seed &+ UInt64(i))
            },
            calibration: calibration.map { c in
                medians.indices.map { i in
                    Fixtures.samples(median: c, spread: 0.01, count: 6, seed: seed &+ 50 &+ UInt64(i))
                }
            })
    }

    @Test("between runs: tight rounds 3 % apart are not slower at 5 % (run-to-run floor); 30 % apart are")
    func betweenRuns() {
        let base = rounds([100_000, 100_500, 99_800, 100_200, 99_900], seed: 1)
        let near = rounds([103_000, 103_400, 102_900, 103_200, 103_100], seed: 20)
        let far = rounds([130_000, 130_500, 129_800, 130_200, 129_900], seed: 40)
        let a = BetweenRunInterval.estimate(base: base, head: near).interval
        #expect(Verdict.classify(a, threshold: 0.05) != .slower)
        #expect(a.lower < 1.03 && a.upper > 1.03)
        #expect(
            Verdict.classify(BetweenRunInterval.estimate(base: base, head: far).interval, threshold: 0.05) == .slower)
    }

    @Test("the calibration ratio is reported; it neither shifts nor widens the interval")
    func drift() {
        let base = rounds([100_000, 100_500, 99_800, 100_200, 99_900], calibration: 50_000, seed: 1)
        let head = rounds([112_000, 112_400, 111_900, 112_200, 112_100], calibration: 60_000, seed: 20)
        let plain = BetweenRunInterval.estimate(
            base: SampleBlocks(samples: base.samples, calibration: nil),
            head: SampleBlocks(samples: head.samples, calibration: nil), runToRunFloor: 0.03)
        let calibrated = BetweenRunInterval.estimate(base: base, head: head, runToRunFloor: 0.03)
        #expect(plain.interval == calibrated.interval)
        #expect(Verdict.classify(calibrated.interval, threshold: 0.05) == .slower)
        #expect(abs((calibrated.machineFactor ?? 0) - 1.2) < 0.02)
    }

    @Test("instruction counts compare exactly at 1 %")
    func instructions() throws {
        func run(_ perOp: UInt64) -> BenchReport {
            var result = Fixtures.result(samples: [])
            result.summaryNs = SummaryNs(samples: [])
            result.instructions = InstructionCount(total: perOp * 10, operations: 10)
            return Fixtures.report([result])
        }
        let same = try Comparator.compare(base: run(1_000_000), head: run(1_000_500))
        #expect(same.comparisons.filter { $0.metric == .instructions }.map(\.verdict) == [.same])
        #expect(same.comparisons.allSatisfy { $0.metric != .time })
        let slower = try Comparator.compare(base: run(1_000_000), head: run(1_030_000))
        #expect(slower.regressions.map(\.metric) == [.instructions])
        #expect(slower.exitCode == 1)
    }

    @Test("callgrind dumps: the label and the totals line")
    func callgrindDump() {
        let text = """
            version: 1
            creator: callgrind-3.19.0
            pid: 4242
            cmd:  /tmp/layoutbench-stripped _count-instructions
            part: 2
            desc: I1 cache:
            desc: Timerange: Basic block 0 - 5210
            desc: Trigger: Client Request: layoutbench-ops|grid-10k|full|1|20
            positions: line
            events: Ir
            summary: 13189108
            fn=(1) 0x0000000000012345
            0 3
            totals: 13189108
            """
        let dump = CallgrindDump.parse(text)
        #expect(dump == CallgrindDump(label: "layoutbench-ops|grid-10k|full|1|20", instructions: 13_189_108))
        #expect(CallgrindDump.parse("events: Ir\n") == nil)
    }

    @Test("sample spread: mean, sd and far outliers")
    func spread() {
        let samples: [UInt64] = [100, 101, 99, 100, 102, 98, 100, 101, 99, 100, 1_000]
        let spread = SampleSpread(samples: samples)
        #expect(spread.highOutliers == 1 && spread.lowOutliers == 0)
        #expect(spread.outlierNote == "1 high")
        #expect(abs(spread.mean - 181.8181) < 0.01)
    }

    @Test("the counted child runs with jemalloc's time-based purging off, after any options already set")
    func countedAllocatorOptions() {
        #expect(InstructionBench.mallocConfiguration(adding: nil) == "dirty_decay_ms:-1,muzzy_decay_ms:-1")
        #expect(
            InstructionBench.mallocConfiguration(adding: "narenas:1") == "narenas:1,dirty_decay_ms:-1,muzzy_decay_ms:-1"
        )
    }
}
