/// A ratio with its confidence interval: how much slower (> 1) or faster (< 1) one sample set is than another.
public struct RatioInterval: Codable, Hashable, Sendable {
    /// The point estimate: median(head) / median(base).
    public var ratio: Double
    public var lower: Double
    public var upper: Double
    /// The interval's coverage, such as 0.95.
    public var confidence: Double

    public init(ratio: Double, lower: Double, upper: Double, confidence: Double) {
        self.ratio = ratio; self.lower = lower; self.upper = upper; self.confidence = confidence
    }

    /// The percentile interval of bootstrap replicates (`values`, sorted ascending) around `ratio`.
    init(ratio: Double, sortedReplicates values: [Double], confidence: Double) {
        let alpha = (1 - confidence) / 2
        self.init(ratio: ratio,
                  lower: NearestRank.value(values, percentile: max(alpha * 100, 1e-9)),
                  upper: NearestRank.value(values, percentile: (1 - alpha) * 100),
                  confidence: confidence)
    }
}

/// The percentile bootstrap of the ratio of two medians: resample both sample sets with replacement, take
/// the ratio of the resamples' medians, and read the interval from the 2.5th and 97.5th percentiles of those
/// ratios. It assumes nothing about the shape of the distributions (timings are skewed and often bimodal)
/// and gets wider when the samples are noisy or few, which is what makes `compare` noise-aware.
///
/// Seeded: the same inputs give the same interval.
public enum Bootstrap {
    public static let defaultResamples = 2_000
    public static let defaultSeed: UInt64 = 0x1A70_B3EC

    /// The interval of median(head) / median(base).
    /// - Complexity: O(resamples × (base + head)) time, O(base + head) memory: a resample's median is found
    ///   by counting how often each rank of the sorted samples is drawn, no sort per resample.
    public static func medianRatio(base: [UInt64], head: [UInt64], resamples: Int = defaultResamples,
                                   confidence: Double = 0.95, seed: UInt64 = defaultSeed) -> RatioInterval {
        interval([base, head], resamples: resamples, confidence: confidence, seed: seed) { m in
            ratio(m[1], m[0])
        }
    }

    /// The interval of [median(head) / median(base)] / [median(headCalibration) / median(baseCalibration)]:
    /// the change of the code, with the change of the machine's speed (measured by the calibration unit
    /// beside each run) divided out. All four sets are resampled.
    public static func normalizedMedianRatio(base: [UInt64], head: [UInt64], baseCalibration: [UInt64],
                                             headCalibration: [UInt64], resamples: Int = defaultResamples,
                                             confidence: Double = 0.95, seed: UInt64 = defaultSeed) -> RatioInterval {
        interval([base, head, baseCalibration, headCalibration], resamples: resamples, confidence: confidence, seed: seed) { m in
            ratio(m[1], m[0]) / ratio(m[3], m[2])
        }
    }

    /// The percentile interval of `statistic` (of the sets' medians) over resamples of every set.
    static func interval(_ sets: [[UInt64]], resamples: Int, confidence: Double, seed: UInt64,
                         statistic: ([UInt64]) -> Double) -> RatioInterval {
        precondition(sets.allSatisfy { !$0.isEmpty }, "the bootstrap needs samples in every set")
        let sorted = sets.map { $0.sorted() }
        let point = statistic(sorted.map { NearestRank.value($0, percentile: 50) })
        var rng = BenchRandom(seed: seed)
        var counts: [Int32] = []
        var medians = [UInt64](repeating: 0, count: sets.count)
        var values: [Double] = []
        values.reserveCapacity(resamples)
        for _ in 0..<max(1, resamples) {
            for i in sorted.indices { medians[i] = resampledMedian(sorted[i], &rng, &counts) }
            values.append(statistic(medians))
        }
        values.sort()
        return RatioInterval(ratio: point, sortedReplicates: values, confidence: confidence)
    }

    /// The median (nearest rank) of one resample of `sorted` with replacement. Since `sorted` is ascending,
    /// the resample's k-th smallest value is the value at its k-th smallest drawn index. Complexity: O(n).
    static func resampledMedian(_ sorted: [UInt64], _ rng: inout BenchRandom, _ counts: inout [Int32]) -> UInt64 {
        let n = sorted.count
        if n == 1 { return sorted[0] }
        if counts.count < n { counts = [Int32](repeating: 0, count: n) }
        counts.withUnsafeMutableBufferPointer { c in
            for i in 0..<n { c[i] = 0 }
            for _ in 0..<n { c[rng.index(below: n)] &+= 1 }
        }
        let rank = NearestRank.rank(percentile: 50, count: n)
        var seen = 0
        for i in 0..<n {
            seen += Int(counts[i])
            if seen >= rank { return sorted[i] }
        }
        return sorted[n - 1]
    }

    /// head / base, with 0 / 0 = 1 (two operations too fast to see are equal) and x / 0 = +inf.
    static func ratio(_ head: UInt64, _ base: UInt64) -> Double {
        if base == 0 { return head == 0 ? 1 : .infinity }
        return Double(head) / Double(base)
    }
}
