import Foundation

/// The interval of head / base for two SEPARATE runs, with the noise between runs, not only within one.
///
/// The old bootstrap resampled samples (or rounds) inside each file, so its interval held the noise of one
/// run: two runs of the same build, whose medians differ by a few percent for reasons no sample of either
/// sees (the process's heap and code placement, the machine's load that minute), came out "significantly"
/// different one time in six. Here:
/// 1. the unit is a round's median (its samples share the round's conditions); with no rounds recorded, the
///    samples are cut into five consecutive chunks;
/// 2. the two runs' round medians are two independent samples: the estimate is the ratio of their
///    geometric means and the interval a Welch t interval on the logarithms (few rounds: wide t quantiles);
/// 3. both ends are pushed out by what no round can show, a fixed run-to-run floor (`runToRunFloor`, 10 %
///    by default: see `ComparisonOptions.runToRunFloor` for the measurement).
///
/// The calibration unit's ratio is reported (`machineFactor`) but neither divides nor widens: measured in
/// the A/A study (scripts/aa-study.sh), it swung by x1.2 to x2.4 between runs whose scenarios agreed within
/// 2 %, so dividing by it flipped verdicts and widening by it made every verdict inconclusive.
public enum BetweenRunInterval {
    public struct Estimate: Hashable, Sendable {
        public var interval: RatioInterval
        /// The calibration unit's median, head / base (nil without calibration in both files).
        public var machineFactor: Double?
    }

    public static func estimate(
        base: SampleBlocks, head: SampleBlocks, confidence: Double = 0.95,
        runToRunFloor: Double = ComparisonOptions().runToRunFloor
    ) -> Estimate {
        let x = logMedians(base.samples), y = logMedians(head.samples)
        var machineFactor: Double?
        if let bc = base.allCalibration, let hc = head.allCalibration, !bc.isEmpty, !hc.isEmpty {
            machineFactor = RatioInterval.ratio(
                NearestRank.value(hc.sorted(), percentile: 50),
                NearestRank.value(bc.sorted(), percentile: 50))
        }
        guard !x.isEmpty, !y.isEmpty else {
            let r = RatioInterval.ratio(median(head.allSamples), median(base.allSamples))
            return Estimate(
                interval: RatioInterval(ratio: r, lower: r, upper: r, confidence: confidence),
                machineFactor: machineFactor)
        }
        let d = mean(y) - mean(x)
        var halfWidth = 0.0
        let vx = variance(x), vy = variance(y)
        let se = (vx / Double(x.count) + vy / Double(y.count)).squareRoot()
        if se > 0, x.count >= 2, y.count >= 2 {
            // Welch–Satterthwaite degrees of freedom.
            let a = vx / Double(x.count), b = vy / Double(y.count)
            let df = max(1, (a + b) * (a + b) / (a * a / Double(x.count - 1) + b * b / Double(y.count - 1)))
            halfWidth = Normal.studentT(1 - (1 - confidence) / 2, degreesOfFreedom: df) * se
        }
        halfWidth += log(1 + max(0, runToRunFloor))
        let interval = RatioInterval(
            ratio: exp(d), lower: exp(d - halfWidth), upper: exp(d + halfWidth), confidence: confidence)
        return Estimate(interval: interval, machineFactor: machineFactor)
    }

    /// The logarithms of the blocks' medians; one block is cut into five chunks (at least 2 samples each).
    static func logMedians(_ blocks: [[UInt64]]) -> [Double] {
        var units = blocks.filter { !$0.isEmpty }
        if units.count == 1, let only = units.first, only.count >= 10 {
            let size = only.count / 5
            units = (0..<5).map { i in Array(only[(i * size)..<(i == 4 ? only.count : (i + 1) * size)]) }
        }
        return units.map { max(1, median($0)) }.map { log(Double($0)) }
    }

    static func median(_ values: [UInt64]) -> UInt64 {
        values.isEmpty ? 0 : NearestRank.value(values.sorted(), percentile: 50)
    }

    static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

    static func variance(_ values: [Double]) -> Double {
        guard values.count >= 2 else { return 0 }
        let m = mean(values)
        return values.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(values.count - 1)
    }
}
