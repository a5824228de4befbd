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

    public init(
        allocatedBytes: Double? = nil, allocations: Double? = nil, threadAllocatedBytes: Double? = nil,
        threadFreedBytes: Double? = nil, residentBytesPerItem: Double? = nil, liveBytesPerItem: Double? = nil
    ) {
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
