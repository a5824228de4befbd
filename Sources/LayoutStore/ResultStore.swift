import BenchResults

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

    /// The newest `last` runs that measured the spec, oldest first, each restricted to that spec's results
    /// (and to `scenarios` when given).
    func history(spec: String, scenarios: [String]?, last: Int) throws(StoreError) -> [StoredRun]
}

/// What a run records beside its result file.
public struct RunMetadata: Hashable, Sendable {
    /// A name a person gave the run (`--label`), or nil.
    public var label: String?
    /// Whether the working tree had uncommitted changes when it ran.
    public var dirty: Bool
    /// Who added it: "bench" or "watch".
    public var origin: String

    public init(label: String? = nil, dirty: Bool = false, origin: String) {
        self.label = label; self.dirty = dirty; self.origin = origin
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
        }
    }
}
