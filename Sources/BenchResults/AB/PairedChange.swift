import Foundation

/// A (scenario, threads)'s change between two versions of one layout timed in lock-step in one process
/// (`watch`'s change between saves): now / before, with its interval, from `pairs` pairs of batches.
public struct PairedChange: Codable, Hashable, Sendable {
    public var scenario: String
    public var threads: Int
    public var ratio: Double
    public var lower: Double
    public var upper: Double
    public var pairs: Int

    public init(scenario: String, threads: Int, ratio: Double, lower: Double, upper: Double, pairs: Int) {
        self.scenario = scenario; self.threads = threads; self.ratio = ratio
        self.lower = lower; self.upper = upper; self.pairs = pairs
    }

    public var interval: RatioInterval { RatioInterval(ratio: ratio, lower: lower, upper: upper, confidence: 0.95) }
}
