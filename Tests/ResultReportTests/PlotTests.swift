import BenchResults
import Foundation
import Testing

@testable import ResultReport

/// The plots' SVG: what each bar and mark claims is what the samples say.
struct PlotTests {
    static let samples: [UInt64] = (1...200).map { UInt64(1_000 + ($0 * 37) % 500) } + [9_000, 12_000]

    /// The numbers after `name="` in every element of `svg` that has attribute `name`.
    static func attribute(_ name: String, in svg: String, where filter: String = "") -> [String] {
        svg.components(separatedBy: "\n").filter { filter.isEmpty || $0.contains(filter) }.compactMap { line in
            guard let range = line.range(of: "\(name)=\"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    @Test func binCountsAddUpToTheSamples() {
        let plot = DistributionPlot(samples: Self.samples, title: "full · 1 thr")
        let counts = Self.attribute("data-count", in: plot.svg).compactMap(Int.init)
        #expect(counts.count == plot.bins.count)
        #expect(counts.reduce(0, +) == Self.samples.count)
        #expect(plot.bins.map(\.count).reduce(0, +) == Self.samples.count)
    }

    @Test func medianAndP99AreMarkedWhereTheyLie() throws {
        let plot = DistributionPlot(samples: Self.samples, title: "full · 1 thr")
        let sorted = Self.samples.sorted()
        let median = sorted[Int((0.5 * Double(sorted.count)).rounded(.up)) - 1]
        let p99 = sorted[Int((0.99 * Double(sorted.count)).rounded(.up)) - 1]
        #expect(plot.medianNs == median && plot.p99Ns == p99)
        // The axis runs linearly from the fastest sample (x = 64) to the slowest (x = 640 - 20).
        func expected(_ ns: UInt64) -> Double {
            64 + Double(ns - sorted.first!) / Double(sorted.last! - sorted.first!) * (640 - 64 - 20)
        }
        let medianX = try #require(
            Double(Self.attribute("x1", in: plot.svg, where: "data-mark=\"median\"").first ?? ""))
        let p99X = try #require(Double(Self.attribute("x1", in: plot.svg, where: "data-mark=\"p99\"").first ?? ""))
        #expect(abs(medianX - expected(median)) < 0.01)
        #expect(abs(p99X - expected(p99)) < 0.01)
        #expect(medianX < p99X)
    }

    @Test func everyPlotHasATitleAndATextAlternative() {
        let svgs = [
            DistributionPlot(samples: Self.samples, title: "full · 1 thr").svg,
            DistributionPlot(samples: [], title: "empty").svg,
            ComparisonPlot(
                rows: [
                    .init(
                        label: "full · 1 thr",
                        interval: RatioInterval(
                            ratio: 1.3, lower: 1.2, upper: 1.4,
                            confidence: 0.95),
                        threshold: 0.05, verdict: .slower)
                ], title: "base against head"
            ).svg,
            TrendPlot(
                points: [
                    .init(label: "run 1", medianNs: 10, regression: false),
                    .init(label: "run 2", medianNs: 20, regression: true),
                ], title: "trend"
            ).svg,
        ]
        for svg in svgs {
            #expect(svg.hasPrefix("<svg class=\"lb-plot\""))
            #expect(svg.contains("role=\"img\" aria-label=\""))
            #expect(svg.contains("<title>"))
            #expect(!svg.contains("http"))
        }
        #expect(svgs[2].contains("data-verdict=\"slower\""))
        #expect(svgs[3].contains("data-regression=\"true\""))
    }

    @Test func oneSampleOrEqualSamplesStillDraw() {
        let plot = DistributionPlot(samples: [500, 500, 500], title: "flat")
        #expect(plot.bins.map(\.count).reduce(0, +) == 3)
        #expect(plot.svg.contains("data-mark=\"median\""))
    }
}
