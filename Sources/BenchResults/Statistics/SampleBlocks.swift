/// A result's samples cut into the rounds that took them, each round with the calibration times measured
/// beside it.
public struct SampleBlocks: Sendable {
    public var samples: [[UInt64]]
    /// Per round, or nil when the result has no calibration.
    public var calibration: [[UInt64]]?

    public init(samples: [[UInt64]], calibration: [[UInt64]]?) {
        self.samples = samples
        self.calibration = calibration
    }

    /// The blocks of a result: its rounds when it recorded them (and they add up), else one block.
    public init(_ result: ScenarioResult) {
        samples = Self.split(result.samplesNs, result.roundSampleCounts) ?? [result.samplesNs]
        if let calibration = result.calibrationNs, !calibration.isEmpty {
            let blocks = Self.split(calibration, result.roundCalibrationCounts)
            self.calibration = blocks?.count == samples.count ? blocks : [calibration]
        } else {
            calibration = nil
        }
    }

    static func split(_ values: [UInt64], _ counts: [Int]?) -> [[UInt64]]? {
        guard let counts, counts.reduce(0, +) == values.count, counts.allSatisfy({ $0 > 0 }) else { return nil }
        var blocks: [[UInt64]] = []
        var start = 0
        for count in counts {
            blocks.append(Array(values[start..<start + count]))
            start += count
        }
        return blocks
    }

    public var allSamples: [UInt64] { samples.flatMap { $0 } }
    public var allCalibration: [UInt64]? { calibration.map { $0.flatMap { $0 } } }
}
