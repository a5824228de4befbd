/// TEST-ONLY: real work added to every operation, so a regression in instruction counts (not only in time)
/// can be made on purpose. The time knob (`Slowdown`) busy-waits on the clock, which valgrind counts as a
/// varying number of clock reads; this one runs a loop of integer arithmetic, the same instructions each time.
///
/// Read by `bench` from the underscored environment variable `_LAYOUTBENCH_WORK_PERCENT=P` (kept out of the
/// options and the help: it is for testing the tools, never for real measurements), recorded in the result
/// file (`configuration.extraWork`):
/// - timing runs add P % of each operation's own time, as loop iterations (their cost timed once at start);
/// - instruction runs add P % of the scenario's own instructions per operation: the parent counts the
///   scenario and the loop under valgrind first, then passes a fixed iteration count per scenario to the
///   counted run (`iterationsPerOperation`), so the addition is exact.
public struct ExtraWork: Codable, Hashable, Sendable {
    public static let environmentKey = "_LAYOUTBENCH_WORK_PERCENT"

    public var percent: Double

    public init(percent: Double) {
        self.percent = percent
    }

    public var isActive: Bool { percent > 0 }

    /// Nanoseconds one loop iteration takes here (timed once, over a million iterations).
    static let nsPerIteration: Double = {
        let t0 = BenchClock.monotonicNs()
        WorkLoop.sink(WorkLoop.run(iterations: 1_000_000))
        return max(0.05, Double(BenchClock.monotonicNs() &- t0) / 1_000_000)
    }()

    /// Timing runs: the work P % of an operation that took `elapsedNs` adds.
    @inline(__always) public func apply(elapsedNs: UInt64) {
        let iterations = Int(Double(elapsedNs) * percent / 100 / Self.nsPerIteration)
        WorkLoop.sink(WorkLoop.run(iterations: iterations))
    }
}

/// The loop of arithmetic the extra work runs: a multiply-xorshift chain, each step depending on the last,
/// so the compiler can neither drop nor vectorise it and every iteration costs the same instructions.
public enum WorkLoop {
    @inline(never)
    public static func run(iterations: Int) -> UInt64 {
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        var i = 0
        while i < iterations {
            x = (x ^ (x >> 29)) &* 0xBF58_476D_1CE4_E5B9
            i += 1
        }
        return x
    }

    @inline(never)
    public static func sink(_ value: UInt64) {
        if value == 0x0123_4567_89AB_CDEF { print("") }  // never true; keeps the loop's result alive
    }
}
