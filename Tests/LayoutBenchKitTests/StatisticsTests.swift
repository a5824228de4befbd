import Testing
@testable import LayoutBenchKit

@Suite("percentiles")
struct PercentileTests {
    @Test("1...100 ns: min 1, median 50, p90 90, p99 99, max 100, mean 50.5")
    func oneToHundred() {
        var rng = BenchRandom(seed: 3)
        let summary = SummaryNs(samples: Array(1...100).shuffled(using: &rng))
        #expect(summary == SummaryNs(min: 1, median: 50, p90: 90, p99: 99, max: 100, mean: 50.5))
    }

    @Test("nearest rank: the smallest value with at least p % at or below it")
    func nearestRank() {
        let sorted = [10, 20, 30, 40]
        #expect(NearestRank.value(sorted, percentile: 50) == 20)
        #expect(NearestRank.value(sorted, percentile: 50.1) == 30)
        #expect(NearestRank.value(sorted, percentile: 100) == 40)
        #expect(NearestRank.value(sorted, percentile: 1) == 10)
        #expect(NearestRank.rank(percentile: 99, count: 1_000) == 990)
    }

    @Test("large values stay within the histogram's three significant digits; min and max are exact")
    func largeValues() {
        let samples: [UInt64] = (1...1_000).map { UInt64($0) * 1_000_003 }
        let summary = SummaryNs(samples: samples)
        #expect(summary.min == 1_000_003)
        #expect(summary.max == 1_000_003_000)
        for (value, exact) in [(summary.median, 500.0), (summary.p90, 900.0), (summary.p99, 990.0)] {
            let expected = exact * 1_000_003
            #expect(abs(Double(value) - expected) / expected < 0.001)
        }
    }

    @Test("no samples: all zeros; one sample: every percentile is it")
    func degenerate() {
        #expect(SummaryNs(samples: []) == SummaryNs(min: 0, median: 0, p90: 0, p99: 0, max: 0, mean: 0))
        #expect(SummaryNs(samples: [777]) == SummaryNs(min: 777, median: 777, p90: 777, p99: 777, max: 777, mean: 777))
    }
}

@Suite("bootstrap")
struct BootstrapTests {
    @Test("the same samples: ratio 1, interval inside ±2 % around it")
    func sameSamples() {
        let samples = Fixtures.samples(median: 50_000, seed: 1)
        let interval = Bootstrap.medianRatio(base: samples, head: samples)
        #expect(interval.ratio == 1)
        #expect(interval.lower <= 1 && interval.upper >= 1)
        #expect(interval.lower > 0.98 && interval.upper < 1.02)
    }

    @Test("two draws of the same distribution: the interval holds 1")
    func sameDistribution() {
        let base = Fixtures.samples(median: 50_000, spread: 0.2, seed: 1)
        let head = Fixtures.samples(median: 50_000, spread: 0.2, seed: 2)
        let interval = Bootstrap.medianRatio(base: base, head: head)
        #expect(interval.lower < 1 && interval.upper > 1)
    }

    @Test("30 % slower: the whole interval lies near 1.3")
    func thirtyPercentSlower() {
        let base = Fixtures.samples(median: 50_000, seed: 1)
        let head = Fixtures.samples(median: 65_000, seed: 2)
        let interval = Bootstrap.medianRatio(base: base, head: head)
        #expect(abs(interval.ratio - 1.3) < 0.02)
        #expect(interval.lower > 1.25 && interval.upper < 1.35)
        #expect(interval.lower <= interval.ratio && interval.ratio <= interval.upper)
    }

    @Test("a known resampled median: constant samples give exactly their ratio")
    func constantSamples() {
        let interval = Bootstrap.medianRatio(base: [100, 100, 100], head: [150, 150])
        #expect(interval == RatioInterval(ratio: 1.5, lower: 1.5, upper: 1.5, confidence: 0.95))
    }

    @Test("few noisy samples give a wide interval (noise-aware)")
    func fewSamples() {
        let interval = Bootstrap.medianRatio(base: [100, 140, 90], head: [120, 95, 130])
        #expect(interval.upper - interval.lower > 0.3)
    }

    @Test("seeded: the same inputs give the same interval; another seed may differ")
    func seeded() {
        let base = Fixtures.samples(median: 1_000, spread: 0.3, seed: 5)
        let head = Fixtures.samples(median: 1_100, spread: 0.3, seed: 6)
        #expect(Bootstrap.medianRatio(base: base, head: head) == Bootstrap.medianRatio(base: base, head: head))
    }

    @Test("0 / 0 is no change; x / 0 is infinitely slower")
    func zeroMedians() {
        #expect(Bootstrap.ratio(0, 0) == 1)
        #expect(Bootstrap.ratio(5, 0) == .infinity)
    }
}
