import BenchResults
import Foundation
import LayoutWatch
import Prometheus

/// The dashboard's Prometheus metrics, in a registry the dashboard owns (no global `MetricsSystem`):
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
    /// Run durations' bucket bounds, seconds: a tiny spec's run takes well under a second, a large one's
    /// minutes (the daemon's default timeout is 300 s).
    public static let durationBuckets: [Double] = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300]

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        // The health gauges exist from the start, so a scrape before the first run already sees them.
        _ = registry.makeGauge(descriptor: Self.watchedSpecs)
        _ = registry.makeGauge(descriptor: Self.queueLength)
        _ = registry.makeGauge(descriptor: Self.lastErrorTime)
    }

    static func descriptor(_ name: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "layoutbench", metricName: name, unitName: unit, helpText: help)
    }
    static var median: MetricNameDescriptor {
        descriptor("scenario_median", "seconds", "The last ok run's median time per scenario.")
    }
    static var p99: MetricNameDescriptor {
        descriptor("scenario_p99", "seconds", "The last ok run's 99th percentile time per scenario.")
    }
    static var runs: MetricNameDescriptor { descriptor("runs", "total", "Runs of each spec by how they ended.") }
    static var duration: MetricNameDescriptor {
        descriptor("run_duration", "seconds", "Wall time of each run, from start to record.")
    }
    static var watchedSpecs: MetricNameDescriptor { descriptor("watched", "specs", "Spec files the daemon watches.") }
    static var queueLength: MetricNameDescriptor {
        descriptor("run_queue", "length", "Runs waiting to start (the running one excluded).")
    }
    static var lastErrorTime: MetricNameDescriptor {
        descriptor(
            "last_error_timestamp", "seconds",
            "Unix time of the last run that ended in error, crash or timeout (0: none).")
    }

    /// One logged record: its status counted, its duration observed, its scenarios' gauges set (ok runs).
    public func record(_ record: RunRecord, relativePath spec: String) {
        registry.makeCounter(descriptor: Self.runs, labels: [("spec", spec), ("status", record.status.rawValue)])
            .increment()
        registry.makeValueHistogram(descriptor: Self.duration, labels: [("spec", spec)], buckets: Self.durationBuckets)
            .record(record.duration)
        switch record.status {
        case .ok:
            for summary in record.results ?? [] {
                let labels = [("spec", spec), ("scenario", summary.scenario), ("threads", String(summary.threads))]
                registry.makeGauge(descriptor: Self.median, labels: labels)
                    .set(to: Double(summary.summaryNs.median) / 1e9)
                registry.makeGauge(descriptor: Self.p99, labels: labels).set(to: Double(summary.summaryNs.p99) / 1e9)
            }
        case .error, .crashed, .timeout:
            let when =
                (try? Date(record.time, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))) ?? Date()
            registry.makeGauge(descriptor: Self.lastErrorTime).set(to: when.timeIntervalSince1970.rounded(.down))
        case .cancelled:
            break
        }
    }

    /// The daemon's health, as it reports it (on its own queue: a gauge's set is a lock and a store).
    public func health(_ sample: WatchHealth) {
        registry.makeGauge(descriptor: Self.watchedSpecs).set(to: Double(sample.watchedSpecs))
        registry.makeGauge(descriptor: Self.queueLength).set(to: Double(sample.queueLength))
    }

    /// The text exposition format (version 0.0.4), as `GET /metrics` serves it.
    public func exposition() -> String { registry.emitToString() }

    public static let contentType = "text/plain; version=0.0.4"
}
