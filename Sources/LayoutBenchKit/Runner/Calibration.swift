import BenchResults
import SeededRandom

/// A fixed piece of work timed between a scenario's samples, so `compare` can tell a slower build from a
/// slower machine.
///
/// On a shared machine the same build runs up to 2 times slower while a neighbour thrashes the shared
/// caches, and the bootstrap, which sees only the noise within a run, would call that a regression.
/// Measured here: a pointer chase through 2 MiB varied from 17 to 107 ns a step over seconds, while a
/// 64 KiB one stayed at 3.5 ns; the engine's operations (working sets of hundreds of KiB to MiB) slowed
/// like the former. So the unit mixes both kinds of work and no code of ours: a pass of splitmix64 over
/// 32 KiB (arithmetic, L1/L2) and a dependent pointer chase through a 2 MiB random cycle (L2/L3
/// latency), about 100 µs in all. It is timed in short bursts interleaved with the samples, so it meets
/// the same load. `compare` shows its ratio between two runs (column machine) and never divides time
/// ratios by it: in quiet runs the unit itself varied by ±15 % while the scenarios agreed within 2 %, a
/// warning sign, not a correction.
public enum Calibration {
    /// Words mixed by the arithmetic part (32 KiB).
    static let words = 4_096
    /// Words in the pointer-chase cycle (2 MiB) and steps taken per unit.
    static let chaseWords = 262_144
    static let chaseSteps = 1_000

    /// Units per burst; a burst runs every `burstIntervalNs` of sampling (and after every longer sample).
    public static let unitsPerBurst = 3
    public static let burstIntervalNs: UInt64 = 50_000_000

    /// A random cycle through `chaseWords` slots (seeded: the same cycle in every run).
    nonisolated(unsafe) static let cycle: UnsafeMutableBufferPointer<UInt32> = {
        let n = chaseWords
        var order = Array(0..<UInt32(n))
        var rng = BenchRandom(seed: 0xCA11_B8A7)
        rng.shuffle(&order)
        let next = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: n)
        for i in 0..<n { next[Int(order[i])] = order[(i + 1) % n] }
        return next
    }()

    /// Times `count` units, nanoseconds each.
    public static func measure(count: Int) -> [UInt64] {
        var buffer = [UInt64](repeating: 0, count: words)
        let cycle = Self.cycle
        var result: [UInt64] = []
        result.reserveCapacity(count)
        var position: UInt32 = 0
        for _ in 0..<count {
            let t0 = BenchClock.monotonicNs()
            let value = unit(&buffer, cycle, &position)
            let t1 = BenchClock.monotonicNs()
            sink(value)
            result.append(t1 &- t0)
        }
        return result
    }

    /// The unit: one mixing pass over the buffer, then `chaseSteps` dependent loads along the cycle.
    @inline(never)
    static func unit(_ buffer: inout [UInt64], _ cycle: UnsafeMutableBufferPointer<UInt32>, _ position: inout UInt32)
        -> UInt64
    {
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        buffer.withUnsafeMutableBufferPointer { b in
            let mask = b.count - 1
            for i in 0..<b.count {
                x = SelfSizingMix.splitmix64(x ^ b[(i &* 7_919) & mask])
                b[i] = x
            }
        }
        var p = position
        for _ in 0..<chaseSteps { p = cycle[Int(p)] }
        position = p
        return x ^ UInt64(p)
    }

    @inline(never)
    static func sink(_ value: UInt64) {
        if value == 0x0123_4567_89AB_CDEF { print("") }  // never true; keeps the unit's result alive
    }
}

/// splitmix64 without depending on the model's copy (the calibration must not change with our code).
enum SelfSizingMix {
    @inline(__always) static func splitmix64(_ value: UInt64) -> UInt64 {
        var x = value &+ 0x9E37_79B9_7F4A_7C15
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 31)
    }
}
