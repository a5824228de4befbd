import BenchResults
import Foundation

/// One scenario's median over stored runs, oldest left, with the runs where compare called a regression
/// against the run before marked (LayoutStore's `HistoryReport` supplies both).
public struct TrendPlot: Sendable {
    public struct Point: Hashable, Sendable {
        public var label: String
        public var medianNs: UInt64
        public var regression: Bool

        public init(label: String, medianNs: UInt64, regression: Bool) {
            self.label = label; self.medianNs = medianNs; self.regression = regression
        }
    }

    public let title: String
    public let points: [Point]
    let frame: PlotFrame
    let lowNs: Double, highNs: Double

    public init(points: [Point], title: String) {
        self.points = points
        self.title = title
        var low = Double(points.map(\.medianNs).min() ?? 0), high = Double(points.map(\.medianNs).max() ?? 1)
        if high <= low { low = max(0, low - 1); high = low + 2 }
        let pad = (high - low) * 0.1
        lowNs = max(0, low - pad); highNs = high + pad
        let regressions = points.filter(\.regression).map(\.label)
        let label =
            "\(title): medians of \(points.count) runs, oldest first, from "
            + "\(BenchFormat.duration(ns: points.first?.medianNs ?? 0)) to "
            + "\(BenchFormat.duration(ns: points.last?.medianNs ?? 0)); "
            + (regressions.isEmpty ? "no regression" : "regressions at " + regressions.joined(separator: ", "))
        frame = PlotFrame(height: 200, title: title, label: label)
    }

    public var textAlternative: String { frame.label }

    func x(_ index: Int) -> Double {
        PlotFrame.left
            + (points.count < 2 ? frame.plotWidth / 2 : Double(index) / Double(points.count - 1) * frame.plotWidth)
    }

    func y(_ ns: UInt64) -> Double {
        let top = PlotFrame.top + 8
        return frame.plotBottom - (Double(ns) - lowNs) / (highNs - lowNs) * (frame.plotBottom - top)
    }

    public var svg: String {
        var body =
            "<line class=\"lb-axis\" x1=\"\(PlotText.number(PlotFrame.left))\" "
            + "x2=\"\(PlotText.number(PlotFrame.left + frame.plotWidth))\" y1=\"\(PlotText.number(frame.plotBottom))\" "
            + "y2=\"\(PlotText.number(frame.plotBottom))\"/>\n"
        for ns in [lowNs, (lowNs + highNs) / 2, highNs] {
            body +=
                "<text class=\"lb-tick\" x=\"\(PlotText.number(PlotFrame.left - 6))\" "
                + "y=\"\(PlotText.number(y(UInt64(ns))))\" dy=\"4\" text-anchor=\"end\">"
                + "\(BenchFormat.duration(ns: ns))</text>\n"
        }
        let line = points.indices.map { "\(PlotText.number(x($0))),\(PlotText.number(y(points[$0].medianNs)))" }
        body += "<polyline class=\"lb-trend\" points=\"\(line.joined(separator: " "))\"/>\n"
        for (index, point) in points.enumerated() {
            body +=
                "<circle class=\"\(point.regression ? "lb-regression" : "lb-point")\" "
                + "data-regression=\"\(point.regression)\" cx=\"\(PlotText.number(x(index)))\" "
                + "cy=\"\(PlotText.number(y(point.medianNs)))\" r=\"\(point.regression ? 6 : 3.5)\"><title>"
                + "\(PlotText.escaped(point.label)): \(BenchFormat.duration(ns: point.medianNs))"
                + "\(point.regression ? " (regression)" : "")</title></circle>\n"
        }
        body +=
            "<text class=\"lb-tick\" x=\"\(PlotText.number(PlotFrame.left + frame.plotWidth))\" "
            + "y=\"\(PlotText.number(frame.plotBottom + 16))\" text-anchor=\"end\">stored runs, oldest left</text>\n"
        return frame.svg(kind: "trend", body: body)
    }
}
