import Testing
@testable import LayoutBenchKit

@Suite("rounds: block bootstrap and calibration")
struct BlockBootstrapTests {
    /// Five rounds of 40 samples each around the given medians.
    static func rounds(_ medians: [Double], seed: UInt64) -> SampleBlocks {
        SampleBlocks(samples: medians.enumerated().map { i, m in Fixtures.samples(median: m, spread: 0.02, count: 40, seed: seed &+ UInt64(i)) },
                     calibration: nil)
    }

    @Test("a result splits into its rounds; counts that do not add up make one block")
    func splitting() {
        let result = Fixtures.result(samples: [1, 2, 3, 4, 5], rounds: [2, 3], calibration: [7, 8, 9], calibrationRounds: [1, 2])
        let blocks = SampleBlocks(result)
        #expect(blocks.samples == [[1, 2], [3, 4, 5]])
        #expect(blocks.calibration == [[7], [8, 9]])
        let bad = SampleBlocks(Fixtures.result(samples: [1, 2, 3], rounds: [1, 1]))
        #expect(bad.samples == [[1, 2, 3]])
        #expect(bad.calibration == nil)
    }

    @Test("steady rounds: a narrow interval around the true ratio")
    func steady() {
        let interval = Bootstrap.roundRatio(base: Self.rounds([100_000, 100_000, 100_000, 100_000, 100_000], seed: 1),
                                            head: Self.rounds([130_000, 130_000, 130_000, 130_000, 130_000], seed: 9),
                                            normalize: false)
        #expect(interval.lower > 1.25 && interval.upper < 1.35)
    }

    @Test("load that came and went between rounds widens the interval: no false regression")
    func drifting() {
        // Base met a quiet machine; head met contention in 2 of its 5 rounds (2x slower there).
        let base = Self.rounds([100_000, 100_000, 100_000, 100_000, 100_000], seed: 1)
        let head = Self.rounds([100_000, 200_000, 100_000, 200_000, 100_000], seed: 9)
        let blocks = Bootstrap.roundRatio(base: base, head: head, normalize: false)
        #expect(blocks.lower < 1.05)
        #expect(Comparator.verdict(blocks, 0.05) != .slower)
        // Resampling single samples would not see it: its interval sits above 1.
        let single = Bootstrap.medianRatio(base: base.allSamples, head: head.allSamples)
        #expect(single.lower > 1.0)
    }

    @Test("with --normalize, a machine twice as slow for head does not read as a regression")
    func normalized() {
        var base = Self.rounds([100_000, 100_000, 100_000, 100_000, 100_000], seed: 1)
        var head = Self.rounds([200_000, 200_000, 200_000, 200_000, 200_000], seed: 9)
        base.calibration = (0..<5).map { Fixtures.samples(median: 50_000, spread: 0.01, count: 6, seed: 100 &+ UInt64($0)) }
        head.calibration = (0..<5).map { Fixtures.samples(median: 100_000, spread: 0.01, count: 6, seed: 200 &+ UInt64($0)) }
        let raw = Bootstrap.roundRatio(base: base, head: head, normalize: false)
        let normalized = Bootstrap.roundRatio(base: base, head: head, normalize: true)
        #expect(Comparator.verdict(raw, 0.05) == .slower)
        #expect(Comparator.verdict(normalized, 0.05) != .slower)
        #expect(abs(normalized.ratio - 1) < 0.03)
    }

    @Test("fewer than 3 rounds fall back to resampling single samples")
    func fallback() {
        let base = SampleBlocks(samples: [Fixtures.samples(median: 1_000, seed: 1)], calibration: nil)
        let head = SampleBlocks(samples: [Fixtures.samples(median: 1_300, seed: 2)], calibration: nil)
        let interval = Bootstrap.roundRatio(base: base, head: head, normalize: false)
        #expect(interval.lower > 1.2 && interval.upper < 1.4)
    }

    @Test("the calibration unit runs and takes time")
    func calibrationRuns() {
        let times = Calibration.measure(count: 2)
        #expect(times.count == 2)
        #expect(times.allSatisfy { $0 > 0 })
    }
}
