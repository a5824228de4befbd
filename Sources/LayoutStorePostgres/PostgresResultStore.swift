// The store itself needs PostgresNIO: only in a build with the Postgres trait (README "Optional parts").
#if Postgres
import BenchResults
import Foundation
import LayoutStore
import PostgresNIO

/// The team store: the same tables and answers as `SQLiteResultStore`, on a PostgreSQL server, over one
/// connection. Async (PostgresNIO is); the CLI bridges it to the synchronous `ResultStore`.
///
/// Many writers, nothing lost: a run is inserted in one transaction (runs, specs, results, samples), so a
/// writer killed mid-upload leaves nothing; each run carries `runKey` (a content hash of its result file),
/// unique in `runs`, so a retried upload of the same file returns the first upload's id and stores nothing.
public final class PostgresResultStore: Sendable {
    public let url: PostgresStoreURL
    private let connection: PostgresConnection
    private let logger: Logger

    private init(url: PostgresStoreURL, connection: PostgresConnection, logger: Logger) {
        self.url = url; self.connection = connection; self.logger = logger
    }

    /// Connects to `url` and brings its schema up to date (see `PostgresSchema`). A server that cannot be
    /// reached or refuses the login is `StoreError.unavailable` (the CLI's exit status 3, so CI retries).
    public static func open(
        _ url: PostgresStoreURL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(StoreError) -> PostgresResultStore {
        var logger = Logger(label: "layoutbench.store.postgres")
        logger.logLevel = .critical
        let connection: PostgresConnection
        do {
            let tls: PostgresConnection.Configuration.TLS
            switch url.tls {
            case .disable: tls = .disable
            case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
            let configuration = PostgresConnection.Configuration(
                host: url.host, port: url.port, username: url.user, password: url.password(environment: environment),
                database: url.database, tls: tls)
            connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        } catch {
            throw .unavailable(store: url.description, reason: Self.reason(error))
        }
        do {
            try await PostgresSchema.migrate(connection, logger: logger, url: url.description)
        } catch {
            try? await connection.close()
            throw Self.storeError(error)
        }
        return PostgresResultStore(url: url, connection: connection, logger: logger)
    }

    /// Closes the connection.
    public func close() async {
        try? await connection.close()
    }

    /// The migrations applied to the database, sorted.
    public func appliedMigrations() async throws(StoreError) -> [String] {
        try await run {
            var ids: [String] = []
            for try await id in try await connection.query(
                "SELECT id FROM layoutbench_migrations ORDER BY id", logger: logger
            ).decode(String.self) {
                ids.append(id)
            }
            return ids
        }
    }

    /// The content id of a result file (`RunKey`, the same in both stores).
    public static func runKey(_ report: BenchReport) -> String { RunKey.of(report) }

    /// Adds one run in one transaction and returns its id; a run already stored (same `runKey`) is not
    /// added again and its first id is returned. `pauseAfterSpecs` (a test knob) runs after the run's row
    /// and specs are inserted, before its results, inside the transaction.
    /// Complexity: O(results + samples) rows and bytes sent.
    @discardableResult
    public func add(
        _ report: BenchReport, metadata: RunMetadata, branch: String? = nil,
        pauseAfterSpecs: (@Sendable () async -> Void)? = nil
    ) async throws(StoreError) -> Int64 {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let key = Self.runKey(report)
        let machine = try Self.json(report.machine, encoder)
        let toolchain = try Self.json(report.toolchain, encoder)
        let runInfo = try Self.json(report.run, encoder)
        let skipped: String? = try report.skipped.map { (list) throws(StoreError) in try Self.json(list, encoder) }
        var details: [String] = []
        for result in report.results {
            var detail = result
            detail.samplesNs = []
            detail.calibrationNs = nil
            details.append(try Self.json(detail, encoder))
        }
        let logger = self.logger
        return try await run {
            try await connection.withTransaction(logger: logger) { db in
                let inserted = try await db.query(
                    """
                    INSERT INTO runs (run_key, created_at, machine, cpu, toolchain, git_commit, branch, dirty, label,
                        origin, run_info, skipped)
                    VALUES (\(key), \(report.createdAt), \(machine), \(report.machine.cpu), \(toolchain),
                        \(report.gitCommit), \(branch ?? metadata.branch), \(metadata.dirty), \(metadata.label), \(metadata.origin),
                        \(runInfo), \(skipped))
                    ON CONFLICT (run_key) DO NOTHING RETURNING id
                    """, logger: logger
                ).collect()
                guard let runID = try inserted.first?.decode(Int64.self) else {
                    // Stored before (a retried upload): its id, nothing written.
                    let existing = try await db.query("SELECT id FROM runs WHERE run_key = \(key)", logger: logger)
                        .collect()
                    return try existing[0].decode(Int64.self)
                }
                for spec in report.specs {
                    try await db.query(
                        """
                        INSERT INTO specs (run_id, name, source, items, sections, content_hash)
                        VALUES (\(runID), \(spec.name), \(spec.source), \(spec.items), \(spec.sections),
                            \(spec.contentHash))
                        """, logger: logger)
                }
                if let pauseAfterSpecs { await pauseAfterSpecs() }
                for (result, detail) in zip(report.results, details) {
                    let resultID = try await db.query(
                        """
                        INSERT INTO results (run_id, spec, spec_hash, scenario, threads, median_ns, detail)
                        VALUES (\(runID), \(result.spec), \(result.specHash), \(result.scenario), \(result.threads),
                            \(Int64(clamping: result.summaryNs.median)), \(detail)) RETURNING id
                        """, logger: logger
                    ).collect()[0].decode(Int64.self)
                    let times = ByteBuffer(bytes: SampleBlob.encode(result.samplesNs))
                    let calibration = result.calibrationNs.map { ByteBuffer(bytes: SampleBlob.encode($0)) }
                    try await db.query(
                        """
                        INSERT INTO samples (result_id, times_ns, calibration_ns)
                        VALUES (\(resultID), \(times), \(calibration))
                        """, logger: logger)
                }
                return runID
            }
        }
    }

    /// Names run `id` as baseline `name` (a name given again moves to the new run).
    public func nameBaseline(_ name: String, run id: Int64) async throws(StoreError) {
        try await run {
            let exists = try await connection.query("SELECT id FROM runs WHERE id = \(id)", logger: logger).collect()
            guard !exists.isEmpty else { throw StoreError.noSuchRun(id: id) }
            try await connection.query(
                """
                INSERT INTO baselines (name, run_id, named_at) VALUES (\(name), \(id), \(Timestamp.now()))
                ON CONFLICT (name) DO UPDATE SET run_id = EXCLUDED.run_id, named_at = EXCLUDED.named_at
                """, logger: logger)
        }
    }

    /// The run named `name`, with all its results and samples.
    public func baseline(named name: String) async throws(StoreError) -> StoredRun {
        try await run {
            let rows = try await connection.query("SELECT run_id FROM baselines WHERE name = \(name)", logger: logger)
                .collect()
            guard let row = rows.first else {
                var known: [String] = []
                for try await name in try await connection.query(
                    "SELECT name FROM baselines ORDER BY name", logger: logger
                ).decode(String.self) {
                    known.append(name)
                }
                throw StoreError.noSuchBaseline(name: name, known: known)
            }
            return try await loadRun(id: try row.decode(Int64.self), spec: nil, scenarios: nil)
        }
    }

    /// The newest run that measured the spec, restricted to that spec's results; nil if none did.
    public func latestRun(spec: String) async throws(StoreError) -> StoredRun? {
        try await history(spec: spec, scenarios: nil, last: 1).last
    }

    /// The newest `last` runs that measured the spec (source path or name), oldest first, each restricted
    /// to that spec's results (and to `scenarios` when given), as `SQLiteResultStore.history`.
    public func history(
        spec: String, scenarios: [String]?, last: Int, filter: HistoryFilter = HistoryFilter()
    ) async throws(StoreError) -> [StoredRun] {
        try await run {
            let absolute = URL(fileURLWithPath: spec).standardizedFileURL.path
            let preset = "preset:\(spec)"
            var ids: [Int64] = []
            for try await id in try await connection.query(
                """
                SELECT DISTINCT specs.run_id FROM specs JOIN runs ON runs.id = specs.run_id
                WHERE (specs.source = \(spec) OR specs.source = \(absolute) OR specs.source = \(preset)
                    OR specs.name = \(spec))
                  AND (\(filter.machine)::text IS NULL OR strpos(runs.cpu, \(filter.machine)) > 0)
                  AND (\(filter.branch)::text IS NULL OR runs.branch = \(filter.branch))
                  AND (\(filter.label)::text IS NULL OR runs.label = \(filter.label))
                ORDER BY specs.run_id DESC LIMIT \(max(0, last))
                """, logger: logger
            ).decode(Int64.self) {
                ids.append(id)
            }
            var runs: [StoredRun] = []
            for id in ids.reversed() { runs.append(try await loadRun(id: id, spec: spec, scenarios: scenarios)) }
            return runs
        }
    }

    /// Every run's id, oldest first.
    public func runIDs() async throws(StoreError) -> [Int64] {
        try await run {
            var ids: [Int64] = []
            for try await id in try await connection.query("SELECT id FROM runs ORDER BY id", logger: logger)
                .decode(Int64.self)
            {
                ids.append(id)
            }
            return ids
        }
    }

    /// How many rows each table holds: runs, specs, results, samples.
    public func rowCounts() async throws(StoreError) -> [String: Int64] {
        try await run {
            var counts: [String: Int64] = [:]
            for table in ["runs", "specs", "results", "samples"] {
                let rows = try await connection.query(
                    PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table)"), logger: logger
                ).collect()
                counts[table] = try rows[0].decode(Int64.self)
            }
            return counts
        }
    }

    // MARK: - Reading rows back

    private func loadRun(id: Int64, spec: String?, scenarios: [String]?) async throws -> StoredRun {
        let decoder = JSONDecoder()
        let runRows = try await connection.query(
            """
            SELECT created_at, machine, toolchain, git_commit, run_info, skipped, label, dirty, origin, branch
            FROM runs WHERE id = \(id)
            """, logger: logger
        ).collect()
        guard let runRow = runRows.first else { throw StoreError.noSuchRun(id: id) }
        let (createdAt, machine, toolchain, gitCommit, runInfo, skipped, label, dirty, origin, branch) =
            try runRow.decode((String, String, String, String, String, String?, String?, Bool, String, String?).self)
        var specs: [SpecInfo] = []
        let absolute = spec.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let preset = spec.map { "preset:\($0)" }
        for try await (name, source, items, sections, contentHash) in try await connection.query(
            "SELECT name, source, items, sections, content_hash FROM specs WHERE run_id = \(id) ORDER BY id",
            logger: logger
        ).decode((String, String, Int, Int, String).self) {
            if let spec, source != spec, source != absolute, source != preset, name != spec { continue }
            specs.append(
                SpecInfo(name: name, source: source, items: items, sections: sections, contentHash: contentHash))
        }
        let names = Set(specs.map(\.name))
        var results: [ScenarioResult] = []
        for try await (resultID, specName, scenario, detail, times, calibration) in try await connection.query(
            """
            SELECT results.id, results.spec, results.scenario, results.detail, samples.times_ns, samples.calibration_ns
            FROM results LEFT JOIN samples ON samples.result_id = results.id WHERE results.run_id = \(id)
            ORDER BY results.id
            """, logger: logger
        ).decode((Int64, String, String, String, ByteBuffer?, ByteBuffer?).self) {
            if spec != nil && !names.contains(specName) { continue }
            if let scenarios, !scenarios.contains(scenario) { continue }
            var result = try Self.decode(ScenarioResult.self, detail, decoder, table: "results", id: resultID)
            result.samplesNs = SampleBlob.decode(times.map { Array($0.readableBytesView) } ?? [])
            result.calibrationNs = calibration.map { SampleBlob.decode(Array($0.readableBytesView)) }
            results.append(result)
        }
        let report = BenchReport(
            createdAt: createdAt,
            machine: try Self.decode(MachineInfo.self, machine, decoder, table: "runs", id: id),
            toolchain: try Self.decode(ToolchainInfo.self, toolchain, decoder, table: "runs", id: id),
            gitCommit: gitCommit,
            run: try Self.decode(RunInfo.self, runInfo, decoder, table: "runs", id: id),
            specs: specs, results: results,
            skipped: try skipped.map { try Self.decode([String].self, $0, decoder, table: "runs", id: id) })
        return StoredRun(
            id: id, metadata: RunMetadata(label: label, dirty: dirty, origin: origin, branch: branch), report: report)
    }

    private static func decode<T: Decodable>(
        _ type: T.Type, _ text: String, _ decoder: JSONDecoder, table: String, id: Int64
    ) throws -> T {
        do {
            return try decoder.decode(type, from: Data(text.utf8))
        } catch {
            throw StoreError.corruptRow(table: table, id: id, reason: "\(error)")
        }
    }

    private static func json<T: Encodable>(_ value: T, _ encoder: JSONEncoder) throws(StoreError) -> String {
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw .database(reason: "cannot encode \(T.self): \(error)")
        }
    }

    // MARK: - Errors in one place

    private func run<T>(_ body: () async throws -> T) async throws(StoreError) -> T {
        do {
            return try await body()
        } catch {
            throw Self.storeError(error)
        }
    }

    /// A StoreError thrown inside a transaction comes back wrapped in PostgresTransactionError; a lost
    /// connection is `unavailable`, any other server error `database`.
    static func storeError(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? PostgresTransactionError {
            if let inner = error.closureError ?? error.beginError ?? error.commitError { return storeError(inner) }
        }
        if let error = error as? PSQLError, error.code == .serverClosedConnection || error.code == .connectionError {
            return .unavailable(store: "PostgreSQL", reason: reason(error))
        }
        return .database(reason: reason(error))
    }

    /// A server error's message (PSQLError's description hides it on purpose), else the error itself.
    static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return "\(underlying)" }
            return "\(error.code)"
        }
        return "\(error)"
    }
}
#endif
