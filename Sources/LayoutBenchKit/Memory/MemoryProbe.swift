import BenchResults

/// Runs an operation a few times with allocation counting on, after the timed samples.
public enum MemoryProbe {
    /// Whether figures can be had at all (jemalloc linked, with statistics).
    public static var isAvailable: Bool { Jemalloc.isAvailable }

    /// Per-operation allocation figures: `repetitions` times `prepare()` (not counted) then `operation()`
    /// (counted), averaged. The calling thread's cache is off meanwhile, so its counts are exact.
    public static func measure(repetitions: Int, prepare: () throws -> Void, operation: () throws -> Void) rethrows
        -> MemoryStats
    {
        guard repetitions > 0, let counter = AllocationCounter(), let thread = ThreadByteCounters() else {
            return .unavailable
        }
        Jemalloc.setThreadCacheEnabled(false)
        defer { Jemalloc.setThreadCacheEnabled(true) }
        var allocations: UInt64 = 0, bytes: UInt64 = 0, threadBytes: UInt64 = 0, threadFreed: UInt64 = 0
        for _ in 0..<repetitions {
            try prepare()
            let before = counter.snapshot()
            let allocatedBefore = thread.allocatedBytes, freedBefore = thread.deallocatedBytes
            try operation()
            let allocatedAfter = thread.allocatedBytes, freedAfter = thread.deallocatedBytes
            let after = counter.snapshot()
            allocations &+= after.allocations &- before.allocations
            bytes &+= after.bytes &- before.bytes
            threadBytes &+= allocatedAfter &- allocatedBefore
            threadFreed &+= freedAfter &- freedBefore
        }
        let n = Double(repetitions)
        return MemoryStats(
            allocatedBytes: Double(bytes) / n, allocations: Double(allocations) / n,
            threadAllocatedBytes: Double(threadBytes) / n, threadFreedBytes: Double(threadFreed) / n)
    }

    /// The process's resident bytes (unused dirty pages purged first) and live bytes, fresh. nil without
    /// jemalloc.
    public static func footprint() -> (resident: Int, live: Int)? {
        guard isAvailable else { return nil }
        Jemalloc.purgeAll()
        Jemalloc.refreshEpoch()
        guard let resident = Jemalloc.residentBytes, let live = Jemalloc.allocatedBytes else { return nil }
        return (resident, live)
    }
}
