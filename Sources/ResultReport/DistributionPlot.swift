import BenchResults
import Foundation

/// A histogram of every sample of one result (one scenario at one thread count), with its median and p99
/// marked: what a summary row hides (two modes, a tail) shows here.
///
/// The x axis is linear from the fastest to the slowest sample; bins are equal-width, `ceil(sqrt(n))` of
/// them (at most 40). The marks use the nearest-rank percentiles of the exact samples (`NearestRank`).
public struct DistributionPlot: Sendable {
    public struct Bin: Hashable, Sendable {
        public var lowerNs: Double
        public var upperNs: Double
        public var count: Int
    }

    public let title: String
    public let samples: [UInt64]
    public let bins: [Bin]
    public let medianNs: UInt64
    public let p99Ns: UInt64
    let frame: PlotFrame
    let lowNs: Double, highNs: Double

    public init(samples: [UInt64], title: String) {
        let sorted = samples.sorted()
        self.samples = sorted
        self.title = title
        medianNs = sorted.isEmpty ? 0 : NearestRank.value(sorted, percentile: 50)
        p99Ns = sorted.isEmpty ? 0 : NearestRank.value(sorted, percentile: 99)
        var low = Double(sorted.first ?? 0), high = Double(sorted.last ?? 1)
        if high <= low { low = max(0, low - 1); high = low + 2 }
        lowNs = low; highNs = high
        let count = sorted.isEmpty ? 0 : min(40, max(1, Int(Double(sorted.count).squareRoot().rounded(.up))))
        let step = (high - low) / Double(max(count, 1))
        var bins = (0..<count).map {
            Bin(lowerNs: low + Double($0) * step, upperNs: low + Double($0 + 1) * step, count: 0)
        }
        for sample in sorted where count > 0 {
            let index = min(count - 1, max(0, Int((Double(sample) - low) / step)))
            bins[index].count += 1
        }
        self.bins = bins
        let label =
            sorted.isEmpty
            ? "\(title): no time samples (an instruction-count run)"
            : "\(title): histogram of \(sorted.count) samples from \(BenchFormat.duration(ns: sorted.first!)) to "
                + "\(BenchFormat.duration(ns: sorted.last!)); median \(BenchFormat.duration(ns: medianNs)), "
                + "p99 \(BenchFormat.duration(ns: p99Ns))"
        frame = PlotFrame(height: 240, title: title, label: label)
    }

    /// The x coordinate of a time, in the SVG's user units.
    public func x(ns: Double) -> Double {
        PlotFrame.left + (ns - lowNs) / (highNs - lowNs) * frame.plotWidth
    }

    /// The text alternative: what the plot shows, in words.
    public var textAlternative: String { frame.label }

    public var svg: String {
        var body = ""
        let bottom = frame.plotBottom, top = PlotFrame.top + 30
        let tallest = Double(bins.map(\.count).max() ?? 1)
        for bin in bins {
            let x0 = x(ns: bin.lowerNs), x1 = x(ns: bin.upperNs)
            let h = tallest == 0 ? 0 : Double(bin.count) / tallest * (bottom - top)
            body +=
                "<rect class=\"lb-bar\" data-count=\"\(bin.count)\" x=\"\(PlotText.number(x0))\" "
                + "y=\"\(PlotText.number(bottom - h))\" width=\"\(PlotText.number(max(0, x1 - x0 - 1)))\" "
                + "height=\"\(PlotText.number(h))\"><title>\(bin.count) samples in "
                + "\(BenchFormat.duration(ns: bin.lowerNs)) – "
                + "\(BenchFormat.duration(ns: bin.upperNs))</title></rect>\n"
        }
        body += axis(bottom: bottom)
        if !samples.isEmpty {
            body += mark("median", medianNs, top: top - 24, bottom: bottom, labelY: top - 14)
            body += mark("p99", p99Ns, top: top - 24, bottom: bottom, labelY: top - 2)
        } else {
            body +=
                "<text class=\"lb-note\" x=\"\(PlotText.number(PlotFrame.left))\" y=\"\(PlotText.number(bottom / 2))\">"
                + "no time samples</text>\n"
        }
        return frame.svg(kind: "distribution", body: body)
    }

    /// A vertical line at `ns` and its label, written inward (right of a mark in the left half, left of one
    /// in the right half) so no label leaves the plot.
    private func mark(_ name: String, _ ns: UInt64, top: Double, bottom: Double, labelY: Double) -> String {
        let at = x(ns: Double(ns)), px = PlotText.number(at)
        let leftHalf = at < PlotFrame.left + frame.plotWidth / 2
        return "<line class=\"lb-mark lb-\(name)\" data-mark=\"\(name)\" x1=\"\(px)\" x2=\"\(px)\" "
            + "y1=\"\(PlotText.number(top))\" y2=\"\(PlotText.number(bottom))\"/>\n"
            + "<text class=\"lb-mark-label lb-\(name)-label\" x=\"\(px)\" dx=\"\(leftHalf ? 4 : -4)\" "
            + "y=\"\(PlotText.number(labelY))\" text-anchor=\"\(leftHalf ? "start" : "end")\">"
            + "\(name) \(BenchFormat.duration(ns: ns))</text>\n"
    }

    private func axis(bottom: Double) -> String {
        var out =
            "<line class=\"lb-axis\" x1=\"\(PlotText.number(PlotFrame.left))\" "
            + "x2=\"\(PlotText.number(PlotFrame.left + frame.plotWidth))\" y1=\"\(PlotText.number(bottom))\" "
            + "y2=\"\(PlotText.number(bottom))\"/>\n"
        for step in 0...4 {
            let ns = lowNs + (highNs - lowNs) * Double(step) / 4
            let px = PlotText.number(x(ns: ns))
            out +=
                "<line class=\"lb-axis\" x1=\"\(px)\" x2=\"\(px)\" y1=\"\(PlotText.number(bottom))\" "
                + "y2=\"\(PlotText.number(bottom + 4))\"/><text class=\"lb-tick\" x=\"\(px)\" "
                + "y=\"\(PlotText.number(bottom + 16))\" text-anchor=\"middle\">"
                + "\(BenchFormat.duration(ns: ns))</text>\n"
        }
        out +=
            "<text class=\"lb-tick\" x=\"\(PlotText.number(PlotFrame.left + frame.plotWidth))\" "
            + "y=\"\(PlotText.number(bottom + 32))\" text-anchor=\"end\">time per operation</text>\n"
        return out
    }
}
