// The server and what it serves: only in a build with the Dashboard trait (README "Optional parts").
#if Dashboard
import BenchResults
import LayoutWatch

/// A record as the daemon logged it, with the spec's relative path and its picture as SVG text (read by the
/// CLI from the file the bench child drew; nil when none was drawn); or a run's first line (`record` nil):
/// the picture of a save, shown at once while its bench runs.
public struct DashboardUpdate: Sendable {
    /// nil for a first line.
    public var record: RunRecord?
    /// The spec's absolute path (the record's).
    public var spec: String
    public var relativePath: String
    public var pictureSVG: String?

    public init(record: RunRecord, relativePath: String, pictureSVG: String?) {
        self.record = record; spec = record.spec; self.relativePath = relativePath; self.pictureSVG = pictureSVG
    }

    /// A run's first line: the new picture of `spec`, before its run ends.
    public init(firstLineOf spec: String, relativePath: String, pictureSVG: String) {
        record = nil; self.spec = spec; self.relativePath = relativePath; self.pictureSVG = pictureSVG
    }
}

/// What one event on `/events` says: the state's version, the spec's index and what happened.
public struct DashboardEvent: Hashable, Sendable {
    /// `picture`: a run's first line brought a spec's new picture (its results come with its `run`).
    public enum Kind: String, Sendable { case run, invalid, picture }
    public var version: Int
    public var spec: Int
    public var kind: Kind
}

/// One watched spec as the dashboard shows it.
public struct DashboardSpec: Sendable {
    public var index: Int
    public var path: String
    public var name: String
    /// The newest record (ok or not).
    public var last: RunRecord
    /// The newest ok record: its results stay on the page while the spec is invalid.
    public var lastOK: RunRecord?
    /// Medians of the ok runs per scenario key (`scenario ×threads`), oldest first, at most `trendLength`.
    public var medians: [String: [UInt64]]
    public var pictureSVG: String?
    /// Changes with the picture, so a browser never shows a cached older one (`/spec/N.svg?v=TAG`): the
    /// content hash of the record that brought it, or the state's version for a first line's.
    public var pictureTag = ""
}

/// The dashboard's state. The daemon's queue never awaits it: `DashboardFeed.publish` yields into a bounded
/// stream that `consume` drains here, and each subscriber (one per `/events` client) gets a stream that keeps
/// only its newest events, so a slow client loses events (it refetches the whole fragment anyway) rather
/// than holding anyone up.
public actor DashboardState {
    public static let trendLength = 50
    private var specs: [DashboardSpec] = []
    private var indexByPath: [String: Int] = [:]
    public private(set) var version = 0
    private var subscribers: [Int: AsyncStream<DashboardEvent>.Continuation] = [:]
    private var nextSubscriber = 0

    /// The Prometheus metrics, updated from the same records (`GET /metrics`).
    public nonisolated let metrics: DashboardMetrics

    public init(metrics: DashboardMetrics = DashboardMetrics()) { self.metrics = metrics }

    /// Applies one record: O(scenarios) plus O(subscribers) to tell them.
    public func apply(_ update: DashboardUpdate) {
        guard let record = update.record else {
            applyFirstLine(update)
            return
        }
        metrics.record(record, relativePath: update.relativePath)
        let index: Int
        if let known = indexByPath[record.spec] {
            index = known
            specs[index].last = record
        } else {
            index = specs.count
            indexByPath[record.spec] = index
            specs.append(
                DashboardSpec(
                    index: index, path: record.spec, name: update.relativePath, last: record, lastOK: nil,
                    medians: [:], pictureSVG: nil))
        }
        if record.status == .ok {
            specs[index].lastOK = record
            for summary in record.results ?? [] {
                var series = specs[index].medians[Self.key(summary), default: []]
                series.append(summary.summaryNs.median)
                specs[index].medians[Self.key(summary)] = Array(series.suffix(Self.trendLength))
            }
        }
        if let svg = update.pictureSVG {
            specs[index].pictureSVG = svg
            specs[index].pictureTag = record.specHash ?? record.time
        }
        guard record.status != .cancelled else { return }
        version += 1
        let event = DashboardEvent(version: version, spec: index, kind: record.status == .ok ? .run : .invalid)
        for continuation in subscribers.values { continuation.yield(event) }
    }

    /// A first line swaps a known spec's picture in (no metric: no run ended); a spec not shown yet waits for
    /// its run's record, which brings the picture too. O(subscribers).
    private func applyFirstLine(_ update: DashboardUpdate) {
        guard let index = indexByPath[update.spec], let svg = update.pictureSVG else { return }
        specs[index].pictureSVG = svg
        version += 1
        specs[index].pictureTag = "v\(version)"
        let event = DashboardEvent(version: version, spec: index, kind: .picture)
        for continuation in subscribers.values { continuation.yield(event) }
    }

    static func key(_ summary: ScenarioSummary) -> String { "\(summary.scenario) ×\(summary.threads)" }

    /// Drains the feed until it finishes.
    public func consume(_ feed: DashboardFeed) async {
        for await update in feed.updates { apply(update) }
    }

    public func snapshot() -> [DashboardSpec] { specs }

    /// The picture of the spec at `index` (by index only: no request names a path).
    public func picture(_ index: Int) -> String? {
        specs.indices.contains(index) ? specs[index].pictureSVG : nil
    }

    /// A stream of events for one client, keeping its newest 8; it ends its subscription when dropped.
    public func subscribe() -> AsyncStream<DashboardEvent> {
        let id = nextSubscriber
        nextSubscriber += 1
        let (stream, continuation) = AsyncStream.makeStream(
            of: DashboardEvent.self, bufferingPolicy: .bufferingNewest(8))
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        subscribers[id] = continuation
        return stream
    }

    private func unsubscribe(_ id: Int) { subscribers[id] = nil }

    public var subscriberCount: Int { subscribers.count }
}

/// The daemon's side of the hand-over: `publish` never blocks and never awaits (the stream keeps the newest
/// 1,024 updates if the state falls behind).
public struct DashboardFeed: Sendable {
    let updates: AsyncStream<DashboardUpdate>
    private let continuation: AsyncStream<DashboardUpdate>.Continuation

    public init() {
        (updates, continuation) = AsyncStream.makeStream(
            of: DashboardUpdate.self, bufferingPolicy: .bufferingNewest(1024))
    }

    public func publish(_ update: DashboardUpdate) { continuation.yield(update) }

    public func finish() { continuation.finish() }
}
#endif
