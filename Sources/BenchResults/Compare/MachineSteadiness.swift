/// Signs that the machine was unsteady during a run, for the notes under a comparison: a verdict from an
/// unsteady run deserves a rerun before anyone acts on it.
///
/// Three signs, each from what the result files already hold:
/// - the calibration unit's speed changed between the runs (median head / base beyond ±10 %);
/// - within one run, the calibration unit's p90 was more than 1.5 times its p10 (load came and went);
/// - a single-threaded scenario got less than 85 % of its wall time as CPU time (the process waited for a
///   core: another process had it).
public enum MachineSteadiness {
    public static let driftLimit = 0.10
    public static let spreadLimit = 1.5
    public static let cpuShareLimit = 0.85

    public static func notes(base: BenchReport, head: BenchReport, comparisons: [MetricComparison]) -> [String] {
        var notes: [String] = []
        let factors = comparisons.compactMap(\.machineFactor).filter(\.isFinite).sorted()
        if !factors.isEmpty {
            let median = NearestRank.value(factors, percentile: 50)
            if abs(median - 1) > driftLimit {
                notes.append(
                    "unsteady machine: the calibration unit ran \(BenchFormat.change(median)) during head's run compared with base's; if times moved with it, rerun both on a quieter machine, or use `ab`"
                )
            }
        }
        for (name, report) in [("base", base), ("head", head)] {
            if let spread = calibrationSpread(report), spread > spreadLimit {
                notes.append(
                    "unsteady machine during \(name)'s run: the calibration unit's p90 was \(BenchFormat.fixed(spread, decimals: 2))x its p10"
                )
            }
            let starved = report.results.filter {
                $0.threads == 1 && $0.wallTotalNs > 10_000_000 && $0.cpuPerWall < cpuShareLimit
            }
            if !starved.isEmpty {
                let worst = starved.map(\.cpuPerWall).min() ?? 0
                notes.append(
                    "unsteady machine during \(name)'s run: \(starved.count) single-threaded result\(starved.count == 1 ? "" : "s") got as little as \(Int((worst * 100).rounded()))% of wall time as CPU time (waiting for a core)"
                )
            }
        }
        return notes
    }

    /// p90 / p10 of every calibration time of a run, nil without calibration.
    static func calibrationSpread(_ report: BenchReport) -> Double? {
        let all = report.results.flatMap { $0.calibrationNs ?? [] }.sorted()
        guard all.count >= 10 else { return nil }
        let p10 = NearestRank.value(all, percentile: 10), p90 = NearestRank.value(all, percentile: 90)
        return p10 == 0 ? nil : Double(p90) / Double(p10)
    }
}
