import Histogram

/// The distribution of one scenario's samples, in nanoseconds: what the table prints and what `compare`
/// falls back on when it has no samples.
///
/// `min` and `max` are exact; `median`, `p90` and `p99` come from an HDR histogram with three significant
/// digits (values below 2,048 ns exact, larger ones within 0.05 %), the same percentile definition as
/// package-benchmark: the smallest recorded value with at least p % of the samples at or below it
/// (nearest rank).
public struct SummaryNs: Codable, Hashable, Sendable {
    public var min: UInt64
    public var median: UInt64
    public var p90: UInt64
    public var p99: UInt64
    public var max: UInt64
    /// The arithmetic mean (exact).
    public var mean: Double

    public init(min: UInt64, median: UInt64, p90: UInt64, p99: UInt64, max: UInt64, mean: Double) {
        self.min = min; self.median = median; self.p90 = p90; self.p99 = p99; self.max = max; self.mean = mean
    }

    /// The summary of `samples` (all zeros when there are none). Complexity: O(samples).
    public init(samples: [UInt64]) {
        guard let first = samples.first else {
            self.init(min: 0, median: 0, p90: 0, p99: 0, max: 0, mean: 0)
            return
        }
        var histogram = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
        var low = first, high = first
        var sum = 0.0
        for sample in samples {
            histogram.record(sample)
            low = Swift.min(low, sample)
            high = Swift.max(high, sample)
            sum += Double(sample)
        }
        self.init(
            min: low,
            median: histogram.valueAtPercentile(50),
            p90: histogram.valueAtPercentile(90),
            p99: histogram.valueAtPercentile(99),
            max: high,
            mean: sum / Double(samples.count))
    }
}

/// Nearest-rank percentiles on exact values: the definition every percentile here uses.
public enum NearestRank {
    /// The 1-based rank of percentile `p` (0 < p <= 100) among `count` values: `ceil(p / 100 * count)`.
    @inlinable public static func rank(percentile p: Double, count: Int) -> Int {
        Swift.max(1, Swift.min(count, Int((p / 100 * Double(count)).rounded(.up))))
    }

    /// Percentile `p` of `sorted` (ascending, non-empty). Complexity: O(1).
    @inlinable public static func value<T>(_ sorted: [T], percentile p: Double) -> T {
        sorted[rank(percentile: p, count: sorted.count) - 1]
    }
}
