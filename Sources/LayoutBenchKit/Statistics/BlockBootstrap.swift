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

extension Bootstrap {
    /// The interval of median(head) / median(base), divided by the calibration's ratio when `normalize` and
    /// both sides have calibration. With at least 3 rounds on each side it resamples whole rounds (a block
    /// bootstrap: the interval then holds the variation between rounds, such as load that came and went),
    /// pairing each round's samples with its own calibration; otherwise it resamples single samples.
    /// - Complexity: O(resamples × (base + head + calibration samples)).
    public static func roundRatio(base: SampleBlocks, head: SampleBlocks, normalize: Bool,
                                  resamples: Int = defaultResamples, confidence: Double = 0.95,
                                  seed: UInt64 = defaultSeed) -> RatioInterval {
        let useCalibration = normalize && base.calibration != nil && head.calibration != nil
        guard base.samples.count >= 3, head.samples.count >= 3 else {
            if useCalibration, let bc = base.allCalibration, let hc = head.allCalibration {
                return normalizedMedianRatio(base: base.allSamples, head: head.allSamples, baseCalibration: bc,
                                             headCalibration: hc, resamples: resamples, confidence: confidence, seed: seed)
            }
            return medianRatio(base: base.allSamples, head: head.allSamples, resamples: resamples,
                               confidence: confidence, seed: seed)
        }
        var sides = [RankedBlocks(base.samples), RankedBlocks(head.samples)]
        if useCalibration, let bc = base.calibration, let hc = head.calibration {
            sides.append(RankedBlocks(bc))
            sides.append(RankedBlocks(hc))
        }
        func statistic(_ m: [UInt64]) -> Double {
            let r = ratio(m[1], m[0])
            return m.count == 4 ? r / ratio(m[3], m[2]) : r
        }
        let point = statistic(sides.map { $0.median(picks: Array($0.blocks.indices)) })
        var rng = BenchRandom(seed: seed)
        var values: [Double] = []
        values.reserveCapacity(resamples)
        var medians = [UInt64](repeating: 0, count: sides.count)
        for _ in 0..<max(1, resamples) {
            let basePicks = (0..<sides[0].blocks.count).map { _ in rng.index(below: sides[0].blocks.count) }
            let headPicks = (0..<sides[1].blocks.count).map { _ in rng.index(below: sides[1].blocks.count) }
            medians[0] = sides[0].median(picks: basePicks)
            medians[1] = sides[1].median(picks: headPicks)
            if sides.count == 4 {
                medians[2] = sides[2].median(picks: basePicks)  // the same rounds: the load they met
                medians[3] = sides[3].median(picks: headPicks)
            }
            values.append(statistic(medians))
        }
        values.sort()
        return RatioInterval(ratio: point, sortedReplicates: values, confidence: confidence)
    }
}

/// Blocks of samples with every sample's rank among all of them, so the median of any multiset of blocks
/// is a counting pass, not a sort.
struct RankedBlocks {
    let sorted: [UInt64]
    let blocks: [[Int]]

    init(_ values: [[UInt64]]) {
        let flat = values.flatMap { $0 }
        let order = flat.indices.sorted { flat[$0] < flat[$1] }
        var rank = [Int](repeating: 0, count: flat.count)
        for (position, index) in order.enumerated() { rank[index] = position }
        sorted = order.map { flat[$0] }
        var blocks: [[Int]] = []
        var start = 0
        for block in values {
            blocks.append(Array(rank[start..<start + block.count]))
            start += block.count
        }
        self.blocks = blocks
    }

    /// The nearest-rank median of the union of the picked blocks (a block may be picked twice).
    /// Complexity: O(samples).
    func median(picks: [Int]) -> UInt64 {
        var counts = [Int32](repeating: 0, count: sorted.count)
        var total = 0
        for pick in picks {
            for rank in blocks[pick] { counts[rank] &+= 1 }
            total += blocks[pick].count
        }
        guard total > 0 else { return 0 }
        let target = NearestRank.rank(percentile: 50, count: total)
        var seen = 0
        for i in 0..<sorted.count {
            seen += Int(counts[i])
            if seen >= target { return sorted[i] }
        }
        return sorted[sorted.count - 1]
    }
}
