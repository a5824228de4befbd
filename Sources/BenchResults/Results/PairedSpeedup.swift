/// How many times faster a scenario runs at `threads` threads than at one, timed in lock-step in one
/// process (`bench --paired-speedup`): batches at 1 thread and at `threads` alternate (A B, B A, …), so each
/// pair meets the same machine, and each pair gives one ratio (1-thread time / N-thread time). Both sides are
/// set up afresh `setUps` times: each set-up's median ratio is one observation, so where the two copies of
/// the layout landed in memory counts as noise.
///
/// Two medians taken seconds apart, as the plain speed-up column divides, can meet two speeds of the
/// machine: on the 2-core VM of docs/measurement.md their ratio ranged 0.96–2.95 for the same solve.
/// A paired ratio only removes the drift between the two sides; what a second CPU gives still depends on
/// the machine at that moment (the same notes).
public struct PairedSpeedup: Codable, Hashable, Sendable {
    /// The geometric mean of the set-ups' median ratios (1-thread time / N-thread time).
    public var speedup: Double
    /// Student's t interval over the set-ups, at `confidence`, for this row alone (not family-wise). It covers
    /// this run's moments only: on a machine whose speed drifts over minutes, another run can land outside.
    public var lower: Double
    public var upper: Double
    public var confidence: Double
    /// Times both sides were set up afresh, and the pairs of batches over all of them.
    public var setUps: Int
    public var pairs: Int
    /// Operations in each batch (one batch takes about 4 ms at the slower side, and at least one operation).
    public var batch: Int
    public init(
        speedup: Double, lower: Double, upper: Double, confidence: Double, setUps: Int, pairs: Int, batch: Int
    ) {
        self.speedup = speedup; self.lower = lower; self.upper = upper
        self.confidence = confidence; self.setUps = setUps; self.pairs = pairs; self.batch = batch
    }
}
