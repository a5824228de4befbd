import Foundation

/// When lock-step `ab` may stop one row. The unit of independence is the worker pair (one base and one head
/// process), not the single pair of batches: batches from one process pair share that pair's memory layout
/// (address randomisation, allocator state), so a process pair whose head happened to land on a slower
/// layout shifts all of its batches together. The rule therefore reduces each process pair's log ratios
/// ln(head / base) to one estimate (their median) and judges the row on those estimates alone: their mean
/// with Student's t interval over process pairs (`StudentT`), classified against the threshold
/// (`Verdict.classify`). A difference between two processes of one build then counts as noise, however many
/// batches each process pair timed.
///
/// Why t and not the exact signed-rank interval: at a row's share of the family-wise level (99.9 % and more
/// per look), the signed-rank interval cannot be formed from fewer than 12 process pairs whatever the data,
/// and a 60 s run on a loaded 2-core machine gets 9 to 20 of them. A process pair's median of 8 batch-pair
/// ratios is close to normal, for which t is exact; for heavier, symmetric tails t is conservative.
///
/// A row is decided as soon as the interval is entirely above +threshold (slower), entirely below
/// −threshold (faster) or entirely within ±threshold (same). Looking again and again at a growing sample
/// raises the chance that some look misses; the rule spends the row's error over at most `maximumLooks`
/// looks (Bonferroni: each look's interval is at 1 − (1 − rowConfidence) / maximumLooks), and looks only at
/// process-pair counts on a geometric schedule (`minimumClusters`, then ×1.25 each time). Past the last
/// planned look the row is judged once more when its time runs out (`final`).
public struct SequentialRule: Hashable, Sendable {
    public enum Decision: Hashable, Sendable {
        /// Not decided yet: take more process pairs.
        case more
        /// Decided (not inconclusive) at this interval.
        case decided(RatioInterval, Verdict)
    }

    /// The row's threshold (0.05: ±5 %).
    public var threshold: Double
    /// The row's share of the family-wise level (`FamilyWise.rowConfidence`).
    public var rowConfidence: Double
    public var maximumLooks: Int

    public init(threshold: Double, rowConfidence: Double, maximumLooks: Int = 8) {
        self.threshold = threshold
        self.rowConfidence = rowConfidence
        self.maximumLooks = max(1, maximumLooks)
    }

    /// Each look's confidence: the row's error split over the looks.
    public var lookConfidence: Double { 1 - (1 - rowConfidence) / Double(maximumLooks) }

    /// The fewest process pairs judged: 6, so the spread of the estimates is seen with 5 degrees of freedom.
    public var minimumClusters: Int { 6 }

    /// Whether `clusters` is a process-pair count the rule looks at: `minimumClusters`, then each ×1.25
    /// (rounded up), `maximumLooks` looks in all (6, 8, 10, 13, 17, 22, 28, 35 by default), so the looks
    /// never spend more than the row's error.
    /// - Complexity: O(maximumLooks).
    public func isLook(clusters: Int) -> Bool {
        var look = minimumClusters
        for _ in 1..<maximumLooks where look < clusters {
            look = max(look + 1, Int((Double(look) * 1.25).rounded(.up)))
        }
        return look == clusters
    }

    /// One process pair's estimate: the median of its log ratios (0 for an empty one, which `judge` skips).
    /// - Complexity: O(k log k) for k pairs of batches.
    public static func clusterEstimate(_ logRatios: [Double]) -> Double {
        let sorted = logRatios.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The interval and verdict of `clusters` (one array of log ratios per process pair) at
    /// `lookConfidence`: the mean of the process pairs' estimates with Student's t interval; inconclusive
    /// below `minimumClusters` non-empty process pairs.
    /// - Complexity: O(n log n) for n batch pairs (the medians).
    public func judge(_ clusters: [[Double]]) -> (interval: RatioInterval, verdict: Verdict) {
        let estimates = clusters.filter { !$0.isEmpty }.map(Self.clusterEstimate)
        guard !estimates.isEmpty else {
            return (RatioInterval(ratio: 1, lower: 0, upper: .infinity, confidence: 0), .inconclusive)
        }
        let n = Double(estimates.count)
        let mean = estimates.reduce(0, +) / n
        guard estimates.count >= 2 else {
            return (RatioInterval(ratio: exp(mean), lower: 0, upper: .infinity, confidence: 0), .inconclusive)
        }
        let variance = estimates.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
        let quantile = StudentT.quantile(1 - (1 - lookConfidence) / 2, degreesOfFreedom: n - 1)
        let halfWidth = quantile * (variance / n).squareRoot()
        let interval = RatioInterval(
            ratio: exp(mean), lower: exp(mean - halfWidth), upper: exp(mean + halfWidth), confidence: lookConfidence)
        guard estimates.count >= minimumClusters else { return (interval, .inconclusive) }
        return (interval, Verdict.classify(interval, threshold: threshold))
    }

    /// The decision after the latest process pair: `.more` unless this count of non-empty process pairs is
    /// a look and the look decides.
    public func decide(_ clusters: [[Double]]) -> Decision {
        guard isLook(clusters: clusters.filter { !$0.isEmpty }.count) else { return .more }
        let (interval, verdict) = judge(clusters)
        return verdict == .inconclusive ? .more : .decided(interval, verdict)
    }

    /// The verdict when the row's time is up: the last judgement, inconclusive when it does not decide.
    public func final(_ clusters: [[Double]]) -> (interval: RatioInterval, verdict: Verdict) {
        judge(clusters)
    }
}
