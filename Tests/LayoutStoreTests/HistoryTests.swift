import BenchResults
import Testing

@testable import LayoutStore

@Suite("history and sparklines")
struct HistoryTests {
    @Test("a sparkline maps the smallest value to ▁ and the largest to █, in order")
    func sparkline() {
        #expect(Sparkline.render([1, 2, 3, 4, 5, 6, 7, 8]) == "▁▂▃▄▅▆▇█")
        #expect(Sparkline.render([10, 80, 10]) == "▁█▁")
        #expect(Sparkline.render([5, 5, 5]) == "▄▄▄")
        #expect(Sparkline.render([]) == "")
        #expect(Sparkline.render([1, .nan, 3]) == "▁ █")
    }

    @Test("history calls a regression where a run is clearly slower than the one before, and only there")
    func regressions() throws {
        let store = try SQLiteResultStore(path: StoreFixtures.temporaryStorePath())
        for median in [1000.0, 1005, 1500, 1500] {
            try store.add(
                StoreFixtures.report(medians: ["full": median, "query": 100]), metadata: RunMetadata(origin: "watch"))
        }
        let history = HistoryReport(spec: "grid", runs: try store.history(spec: "grid", scenarios: nil, last: 10))
        #expect(history.runs == 4)
        #expect(history.series.map(\.scenario) == ["full", "query"])
        #expect(history.series[0].sparkline == "▁▁██")
        #expect(history.regressions.map(\.run) == [3])
        #expect(history.regressions.first?.scenario == "full")
        let table = history.formatted(.table)
        #expect(table.contains("▁▁██") && table.contains("run 3"))
        #expect(history.formatted(.markdown).contains("| scenario |"))
        #expect(history.formatted(.json).contains("\"regressions\""))
    }
}
