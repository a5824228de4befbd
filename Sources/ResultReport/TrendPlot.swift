import BenchResults
import Foundation
import MarkupText

/// One scenario's median over stored runs, oldest left, with the change points marked: a dashed line before the
/// first run of each new level, labelled with the shift and the commit (LayoutStore's `HistoryReport` finds
/// them, `ChangePointDetector`). A lone slow run is not a change and is not marked.
public struct TrendPlot: Sendable {
    public struct Point: Hashable, Sendable {
        public var label: String
        public var medianNs: UInt64
        public var regression: Bool
        /// When this run starts a new level: the shift (after / before − 1) and a short name for the label
        /// (a commit).
        public var change: (shift: Double, name: String)?

        public init(label: String, medianNs: UInt64, regression: Bool, change: (shift: Double, name: String)? = nil) {
            self.label = label; self.medianNs = medianNs; self.regression = regression; self.change = change
        }

        public static func == (a: Point, b: Point) -> Bool {
            a.label == b.label && a.medianNs == b.medianNs && a.regression == b.regression
                && a.change?.shift == b.change?.shift && a.change?.name == b.change?.name
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(label); hasher.combine(medianNs); hasher.combine(regression)
            hasher.combine(change?.shift); hasher.combine(change?.name)
        }
    }

    public let title: String
    public let points: [Point]
    let frame: PlotFrame
    let lowNs: Double, highNs: Double
    /// The change labels, placed in lanes above the plot so that none overlaps another.
    let changeLabels: [PlacedLabel]
    let plotTop: Double

    public init(points: [Point], title: String) {
        self.points = points
        self.title = title
        var low = Double(points.map(\.medianNs).min() ?? 0), high = Double(points.map(\.medianNs).max() ?? 1)
        if high <= low { low = max(0, low - 1); high = low + 2 }
        let pad = (high - low) * 0.1
        lowNs = max(0, low - pad); highNs = high + pad
        let regressions = points.filter(\.regression).map(\.label)
        let changes = points.compactMap { p in p.change.map { "\(p.label) \(BenchFormat.change(1 + $0.shift))" } }
        var label =
            "\(title): medians of \(points.count) runs, oldest first, from "
            + "\(BenchFormat.duration(ns: points.first?.medianNs ?? 0)) to "
            + "\(BenchFormat.duration(ns: points.last?.medianNs ?? 0)); "
            + (changes.isEmpty ? "no change point" : "level changes at " + changes.joined(separator: ", "))
        if !regressions.isEmpty { label += "; regressions at " + regressions.joined(separator: ", ") }
        var lanes = LabelLanes(left: PlotFrame.left, right: PlotFrame.width - PlotFrame.right)
        let plotWidth = PlotFrame.width - PlotFrame.left - PlotFrame.right
        for (index, point) in points.enumerated() {
            guard let change = point.change else { continue }
            lanes.place(
                "\(BenchFormat.change(1 + change.shift)) · \(change.name)",
                className: "lb-change-label" + (change.shift < 0 ? " lb-faster" : ""),
                startingAt: Self.x(index - 1, count: points.count, plotWidth: plotWidth, between: true) + 3)
        }
        changeLabels = lanes.placed
        let laneCount = Double((changeLabels.map(\.lane).max() ?? -1) + 1)
        plotTop = PlotFrame.top + 8 + laneCount * LabelLanes.laneHeight
        frame = PlotFrame(height: 200 + laneCount * LabelLanes.laneHeight, title: title, label: label)
    }

    /// The x of run `index`, or with `between` the midpoint between it and the next run.
    static func x(_ index: Int, count: Int, plotWidth: Double, between: Bool = false) -> Double {
        guard count >= 2 else { return PlotFrame.left + plotWidth / 2 }
        let at = Double(index) + (between ? 0.5 : 0)
        return PlotFrame.left + at / Double(count - 1) * plotWidth
    }

    public var textAlternative: String { frame.label }

    func x(_ index: Int) -> Double { Self.x(index, count: points.count, plotWidth: frame.plotWidth) }

    func y(_ ns: UInt64) -> Double {
        let top = plotTop
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
        for (index, point) in points.enumerated() {
            guard let change = point.change else { continue }
            let px = PlotText.number(Self.x(index - 1, count: points.count, plotWidth: frame.plotWidth, between: true))
            body +=
                "<line class=\"lb-change\(change.shift < 0 ? " lb-faster" : "")\" data-change=\"\(index)\" "
                + "x1=\"\(px)\" x2=\"\(px)\" y1=\"\(PlotText.number(PlotFrame.top + 4))\" "
                + "y2=\"\(PlotText.number(frame.plotBottom))\">"
                + "<title>level change at \(markupEscaped(point.label)): "
                + "\(BenchFormat.change(1 + change.shift))</title></line>\n"
        }
        for placed in changeLabels {
            body += placed.svg(y: PlotFrame.top + 8 + Double(placed.lane) * LabelLanes.laneHeight + 3)
        }
        let line = points.indices.map { "\(PlotText.number(x($0))),\(PlotText.number(y(points[$0].medianNs)))" }
        body += "<polyline class=\"lb-trend\" points=\"\(line.joined(separator: " "))\"/>\n"
        for (index, point) in points.enumerated() {
            body +=
                "<circle class=\"\(point.regression ? "lb-regression" : "lb-point")\" "
                + "data-regression=\"\(point.regression)\" cx=\"\(PlotText.number(x(index)))\" "
                + "cy=\"\(PlotText.number(y(point.medianNs)))\" r=\"\(point.regression ? 6 : 3.5)\"><title>"
                + "\(markupEscaped(point.label)): \(BenchFormat.duration(ns: point.medianNs))"
                + "\(point.regression ? " (regression)" : "")</title></circle>\n"
        }
        body +=
            "<text class=\"lb-tick\" x=\"\(PlotText.number(PlotFrame.left + frame.plotWidth))\" "
            + "y=\"\(PlotText.number(frame.plotBottom + 16))\" text-anchor=\"end\">stored runs, oldest left</text>\n"
        return frame.svg(kind: "trend", body: body)
    }
}
