import Foundation

/// What `ab` concludes from its pairs: for each (spec, scenario, threads), the ratio head / base of each
/// pair's medians (or instruction counts), then the Hodges–Lehmann estimate of their logarithms with the
/// exact Wilcoxon signed-rank interval (`SignedRank`), turned back into a ratio and classified against the
/// threshold (`Verdict.classify`).
///
/// Why pairs: both builds of a pair ran within seconds of each other on the same machine, so the machine's
/// mood cancels in their ratio; the spread of the ratios over pairs is the noise between runs, measured,
/// not assumed. Why signed ranks: a pair hit by a neighbour's burst barely moves the estimate and widens the
/// interval on its side only.
public enum PairedComparison {
    /// One pair's reports.
    public struct Pair: Sendable {
        public var base: BenchReport
        public var head: BenchReport

        public init(base: BenchReport, head: BenchReport) {
            self.base = base
            self.head = head
        }
    }

    public static func compare(
        _ pairs: [Pair], metric: ComparedMetric, options: ComparisonOptions,
        base: String, head: String
    ) throws(CompareError) -> ComparisonReport {
        precondition(!pairs.isEmpty, "ab needs at least one pair")
        var values: [ResultKey: [(base: Double, head: Double)]] = [:]
        for pair in pairs {
            let heads = Dictionary(pair.head.results.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
            for b in pair.base.results {
                guard let h = heads[b.key], let bv = value(b, metric), let hv = value(h, metric) else { continue }
                values[b.key, default: []].append((bv, hv))
            }
        }
        let keys = values.keys.filter { values[$0]?.count == pairs.count }.sorted()
        guard !keys.isEmpty else {
            throw .nothingInCommon(
                base: pairs[0].base.results.map(\.key.description), head: pairs[0].head.results.map(\.key.description))
        }
        var comparisons: [MetricComparison] = []
        var achieved = 1.0
        // Family-wise over every row: each row's signed-rank interval at the Bonferroni level, so a false
        // `slower` anywhere in the table has at most 1 - confidence chance.
        let rowConfidence = FamilyWise.rowConfidence(family: options.confidence, rows: keys.count)
        for key in keys {
            let pairValues = values[key] ?? []
            let logs = pairValues.map { log(max($0.head, 1e-9) / max($0.base, 1e-9)) }
            let interval: RatioInterval
            if logs.count >= 2 {
                let signed = SignedRank.interval(logs, confidence: rowConfidence)
                achieved = min(achieved, signed.achievedConfidence)
                interval = RatioInterval(
                    ratio: exp(signed.estimate), lower: exp(signed.lower), upper: exp(signed.upper),
                    confidence: signed.achievedConfidence)
            } else {
                let r = exp(logs[0])
                interval = RatioInterval(ratio: r, lower: r, upper: r, confidence: metric == .instructions ? 1 : 0)
            }
            let threshold = options.threshold(spec: key.spec, scenario: key.scenario, metric: metric)
            var verdict = Verdict.classify(interval, threshold: threshold)
            // Too few timed pairs to reach the row's level: the interval is [min, max] at a lower coverage,
            // which cannot support a verdict.
            if metric == .time && interval.confidence < rowConfidence - 1e-12 && verdict != .inconclusive {
                verdict = .inconclusive
            }
            comparisons.append(
                MetricComparison(
                    spec: key.spec, scenario: key.scenario, threads: key.threads, metric: metric,
                    base: median(pairValues.map(\.base)), head: median(pairValues.map(\.head)), interval: interval,
                    verdict: verdict, machineFactor: machineFactor(pairs, key)))
        }
        var notes: [String] = []
        let needed = FamilyWise.pairsNeeded(confidence: rowConfidence)
        if metric == .time && pairs.count < needed {
            notes.append(
                "only \(pairs.count) pairs: the signed-rank interval reaches \(FamilyWise.percent(achieved)) at best, below the \(FamilyWise.percent(rowConfidence)) each of the \(keys.count) rows needs, too little for a verdict (every time verdict is inconclusive); use --pairs \(max(needed + 2, 12)) or more"
            )
        } else if keys.count > 1 && (metric == .time || pairs.count > 1) {
            notes.append(
                "family-wise: each of the \(keys.count) rows' intervals is at \(FamilyWise.percent(rowConfidence)) (Bonferroni), so all hold together at \(FamilyWise.percent(options.confidence))"
            )
        }
        notes += steadinessNotes(pairs)
        for (name, reports) in [("base", pairs.map(\.base)), ("head", pairs.map(\.head))] {
            if reports.contains(where: { $0.run.runner.slowdown.isActive }) {
                notes.append("\(name) ran with the test-only slowdown knob on (LAYOUTBENCH_SLOWDOWN_*)")
            }
            if reports.contains(where: { $0.run.runner.extraWork?.isActive == true }) {
                notes.append("\(name) ran with the test-only work knob on (\(ExtraWork.environmentKey))")
            }
            if reports.contains(where: { $0.run.buildConfiguration != "release" }) {
                notes.append("\(name) is a debug build")
            }
        }
        let method =
            metric == .time
            ? "\(pairs.count) ABBA pairs of runs; per pair head / base of the medians; Hodges–Lehmann estimate with the exact Wilcoxon signed-rank \(FamilyWise.percent(achieved)) interval per row"
            : "\(pairs.count) pair\(pairs.count == 1 ? "" : "s") of instruction counts (exact; callgrind)"
        var report = ComparisonReport(
            options: options, base: base, head: head, comparisons: comparisons,
            onlyInBase: [], onlyInHead: [], notes: notes)
        report.method = method
        return report
    }

    static func value(_ result: ScenarioResult, _ metric: ComparedMetric) -> Double? {
        switch metric {
        case .time:
            return result.samplesNs.isEmpty && result.summaryNs.median == 0 ? nil : Double(result.summaryNs.median)
        case .instructions: return result.instructions?.perOperation
        case .allocations: return result.memory.allocations
        case .allocatedBytes: return result.memory.allocatedBytes
        }
    }

    public static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The median over pairs of the calibration unit's head / base ratio for this result.
    static func machineFactor(_ pairs: [Pair], _ key: ResultKey) -> Double? {
        var ratios: [Double] = []
        for pair in pairs {
            guard let b = pair.base.results.first(where: { $0.key == key })?.calibrationNs,
                let h = pair.head.results.first(where: { $0.key == key })?.calibrationNs, !b.isEmpty, !h.isEmpty
            else { continue }
            ratios.append(
                RatioInterval.ratio(
                    NearestRank.value(h.sorted(), percentile: 50), NearestRank.value(b.sorted(), percentile: 50)))
        }
        return ratios.isEmpty ? nil : median(ratios)
    }

    /// A note when the machine's speed (the calibration unit's median per run) varied by more than 30 %
    /// across the runs.
    static func steadinessNotes(_ pairs: [Pair]) -> [String] {
        let speeds = (pairs.map(\.base) + pairs.map(\.head)).compactMap { report -> Double? in
            let all = report.results.flatMap { $0.calibrationNs ?? [] }.sorted()
            return all.isEmpty ? nil : Double(NearestRank.value(all, percentile: 50))
        }
        guard let low = speeds.min(), let high = speeds.max(), low > 0, high / low > 1.3 else { return [] }
        return [
            "unsteady machine: the calibration unit's median varied \(BenchFormat.fixed(high / low, decimals: 2))x across the \(speeds.count) runs; pairs cancel slow drift, but rerun if verdicts are inconclusive"
        ]
    }
}
