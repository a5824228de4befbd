import BenchResults
import CJemalloc

/// Typed access to jemalloc's `mallctl` namespace (jemalloc 5.3, Debian's build: no symbol prefix, stats on).
///
/// Linking `CJemalloc` makes jemalloc the allocator of the whole process, Swift's own allocations included,
/// so these counters see every allocation the engine makes. Every call is a name lookup plus a read: cheap,
/// but never inside a timed window. Values that jemalloc caches per "epoch" (everything under `stats.`) are
/// only as fresh as the last `refreshEpoch()`.
public enum Jemalloc {
    /// `MALLCTL_ARENAS_ALL`: the pseudo-arena index that merges the statistics of every arena.
    public static let allArenas = 4096

    /// Whether jemalloc answers (it is the allocator and was built with statistics).
    public static let isAvailable: Bool = {
        var stats = false
        var length = MemoryLayout<Bool>.size
        guard mallctl("config.stats", &stats, &length, nil, 0) == 0 else { return false }
        return stats
    }()

    /// jemalloc's version string, such as "5.3.0-0-g54eaed1d...".
    public static var version: String? {
        var pointer: UnsafePointer<CChar>? = nil
        var length = MemoryLayout<UnsafePointer<CChar>?>.size
        guard mallctl("version", &pointer, &length, nil, 0) == 0, let pointer else { return nil }
        return String(cString: pointer)
    }

    /// Makes the `stats.` values current (jemalloc merges its arenas' counters when the epoch moves).
    public static func refreshEpoch() {
        var old: UInt64 = 0
        var new: UInt64 = 1  // old and new must be two variables: one inout twice is an exclusivity error
        var length = MemoryLayout<UInt64>.size
        _ = mallctl("epoch", &old, &length, &new, MemoryLayout<UInt64>.size)
    }

    /// Reads a value of type `T` (an integer, `Bool`, or a pointer), nil if the name does not exist.
    public static func read<T>(_ name: String, as type: T.Type = T.self) -> T? {
        let value = UnsafeMutablePointer<T>.allocate(capacity: 1)
        defer { value.deallocate() }
        var length = MemoryLayout<T>.size
        guard mallctl(name, value, &length, nil, 0) == 0, length == MemoryLayout<T>.size else { return nil }
        return value.pointee
    }

    /// Writes a value; false if jemalloc refused it.
    @discardableResult
    public static func write<T>(_ name: String, _ value: T) -> Bool {
        var copy = value
        return withUnsafeMutableBytes(of: &copy) { bytes in
            mallctl(name, nil, nil, bytes.baseAddress, bytes.count) == 0
        }
    }

    /// `stats.allocated`: bytes in live allocations, all threads (needs a fresh epoch).
    public static var allocatedBytes: Int? { read("stats.allocated", as: Int.self) }
    /// `stats.resident`: bytes in physically resident pages jemalloc maps (needs a fresh epoch).
    public static var residentBytes: Int? { read("stats.resident", as: Int.self) }

    /// Returns every arena's unused dirty pages to the system (`arena.<all>.purge`), so `stats.resident`
    /// then counts pages in use rather than pages jemalloc keeps for reuse. Costs a few system calls.
    public static func purgeAll() {
        _ = mallctl("arena.\(allArenas).purge", nil, nil, nil, 0)
    }

    /// Turns the calling thread's cache on or off. Off, every small allocation goes to its arena and is
    /// counted there at once; turning it off also flushes what the cache held (merging its counts).
    @discardableResult
    public static func setThreadCacheEnabled(_ enabled: Bool) -> Bool {
        write("thread.tcache.enabled", enabled)
    }
}

/// A "MIB" (management information base) path: a name looked up once, read many times without parsing.
struct MallctlPath {
    private var mib: [Int]

    init?(_ name: String) {
        var mib = [Int](repeating: 0, count: 8)
        var length = mib.count
        guard mallctlnametomib(name, &mib, &length) == 0 else { return nil }
        self.mib = Array(mib.prefix(length))
    }

    /// The UInt64 (or size_t) value at this path.
    func readUInt64() -> UInt64? {
        var value: UInt64 = 0
        var length = MemoryLayout<UInt64>.size
        let status = mib.withUnsafeBufferPointer { m in
            mallctlbymib(m.baseAddress, m.count, &value, &length, nil, 0)
        }
        return status == 0 ? value : nil
    }
}
