/// When a warm-up may stop: the scenario is run in short windows (a few milliseconds of samples each), and
/// the rule is fed the median of each window as it ends. It says steady once the last `windowsToAgree`
/// medians lie within `tolerance` of each other (max / min − 1) and at least `minimumNs` of warm-up has
/// passed; it gives up (not steady) once `maximumNs` has passed.
///
/// Why a time floor as well as agreement: in a fresh process the first ~0.1 s of an operation ran at a
/// slow, *flat* speed (12.8 µs against 8.3 µs later for grid-10k full), so windows of that phase agree with
/// each other; only time tells them from the steady state. The runner uses a 0.1 s floor and a 1 s bound in
/// a scenario's first round, and 5 ms / 0.1 s before later rounds (other scenarios only took the caches).
/// Pure: no clock is read here, so it is tested on synthetic medians.
public struct SteadyStateRule: Hashable, Sendable {
    /// Consecutive window medians that must agree.
    public var windowsToAgree: Int
    /// Largest relative spread (max / min − 1) of those medians.
    public var tolerance: Double
    /// Warm-up time before agreement counts.
    public var minimumNs: UInt64
    /// Warm-up time after which the rule gives up.
    public var maximumNs: UInt64

    public init(windowsToAgree: Int = 3, tolerance: Double = 0.03, minimumNs: UInt64, maximumNs: UInt64) {
        self.windowsToAgree = max(2, windowsToAgree)
        self.tolerance = tolerance
        self.minimumNs = minimumNs
        self.maximumNs = max(minimumNs, maximumNs)
    }

    /// The rule of a scenario's first round: 0.1 s floor, 1 s bound (the bound is 10 budgets of the issue's
    /// quick runs and a small part of the main job's 1 s per scenario).
    public static let firstRound = SteadyStateRule(minimumNs: 100_000_000, maximumNs: 1_000_000_000)
    /// The rule before later rounds: the process is warm, only caches need refilling.
    public static let laterRound = SteadyStateRule(minimumNs: 5_000_000, maximumNs: 100_000_000)

    /// What to do after a window.
    public enum Decision: Hashable, Sendable {
        /// Keep warming up.
        case more
        /// The last windows agree: start measuring.
        case steady
        /// The bound passed without agreement: start measuring, flagged not steady.
        case notSteady
    }

    /// The decision after the windows so far (`windowMedians`, in order) and `elapsedNs` of warm-up.
    /// - Complexity: O(`windowsToAgree`).
    public func decide(windowMedians: [UInt64], elapsedNs: UInt64) -> Decision {
        if elapsedNs >= minimumNs, agree(windowMedians) { return .steady }
        return elapsedNs >= maximumNs ? .notSteady : .more
    }

    /// Whether the last `windowsToAgree` medians are within `tolerance` of each other.
    public func agree(_ medians: [UInt64]) -> Bool {
        guard medians.count >= windowsToAgree else { return false }
        let last = medians.suffix(windowsToAgree)
        guard let low = last.min(), let high = last.max() else { return false }
        if low == 0 { return high == 0 }
        return Double(high) / Double(low) - 1 <= tolerance
    }
}
