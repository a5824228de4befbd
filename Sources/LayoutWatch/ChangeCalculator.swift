import BenchResults

/// Each scenario's change against the previous ok run of the same spec, with compare's verdict.
public enum ChangeCalculator {
    /// Keyed by scenario and thread count; empty if nothing is in common (or there is no previous run).
    public static func changes(
        previous: BenchReport?, current: BenchReport,
        threshold: Double
    ) -> [ResultKey: ScenarioChange] {
        guard let previous else { return [:] }
        let options = ComparisonOptions(threshold: threshold)
        guard let report = try? Comparator.compare(base: previous, head: current, options: options) else { return [:] }
        let previousHashes = Dictionary(previous.results.map { ($0.key, $0.specHash) }, uniquingKeysWith: { a, _ in a })
        let currentHashes = Dictionary(current.results.map { ($0.key, $0.specHash) }, uniquingKeysWith: { a, _ in a })
        var changes: [ResultKey: ScenarioChange] = [:]
        for comparison in report.comparisons where comparison.metric == .time {
            let interval = comparison.interval
            changes[comparison.key] = ScenarioChange(
                ratio: interval.ratio, lower: interval.lower, upper: interval.upper,
                verdict: comparison.verdict,
                previousMedianNs: comparison.base,
                specChanged: previousHashes[comparison.key] != currentHashes[comparison.key])
        }
        return changes
    }
}
