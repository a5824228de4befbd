import BenchResults
import Foundation
import SeededRandom
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

    @Test func binCountsAndTheCountsBeyondTheAxisAddUpToTheSamples() {
        let plot = DistributionPlot(samples: Self.samples, title: "full · 1 thr")
        let counts = Self.attribute("data-count", in: plot.svg).compactMap(Int.init)
        #expect(counts.count == plot.bins.count)
        let series = plot.series[0]
        #expect(counts.reduce(0, +) + series.below + series.beyond == Self.samples.count)
        // The two slow outliers (9 µs, 12 µs) lie beyond the axis and are counted at its end, not drawn.
        #expect(series.beyond == 2)
        #expect(plot.axisRangeNs.upperBound < 9_000)
        #expect(plot.svg.contains(">2 slower →</text>"))
    }

    @Test func medianAndP99AreMarkedWhereTheyLie() throws {
        let plot = DistributionPlot(samples: Self.samples, title: "full · 1 thr")
        let sorted = Self.samples.sorted()
        let median = sorted[Int((0.5 * Double(sorted.count)).rounded(.up)) - 1]
        let p99 = sorted[Int((0.99 * Double(sorted.count)).rounded(.up)) - 1]
        #expect(plot.medianNs == median && plot.p99Ns == p99)
        let medianX = try #require(
            Double(Self.attribute("x1", in: plot.svg, where: "data-mark=\"median\"").first ?? ""))
        let p99X = try #require(Double(Self.attribute("x1", in: plot.svg, where: "data-mark=\"p99\"").first ?? ""))
        #expect(abs(medianX - plot.x(ns: Double(median))) < 0.01)
        #expect(abs(p99X - min(plot.x(ns: Double(p99)), 620)) < 0.01)
        #expect(medianX < p99X)
    }

    @Test func theBulkFillsMostOfTheAxisWhateverTheTail() {
        var random = BenchRandom(seed: 9)
        for heavy in [false, true] {
            // 2000 samples near 400 ns, and a tail reaching 30 µs (one in a hundred) when heavy.
            let samples: [UInt64] = (0..<2_000).map { index in
                heavy && index % 100 == 0 ? UInt64(random.int(2_000...30_000)) : UInt64(random.int(380...520))
            }
            let plot = DistributionPlot(samples: samples, title: "insert")
            let sorted = samples.sorted()
            let p1 = Double(NearestRank.value(sorted, percentile: 1))
            let p99 = Double(NearestRank.value(sorted, percentile: 99))
            let share = (plot.x(ns: p99) - plot.x(ns: p1)) / (640 - 64 - 20)
            #expect(share >= 0.5, "heavy \(heavy): the bulk takes \(share) of the axis")
        }
    }

    @Test func threadCountsShareOneAxisAsRowsAndTheirLabelsNeverOverlap() {
        var random = BenchRandom(seed: 2)
        for _ in 0..<200 {
            let base = random.int(300...5_000)
            let spread = random.int(1...base)
            let rows = (1...random.int(1...4)).map { threads in
                (
                    label: "\(threads) thr",
                    samples: (0..<random.int(5...400)).map { _ in UInt64(base / threads + random.int(0...spread)) }
                )
            }
            let plot = DistributionPlot(series: rows, title: "full")
            #expect(plot.svg.components(separatedBy: "<g class=\"lb-series\"").count - 1 == rows.count)
            for row in plot.rows {
                for (i, a) in row.labels.enumerated() {
                    #expect(a.x0 >= 64 - 0.01 && a.x1 <= 620 + 0.01, "\(a)")
                    for b in row.labels.dropFirst(i + 1) where a.lane == b.lane {
                        #expect(a.x1 + LabelLanes.gap <= b.x0 || b.x1 + LabelLanes.gap <= a.x0, "\(a) \(b)")
                    }
                }
            }
        }
    }

    @Test func aLogAxisWhereTheTailMatters() {
        let flat = DistributionPlot(samples: (0..<500).map { UInt64(1_000 + $0 % 50) }, title: "flat")
        #expect(!flat.logarithmic)
        let tailed = DistributionPlot(
            samples: (0..<500).map { UInt64($0 % 10 == 0 ? 9_000 : 1_000 + $0 % 50) }, title: "tail")
        #expect(tailed.logarithmic)
        #expect(tailed.svg.contains("time per operation (log scale)"))
        let forced = DistributionPlot(samples: (0..<500).map { UInt64(1_000 + $0 % 50) }, title: "f", axis: .linear)
        #expect(!forced.logarithmic)
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
