import Foundation

/// The three forms of a comparison: a table for a terminal, Markdown for a CI job summary, JSON for tools.
extension ComparisonReport {
    public enum Format: String, CaseIterable, Sendable {
        case table, markdown, json
    }

    public func formatted(_ format: Format) -> String {
        switch format {
        case .table: return text(markdown: false)
        case .markdown: return text(markdown: true)
        case .json: return jsonText()
        }
    }

    /// One line naming each regression, for standard error and CI logs.
    public var regressionSummary: [String] {
        regressions.map { c in
            "regression: \(c.spec) \(c.scenario) threads \(c.threads): \(c.metric.rawValue) \(BenchFormat.change(c.interval.ratio)) \(intervalText(c))"
        }
    }

    private func text(markdown: Bool) -> String {
        let header = ["spec", "scenario", "thr", "metric", "base", "head", "machine", "change", "interval", "verdict"]
        let rows = comparisons.map { c in
            [
                c.spec, c.scenario, "\(c.threads)", c.metric.rawValue, value(c.base, c.metric), value(c.head, c.metric),
                c.machineFactor.map { "x" + BenchFormat.fixed($0, decimals: 2) } ?? "",
                BenchFormat.change(c.interval.ratio), intervalText(c),
                c.verdict == .slower ? (markdown ? "**slower**" : "SLOWER") : c.verdict.rawValue,
            ]
        }
        let table = TextTable(header: header, rows: rows, numeric: [2, 4, 5, 6, 7])
        let threshold = BenchFormat.fixed(options.threshold * 100, decimals: 1)
        var lines: [String] = []
        lines.append((markdown ? "### " : "") + "layoutbench \(method == nil ? "compare" : "ab"): \(base) -> \(head)")
        let calibrated = comparisons.contains { $0.machineFactor != nil }
        lines.append(
            "threshold \(threshold)% (instructions \(BenchFormat.fixed(options.instructionThreshold * 100, decimals: 1))%"
                + (options.thresholds.map { $0.entries.isEmpty ? "" : ", \($0.entries.count) per-scenario" } ?? "")
                + "), "
                + (method
                    ?? "\(Int(options.confidence * 100))% between-run interval of the ratio of medians (round medians, Welch t, widened by a \(BenchFormat.fixed(options.runToRunFloor * 100, decimals: 1))% run-to-run floor)")
                + (calibrated ? "; machine: calibration unit head / base" : ""))
        lines.append("")
        lines.append(markdown ? table.markdown() : table.plain())
        lines.append("")
        let verdictLine: String
        if regressions.isEmpty {
            verdictLine =
                "no regression (\(improvements.count) faster, \(inconclusive.count) inconclusive, \(comparisons.count) metrics compared)"
        } else {
            let names = Set(regressions.map { "\($0.spec) \($0.scenario) threads \($0.threads)" }).sorted()
            verdictLine = "REGRESSION in \(names.joined(separator: ", "))"
        }
        lines.append(markdown ? "**\(verdictLine)**" : verdictLine)
        for key in onlyInBase { lines.append("only in base: \(key)") }
        for key in onlyInHead { lines.append("only in head: \(key)") }
        for note in notes { lines.append("note: \(note)") }
        return lines.joined(separator: "\n")
    }

    private func value(_ v: Double, _ metric: ComparedMetric) -> String {
        switch metric {
        case .time: return BenchFormat.duration(ns: v)
        case .allocations: return BenchFormat.count(v)
        case .allocatedBytes: return BenchFormat.bytes(v)
        case .instructions: return BenchFormat.count(v)
        }
    }

    private func intervalText(_ c: MetricComparison) -> String {
        c.interval.lower == c.interval.upper
            ? "" : "[\(BenchFormat.change(c.interval.lower)), \(BenchFormat.change(c.interval.upper))]"
    }

    private func jsonText() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        struct Output: Encodable {
            var report: ComparisonReport
            var regression: Bool
            var exitCode: Int32
        }
        // Infinite ratios (0 allocations before) are not JSON numbers: encode them as strings.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let data =
            (try? encoder.encode(Output(report: self, regression: !regressions.isEmpty, exitCode: exitCode))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
