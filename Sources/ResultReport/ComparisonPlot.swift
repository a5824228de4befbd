import BenchResults
import Foundation
import MarkupText

/// Base against head for one spec: per scenario and thread count the time ratio head / base with its
/// interval (from `Comparator`, docs: README's `compare`), the ±threshold band around 1, and the verdict.
/// The x axis is logarithmic, so x0.5 and x2 lie equally far from 1.
public struct ComparisonPlot: Sendable {
    public struct Row: Hashable, Sendable {
        public var label: String
        public var interval: RatioInterval
        public var threshold: Double
        public var verdict: Verdict
    }

    public let title: String
    public let rows: [Row]
    let frame: PlotFrame
    let lowLog: Double, highLog: Double
    static let rowHeight = 26.0

    /// The time comparisons of `spec` in `report`.
    public init(report: ComparisonReport, spec: String) {
        let rows = report.comparisons.filter { $0.spec == spec && $0.metric == .time }.map { c in
            Row(
                label: "\(c.scenario) · \(c.threads) thr", interval: c.interval,
                threshold: report.options.threshold(spec: c.spec, scenario: c.scenario, metric: .time),
                verdict: c.verdict)
        }
        self.init(rows: rows, title: "\(spec): head / base median time")
    }

    public init(rows: [Row], title: String) {
        self.rows = rows
        self.title = title
        var low = 1.0, high = 1.0
        for row in rows {
            for value in [
                row.interval.lower, row.interval.ratio, row.interval.upper, 1 - row.threshold, 1 + row.threshold,
            ]
            where value.isFinite && value > 0 {
                low = min(low, value); high = max(high, value)
            }
        }
        lowLog = log(low / 1.05); highLog = log(high * 1.05)
        let words = rows.map {
            "\($0.label) \(BenchFormat.change($0.interval.ratio)) [\(BenchFormat.change($0.interval.lower)), "
                + "\(BenchFormat.change($0.interval.upper))] \($0.verdict.rawValue)"
        }
        let label = "\(title): " + (words.isEmpty ? "no time result in both runs" : words.joined(separator: "; "))
        frame = PlotFrame(
            height: PlotFrame.top + 16 + Double(max(rows.count, 1)) * Self.rowHeight + PlotFrame.bottom,
            title: title, label: label)
    }

    /// The x coordinate of a ratio (clamped to the plot).
    public func x(ratio: Double) -> Double {
        let value = ratio.isFinite && ratio > 0 ? log(ratio) : (ratio <= 0 ? lowLog : highLog)
        let clamped = min(max(value, lowLog), highLog)
        let width = PlotFrame.width - Self.labelWidth - Self.verdictWidth - 10
        return Self.labelWidth + (clamped - lowLog) / (highLog - lowLog) * width
    }

    static let labelWidth = 170.0
    /// Room right of the intervals for the verdict ("+12.34% inconclusive").
    static let verdictWidth = 150.0

    public var textAlternative: String { frame.label }

    public var svg: String {
        var body = ""
        let top = PlotFrame.top + 10, bottom = frame.plotBottom
        let one = PlotText.number(x(ratio: 1))
        if let threshold = rows.first?.threshold {
            let x0 = x(ratio: 1 - threshold), x1 = x(ratio: 1 + threshold)
            body +=
                "<rect class=\"lb-band\" x=\"\(PlotText.number(x0))\" y=\"\(PlotText.number(top))\" "
                + "width=\"\(PlotText.number(x1 - x0))\" height=\"\(PlotText.number(bottom - top))\">"
                + "<title>±\(BenchFormat.fixed(threshold * 100, decimals: 1))% threshold</title></rect>\n"
        }
        body +=
            "<line class=\"lb-axis\" x1=\"\(one)\" x2=\"\(one)\" y1=\"\(PlotText.number(top))\" "
            + "y2=\"\(PlotText.number(bottom))\"/>\n"
        for (index, row) in rows.enumerated() {
            let y = top + Self.rowHeight * (Double(index) + 0.5)
            let ys = PlotText.number(y)
            let lo = PlotText.number(x(ratio: row.interval.lower)), hi = PlotText.number(x(ratio: row.interval.upper))
            body +=
                "<g class=\"lb-row lb-\(row.verdict.rawValue)\" data-verdict=\"\(row.verdict.rawValue)\">"
                + "<text class=\"lb-tick\" x=\"\(PlotText.number(Self.labelWidth - 8))\" y=\"\(ys)\" dy=\"4\" "
                + "text-anchor=\"end\">\(markupEscaped(row.label))</text>"
                + "<line class=\"lb-interval\" x1=\"\(lo)\" x2=\"\(hi)\" y1=\"\(ys)\" y2=\"\(ys)\"/>"
                + "<circle class=\"lb-point\" cx=\"\(PlotText.number(x(ratio: row.interval.ratio)))\" "
                + "cy=\"\(ys)\" r=\"4\"/>"
                + "<text class=\"lb-verdict\" x=\"\(PlotText.number(PlotFrame.width - Self.verdictWidth))\" "
                + "y=\"\(ys)\" dy=\"4\">"
                + "\(BenchFormat.change(row.interval.ratio)) \(row.verdict.rawValue)</text></g>\n"
        }
        if rows.isEmpty {
            body +=
                "<text class=\"lb-note\" x=\"\(PlotText.number(PlotFrame.left))\" y=\"\(PlotText.number(top + 16))\">"
                + "no time result in both runs</text>\n"
        }
        for ratio in [exp(lowLog) * 1.05, 1, exp(highLog) / 1.05] {
            body +=
                "<text class=\"lb-tick\" x=\"\(PlotText.number(x(ratio: ratio)))\" "
                + "y=\"\(PlotText.number(bottom + 16))\" "
                + "text-anchor=\"middle\">x\(BenchFormat.fixed(ratio, decimals: 2))</text>\n"
        }
        return frame.svg(kind: "comparison", body: body)
    }
}
