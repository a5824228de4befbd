// Behind a package trait: compiled only in a build with it (scripts/test.sh enables every trait).
#if Dashboard
import BenchResults
import Foundation
import LayoutWatch
import Logging
import Testing

@testable import LayoutDashboard

@Suite("the dashboard's /metrics: Prometheus's text format from the records")
struct DashboardMetricsTests {
    static func summary(_ scenario: String, threads: Int, medianNs: Int, p99Ns: Int) throws -> ScenarioSummary {
        let json = """
            {"name":"tiny","scenario":"\(scenario)","threads":\(threads),"items":12,"samples":3,
             "summaryNs":{"min":1,"median":\(medianNs),"p90":\(p99Ns),"p99":\(p99Ns),"max":\(p99Ns),"mean":1}}
            """
        return try JSONDecoder().decode(ScenarioSummary.self, from: Data(json.utf8))
    }

    /// The exposition's value for a series (its name and labels exactly as emitted), nil if absent.
    static func value(_ text: String, _ series: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(series + " ") }
            .flatMap { Double($0.dropFirst(series.count + 1)) }
    }

    @Test("after two records: the last ok run's gauges in seconds, runs counted by status, last error time")
    func exposition() async throws {
        let state = DashboardState()
        let ok = RunRecord(
            time: "2026-11-25T10:00:00.000Z", spec: "/w/specs/a.yaml", specHash: "h1", status: .ok,
            results: [
                try Self.summary("full", threads: 1, medianNs: 2_500_000, p99Ns: 4_000_000),
                try Self.summary("full", threads: 4, medianNs: 1_000_000, p99Ns: 1_500_000),
            ], duration: 0.3)
        let failed = RunRecord(
            time: "2026-11-25T10:00:05.250Z", spec: "/w/specs/a.yaml", specHash: "h2", status: .error,
            error: RecordedError(message: "bad", file: "/w/specs/a.yaml", line: 1, column: 1), duration: 7)
        await state.apply(DashboardUpdate(record: ok, relativePath: "a.yaml", pictureSVG: nil))
        await state.apply(DashboardUpdate(record: failed, relativePath: "a.yaml", pictureSVG: nil))
        state.metrics.health(WatchHealth(watchedSpecs: 3, queueLength: 2))
        let text = state.metrics.exposition()

        let full1 = #"{spec="a.yaml",scenario="full",threads="1"}"#
        #expect(Self.value(text, "layoutbench_scenario_median_seconds" + full1) == 0.0025, "\(text)")
        #expect(Self.value(text, "layoutbench_scenario_p99_seconds" + full1) == 0.004)
        #expect(
            Self.value(text, #"layoutbench_scenario_median_seconds{spec="a.yaml",scenario="full",threads="4"}"#)
                == 0.001)
        #expect(Self.value(text, #"layoutbench_runs_total{spec="a.yaml",status="ok"}"#) == 1)
        #expect(Self.value(text, #"layoutbench_runs_total{spec="a.yaml",status="error"}"#) == 1)
        #expect(Self.value(text, #"layoutbench_run_duration_seconds_count{spec="a.yaml"}"#) == 2)
        #expect(Self.value(text, #"layoutbench_run_duration_seconds_sum{spec="a.yaml"}"#) == 7.3)
        #expect(Self.value(text, #"layoutbench_run_duration_seconds_bucket{spec="a.yaml",le="0.5"}"#) == 1)
        #expect(Self.value(text, #"layoutbench_run_duration_seconds_bucket{spec="a.yaml",le="10.0"}"#) == 2)
        // 2026-11-25T10:00:05Z in unix seconds.
        #expect(Self.value(text, "layoutbench_last_error_timestamp_seconds") == 1_795_600_805)
        #expect(Self.value(text, "layoutbench_watched_specs") == 3)
        #expect(Self.value(text, "layoutbench_run_queue_length") == 2)
        #expect(text.contains("# TYPE layoutbench_runs_total counter"))
        #expect(text.contains("# TYPE layoutbench_scenario_median_seconds gauge"))
        // Bounded labels: no absolute path, no sample value.
        #expect(!text.contains("/w/specs"))

        // A second ok run replaces the gauges (the last run's, not an aggregate) and counts once more.
        let again = RunRecord(
            time: "2026-11-25T10:01:00.000Z", spec: "/w/specs/a.yaml", specHash: "h3", status: .ok,
            results: [try Self.summary("full", threads: 1, medianNs: 3_000_000, p99Ns: 5_000_000)], duration: 0.2)
        await state.apply(DashboardUpdate(record: again, relativePath: "a.yaml", pictureSVG: nil))
        let after = state.metrics.exposition()
        #expect(Self.value(after, "layoutbench_scenario_median_seconds" + full1) == 0.003)
        #expect(Self.value(after, #"layoutbench_runs_total{spec="a.yaml",status="ok"}"#) == 2)
    }

    @Test("GET /metrics serves the exposition as text/plain; version=0.0.4")
    func route() async throws {
        let state = DashboardState()
        state.metrics.health(WatchHealth(watchedSpecs: 5, queueLength: 0))
        let port = try await DashboardServer.start(
            address: .init(host: "127.0.0.1", port: 0), state: state, logger: Logger(label: "test"))
        let raw = await offPool {
            // As in DashboardRouteTests: on a loaded machine (the whole suite on 2 cores) the first answer can
            // outlast one read timeout; ask again, within a bound.
            let request = Array("GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
            var response = RawHTTP.exchange(port: port, request)
            let deadline = Date().addingTimeInterval(60)
            while !response.hasPrefix("HTTP/1.1 200") && Date() < deadline {
                response = RawHTTP.exchange(port: port, request)
            }
            return response
        }
        #expect(raw.hasPrefix("HTTP/1.1 200"), "\(raw)")
        #expect(raw.lowercased().contains("content-type: text/plain; version=0.0.4\r\n"), "\(raw)")
        #expect(raw.contains("\nlayoutbench_watched_specs 5"), "\(raw)")
    }
}
#endif
