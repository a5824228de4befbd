// The server and what it serves: only in a build with the Dashboard trait (README "Optional parts").
#if Dashboard
import BenchResults
import CoreMetrics
import Foundation
import LayoutWatch
import Prometheus

/// The dashboard's metrics through swift-metrics, into a Prometheus registry the dashboard owns (no global
/// `MetricsSystem` bootstrap):
/// updated from the same records the page gets, exposed at `GET /metrics` in the text format 0.0.4.
///
/// Labels are bounded: `spec` is the watched spec's path relative to the watched paths, `scenario` and
/// `threads` come from the watch's own scenario set, `status` is a `RunStatus` (ok, error, cancelled,
/// crashed, timeout); no label carries a sample value or any other path.
///
///   layoutbench_scenario_median_seconds{spec,scenario,threads}  gauge, the last ok run's median
///   layoutbench_scenario_p99_seconds{spec,scenario,threads}     gauge, the last ok run's p99
///   layoutbench_runs_total{spec,status}                         counter, runs by how they ended
///   layoutbench_run_duration_seconds{spec}                      histogram, a run's wall time
///   layoutbench_watched_specs                                   gauge, specs the daemon watches
///   layoutbench_run_queue_length                                gauge, runs waiting (not the running one)
///   layoutbench_last_error_timestamp_seconds                    gauge, unix time of the last failed run
///
/// Every update is O(labels) under the registry's lock; `exposition` is O(series).
public struct DashboardMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    /// swift-metrics' factory over `registry`: every metric below is a swift-metrics `Counter`, `Gauge` or
    /// `Recorder` made with it, so the code speaks swift-metrics and only this line chooses Prometheus.
    private let factory: PrometheusMetricsFactory
    /// Run durations' bucket bounds, seconds: a tiny spec's run takes well under a second, a large one's
    /// minutes (the daemon's default timeout is 300 s).
    public static let durationBuckets: [Double] = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300]

    static let median = "layoutbench_scenario_median_seconds"
    static let p99 = "layoutbench_scenario_p99_seconds"
    static let runs = "layoutbench_runs_total"
    static let duration = "layoutbench_run_duration_seconds"
    static let watchedSpecs = "layoutbench_watched_specs"
    static let queueLength = "layoutbench_run_queue_length"
    static let lastErrorTime = "layoutbench_last_error_timestamp_seconds"

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.valueHistogramBuckets[Self.duration] = Self.durationBuckets
        self.factory = factory
        // The health gauges exist from the start, so a scrape before the first run already sees them.
        Gauge(label: Self.watchedSpecs, factory: factory).record(0)
        Gauge(label: Self.queueLength, factory: factory).record(0)
        Gauge(label: Self.lastErrorTime, factory: factory).record(0)
    }

    /// One logged record: its status counted, its duration observed, its scenarios' gauges set (ok runs).
    public func record(_ record: RunRecord, relativePath spec: String) {
        Counter(label: Self.runs, dimensions: [("spec", spec), ("status", record.status.rawValue)], factory: factory)
            .increment()
        Recorder(label: Self.duration, dimensions: [("spec", spec)], aggregate: true, factory: factory)
            .record(record.duration)
        switch record.status {
        case .ok:
            for summary in record.results ?? [] {
                let labels = [("spec", spec), ("scenario", summary.scenario), ("threads", String(summary.threads))]
                Gauge(label: Self.median, dimensions: labels, factory: factory)
                    .record(Double(summary.summaryNs.median) / 1e9)
                Gauge(label: Self.p99, dimensions: labels, factory: factory).record(Double(summary.summaryNs.p99) / 1e9)
            }
        case .error, .crashed, .timeout:
            let when =
                (try? Date(record.time, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))) ?? Date()
            Gauge(label: Self.lastErrorTime, factory: factory).record(when.timeIntervalSince1970.rounded(.down))
        case .cancelled:
            break
        }
    }

    /// The daemon's health, as it reports it (on its own queue: a gauge's set is a lock and a store).
    public func health(_ sample: WatchHealth) {
        Gauge(label: Self.watchedSpecs, factory: factory).record(Double(sample.watchedSpecs))
        Gauge(label: Self.queueLength, factory: factory).record(Double(sample.queueLength))
    }

    /// The text exposition format (version 0.0.4), as `GET /metrics` serves it.
    public func exposition() -> String { registry.emitToString() }

    public static let contentType = "text/plain; version=0.0.4"
}
#endif
