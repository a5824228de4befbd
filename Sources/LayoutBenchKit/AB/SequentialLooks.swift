import BenchResults
import Foundation

/// When a lock-step measurement of pairs of batches is judged, and the interval each judgement uses.
///
/// A row is looked at after each count of pairs in `at` and stops at the first look that decides it. Looking
/// several times gives several chances to be wrong, so each look's interval is formed at
/// `1 − (1 − confidence) / looks` (Bonferroni): whichever look stops a row, the chance that its interval
/// misses the true change is at most `1 − confidence`.
public struct SequentialLooks: Hashable, Sendable {
    /// Pairs of batches at each look, increasing; the last is the most a row gets.
    public let at: [Int]

    /// - Precondition: `at` is not empty, its counts positive and increasing.
    public init(at: [Int]) {
        precondition(
            !at.isEmpty && at[0] > 0 && zip(at, at.dropFirst()).allSatisfy { $0 < $1 },
            "looks must be positive and increasing")
        self.at = at
    }

    public var maximum: Int { at[at.count - 1] }

    /// The confidence of one look's interval that keeps all looks together at `confidence`.
    public func perLook(_ confidence: Double) -> Double { 1 - (1 - confidence) / Double(at.count) }

    /// The ratio (now / before) and its interval from the log-ratios of the pairs so far: the Hodges–Lehmann
    /// estimate with the signed-rank interval at the per-look confidence. A batch that met a burst of other
    /// work moves one pair, not the interval (a t interval over such pairs was widened by outliers).
    /// - Precondition: `logs` is not empty.
    /// - Complexity: `SignedRank.interval`'s, O(n² log n) for n pairs.
    public func interval(_ logs: [Double], confidence: Double) -> RatioInterval {
        let signed = SignedRank.interval(logs, confidence: perLook(confidence))
        return RatioInterval(
            ratio: exp(signed.estimate), lower: exp(signed.lower), upper: exp(signed.upper), confidence: confidence)
    }

    /// Takes pairs from `nextPair` (each the log of now / before of one pair of batches) up to each look in
    /// turn and stops at the first look whose interval `threshold` decides (not `inconclusive`), or at the last.
    /// Without a threshold it stops at the first look.
    /// - Returns: the interval of the look it stopped at and the pairs taken.
    /// - Complexity: at most `maximum` calls of `nextPair`, and one `interval` per look reached.
    public func judge(
        threshold: Double?, confidence: Double, nextPair: () throws -> Double
    ) rethrows -> (interval: RatioInterval, pairs: Int) {
        var logs: [Double] = []
        logs.reserveCapacity(maximum)
        var judged = RatioInterval(ratio: 1, lower: 0, upper: .infinity, confidence: confidence)
        for target in at {
            while logs.count < target { logs.append(try nextPair()) }
            judged = interval(logs, confidence: confidence)
            guard let threshold, Verdict.classify(judged, threshold: threshold) == .inconclusive else { break }
        }
        return (judged, logs.count)
    }
}
