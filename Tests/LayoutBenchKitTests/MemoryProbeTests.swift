import Testing

@testable import BenchResults
@testable import LayoutBenchKit

@Suite("jemalloc statistics")
struct MemoryProbeTests {
    @Test("jemalloc is the allocator of the test process, with statistics")
    func jemallocAnswers() {
        #expect(Jemalloc.isAvailable)
        #expect(Jemalloc.version?.hasPrefix("5.") == true)
    }

    // The arena counters are process-wide and other tests run in parallel, so these tests pin the calling
    // thread's exact byte counter and only bound the all-thread counts from below.

    @Test("an operation that allocates nothing counts nothing on its thread")
    func emptyOperation() throws {
        let stats = MemoryProbe.measure(repetitions: 5, prepare: {}, operation: {})
        #expect(try #require(stats.threadAllocatedBytes) == 0)
        #expect(try #require(stats.threadFreedBytes) == 0)
        // The process-wide count includes other tests' threads, so only its presence is certain here; the
        // test below shows it counts real allocations.
        #expect(stats.allocations != nil)
    }

    @Test("100 arrays of 1,000 bytes count 100 allocations of at least 1,000 bytes each")
    func knownAllocations() throws {
        let sink = Sink()
        let stats = MemoryProbe.measure(
            repetitions: 3, prepare: { sink.arrays.removeAll(keepingCapacity: true) },
            operation: { for i in 0..<100 { sink.arrays.append([UInt8](repeating: UInt8(i), count: 1_000)) } })
        let allocations = try #require(stats.allocations)
        let bytes = try #require(stats.allocatedBytes)
        let threadBytes = try #require(stats.threadAllocatedBytes)
        #expect(allocations >= 100)
        #expect(bytes >= threadBytes)
        // 100 arrays of 1,000 bytes plus a header each, in jemalloc's 1,280-byte size class; plus the
        // growth of the outer array.
        #expect(threadBytes >= 128_000 && threadBytes <= 140_000)
    }

    final class Sink { var arrays: [[UInt8]] = [] }
}
