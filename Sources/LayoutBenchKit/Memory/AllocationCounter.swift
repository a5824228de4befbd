import BenchResults

#if canImport(Glibc)
import Glibc
#endif

/// Counts allocations (how many, and their bytes) across every thread, from jemalloc's per-size-class
/// request counters.
///
/// jemalloc keeps no per-thread allocation *count*, only per-thread bytes (`thread.allocatedp`). So the count
/// and the bytes come from the arenas: for every small size class j, `stats.arenas.<all>.bins.<j>.nrequests`
/// times `arenas.bin.<j>.size`, and the same for large classes (`lextents`). A snapshot sums 36 + 196 counters
/// (jemalloc 5.3, 4 KiB pages) after refreshing the epoch: about 30 µs, so only around an operation, never in
/// a timed window.
///
/// Precision: bytes are size-class rounded (a 40-byte request counts 48), as `thread.allocatedp` counts
/// them. A thread's cache reports its requests to the arena in batches (when it refills or flushes), so the
/// memory pass turns the calling thread's cache off (exact counts for it) and worker threads' counts can lag
/// by up to a cache's capacity per size class; repeating the operation amortises that.
struct AllocationCounter {
    struct Snapshot {
        var allocations: UInt64
        var bytes: UInt64
    }

    private var paths: [(counter: MallctlPath, size: UInt64)] = []

    /// nil when jemalloc is not the allocator or has no statistics.
    init?() {
        guard Jemalloc.isAvailable,
            let bins = Jemalloc.read("arenas.nbins", as: UInt32.self),
            let lextents = Jemalloc.read("arenas.nlextents", as: UInt32.self)
        else { return nil }
        for j in 0..<Int(bins) {
            guard let size = Jemalloc.read("arenas.bin.\(j).size", as: Int.self),
                let path = MallctlPath("stats.arenas.\(Jemalloc.allArenas).bins.\(j).nrequests")
            else { return nil }
            paths.append((path, UInt64(size)))
        }
        for j in 0..<Int(lextents) {
            guard let size = Jemalloc.read("arenas.lextent.\(j).size", as: Int.self),
                let path = MallctlPath("stats.arenas.\(Jemalloc.allArenas).lextents.\(j).nrequests")
            else { return nil }
            paths.append((path, UInt64(size)))
        }
    }

    /// Requests and bytes since the process started, all threads. Complexity: O(size classes).
    func snapshot() -> Snapshot {
        Jemalloc.refreshEpoch()
        var result = Snapshot(allocations: 0, bytes: 0)
        for (path, size) in paths {
            let requests = path.readUInt64() ?? 0
            result.allocations &+= requests
            result.bytes &+= requests &* size
        }
        return result
    }
}

/// The calling thread's cumulative allocated and freed bytes (`thread.allocatedp`, `thread.deallocatedp`):
/// pointers into jemalloc's thread-local counters, read with no call at all.
struct ThreadByteCounters {
    private let allocated: UnsafeMutablePointer<UInt64>
    private let deallocated: UnsafeMutablePointer<UInt64>

    /// nil without jemalloc. The pointers belong to the calling thread: use them on it only.
    init?() {
        guard Jemalloc.isAvailable,
            let a = Jemalloc.read("thread.allocatedp", as: UnsafeMutablePointer<UInt64>.self),
            let d = Jemalloc.read("thread.deallocatedp", as: UnsafeMutablePointer<UInt64>.self)
        else { return nil }
        allocated = a
        deallocated = d
    }

    var allocatedBytes: UInt64 { allocated.pointee }
    var deallocatedBytes: UInt64 { deallocated.pointee }
}
