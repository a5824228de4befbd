/// What one operation costs in memory, measured apart from the timed samples (counting has its own cost).
public struct MemoryStats: Codable, Hashable, Sendable {
    /// Bytes allocated per operation, all threads, size-class rounded (jemalloc's arena counters).
    public var allocatedBytes: Double?
    /// Allocations per operation, all threads.
    public var allocations: Double?
    /// Bytes the calling thread allocated per operation (`thread.allocatedp`), for comparison.
    public var threadAllocatedBytes: Double?
    /// Bytes the calling thread freed per operation (`thread.deallocatedp`).
    public var threadFreedBytes: Double?
    /// What a solved layout keeps resident, per item: the growth of jemalloc's `stats.resident` (unused
    /// pages purged before each reading) from just before a solve to just after it. Only for scenarios whose
    /// operation solves the layout (`full`, `full-materialize`); page-granular, so it means most for large
    /// layouts.
    public var residentBytesPerItem: Double?
    /// Live bytes the solved layout holds (growth of `stats.allocated` over the same solve), per item.
    public var liveBytesPerItem: Double?

    public init(allocatedBytes: Double? = nil, allocations: Double? = nil, threadAllocatedBytes: Double? = nil,
                threadFreedBytes: Double? = nil, residentBytesPerItem: Double? = nil, liveBytesPerItem: Double? = nil) {
        self.allocatedBytes = allocatedBytes
        self.allocations = allocations
        self.threadAllocatedBytes = threadAllocatedBytes
        self.threadFreedBytes = threadFreedBytes
        self.residentBytesPerItem = residentBytesPerItem
        self.liveBytesPerItem = liveBytesPerItem
    }

    /// No figures (jemalloc absent, or the memory pass switched off).
    public static let unavailable = MemoryStats()
}

/// Runs an operation a few times with allocation counting on, after the timed samples.
public enum MemoryProbe {
    /// Whether figures can be had at all (jemalloc linked, with statistics).
    public static var isAvailable: Bool { Jemalloc.isAvailable }

    /// Per-operation allocation figures: `repetitions` times `prepare()` (not counted) then `operation()`
    /// (counted), averaged. The calling thread's cache is off meanwhile, so its counts are exact.
    public static func measure(repetitions: Int, prepare: () throws -> Void, operation: () throws -> Void) rethrows -> MemoryStats {
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
        return MemoryStats(allocatedBytes: Double(bytes) / n, allocations: Double(allocations) / n,
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
