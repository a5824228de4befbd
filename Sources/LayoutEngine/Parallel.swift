import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lets workers initialise disjoint elements of uninitialised memory in
/// place, each element by exactly one worker (the buffer's owner then counts them all as initialised).
struct ParallelBuffer<Element>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Element>
    let count: Int

    init(_ buffer: UnsafeMutableBufferPointer<Element>) {
        base = buffer.baseAddress!
        count = buffer.count
    }

    /// Initialises element `index` of uninitialised memory; each index exactly once, by one worker.
    func initialize(_ index: Int, _ value: consuming Element) {
        precondition(index >= 0 && index < count)
        (base + index).initialize(to: value)
    }
}

/// Hands out chunk numbers to workers, each exactly once.
private final class ChunkCounter: Sendable {
    let next = Atomic<Int>(0)
}

/// Work split over at most `threads` workers (never more, whatever the core count): the range `0..<count` is
/// cut into contiguous chunks that the workers take in turn, so a worker slowed down by other load takes
/// fewer. Each worker keeps its own scratch for every index it handles, so workers share no buffers and
/// allocate only what they return.
///
/// The grain: a phase runs on `w` workers only when its work (items to solve, cells to write) is at least
/// `w × grain`; below `2 × grain` it runs serially on the calling thread, with no Dispatch at all, so extra
/// threads never slow a small solve down. `defaultGrain` (16,384 work units per worker) was chosen by measuring
/// `layoutbench bench` on the 10k presets (full, full-materialize) at 1 and 2 threads with grains 1, 4,096,
/// 16,384 and 65,536: 16,384 is the smallest at which no 10k preset ran slower at 2 threads (grain 1 lost up
/// to 17 %, 4,096 up to 8 %). Timed in lock-step (`bench --paired-speedup`), every row that stays serial reads
/// 0.93–1.08× at 2 threads; the 1M solves are about 99 % parallel, but what the development machine's second CPU
/// gives them varies from run to run (1.27–1.83×; docs/measurement.md, "Speed-up in lock-step").
enum Parallel {
    /// Work units (items solved or cells written) per worker below which a worker costs more than it saves.
    static let defaultGrain = 16_384

    /// The grain an engine uses: `LAYOUTBENCH_PARALLEL_GRAIN` when set to a positive integer (a test and
    /// measurement knob only, read once per engine), otherwise `defaultGrain`.
    static func grainFromEnvironment() -> Int {
        guard let raw = getenv("LAYOUTBENCH_PARALLEL_GRAIN"), let value = Int(String(cString: raw)), value > 0
        else { return defaultGrain }
        return value
    }

    /// Workers worth using for `work` units on at most `threads`: each one gets at least `grain` units.
    /// O(1).
    static func workers(work: Int, threads: Int, grain: Int) -> Int {
        Swift.max(1, Swift.min(threads, work / Swift.max(1, grain)))
    }

    /// Calls `body(range, &scratch)` for contiguous ranges covering `0..<count`, on `threads` workers, then,
    /// once every worker is done, `finish(&scratch)` with each worker's scratch on the calling thread, the first
    /// worker's first (what they hold may serve the caller's later work); neither runs when `count` is 0. Which
    /// chunks a worker takes depends on the scheduling; the scratches together saw every range. A single worker
    /// runs on the calling thread and allocates nothing here: its scratch goes straight to `finish`.
    static func forEachChunk<Scratch>(
        count: Int, threads: Int, makeScratch: @Sendable () -> Scratch,
        _ body: @Sendable (Range<Int>, inout Scratch) -> Void,
        finish: (inout Scratch) -> Void = { _ in }
    ) {
        guard count > 0 else { return }
        let workers = Swift.min(threads, count)
        if workers <= 1 {
            var scratch = makeScratch()
            body(0..<count, &scratch)
            finish(&scratch)
            return
        }
        let chunks = Swift.min(count, workers * 16)
        let counter = ChunkCounter()
        let slots = WorkerScratches<Scratch>(workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var scratch = makeScratch()
            while true {
                let chunk = counter.next.add(1, ordering: .relaxed).oldValue
                guard chunk < chunks else { break }
                body(count * chunk / chunks..<count * (chunk + 1) / chunks, &scratch)
            }
            slots.leave(scratch, worker: worker)
        }
        slots.forEach(finish)
    }
}

/// Where each worker leaves its scratch: slot `worker`, written by that worker alone, read after
/// `concurrentPerform` has returned (which every worker's writes happen before), so no lock is needed. Its
/// own memory rather than an array: an array's element written from several threads goes through the array's
/// uniqueness check and exclusive access to the property holding it.
private final class WorkerScratches<Scratch>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Scratch?>

    init(_ workers: Int) {
        slots = .allocate(capacity: workers)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func leave(_ scratch: consuming Scratch, worker: Int) {
        slots[worker] = scratch
    }

    /// Calls `body` with each scratch left, worker 0's first. Call once every worker has left its own.
    func forEach(_ body: (inout Scratch) -> Void) {
        for worker in slots.indices {
            guard var scratch = slots[worker].take() else { continue }
            body(&scratch)
        }
    }
}
