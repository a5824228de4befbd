import BenchResults
import Foundation
import MarkupText

/// Histograms of one scenario's samples, one row per thread count (or per run) on one shared time axis, each
/// with its median and p99 marked and labelled: what a summary row hides (two modes, a tail) shows here.
///
/// The axis spans the bulk: from the fastest series' p0.1 to the slowest one's p99.9 (a little padding
/// either side), so one slow outlier does not squeeze the samples into a bar at the left edge; how many
/// samples lie beyond either end is written at that end. Linear, or logarithmic when the tail matters
/// (`AxisScale.auto`: p99.9 at least three times the median). Bins are equal-width on the axis's scale, 40 of
/// them (fewer for small series). The marks use the nearest-rank percentiles of the exact samples.
public struct DistributionPlot: Sendable {
    public struct Bin: Hashable, Sendable {
        public var lowerNs: Double
        public var upperNs: Double
        public var count: Int
    }

    /// Whether the time axis is linear or logarithmic; `auto` picks log when a series' p99.9 is at least
    /// `AxisScale.tailRatio` times its median.
    public enum AxisScale: String, Sendable, CaseIterable {
        case auto, linear, log

        public static let tailRatio = 3.0
    }

    /// One row: a thread count's (or a run's) samples.
    public struct Series: Sendable {
        public var label: String
        /// Sorted.
        public var samples: [UInt64]
        public var bins: [Bin] = []
        public var medianNs: UInt64
        public var p99Ns: UInt64
        /// Samples faster than the axis's start / slower than its end.
        public var below = 0
        public var beyond = 0

        init(label: String, samples: [UInt64]) {
            self.label = label
            self.samples = samples.sorted()
            medianNs = self.samples.isEmpty ? 0 : NearestRank.value(self.samples, percentile: 50)
            p99Ns = self.samples.isEmpty ? 0 : NearestRank.value(self.samples, percentile: 99)
        }
    }

    public let title: String
    public let series: [Series]
    /// Whether the axis is logarithmic (after `auto` chose).
    public let logarithmic: Bool
    let frame: PlotFrame
    let lowNs: Double, highNs: Double
    let rows: [RowLayout]

    static let barHeight = 40.0
    static let laneHeight = 14.0
    static let rowGap = 10.0

    /// One series' place: where its label lanes and bars are, and its placed labels.
    struct RowLayout {
        var top: Double
        var barsTop: Double
        var barsBottom: Double
        var labels: [PlacedLabel]
    }

    /// The first series alone; `samples` of one result.
    public init(samples: [UInt64], title: String, axis: AxisScale = .auto) {
        self.init(series: [(label: "", samples: samples)], title: title, axis: axis)
    }

    /// - Complexity: O(n log n) for the n samples of all series (sorting).
    public init(series input: [(label: String, samples: [UInt64])], title: String, axis: AxisScale = .auto) {
        var series = input.map { Series(label: $0.label, samples: $0.samples) }
        self.title = title
        let filled = series.filter { !$0.samples.isEmpty }
        let tail =
            filled.map { s -> Double in
                let median = Double(max(1, s.medianNs))
                return Double(NearestRank.value(s.samples, percentile: 99.9)) / median
            }.max() ?? 1
        let log = axis == .log || (axis == .auto && tail >= AxisScale.tailRatio)
        let (low, high) = Self.axisRange(filled, log: log)
        lowNs = low; highNs = high
        logarithmic = log
        let binCount = { (n: Int) in min(40, max(1, Int(Double(n).squareRoot().rounded(.up)))) }
        for index in series.indices where !series[index].samples.isEmpty {
            let count = binCount(series[index].samples.count)
            let edges = (0...count).map { Self.value(at: Double($0) / Double(count), low: low, high: high, log: log) }
            var bins = (0..<count).map { Bin(lowerNs: edges[$0], upperNs: edges[$0 + 1], count: 0) }
            for sample in series[index].samples {
                let value = Double(sample)
                if value < low { series[index].below += 1; continue }
                if value > high { series[index].beyond += 1; continue }
                let at = Self.fraction(value, low: low, high: high, log: log) * Double(count)
                bins[min(count - 1, max(0, Int(at)))].count += 1
            }
            series[index].bins = bins
        }
        self.series = series
        let words = series.map { s -> String in
            guard !s.samples.isEmpty else { return "\(s.label.isEmpty ? "" : s.label + ": ")no time samples" }
            var text =
                (s.label.isEmpty ? "" : s.label + ": ")
                + "\(s.samples.count) samples, median \(BenchFormat.duration(ns: s.medianNs)), "
                + "p99 \(BenchFormat.duration(ns: s.p99Ns))"
            if s.beyond > 0 { text += ", \(s.beyond) slower than \(BenchFormat.duration(ns: high))" }
            return text
        }
        let label =
            filled.isEmpty
            ? "\(title): no time samples (an instruction-count run)"
            : "\(title): histograms from \(BenchFormat.duration(ns: low)) to \(BenchFormat.duration(ns: high))"
                + (log ? " (log scale)" : "") + "; " + words.joined(separator: "; ")
        // Rows: label lanes as many as the labels need, then the bars.
        var rows: [RowLayout] = []
        var y = PlotFrame.top + 6
        let left = PlotFrame.left, right = PlotFrame.width - PlotFrame.right
        for s in series {
            let labels = Self.rowLabels(
                s, x: { Self.x(ns: $0, low: low, high: high, log: log) }, left: left, right: right, highNs: high,
                lowNs: low)
            let lanes = max(1, (labels.map(\.lane).max() ?? 0) + 1)
            let barsTop = y + Double(lanes) * Self.laneHeight + 2
            rows.append(RowLayout(top: y, barsTop: barsTop, barsBottom: barsTop + Self.barHeight, labels: labels))
            y = barsTop + Self.barHeight + Self.rowGap
        }
        self.rows = rows
        frame = PlotFrame(height: y - Self.rowGap + PlotFrame.bottom + 4, title: title, label: label)
    }

    /// The axis's ends: p0.1 of the fastest series to p99.9 of the slowest, but never so wide that the bulk
    /// (p1 of the fastest to p99 of the slowest, B long on the axis's scale) takes less than half of it: the
    /// ends stay within 0.2 B before and 0.6 B after the bulk, then 3% padding either side. At most
    /// 1.8 B · 1.06 long, so the bulk fills at least 52% of the axis.
    static func axisRange(_ filled: [Series], log: Bool) -> (low: Double, high: Double) {
        guard !filled.isEmpty else { return (0, 1) }
        func scaled(_ ns: Double) -> Double { log ? Foundation.log(max(ns, 1)) : ns }
        func unscaled(_ u: Double) -> Double { log ? exp(u) : u }
        func percentile(_ p: Double) -> [Double] { filled.map { Double(NearestRank.value($0.samples, percentile: p)) } }
        let bulkLow = scaled(percentile(1).min()!), bulkHigh = scaled(percentile(99).max()!)
        let bulk = bulkHigh - bulkLow
        var low = max(scaled(percentile(0.1).min()!), bulkLow - 0.2 * bulk)
        var high = min(scaled(percentile(99.9).max()!), bulkHigh + 0.6 * bulk)
        if high - low <= 0 {
            // All the samples alike: a small window around them.
            let centre = low
            let half = log ? 0.05 : max(1, abs(centre) * 0.05)
            low = centre - half; high = centre + half
        }
        let pad = (high - low) * 0.03
        low -= pad; high += pad
        if !log { low = max(0, low) }
        return (unscaled(low), unscaled(high))
    }

    /// Where `fraction` of the axis lies, in ns.
    static func value(at fraction: Double, low: Double, high: Double, log: Bool) -> Double {
        log ? low * Foundation.pow(high / low, fraction) : low + (high - low) * fraction
    }

    /// How far along the axis `ns` lies, 0 at its start and 1 at its end.
    static func fraction(_ ns: Double, low: Double, high: Double, log: Bool) -> Double {
        log ? Foundation.log(max(ns, 1e-9) / low) / Foundation.log(high / low) : (ns - low) / (high - low)
    }

    static func x(ns: Double, low: Double, high: Double, log: Bool) -> Double {
        PlotFrame.left + fraction(ns, low: low, high: high, log: log)
            * (PlotFrame.width - PlotFrame.left - PlotFrame.right)
    }

    /// The x coordinate of a time, in the SVG's user units.
    public func x(ns: Double) -> Double { Self.x(ns: ns, low: lowNs, high: highNs, log: logarithmic) }

    /// The axis's ends, in ns.
    public var axisRangeNs: ClosedRange<Double> { lowNs...highNs }

    /// The text alternative: what the plot shows, in words.
    public var textAlternative: String { frame.label }

    /// The median and p99 labels beside their marks (the median's to the left of its line, the p99's to the
    /// right, so the two never cross), and the counts beyond either end; each in the first lane where it
    /// overlaps nothing already placed (`LabelLanes`).
    static func rowLabels(
        _ s: Series, x: (Double) -> Double, left: Double, right: Double, highNs: Double, lowNs: Double
    ) -> [PlacedLabel] {
        guard !s.samples.isEmpty else { return [] }
        var lanes = LabelLanes(left: left, right: right)
        let medianX = min(max(x(Double(s.medianNs)), left), right)
        let p99X = min(max(x(Double(s.p99Ns)), left), right)
        lanes.place(
            "median \(BenchFormat.duration(ns: s.medianNs))", className: "lb-median-label", endingAt: medianX - 3)
        lanes.place("p99 \(BenchFormat.duration(ns: s.p99Ns))", className: "lb-p99-label", startingAt: p99X + 3)
        if s.beyond > 0 {
            lanes.place(
                "\(s.beyond) slower →", className: "lb-edge-label", endingAt: right,
                tooltip: "\(s.beyond) samples slower than \(BenchFormat.duration(ns: highNs)), "
                    + "the slowest \(BenchFormat.duration(ns: s.samples.last!))")
        }
        if s.below > 0 {
            lanes.place(
                "← \(s.below) faster", className: "lb-edge-label", startingAt: left,
                tooltip: "\(s.below) samples faster than \(BenchFormat.duration(ns: lowNs))")
        }
        return lanes.placed
    }

    public var svg: String {
        var body = ""
        let left = PlotFrame.left, right = PlotFrame.width - PlotFrame.right
        for (s, row) in zip(series, rows) {
            body +=
                "<g class=\"lb-series\" data-series=\"\(markupEscaped(s.label))\" data-below=\"\(s.below)\" "
                + "data-beyond=\"\(s.beyond)\">\n"
            if !s.label.isEmpty {
                body +=
                    "<text class=\"lb-row-label\" x=\"\(PlotText.number(left - 8))\" "
                    + "y=\"\(PlotText.number(row.barsTop + Self.barHeight / 2 + 4))\" text-anchor=\"end\">"
                    + "\(markupEscaped(s.label))</text>\n"
            }
            let tallest = Double(s.bins.map(\.count).max() ?? 1)
            for bin in s.bins {
                let x0 = x(ns: bin.lowerNs), x1 = x(ns: bin.upperNs)
                let h = tallest == 0 ? 0 : Double(bin.count) / tallest * Self.barHeight
                body +=
                    "<rect class=\"lb-bar\" data-count=\"\(bin.count)\" x=\"\(PlotText.number(x0))\" "
                    + "y=\"\(PlotText.number(row.barsBottom - h))\" "
                    + "width=\"\(PlotText.number(max(0.5, x1 - x0 - 1)))\" "
                    + "height=\"\(PlotText.number(h))\"><title>\(bin.count) samples in "
                    + "\(BenchFormat.duration(ns: bin.lowerNs)) – "
                    + "\(BenchFormat.duration(ns: bin.upperNs))</title></rect>\n"
            }
            body +=
                "<line class=\"lb-axis lb-baseline\" x1=\"\(PlotText.number(left))\" x2=\"\(PlotText.number(right))\" "
                + "y1=\"\(PlotText.number(row.barsBottom))\" y2=\"\(PlotText.number(row.barsBottom))\"/>\n"
            if s.samples.isEmpty {
                body +=
                    "<text class=\"lb-note\" x=\"\(PlotText.number(left + 4))\" "
                    + "y=\"\(PlotText.number(row.barsBottom - 14))\">no time samples</text>\n"
            } else {
                for (name, ns) in [("median", s.medianNs), ("p99", s.p99Ns)] {
                    let px = PlotText.number(min(max(x(ns: Double(ns)), left), right))
                    body +=
                        "<line class=\"lb-mark lb-\(name)\" data-mark=\"\(name)\" x1=\"\(px)\" x2=\"\(px)\" "
                        + "y1=\"\(PlotText.number(row.top + 2))\" y2=\"\(PlotText.number(row.barsBottom))\"/>\n"
                }
            }
            for label in row.labels {
                let y = row.top + Double(label.lane) * Self.laneHeight + 11
                body += label.svg(y: y)
            }
            body += "</g>\n"
        }
        body += axis(at: (rows.last?.barsBottom ?? PlotFrame.top + 40))
        return frame.svg(kind: "distribution", body: body)
    }

    /// Tick values for the axis: 5 even steps (linear), or 1-2-5 values in range (log), leaving out any whose
    /// label would touch the one before.
    func ticks() -> [Double] {
        var candidates: [Double]
        if logarithmic {
            candidates = []
            var decade = Foundation.pow(10, Foundation.floor(Foundation.log10(lowNs)))
            while decade <= highNs {
                for m in [1.0, 2, 5] where decade * m >= lowNs && decade * m <= highNs { candidates.append(decade * m) }
                decade *= 10
            }
            if candidates.count < 2 { candidates = [lowNs, highNs] }
        } else {
            candidates = (0...4).map { lowNs + (highNs - lowNs) * Double($0) / 4 }
        }
        var kept: [Double] = []
        var lastEnd = -Double.infinity
        for ns in candidates {
            let half = PlotText.width(BenchFormat.duration(ns: ns), fontSize: 11) / 2
            let at = x(ns: ns)
            // Apart from the one before, and whole within the plot.
            guard at - half > lastEnd + 6, at - half >= 2, at + half <= PlotFrame.width - 2 else { continue }
            kept.append(ns)
            lastEnd = at + half
        }
        return kept
    }

    private func axis(at bottom: Double) -> String {
        var out = ""
        for ns in ticks() {
            let px = PlotText.number(x(ns: ns))
            out +=
                "<line class=\"lb-axis\" x1=\"\(px)\" x2=\"\(px)\" y1=\"\(PlotText.number(bottom))\" "
                + "y2=\"\(PlotText.number(bottom + 4))\"/><text class=\"lb-tick\" x=\"\(px)\" "
                + "y=\"\(PlotText.number(bottom + 16))\" text-anchor=\"middle\">"
                + "\(BenchFormat.duration(ns: ns))</text>\n"
        }
        out +=
            "<text class=\"lb-tick lb-axis-title\" x=\"\(PlotText.number(PlotFrame.width - PlotFrame.right))\" "
            + "y=\"\(PlotText.number(bottom + 32))\" text-anchor=\"end\">time per operation"
            + (logarithmic ? " (log scale)" : "") + "</text>\n"
        return out
    }
}

extension DistributionPlot {
    /// The first series' bins (a plot of one result has one series).
    public var bins: [Bin] { series.first?.bins ?? [] }
    /// The first series' median, in ns.
    public var medianNs: UInt64 { series.first?.medianNs ?? 0 }
    /// The first series' p99, in ns.
    public var p99Ns: UInt64 { series.first?.p99Ns ?? 0 }
}
