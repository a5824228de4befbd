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

    /// head / base of two medians, with 0 / 0 = 1 (two operations too fast to see are equal) and
    /// x / 0 = +inf.
    static func ratio(_ head: UInt64, _ base: UInt64) -> Double {
        if base == 0 { return head == 0 ? 1 : .infinity }
        return Double(head) / Double(base)
    }
}
