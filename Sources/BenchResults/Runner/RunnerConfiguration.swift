/// How long and how often the runner measures each scenario.
public struct RunnerConfiguration: Codable, Hashable, Sendable {
    /// When a scenario has enough samples.
    public enum StopRule: Codable, Hashable, Sendable, CustomStringConvertible {
        /// Exactly this many timed samples.
        case repetitions(Int)
        /// Sample for this many seconds (setup and warm-up excluded, split over the rounds), at least
        /// `minSamples`, at most `maxSamples` times.
        case timeBudget(seconds: Double)

        public var description: String {
            switch self {
            case .repetitions(let n): return "\(n) repetitions"
            case .timeBudget(let s): return "\(s) s per scenario"
            }
        }
    }

    public var stop: StopRule
    /// The sampling of each scenario is split into this many rounds, interleaved with the other scenarios'
    /// (`BenchSuite`), so load that comes and goes meets every scenario alike; `compare` reads rounds.
    public var rounds: Int
    /// Untimed runs of the whole sample (setup and operation) before the timed ones: caches, page faults and
    /// lazily built tables settle.
    public var warmupSamples: Int
    public var minSamples: Int
    /// A cap on stored samples with a time budget, so a microsecond operation does not write a million
    /// numbers to the result file.
    public var maxSamples: Int
    /// Operations counted by the memory pass (1 when one sample takes longer than 50 ms).
    public var memoryRepetitions: Int
    /// Whether to run the memory pass at all.
    public var measuresMemory: Bool
    /// The seed of every random choice (items measured, sections edited).
    public var seed: UInt64
    /// Test-only: extra time spent inside each timed window (see `Slowdown`).
    public var slowdown: Slowdown
    /// Test-only: extra real work inside each operation (see `ExtraWork`); nil when off.
    public var extraWork: ExtraWork?

    public init(
        stop: StopRule = .timeBudget(seconds: 1), rounds: Int = 5, warmupSamples: Int = 1, minSamples: Int = 5,
        maxSamples: Int = 10_000, memoryRepetitions: Int = 3, measuresMemory: Bool = true,
        seed: UInt64 = 1, slowdown: Slowdown = .none
    ) {
        self.stop = stop
        self.rounds = rounds
        self.warmupSamples = warmupSamples
        self.minSamples = minSamples
        self.maxSamples = maxSamples
        self.memoryRepetitions = memoryRepetitions
        self.measuresMemory = measuresMemory
        self.seed = seed
        self.slowdown = slowdown
    }
}

/// TEST-ONLY: a knob that makes every timed operation slower on purpose, so that `layoutbench compare` can
/// be shown to catch a regression without editing the engine. Never set it for real measurements; the
/// result file records it (`configuration.slowdown`) and the table warns when it is on.
///
/// Read from the environment by the `bench` command:
/// - `LAYOUTBENCH_SLOWDOWN_NS=N`: busy-wait N nanoseconds inside each timed window;
/// - `LAYOUTBENCH_SLOWDOWN_PERCENT=P`: every timed window counts P % longer than measured (every scenario
///   exactly P % slower). It scales the measured time instead of busy-waiting because a busy-wait reads the
///   clock at least twice however short it is: on a sub-microsecond operation a 3 % knob made the operation
///   5–11 % slower (measured with lock-step `ab`, 2026-11-27), so a study of the smallest slowdown `ab`
///   catches would have measured a larger one. The scaled time still carries all of the machine's noise.
public struct Slowdown: Codable, Hashable, Sendable {
    public var fixedNs: UInt64
    public var percent: Double

    public init(fixedNs: UInt64 = 0, percent: Double = 0) {
        self.fixedNs = fixedNs
        self.percent = percent
    }

    public static let none = Slowdown()

    public var isActive: Bool { fixedNs > 0 || percent > 0 }

    /// Spins `fixedNs` inside the timed window (`LAYOUTBENCH_SLOWDOWN_NS`).
    @inlinable @inline(__always) public func spinFixed() {
        if fixedNs > 0 { BenchClock.spin(ns: fixedNs) }
    }

    /// The window a timed operation reports for `measuredNs`: `percent` % longer.
    @inlinable @inline(__always) public func reported(_ measuredNs: UInt64) -> UInt64 {
        percent > 0 ? UInt64((Double(measuredNs) * (1 + percent / 100)).rounded()) : measuredNs
    }
}
