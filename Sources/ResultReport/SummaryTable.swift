import BenchResults
import Foundation
import MarkupText

/// The table a report opens with: one row per spec, scenario and thread count of the newest run (the head, when
/// two are compared): median, p99, throughput, speed-up over one thread, allocations, and the verdict against
/// the base when there is a comparison.
///
/// The speed-up is the lock-step one with its interval when the run measured it (`bench --paired-speedup`,
/// `PairedSpeedup`); otherwise the ratio of the two medians, marked unpaired and given no interval: two medians
/// taken seconds apart can meet two speeds of the machine (docs/measurement.md), so no honest interval exists.
enum SummaryTable {
    /// - Complexity: O(r log r) for the r results of the run (sorting), plus the comparison's rows.
    static func html(run: HTMLReport.Run, runName: String, comparison: ComparisonReport?) -> String {
        let results = run.report.results.sorted { $0.key < $1.key }
        var oneThread: [String: UInt64] = [:]
        for result in results where result.threads == 1 {
            oneThread["\(result.spec)\u{0}\(result.scenario)"] = result.summaryNs.median
        }
        var verdicts: [ResultKey: MetricComparison] = [:]
        for c in comparison?.comparisons ?? [] where c.metric == .time {
            verdicts[ResultKey(spec: c.spec, scenario: c.scenario, threads: c.threads)] = c
        }
        let specs = Set(results.map(\.spec))
        var out = "<section id=\"summary\" class=\"summary\">\n"
        out += "<table class=\"summary-table\">\n<caption>Summary of \(markupEscaped(runName))</caption>\n"
        out += "<thead><tr>"
        if specs.count > 1 { out += "<th scope=\"col\">spec</th>" }
        out += "<th scope=\"col\">scenario</th><th scope=\"col\">threads</th><th scope=\"col\">median</th>"
        out += "<th scope=\"col\">p99</th><th scope=\"col\">throughput</th>"
        out += "<th scope=\"col\" title=\"time at 1 thread / time at N threads\">speed-up [interval]</th>"
        out += "<th scope=\"col\" title=\"allocations per operation, all threads\">allocations</th>"
        if comparison != nil { out += "<th scope=\"col\">against base</th>" }
        out += "</tr></thead>\n<tbody>\n"
        for (index, result) in results.enumerated() {
            let anchor = "scenario-\(Self.anchor(result.spec, result.scenario))"
            out += "<tr>"
            if specs.count > 1 { out += "<td>\(markupEscaped(result.spec))</td>" }
            let firstOfScenario =
                index == 0 || results[index - 1].scenario != result.scenario
                || results[index - 1].spec != result.spec
            out +=
                "<th scope=\"row\">"
                + (firstOfScenario
                    ? "<a href=\"#\(anchor)\">\(markupEscaped(result.scenario))</a>"
                    : "<span class=\"muted\">\(markupEscaped(result.scenario))</span>") + "</th>"
            out += "<td class=\"num\">\(result.threads)</td>"
            if result.samplesNs.isEmpty {
                out += "<td class=\"num\">–</td><td class=\"num\">–</td><td class=\"num\">–</td>"
            } else {
                out += "<td class=\"num\">\(BenchFormat.duration(ns: result.summaryNs.median))</td>"
                out += "<td class=\"num\">\(BenchFormat.duration(ns: result.summaryNs.p99))</td>"
                out += "<td class=\"num\">\(BenchFormat.count(result.throughputPerSecond)) \(result.unit)/s</td>"
            }
            let single = oneThread["\(result.spec)\u{0}\(result.scenario)"]
            out += "<td class=\"num\">\(speedup(result, oneThread: single))</td>"
            out += "<td class=\"num\">\(result.memory.allocations.map { BenchFormat.count($0) } ?? "–")</td>"
            if comparison != nil {
                if let c = verdicts[result.key] {
                    out +=
                        "<td class=\"lb-\(c.verdict.rawValue)\"><span class=\"verdict\">"
                        + "\(BenchFormat.change(c.interval.ratio)) \(c.verdict.rawValue)</span></td>"
                } else {
                    out += "<td>–</td>"
                }
            }
            out += "</tr>\n"
        }
        return out + "</tbody>\n</table>\n</section>\n"
    }

    /// The speed-up cell of one row: the lock-step speed-up with its interval, the unpaired ratio of medians,
    /// or a dash (one thread, or no 1-thread row to divide by).
    static func speedup(_ result: ScenarioResult, oneThread: UInt64?) -> String {
        guard result.threads > 1 else { return "–" }
        if let paired = result.pairedSpeedup {
            return "×\(BenchFormat.fixed(paired.speedup, decimals: 2)) "
                + "[\(BenchFormat.fixed(paired.lower, decimals: 2)), \(BenchFormat.fixed(paired.upper, decimals: 2))]"
        }
        guard let oneThread, result.summaryNs.median > 0, oneThread > 0 else { return "–" }
        let ratio = Double(oneThread) / Double(result.summaryNs.median)
        return "×\(BenchFormat.fixed(ratio, decimals: 2)) <span class=\"muted\" title=\"the ratio of two medians "
            + "taken apart; `bench --paired-speedup` measures it in lock-step with an interval\">unpaired</span>"
    }

    /// An id fragment for a spec and scenario: letters, digits and '-' only.
    static func anchor(_ spec: String, _ scenario: String) -> String {
        String("\(spec)-\(scenario)".map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}
