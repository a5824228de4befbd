import BenchResults
import Foundation
import MarkupText

/// A small multiple of a `DistributionPlot`: the same histograms (a thin strip per thread count) and median marks
/// on a card a third as wide, titled and linked to the full plot; the report's overview sets one per scenario
/// side by side, so every scenario's shape is seen at once.
struct OverviewPlot {
    static let width = 300.0
    static let left = 44.0, right = 10.0
    static let stripHeight = 16.0

    let plot: DistributionPlot
    let title: String
    let link: String

    func x(_ ns: Double) -> Double {
        let fraction = DistributionPlot.fraction(
            ns, low: plot.lowNs, high: plot.highNs, log: plot.logarithmic)
        return Self.left + min(1, max(0, fraction)) * (Self.width - Self.left - Self.right)
    }

    /// - Complexity: O(bins) per series.
    var svg: String {
        let top = 26.0
        let height = top + Double(plot.series.count) * (Self.stripHeight + 4) + 20
        let w = PlotText.number(Self.width), h = PlotText.number(height)
        // The title is cut to the card's width so it never runs into its neighbour.
        var title = self.title
        let room = Self.width - 8
        while PlotText.width(title, fontSize: 12) > room, title.count > 2 { title = String(title.dropLast(2)) + "…" }
        var out =
            "<a class=\"lb-card\" href=\"#\(link)\"><svg class=\"lb-plot lb-overview\" data-plot=\"overview\" "
            + "role=\"img\" aria-label=\"\(markupEscaped(plot.textAlternative))\" viewBox=\"0 0 \(w) \(h)\" "
            + "width=\"\(w)\" height=\"\(h)\">\n<title>\(markupEscaped(self.title))</title>\n"
            + "<text class=\"lb-title\" x=\"4\" y=\"16\">\(markupEscaped(title))</text>\n"
        for (index, series) in plot.series.enumerated() {
            let y = top + Double(index) * (Self.stripHeight + 4)
            let bottom = y + Self.stripHeight
            if !series.label.isEmpty {
                out +=
                    "<text class=\"lb-row-label\" x=\"\(PlotText.number(Self.left - 6))\" "
                    + "y=\"\(PlotText.number(bottom - 3))\" text-anchor=\"end\">"
                    + "\(markupEscaped(series.label))</text>\n"
            }
            let tallest = Double(series.bins.map(\.count).max() ?? 1)
            for bin in series.bins where bin.count > 0 {
                let x0 = x(bin.lowerNs), x1 = x(bin.upperNs)
                let barHeight = Double(bin.count) / max(1, tallest) * Self.stripHeight
                out +=
                    "<rect class=\"lb-bar\" x=\"\(PlotText.number(x0))\" y=\"\(PlotText.number(bottom - barHeight))\" "
                    + "width=\"\(PlotText.number(max(0.5, x1 - x0 - 0.5)))\" "
                    + "height=\"\(PlotText.number(barHeight))\"/>\n"
            }
            if !series.samples.isEmpty {
                let mx = PlotText.number(x(Double(series.medianNs)))
                out +=
                    "<line class=\"lb-mark lb-median\" x1=\"\(mx)\" x2=\"\(mx)\" y1=\"\(PlotText.number(y))\" "
                    + "y2=\"\(PlotText.number(bottom))\"/>\n"
            }
        }
        let axisY = top + Double(plot.series.count) * (Self.stripHeight + 4) + 12
        out +=
            "<text class=\"lb-tick\" x=\"\(PlotText.number(Self.left))\" y=\"\(PlotText.number(axisY))\">"
            + "\(BenchFormat.duration(ns: plot.lowNs))</text>\n"
            + "<text class=\"lb-tick\" x=\"\(PlotText.number(Self.width - Self.right))\" "
            + "y=\"\(PlotText.number(axisY))\" "
            + "text-anchor=\"end\">\(BenchFormat.duration(ns: plot.highNs))\(plot.logarithmic ? " (log)" : "")</text>\n"
        return out + "</svg></a>"
    }
}
