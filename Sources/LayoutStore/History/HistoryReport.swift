import BenchResults
import Foundation

/// A spec's trend across stored runs: per scenario and thread count the medians, oldest first, and the runs
/// where compare called a regression against the run before.
public struct HistoryReport: Codable, Hashable, Sendable {
    public struct Point: Codable, Hashable, Sendable {
        public var run: Int64
        public var time: String
        public var commit: String
        public var label: String?
        public var medianNs: UInt64
        /// The run's fastest round median (the median of all samples when the rounds are not recorded): what
        /// change points are found on, since a busy machine slows some rounds of a run, rarely all of them.
        public var levelNs: UInt64
    }

    public struct Series: Codable, Hashable, Sendable {
        public var scenario: String
        public var threads: Int
        public var points: [Point]
        public var sparkline: String
    }

    public struct Regression: Codable, Hashable, Sendable {
        public var run: Int64
        public var previousRun: Int64
        public var time: String
        public var commit: String
        public var scenario: String
        public var threads: Int
        public var ratio: Double
        public var lower: Double
        public var upper: Double
    }

    /// A run where a series' level shifted and stayed (`ChangePointDetector`, E-Divisive means).
    public struct Change: Codable, Hashable, Sendable {
        public var run: Int64
        public var time: String
        public var commit: String
        public var scenario: String
        public var threads: Int
        /// The position of the run in the series (0 the oldest shown).
        public var index: Int
        /// The level before and after: the median of the runs' fastest round medians (`Point.levelNs`) on
        /// each side.
        public var beforeNs: Double
        public var afterNs: Double
        /// after / before − 1.
        public var shift: Double
        public var pValue: Double
    }

    public var spec: String
    public var runs: Int
    public var series: [Series]
    public var regressions: [Regression]
    /// Where each series changed level; series shorter than `ChangePointDetector.minimumRuns` have none.
    public var changes: [Change] = []
    /// The fewest runs a series needs for change points to be looked for.
    public var changeMinimumRuns: Int = ChangePointDetector().minimumRuns

    /// Builds the trend from runs oldest first (as `ResultStore.history` returns them).
    public init(spec: String, runs: [StoredRun], threshold: Double = 0.05) {
        self.spec = spec
        self.runs = runs.count
        var points: [ResultKey: [Point]] = [:]
        for run in runs {
            for result in run.report.results {
                let key = ResultKey(spec: "", scenario: result.scenario, threads: result.threads)
                points[key, default: []].append(
                    Point(
                        run: run.id, time: run.report.createdAt, commit: run.report.gitCommit,
                        label: run.metadata.label, medianNs: result.summaryNs.median,
                        levelNs: Self.fastestRoundMedian(result)))
            }
        }
        series = points.keys.sorted().map { key in
            let values = points[key]!
            return Series(
                scenario: key.scenario, threads: key.threads, points: values,
                sparkline: Sparkline.render(values.map { Double($0.medianNs) }))
        }
        var regressions: [Regression] = []
        let options = ComparisonOptions(threshold: threshold)
        for (previous, run) in zip(runs, runs.dropFirst()) {
            guard let report = try? Comparator.compare(base: previous.report, head: run.report, options: options) else {
                continue
            }
            for c in report.regressions where c.metric == .time {
                regressions.append(
                    Regression(
                        run: run.id, previousRun: previous.id, time: run.report.createdAt,
                        commit: run.report.gitCommit, scenario: c.scenario, threads: c.threads,
                        ratio: c.interval.ratio, lower: c.interval.lower, upper: c.interval.upper))
            }
        }
        self.regressions = regressions
        let detector = ChangePointDetector(minimumShift: threshold)
        changeMinimumRuns = detector.minimumRuns
        changes = series.flatMap { s in
            detector.detect(s.points.map { Double($0.levelNs) }).map { point in
                let at = s.points[point.index]
                return Change(
                    run: at.run, time: at.time, commit: at.commit, scenario: s.scenario, threads: s.threads,
                    index: point.index, beforeNs: point.before, afterNs: point.after, shift: point.relativeShift,
                    pValue: point.pValue)
            }
        }
    }

    /// The median of each round's samples (`roundSampleCounts`), the smallest of them; the median of all
    /// samples when the rounds are not recorded or do not add up. O(s log s) for the s samples.
    static func fastestRoundMedian(_ result: ScenarioResult) -> UInt64 {
        guard let counts = result.roundSampleCounts, counts.count > 1, counts.allSatisfy({ $0 > 0 }),
            counts.reduce(0, +) == result.samplesNs.count
        else { return result.summaryNs.median }
        var start = 0, fastest = UInt64.max
        for count in counts {
            let round = result.samplesNs[start..<(start + count)].sorted()
            fastest = min(fastest, NearestRank.value(round, percentile: 50))
            start += count
        }
        return fastest
    }

    /// The change points of `series`, by the index of their first run.
    public func changes(of series: Series) -> [Int: Change] {
        var found: [Int: Change] = [:]
        for change in changes where change.scenario == series.scenario && change.threads == series.threads {
            found[change.index] = change
        }
        return found
    }

    public enum Format: String, CaseIterable, Sendable {
        case table, json, markdown
    }

    public func formatted(_ format: Format) -> String {
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
        case .table: return text(markdown: false)
        case .markdown: return text(markdown: true)
        }
    }

    private func text(markdown: Bool) -> String {
        let header = ["scenario", "thr", "runs", "trend", "first", "last", "min", "change"]
        let rows = series.map { s -> [String] in
            let first = s.points.first?.medianNs ?? 0, last = s.points.last?.medianNs ?? 0
            let least = s.points.map(\.medianNs).min() ?? 0
            return [
                s.scenario, "\(s.threads)", "\(s.points.count)", s.sparkline, BenchFormat.duration(ns: first),
                BenchFormat.duration(ns: last), BenchFormat.duration(ns: least),
                first == 0 ? "" : BenchFormat.change(Double(last) / Double(first)),
            ]
        }
        let table = TextTable(header: header, rows: rows, numeric: [1, 2, 4, 5, 6, 7])
        var lines = [
            (markdown ? "### " : "")
                + "layoutbench history: \(spec) (\(runs) run\(runs == 1 ? "" : "s"), oldest first)", "",
        ]
        lines.append(markdown ? table.markdown() : table.plain())
        lines.append("")
        let longest = series.map(\.points.count).max() ?? 0
        if longest < changeMinimumRuns {
            lines.append("change points: none looked for (they need \(changeMinimumRuns) runs; \(longest) stored)")
        } else if changes.isEmpty {
            lines.append("change points: none (E-Divisive means, p ≤ 0.005, shifts of at least the threshold)")
        } else {
            lines.append(markdown ? "**change points** (E-Divisive means)" : "change points (E-Divisive means):")
            for c in changes {
                lines.append(
                    (markdown ? "- " : "  ")
                        + "run \(c.run) (\(c.time), commit \(c.commit.prefix(10))): \(c.scenario) \(c.threads) thr "
                        + "\(BenchFormat.change(1 + c.shift)) (\(BenchFormat.duration(ns: c.beforeNs)) → "
                        + "\(BenchFormat.duration(ns: c.afterNs))), p \(BenchFormat.fixed(c.pValue, decimals: 3))")
            }
        }
        lines.append("")
        if regressions.isEmpty {
            lines.append("no regression called between consecutive runs")
        } else {
            lines.append(markdown ? "**regressions**" : "regressions:")
            for r in regressions {
                let commit = String(r.commit.prefix(10))
                lines.append(
                    (markdown ? "- " : "  ")
                        + "run \(r.run) (\(r.time), commit \(commit)) vs run \(r.previousRun): \(r.scenario) "
                        + "\(r.threads) thr \(BenchFormat.change(r.ratio)) "
                        + "[\(BenchFormat.change(r.lower)), \(BenchFormat.change(r.upper))]"
                )
            }
        }
        return lines.joined(separator: "\n")
    }
}
