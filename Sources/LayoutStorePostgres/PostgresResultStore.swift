// The store itself needs libpq: only in a build with the Postgres trait (README "Optional parts").
#if Postgres
import BenchResults
import Foundation
import LayoutStore

/// The team store: the same tables and answers as `SQLiteResultStore`, on a PostgreSQL server, over one
/// connection (libpq, `LibPQConnection`). Async, so that a command can wait on the server without holding a
/// thread of Swift concurrency; the CLI bridges it to the synchronous `ResultStore`.
///
/// Many writers, nothing lost: a run is inserted in one transaction (runs, specs, results, samples), so a
/// writer killed mid-upload leaves nothing; each run carries `runKey` (a content hash of its result file),
/// unique in `runs`, so a retried upload of the same file returns the first upload's id and stores nothing.
public final class PostgresResultStore: Sendable {
    public let url: PostgresStoreURL
    private let connection: LibPQConnection

    private init(url: PostgresStoreURL, connection: LibPQConnection) {
        self.url = url; self.connection = connection
    }

    /// Connects to `url` and brings its schema up to date (see `PostgresSchema`). A server that cannot be
    /// reached or refuses the login is `StoreError.unavailable` (the CLI's exit status 3, so CI retries).
    public static func open(
        _ url: PostgresStoreURL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(StoreError) -> PostgresResultStore {
        var parameters: [(keyword: String, value: String)] = [
            ("host", url.host), ("port", String(url.port)), ("user", url.user), ("dbname", url.database),
            ("sslmode", url.tls.rawValue), ("connect_timeout", "10"),
            ("application_name", "layoutbench"),
        ]
        if let password = url.password(environment: environment) { parameters.append(("password", password)) }
        let connection: LibPQConnection
        do {
            connection = try await LibPQConnection.connect(parameters)
        } catch {
            throw .unavailable(store: url.description, reason: Self.reason(error))
        }
        do {
            let name = url.description
            try await connection.perform { session in try PostgresSchema.migrate(session, url: name) }
        } catch {
            await connection.close()
            throw Self.storeError(error)
        }
        return PostgresResultStore(url: url, connection: connection)
    }

    /// Closes the connection.
    public func close() async {
        await connection.close()
    }

    /// The migrations applied to the database, sorted.
    public func appliedMigrations() async throws(StoreError) -> [String] {
        try await run { session in
            let rows = try session.execute("SELECT id FROM layoutbench_migrations ORDER BY id")
            return try (0..<rows.count).map { try rows.text($0, 0) }
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
        // The transaction's first part: the run's row (or the id of the same run stored before) and its specs.
        let (runID, isNew) = try await run { session -> (Int64, Bool) in
            try session.execute("BEGIN")
            do {
                let inserted = try session.execute(
                    """
                    INSERT INTO runs (run_key, created_at, machine, cpu, toolchain, git_commit, branch, dirty, label,
                        origin, run_info, skipped)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
                    ON CONFLICT (run_key) DO NOTHING RETURNING id
                    """,
                    [
                        .text(key), .text(report.createdAt), .text(machine), .text(report.machine.cpu),
                        .text(toolchain), .text(report.gitCommit), (branch ?? metadata.branch).map { .text($0) },
                        .bool(metadata.dirty), metadata.label.map { .text($0) }, .text(metadata.origin),
                        .text(runInfo), skipped.map { .text($0) },
                    ])
                guard !inserted.isEmpty else {
                    // Stored before (a retried upload): its id, nothing written.
                    let existing = try session.execute("SELECT id FROM runs WHERE run_key = $1", [.text(key)])
                    try session.execute("COMMIT")
                    return (try existing.int64(0, 0), false)
                }
                let runID = try inserted.int64(0, 0)
                for spec in report.specs {
                    try session.execute(
                        """
                        INSERT INTO specs (run_id, name, source, items, sections, content_hash)
                        VALUES ($1, $2, $3, $4, $5, $6)
                        """,
                        [
                            .int(runID), .text(spec.name), .text(spec.source), .int(spec.items), .int(spec.sections),
                            .text(spec.contentHash),
                        ])
                }
                return (runID, true)
            } catch {
                _ = try? session.execute("ROLLBACK")
                throw error
            }
        }
        guard isNew else { return runID }
        if let pauseAfterSpecs { await pauseAfterSpecs() }
        // The second part: results and samples, then the commit.
        let results = report.results, rows = details
        try await run { session in
            do {
                for (result, detail) in zip(results, rows) {
                    let resultID = try session.execute(
                        """
                        INSERT INTO results (run_id, spec, spec_hash, scenario, threads, median_ns, detail)
                        VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id
                        """,
                        [
                            .int(runID), .text(result.spec), .text(result.specHash), .text(result.scenario),
                            .int(result.threads), .int(Int64(clamping: result.summaryNs.median)), .text(detail),
                        ]
                    ).int64(0, 0)
                    try session.execute(
                        "INSERT INTO samples (result_id, times_ns, calibration_ns) VALUES ($1, $2, $3)",
                        [
                            .int(resultID), .bytes(SampleBlob.encode(result.samplesNs)),
                            result.calibrationNs.map { .bytes(SampleBlob.encode($0)) },
                        ])
                }
                try session.execute("COMMIT")
            } catch {
                _ = try? session.execute("ROLLBACK")
                throw error
            }
        }
        return runID
    }

    /// Names run `id` as baseline `name` (a name given again moves to the new run).
    public func nameBaseline(_ name: String, run id: Int64) async throws(StoreError) {
        try await run { session in
            guard !(try session.execute("SELECT id FROM runs WHERE id = $1", [.int(id)])).isEmpty else {
                throw StoreError.noSuchRun(id: id)
            }
            try session.execute(
                """
                INSERT INTO baselines (name, run_id, named_at) VALUES ($1, $2, $3)
                ON CONFLICT (name) DO UPDATE SET run_id = EXCLUDED.run_id, named_at = EXCLUDED.named_at
                """, [.text(name), .int(id), .text(Timestamp.now())])
        }
    }

    /// The run named `name`, with all its results and samples.
    public func baseline(named name: String) async throws(StoreError) -> StoredRun {
        try await run { session in
            let rows = try session.execute("SELECT run_id FROM baselines WHERE name = $1", [.text(name)])
            guard !rows.isEmpty else {
                let names = try session.execute("SELECT name FROM baselines ORDER BY name")
                throw StoreError.noSuchBaseline(name: name, known: try (0..<names.count).map { try names.text($0, 0) })
            }
            return try Self.loadRun(session, id: try rows.int64(0, 0), spec: nil, scenarios: nil)
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
        try await run { session in
            let absolute = URL(fileURLWithPath: spec).standardizedFileURL.path
            let rows = try session.execute(
                """
                SELECT DISTINCT specs.run_id FROM specs JOIN runs ON runs.id = specs.run_id
                WHERE (specs.source = $1 OR specs.source = $2 OR specs.source = $3 OR specs.name = $1)
                  AND ($4::text IS NULL OR strpos(runs.cpu, $4) > 0)
                  AND ($5::text IS NULL OR runs.branch = $5)
                  AND ($6::text IS NULL OR runs.label = $6)
                ORDER BY specs.run_id DESC LIMIT $7
                """,
                [
                    .text(spec), .text(absolute), .text("preset:\(spec)"), filter.machine.map { .text($0) },
                    filter.branch.map { .text($0) }, filter.label.map { .text($0) }, .int(max(0, last)),
                ])
            let ids = try (0..<rows.count).map { try rows.int64($0, 0) }
            return try ids.reversed().map { try Self.loadRun(session, id: $0, spec: spec, scenarios: scenarios) }
        }
    }

    /// Every run's id, oldest first.
    public func runIDs() async throws(StoreError) -> [Int64] {
        try await run { session in
            let rows = try session.execute("SELECT id FROM runs ORDER BY id")
            return try (0..<rows.count).map { try rows.int64($0, 0) }
        }
    }

    /// How many rows each table holds: runs, specs, results, samples.
    public func rowCounts() async throws(StoreError) -> [String: Int64] {
        try await run { session in
            var counts: [String: Int64] = [:]
            for table in ["runs", "specs", "results", "samples"] {
                counts[table] = try session.execute("SELECT count(*) FROM \(table)").int64(0, 0)
            }
            return counts
        }
    }

    // MARK: - Reading rows back

    private static func loadRun(_ session: LibPQSession, id: Int64, spec: String?, scenarios: [String]?) throws
        -> StoredRun
    {
        let decoder = JSONDecoder()
        let run = try session.execute(
            """
            SELECT created_at, machine, toolchain, git_commit, run_info, skipped, label, dirty, origin, branch
            FROM runs WHERE id = $1
            """, [.int(id)])
        guard !run.isEmpty else { throw StoreError.noSuchRun(id: id) }
        var specs: [SpecInfo] = []
        let absolute = spec.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let preset = spec.map { "preset:\($0)" }
        let specRows = try session.execute(
            "SELECT name, source, items, sections, content_hash FROM specs WHERE run_id = $1 ORDER BY id", [.int(id)])
        for row in 0..<specRows.count {
            let name = try specRows.text(row, 0), source = try specRows.text(row, 1)
            if let spec, source != spec, source != absolute, source != preset, name != spec { continue }
            specs.append(
                SpecInfo(
                    name: name, source: source, items: try specRows.int(row, 2), sections: try specRows.int(row, 3),
                    contentHash: try specRows.text(row, 4)))
        }
        let names = Set(specs.map(\.name))
        var results: [ScenarioResult] = []
        let resultRows = try session.execute(
            """
            SELECT results.id, results.spec, results.scenario, results.detail, samples.times_ns, samples.calibration_ns
            FROM results LEFT JOIN samples ON samples.result_id = results.id WHERE results.run_id = $1
            ORDER BY results.id
            """, [.int(id)])
        for row in 0..<resultRows.count {
            let resultID = try resultRows.int64(row, 0)
            let specName = try resultRows.text(row, 1), scenario = try resultRows.text(row, 2)
            if spec != nil && !names.contains(specName) { continue }
            if let scenarios, !scenarios.contains(scenario) { continue }
            let detail = try resultRows.text(row, 3)
            var result = try decode(ScenarioResult.self, detail, decoder, table: "results", id: resultID)
            result.samplesNs = SampleBlob.decode(try resultRows.bytes(row, 4) ?? [])
            result.calibrationNs = try resultRows.bytes(row, 5).map { SampleBlob.decode($0) }
            results.append(result)
        }
        let report = BenchReport(
            createdAt: try run.text(0, 0),
            machine: try decode(MachineInfo.self, try run.text(0, 1), decoder, table: "runs", id: id),
            toolchain: try decode(ToolchainInfo.self, try run.text(0, 2), decoder, table: "runs", id: id),
            gitCommit: try run.text(0, 3),
            run: try decode(RunInfo.self, try run.text(0, 4), decoder, table: "runs", id: id),
            specs: specs, results: results,
            skipped: try run.optionalText(0, 5).map { try decode([String].self, $0, decoder, table: "runs", id: id) })
        return StoredRun(
            id: id,
            metadata: RunMetadata(
                label: run.optionalText(0, 6), dirty: try run.bool(0, 7), origin: try run.text(0, 8),
                branch: run.optionalText(0, 9)),
            report: report)
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

    /// Runs `body` on the connection's queue, its failures as `StoreError`.
    private func run<T: Sendable>(_ body: @escaping @Sendable (LibPQSession) throws -> T) async throws(StoreError) -> T
    {
        do {
            return try await connection.perform(body)
        } catch {
            throw Self.storeError(error)
        }
    }

    /// A lost connection is `unavailable`, any other server error `database`.
    static func storeError(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? PostgresFailure, error.connectionLost {
            return .unavailable(store: "PostgreSQL", reason: error.message)
        }
        return .database(reason: reason(error))
    }

    /// A server error's message, else the error itself.
    static func reason(_ error: any Error) -> String {
        (error as? PostgresFailure)?.message ?? "\(error)"
    }
}
#endif
