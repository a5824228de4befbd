import Foundation

/// What two SEPARATE result files can support about time when the machine was visibly unsteady.
///
/// `compare` cannot see the noise between runs, only hints of it. Measured in the A/A study
/// (scripts/aa-study.sh): same-build runs differed by 10 to 16 % exactly where a single-threaded result got
/// only 61-65 % of its wall time as CPU time. So when either run shows such a sign, a time interval is
/// widened by what the sign can explain, at least ×`minimumFactor` (±50 %): a difference within that is
/// `inconclusive` (exit 0) with a note pointing to `ab` or instruction counts, and only a difference far
/// beyond any contamination (a build several times slower) can still be `slower`.
///
/// The signs, per result row (either run):
/// - CPU share: a single-threaded result (at least 10 ms of wall time) got less than `cpuShareLimit` of its
///   wall time as CPU time (it waited for a core); the factor is 1 / share (waiting can inflate wall time
///   by that much);
/// - round-to-round spread: the slowest round median of the row is more than `roundSpreadLimit` times the
///   fastest;
/// and per pair of runs: the calibration unit's median moved more than ±`driftLimit` between them, or within
/// one run the calibration unit's p90 was more than `calibrationSpreadLimit` times its p10 (load came and
/// went during the run: every row of it is suspect). These three are signs only: they widen by the minimum. The second
/// study found this one: a same-build pair whose every row differed by +8 to +17 % had CPU shares at or
/// above 1 (nothing to see there) but calibration p90/p10 of x5.5 in both runs.
public enum Unsteadiness {
    public static let cpuShareLimit = 0.85
    public static let roundSpreadLimit = 1.25
    public static let driftLimit = 0.10
    public static let minimumFactor = 1.5
    public static let calibrationSpreadLimit = MachineSteadiness.spreadLimit

    /// The signs of one row, in words, and the factor to widen by (nil: steady).
    public struct Assessment: Hashable, Sendable {
        public var reasons: [String]
        public var factor: Double
    }

    /// The run-wide signs of two reports (calibration spread within a run), in words.
    public static func runReasons(base: BenchReport, head: BenchReport) -> [String] {
        [("base", base), ("head", head)].compactMap { name, report in
            guard let spread = MachineSteadiness.calibrationSpread(report), spread > calibrationSpreadLimit else {
                return nil
            }
            return "\(name)'s calibration unit p90 was x\(BenchFormat.fixed(spread, decimals: 2)) its p10"
        }
    }

    public static func assess(
        base: ScenarioResult, head: ScenarioResult, machineFactor: Double?,
        runReasons: [String] = []
    ) -> Assessment? {
        var reasons = runReasons
        var factor = minimumFactor
        for (name, result) in [("base", base), ("head", head)] {
            if result.threads == 1, result.wallTotalNs > 10_000_000, result.cpuTotalNs > 0,
                result.cpuPerWall < cpuShareLimit
            {
                reasons.append("\(name) got \(Int((result.cpuPerWall * 100).rounded()))% CPU share")
                factor = max(factor, 1 / result.cpuPerWall)
            }
            if let spread = roundSpread(result), spread > roundSpreadLimit {
                // The Welch interval already holds this spread; the sign only says the run was unsteady.
                reasons.append("\(name)'s round medians spread x\(BenchFormat.fixed(spread, decimals: 2))")
            }
        }
        if let machineFactor, machineFactor.isFinite, machineFactor > 0, abs(machineFactor - 1) > driftLimit {
            // A sign only: the calibration ratio swung x1.2 to x2.4 between runs whose scenarios agreed within 2 %.
            reasons.append("the calibration unit drifted \(BenchFormat.change(machineFactor))")
        }
        return reasons.isEmpty ? nil : Assessment(reasons: reasons, factor: factor)
    }

    /// The interval pushed out by `factor` at both ends.
    public static func widened(_ interval: RatioInterval, by factor: Double) -> RatioInterval {
        var result = interval
        result.lower /= factor
        result.upper *= factor
        return result
    }

    /// Slowest over fastest round median of a result (nil with fewer than 2 rounds).
    static func roundSpread(_ result: ScenarioResult) -> Double? {
        let medians = SampleBlocks(result).samples.filter { !$0.isEmpty }.map { BetweenRunInterval.median($0) }
        guard medians.count >= 2, let low = medians.min(), let high = medians.max(), low > 0 else { return nil }
        return Double(high) / Double(low)
    }
}
