import Testing

@testable import BenchResults
@testable import LayoutBenchKit

/// The bench table on a constructed report: what fits in 120 columns, what `--wide` adds, the marks.
@Suite("bench table")
struct BenchTableTests {
    /// Every scenario at 1 and 2 threads on a long preset name, on a machine with a long CPU name.
    func realisticReport(steady: Bool = true) -> BenchReport {
        var results: [ScenarioResult] = []
        for (index, kind) in ScenarioKind.allCases.enumerated() {
            for threads in [1, 2] {
                let samples = Fixtures.samples(median: 1_234_567.0 / Double(threads), seed: UInt64(index * 2 + threads))
                var r = Fixtures.result(
                    spec: "nested-chips-orthogonal-1000k", scenario: kind.rawValue, threads: threads, samples: samples,
                    allocations: 123_456.7, bytes: 98_765_432)
                r.steadyState = steady || index != 0
                r.cpuWindowNs = r.wallTotalNs
                r.cpuTotalNs = r.wallTotalNs * UInt64(threads)
                results.append(r)
            }
        }
        var report = Fixtures.report(results)
        report.machine.cpu = "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz with a very long marketing name here"
        report.gitCommit = "0123456789abcdef0123456789abcdef01234567"
        report.label = "a-long-label-for-the-run"
        return report
    }

    @Test("the default table: every line within 120 columns, the default columns only")
    func fits() {
        let table = realisticReport().table()
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines { #expect(line.count <= BenchReport.tableWidth, "\(line.count): \(line)") }
        let header = lines.first { $0.hasPrefix("spec ") }.map(String.init) ?? ""
        #expect(
            header.split(separator: " ") == [
                "spec", "scenario", "thr", "median", "p99", "throughput", "speedup", "allocs/op",
            ])
        // The header's lines are all there, wrapped: the CPU name and the commit still appear.
        #expect(table.contains("Platinum 8375C") && table.contains("commit 0123456789ab"))
        #expect(table.contains("nested-chips-orthogonal-1000k  measure-batch"))
        #expect(table.contains("2.00x"))
    }

    @Test("--wide: every column, CPU/wall from the CPU windows")
    func wide() {
        let table = realisticReport().table(wide: true)
        let header = table.split(separator: "\n").first { $0.hasPrefix("spec ") }.map(String.init) ?? ""
        for column in [
            "samples", "min", "p90", "max", "mean ± sd", "cpu/wall", "alloc/op", "resident/item", "outliers",
        ] {
            #expect(header.contains(column), "\(column) missing: \(header)")
        }
        #expect(table.split(separator: "\n").contains { $0.count > BenchReport.tableWidth })
        let twoThreads = table.split(separator: "\n").first { $0.contains(" full ") && $0.contains(" 2 ") } ?? ""
        #expect(twoThreads.contains(" 2.00 "), "\(twoThreads)")
    }

    @Test("CPU windows under 10 ms in all show – instead of a share")
    func shortCPUWindow() {
        var r = Fixtures.result(samples: [500, 510, 520])
        r.cpuWindowNs = 2_000
        r.cpuTotalNs = 4_200  // a share of 2.1 from too little time to mean anything
        #expect(r.measuredCPUPerWall == nil)
        let row = Fixtures.report([r]).table(wide: true).split(separator: "\n").first { $0.hasPrefix("grid-10k") }
        #expect(row?.contains("–") == true && row?.contains("2.10") == false, "\(row ?? "")")
        r.cpuWindowNs = 20_000_000
        r.cpuTotalNs = 20_100_000
        #expect(r.measuredCPUPerWall.map { abs($0 - 1.005) < 1e-9 } == true)
    }

    @Test("a result whose warm-up reached no steady state is marked ~ with a footnote; steady ones are not")
    func steadyMark() {
        let unsteady = realisticReport(steady: false).table()
        let row = unsteady.split(separator: "\n").first { $0.contains(" full ") } ?? ""
        #expect(row.contains(" ~"), "\(row)")
        #expect(unsteady.contains("~ marks a median whose warm-up reached no steady state within 1.0 s"))
        let steady = realisticReport().table()
        #expect(!steady.contains("~"))
    }
}
