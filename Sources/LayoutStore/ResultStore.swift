import BenchResults
import ErrorReporting

/// Where bench and watch results are kept. A small protocol so that a server database can take the place of
/// the embedded SQLite file (`SQLiteResultStore`) without touching its callers.
public protocol ResultStore: Sendable {
    /// Adds one run (a whole result file) and returns its id.
    @discardableResult
    func add(_ report: BenchReport, metadata: RunMetadata) throws(StoreError) -> Int64

    /// Names run `id` as baseline `name` (a name given again moves to the new run).
    func nameBaseline(_ name: String, run id: Int64) throws(StoreError)

    /// The run named `name`, with all its results and samples.
    func baseline(named name: String) throws(StoreError) -> StoredRun

    /// The newest run that measured the spec (matched by its source path or its name), restricted to that
    /// spec's results; nil if none did.
    func latestRun(spec: String) throws(StoreError) -> StoredRun?

    /// The newest `last` runs that measured the spec (its source path, its name, or a preset's name) and
    /// pass `filter`, oldest first, each restricted to that spec's results (and to `scenarios` when given).
    func history(spec: String, scenarios: [String]?, last: Int, filter: HistoryFilter) throws(StoreError)
        -> [StoredRun]
}

extension ResultStore {
    /// `history` over every run of the spec.
    public func history(spec: String, scenarios: [String]?, last: Int) throws(StoreError) -> [StoredRun] {
        try history(spec: spec, scenarios: scenarios, last: last, filter: HistoryFilter())
    }
}

/// Which runs `history` keeps; nil keeps any. Both stores apply it in their query, before `last`.
public struct HistoryFilter: Hashable, Sendable {
    /// Part of the run's CPU model (`MachineInfo.cpu`, the `machine` of the PostgreSQL views), case-sensitive.
    public var machine: String?
    /// The git branch the run was recorded on, exactly.
    public var branch: String?
    /// The run's label, exactly.
    public var label: String?

    public init(machine: String? = nil, branch: String? = nil, label: String? = nil) {
        self.machine = machine; self.branch = branch; self.label = label
    }

    /// The sources a spec argument matches beside itself: its absolute path and, for a preset's name, the
    /// preset's source (`preset:grid-10k`).
    public static func sources(for spec: String, absolute: String) -> [String] {
        [spec, absolute, "preset:\(spec)"]
    }
}

/// What a run records beside its result file.
public struct RunMetadata: Hashable, Sendable {
    /// A name a person gave the run (`--label`), or nil.
    public var label: String?
    /// Whether the working tree had uncommitted changes when it ran.
    public var dirty: Bool
    /// Who added it: "bench", "watch" or "push".
    public var origin: String
    /// The git branch it ran on (`GITHUB_REF_NAME`, `CI_COMMIT_REF_NAME`, or the checkout's), or nil.
    public var branch: String?

    /// The origin of a result uploaded with `layoutbench push`: stored once however often it is pushed.
    public static let pushOrigin = "push"

    public init(label: String? = nil, dirty: Bool = false, origin: String, branch: String? = nil) {
        self.label = label; self.dirty = dirty; self.origin = origin; self.branch = branch
    }
}

/// A run read back from the store.
public struct StoredRun: Hashable, Sendable {
    public var id: Int64
    public var metadata: RunMetadata
    /// The result file as it was added (possibly restricted to one spec's results, see `ResultStore`).
    public var report: BenchReport

    public init(id: Int64, metadata: RunMetadata, report: BenchReport) {
        self.id = id; self.metadata = metadata; self.report = report
    }
}

/// Why the store could not do what was asked.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file cannot be opened or created as a results database (a missing folder, a file that is not
    /// SQLite, a schema newer than this build).
    case cannotOpen(path: String, reason: String)
    /// A read or write failed (a full disk, a locked database past the busy timeout).
    case database(reason: String)
    /// A server store that cannot be reached (refused, timed out, login refused, connection lost): the
    /// result file is kept and the upload can be retried (`layoutbench push`).
    case unavailable(store: String, reason: String)
    case noSuchBaseline(name: String, known: [String])
    case noSuchRun(id: Int64)
    /// A row whose stored JSON no longer decodes.
    case corruptRow(table: String, id: Int64, reason: String)
    /// A server store in a build without the trait that holds it (`postgres://` without `Postgres`).
    case missingTrait(MissingBuildTrait)

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason):
            return "\(path): cannot open the results store: \(reason)"
        case let .database(reason):
            return "results store: \(reason)"
        case let .unavailable(store, reason):
            return "\(store): results store unavailable: \(reason)"
        case let .noSuchBaseline(name, known):
            let list =
                known.isEmpty
                ? "none is stored; name one with `layoutbench bench --save-baseline NAME`"
                : "stored: " + known.joined(separator: ", ")
            return "no baseline named '\(name)' (\(list))"
        case let .noSuchRun(id):
            return "no run with id \(id) in the results store"
        case let .corruptRow(table, id, reason):
            return "results store: row \(id) of \(table) cannot be read: \(reason)"
        case let .missingTrait(missing):
            return missing.message
        }
    }
}
