import SeededRandom
import Testing

@testable import BenchResults
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

@Suite("ratios")
struct RatioTests {
    @Test("0 / 0 is no change; x / 0 is infinitely slower")
    func zeroMedians() {
        #expect(RatioInterval.ratio(0, 0) == 1)
        #expect(RatioInterval.ratio(5, 0) == .infinity)
    }
}
