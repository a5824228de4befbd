import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Which CPUs a process may run on, and pinning a running process (every thread of it) to some of them.
///
/// Lock-step `ab` puts both workers of a process pair on the same CPUs. On a shared virtual machine each CPU
/// changes speed on its own, for seconds at a time (docs/measurement.md): two batches that alternate in time
/// but run on two CPUs do not meet the same machine, and their ratio carries the difference between the CPUs.
/// Written by hand over `sched_setaffinity(2)` because Foundation has no affinity API; Linux only (elsewhere
/// nothing is pinned and `allowed()` is nil).
public enum CPUAffinity {
    #if canImport(Glibc)
    /// `sched_getaffinity` and `sched_setaffinity` share this shape. Glibc declares them only under
    /// `_GNU_SOURCE`, which Swift's Glibc module does not set, so they are looked up in the C library.
    private typealias AffinityCall = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32

    private static func call(_ name: String) -> AffinityCall? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: AffinityCall.self)
    }

    private static func affinity(_ name: String, _ pid: pid_t, _ set: inout cpu_set_t) -> Bool {
        guard let function = call(name) else { return false }
        return withUnsafeMutableBytes(of: &set) { function(pid, $0.count, $0.baseAddress!) } == 0
    }
    #endif

    /// The CPUs this process may run on, ascending; nil where that cannot be known.
    public static func allowed() -> [Int]? {
        #if canImport(Glibc)
        var set = cpu_set_t()
        guard affinity("sched_getaffinity", 0, &set) else { return nil }
        let cpus = withUnsafeBytes(of: &set) { bytes in
            (0..<bytes.count * 8).filter { bytes[$0 / 8] & (1 << UInt8($0 % 8)) != 0 }
        }
        return cpus.isEmpty ? nil : cpus
        #else
        return nil
        #endif
    }

    /// The CPU the calling thread runs on now; nil where that cannot be known.
    public static func current() -> Int? {
        #if canImport(Glibc)
        // Declared by Glibc only under _GNU_SOURCE, like the affinity calls.
        typealias CurrentCPU = @convention(c) () -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_getcpu") else { return nil }
        let cpu = unsafeBitCast(symbol, to: CurrentCPU.self)()
        return cpu >= 0 ? Int(cpu) : nil
        #else
        return nil
        #endif
    }

    /// The CPUs for process pair `segment` when its rows run on up to `threads` threads: `threads` of the
    /// `allowed` CPUs, starting one group further on for each pair so that every CPU serves in turn. Nil when
    /// the rows need every allowed CPU (pinning would change nothing).
    /// - Complexity: O(`threads`).
    public static func choose(segment: Int, threads: Int, allowed: [Int]) -> [Int]? {
        let count = max(1, threads)
        guard count < allowed.count else { return nil }
        return (0..<count).map { allowed[(segment * count + $0) % allowed.count] }
    }

    /// Pins every thread of process `pid` to `cpus` (threads it starts later inherit it); false when any
    /// thread could not be pinned or the platform cannot pin.
    /// - Complexity: O(threads of the process), reading `/proc/PID/task` twice (a thread started during the
    ///   first pass is pinned by the second).
    public static func pin(process pid: Int32, to cpus: [Int]) -> Bool {
        #if canImport(Glibc)
        var set = cpu_set_t()
        var valid = !cpus.isEmpty
        withUnsafeMutableBytes(of: &set) { bytes in
            for cpu in cpus {
                guard cpu >= 0 && cpu < bytes.count * 8 else {
                    valid = false
                    continue
                }
                bytes[cpu / 8] |= 1 << UInt8(cpu % 8)
            }
        }
        guard valid else { return false }
        var pinned: Set<Int32> = []
        for _ in 0..<2 {
            guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else {
                return false
            }
            for task in tasks {
                guard let thread = Int32(task), !pinned.contains(thread) else { continue }
                if affinity("sched_setaffinity", thread, &set) {
                    pinned.insert(thread)
                } else if errno != ESRCH {  // a thread that ended meanwhile needs no pinning
                    return false
                }
            }
        }
        return !pinned.isEmpty
        #else
        return false
        #endif
    }
}
