import Dispatch
import Synchronization

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

/// Work split over exactly `threads` workers (never more, whatever the core count): the range `0..<count` is
/// cut into contiguous chunks that the workers take in turn, so a worker slowed down by other load takes
/// fewer. Each worker keeps its own scratch for every index it handles, so workers share no buffers and
/// allocate only what they return.
enum Parallel {
    /// Calls `body(range, &scratch)` for contiguous ranges covering `0..<count`, on `threads` workers.
    static func forEachChunk<Scratch>(
        count: Int, threads: Int, makeScratch: @Sendable () -> Scratch,
        _ body: @Sendable (Range<Int>, inout Scratch) -> Void
    ) {
        guard count > 0 else { return }
        let workers = Swift.min(threads, count)
        if workers <= 1 {
            var scratch = makeScratch()
            body(0..<count, &scratch)
            return
        }
        let chunks = Swift.min(count, workers * 16)
        let counter = ChunkCounter()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var scratch = makeScratch()
            while true {
                let chunk = counter.next.add(1, ordering: .relaxed).oldValue
                guard chunk < chunks else { break }
                body(count * chunk / chunks..<count * (chunk + 1) / chunks, &scratch)
            }
        }
    }
}
