import BenchResults

/// Each scenario's change against the previous ok run of the same spec.
///
/// ONE estimator, the same as `history`'s change column: head median / base median (`ratio`). Its interval is
/// compare's between-run interval of the round medians re-centred on that ratio, WITHOUT compare's fixed
/// run-to-run floor (a 10 % floor against a 5 % threshold can never say `same`, so an unchanged spec saved
/// again printed `inconclusive` with compare's geometric-mean ratio, e.g. `+17.0%` where history said
/// `+1.85%`). The verdict is `Verdict.classify` of that interval: `same` when the whole interval is within the
/// threshold, `slower`/`faster` when wholly beyond it, `inconclusive` otherwise. For a verdict across two
/// separate runs that holds the between-run noise, use `compare` or `ab`.
///
/// Where the bench child also timed the previous layout against the new one in lock-step (`paired`), that
/// measurement replaces the two-run estimate: on a machine whose speed changes by 2× between processes
/// (docs/measurement.md) only batches that alternate within one process show a few percent. The record says
/// which (`ScenarioChange.lockstepPairs`); `history` compares stored runs and keeps the two-run estimate.
public enum ChangeCalculator {
    /// Keyed by scenario and thread count; empty if nothing is in common (or there is no previous run).
    /// - Complexity: O(results × samples log samples).
    public static func changes(
        previous: BenchReport?, current: BenchReport,
        threshold: Double
    ) -> [ResultKey: ScenarioChange] {
        guard let previous else { return [:] }
        let options = ComparisonOptions(threshold: threshold, runToRunFloor: 0)
        guard let report = try? Comparator.compare(base: previous, head: current, options: options) else { return [:] }
        let previousHashes = Dictionary(previous.results.map { ($0.key, $0.specHash) }, uniquingKeysWith: { a, _ in a })
        let currentHashes = Dictionary(current.results.map { ($0.key, $0.specHash) }, uniquingKeysWith: { a, _ in a })
        var changes: [ResultKey: ScenarioChange] = [:]
        for comparison in report.comparisons where comparison.metric == .time {
            let ratio = comparison.base > 0 ? comparison.head / comparison.base : 1
            let interval = comparison.interval
            let shift = interval.ratio > 0 ? ratio / interval.ratio : 1
            let centred = RatioInterval(
                ratio: ratio, lower: interval.lower * shift, upper: interval.upper * shift,
                confidence: interval.confidence)
            let rowThreshold = options.threshold(spec: comparison.spec, scenario: comparison.scenario, metric: .time)
            changes[comparison.key] = ScenarioChange(
                ratio: ratio, lower: centred.lower, upper: centred.upper,
                verdict: Verdict.classify(centred, threshold: rowThreshold),
                previousMedianNs: comparison.base,
                specChanged: previousHashes[comparison.key] != currentHashes[comparison.key])
        }
        return changes
    }

    /// `changes` with the lock-step measurement in place of the two-run estimate wherever the child measured
    /// one (`PairedChange`, `bench --paired-with`): the same layout before and now, alternated in one
    /// process, so the machine's speed changes between runs do not enter. The previous median and whether the
    /// spec changed stay as `changes` has them.
    /// - Complexity: O(results).
    public static func paired(
        _ changes: [ResultKey: ScenarioChange], measured: [PairedChange], current: BenchReport, threshold: Double
    ) -> [ResultKey: ScenarioChange] {
        var changes = changes
        let options = ComparisonOptions(threshold: threshold, runToRunFloor: 0)
        for result in current.results {
            guard var change = changes[result.key],
                let pair = measured.first(where: { $0.scenario == result.scenario && $0.threads == result.threads })
            else { continue }
            change.ratio = pair.ratio
            change.lower = pair.lower
            change.upper = pair.upper
            change.lockstepPairs = pair.pairs
            let rowThreshold = options.threshold(spec: result.spec, scenario: result.scenario, metric: .time)
            change.verdict = Verdict.classify(pair.interval, threshold: rowThreshold)
            changes[result.key] = change
        }
        return changes
    }
}
