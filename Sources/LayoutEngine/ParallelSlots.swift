/// The one unsafe box of the engine: lets `DispatchQueue.concurrentPerform` workers write results into
/// disjoint slots of one buffer. Every slot is written by exactly one worker; the buffer outlives the workers.
struct ParallelSlots<Element>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Element?>
    let count: Int

    init(_ buffer: UnsafeMutableBufferPointer<Element?>) {
        base = buffer.baseAddress!
        count = buffer.count
    }

    /// Writes slot `index`; no two workers may write the same index.
    func set(_ index: Int, _ value: Element) {
        precondition(index >= 0 && index < count)
        base[index] = value
    }
}

extension Array {
    /// `count` results computed by `body`, in parallel over `threads` threads (1 = serial, in order).
    /// The results are the same for every thread count: each index is computed alone.
    static func parallelMap(count: Int, threads: Int, _ body: @Sendable (Int) -> Element) -> [Element] {
        if threads <= 1 || count < 2 { return (0..<count).map(body) }
        var slots = [Element?](repeating: nil, count: count)
        let chunks = Swift.min(count, threads * 8)
        slots.withUnsafeMutableBufferPointer { buffer in
            let box = ParallelSlots(buffer)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let lower = count * chunk / chunks, upper = count * (chunk + 1) / chunks
                for i in lower..<upper { box.set(i, body(i)) }
            }
        }
        return slots.map { $0! }
    }
}

import Dispatch
