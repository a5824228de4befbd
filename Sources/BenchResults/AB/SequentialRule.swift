import Foundation

/// When lock-step `ab` may stop one row: after each look at the pairs' log ratios ln(head / base), the
/// Hodges–Lehmann estimate with the exact Wilcoxon signed-rank interval (`SignedRank`), classified against
/// the threshold (`Verdict.classify`). A row is decided as soon as the interval is entirely above
/// +threshold (slower), entirely below −threshold (faster) or entirely within ±threshold (same).
///
/// Looking again and again at a growing sample raises the chance that some look misses; the rule spends the
/// row's error over at most `maximumLooks` looks (Bonferroni again: each look's interval is at
/// 1 − (1 − rowConfidence) / maximumLooks), and looks only at pair counts on a geometric schedule
/// (`minimumPairs`, then ×1.25 each time), so the looks stay few however long the row runs. Past the last
/// planned look the row is judged once more when its time runs out (`final`).
public struct SequentialRule: Hashable, Sendable {
    public enum Decision: Hashable, Sendable {
        /// Not decided yet: take more pairs.
        case more
        /// Decided (not inconclusive) at this interval.
        case decided(RatioInterval, Verdict)
    }

    /// The row's threshold (0.05: ±5 %).
    public var threshold: Double
    /// The row's share of the family-wise level (`FamilyWise.rowConfidence`).
    public var rowConfidence: Double
    public var maximumLooks: Int

    public init(threshold: Double, rowConfidence: Double, maximumLooks: Int = 12) {
        self.threshold = threshold
        self.rowConfidence = rowConfidence
        self.maximumLooks = max(1, maximumLooks)
    }

    /// Each look's confidence: the row's error split over the looks.
    public var lookConfidence: Double { 1 - (1 - rowConfidence) / Double(maximumLooks) }

    /// The fewest pairs whose exact interval can reach `lookConfidence` (plus a margin, so the first look can
    /// drop a few extreme pairs at each end).
    public var minimumPairs: Int { FamilyWise.pairsNeeded(confidence: lookConfidence) + 4 }

    /// Whether `pairs` is a pair count the rule looks at: `minimumPairs`, then each ×1.25 (rounded up).
    /// - Complexity: O(log pairs).
    public func isLook(pairs: Int) -> Bool {
        var look = minimumPairs
        while look < pairs { look = max(look + 1, Int((Double(look) * 1.25).rounded(.up))) }
        return look == pairs
    }

    /// The interval and verdict of `logRatios` at `lookConfidence` (inconclusive below `minimumPairs`).
    /// - Complexity: O(n² log n) for n pairs (the signed-rank interval's Walsh averages).
    public func judge(_ logRatios: [Double]) -> (interval: RatioInterval, verdict: Verdict) {
        guard !logRatios.isEmpty else {
            return (RatioInterval(ratio: 1, lower: 0, upper: .infinity, confidence: 0), .inconclusive)
        }
        let signed = SignedRank.interval(logRatios, confidence: lookConfidence)
        let interval = RatioInterval(
            ratio: exp(signed.estimate), lower: exp(signed.lower), upper: exp(signed.upper),
            confidence: signed.achievedConfidence)
        guard logRatios.count >= minimumPairs, signed.achievedConfidence >= lookConfidence - 1e-12 else {
            return (interval, .inconclusive)
        }
        return (interval, Verdict.classify(interval, threshold: threshold))
    }

    /// The decision after the latest pair: `.more` unless this pair count is a look and the look decides.
    public func decide(_ logRatios: [Double]) -> Decision {
        guard isLook(pairs: logRatios.count) else { return .more }
        let (interval, verdict) = judge(logRatios)
        return verdict == .inconclusive ? .more : .decided(interval, verdict)
    }

    /// The verdict when the row's time is up: the last judgement, inconclusive when it does not decide.
    public func final(_ logRatios: [Double]) -> (interval: RatioInterval, verdict: Verdict) {
        judge(logRatios)
    }
}
