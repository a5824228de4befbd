#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two clocks a sample reads: the monotonic wall clock (what a user waits) and the process's CPU time
/// (what all its threads spent), so a parallel solve shows its efficiency as CPU time / wall time.
///
/// Both are `clock_gettime` reads with nanosecond resolution; the monotonic one is a vDSO call (about 20 ns),
/// the CPU one a system call (a few hundred ns), so the runner reads the CPU clock outside the wall window.
public enum BenchClock {
    /// Nanoseconds on `CLOCK_MONOTONIC`: never goes back, not moved by NTP steps.
    @inlinable @inline(__always) public static func monotonicNs() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// CPU nanoseconds spent by every thread of this process (`CLOCK_PROCESS_CPUTIME_ID`).
    @inlinable @inline(__always) public static func processCPUNs() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// Busy-waits (no sleep: a sleeping thread would not look slower to CPU time) for `ns` nanoseconds.
    public static func spin(ns: UInt64) {
        guard ns > 0 else { return }
        let end = monotonicNs() &+ ns
        while monotonicNs() < end {}
    }
}
