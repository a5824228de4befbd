import Testing

@testable import BenchResults
@testable import LayoutBenchKit

@Suite("rounds and calibration")
struct SampleBlocksTests {
    @Test("a result splits into its rounds; counts that do not add up make one block")
    func splitting() {
        let result = Fixtures.result(
            samples: [1, 2, 3, 4, 5], rounds: [2, 3], calibration: [7, 8, 9], calibrationRounds: [1, 2])
        let blocks = SampleBlocks(result)
        #expect(blocks.samples == [[1, 2], [3, 4, 5]])
        #expect(blocks.calibration == [[7], [8, 9]])
        let bad = SampleBlocks(Fixtures.result(samples: [1, 2, 3], rounds: [1, 1]))
        #expect(bad.samples == [[1, 2, 3]])
        #expect(bad.calibration == nil)
    }

    @Test("the calibration unit runs and takes time")
    func calibrationRuns() {
        let times = Calibration.measure(count: 2)
        #expect(times.count == 2)
        #expect(times.allSatisfy { $0 > 0 })
    }
}
