// Behind a package trait: compiled only in a build with it (scripts/test.sh enables every trait).
#if Dashboard
import BenchResults
import Foundation
import LayoutWatch
import Testing

@testable import LayoutDashboard

/// A run's first line on the dashboard: a known spec's new picture at once (a `picture` event, a new cache tag),
/// no run counted; a spec not shown yet waits for its record.
@Suite("the dashboard takes a run's first line")
struct DashboardFirstLineTests {
    @Test("a first line swaps the picture and tells the page; it counts no run; an unknown spec waits")
    func firstLine() async throws {
        let state = DashboardState()
        let events = await state.subscribe()
        await state.apply(
            DashboardUpdate(
                record: DashboardRouteTests.record("/w/a.yaml", status: .ok, hash: "h1"), relativePath: "a.yaml",
                pictureSVG: "<svg id=\"old\"></svg>"))
        #expect(await state.snapshot().first?.pictureTag == "h1")
        await state.apply(
            DashboardUpdate(firstLineOf: "/w/a.yaml", relativePath: "a.yaml", pictureSVG: "<svg id=\"new\"></svg>"))
        let spec = try #require(await state.snapshot().first)
        #expect(spec.pictureSVG == "<svg id=\"new\"></svg>" && spec.pictureTag == "v2", "\(spec.pictureTag)")
        #expect(spec.last.specHash == "h1", "the results stay the last run's")
        #expect(DashboardPage.fragment([spec]).contains("src=\"/spec/0.svg?v=v2\""))
        let text = state.metrics.exposition()
        #expect(DashboardMetricsTests.value(text, #"layoutbench_runs_total{spec="a.yaml",status="ok"}"#) == 1)

        await state.apply(DashboardUpdate(firstLineOf: "/w/b.yaml", relativePath: "b.yaml", pictureSVG: "<svg/>"))
        let count = await state.snapshot().count, version = await state.version
        #expect(count == 1 && version == 2, "\(count) specs, version \(version)")

        var kinds: [DashboardEvent.Kind] = []
        for await event in events {
            kinds.append(event.kind)
            if kinds.count == 2 { break }
        }
        #expect(kinds == [.run, .picture])
    }
}
#endif
