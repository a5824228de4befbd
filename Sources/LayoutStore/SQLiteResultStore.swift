import BenchResults
import Foundation
import GRDB

/// The embedded store: one SQLite file through GRDB. WAL mode (a `DatabasePool`), so readers never block the
/// one writer and a reader in another process (`history` while `watch` runs) sees whole runs only: each run
/// is added in one transaction. A busy timeout lets a bench and a watch daemon share the file.
public final class SQLiteResultStore: ResultStore {
    /// Where the CLI keeps it unless told otherwise: beside the log, under the current folder.
    public static let defaultPath = ".layoutbench/results.sqlite"

    public let path: String
    private let pool: DatabasePool

    /// Opens (creating it and its folder if needed) the store at `path` and brings its schema up to date.
    public init(path: String) throws(StoreError) {
        self.path = path
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotOpen(path: path, reason: "cannot create the folder \(folder): \(error.localizedDescription)")
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.foreignKeysEnabled = true
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            let migrator = StoreSchema.migrator
            if try pool.read({ try migrator.hasBeenSuperseded($0) }) {
                throw StoreError.cannotOpen(path: path, reason: "written by a newer layoutbench (unknown migrations)")
            }
            try migrator.migrate(pool)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
    }

    /// The migrations applied to the file, in order.
    public func appliedMigrations() throws(StoreError) -> [String] {
        try read { db in try StoreSchema.migrator.appliedIdentifiers(db).sorted() }
    }

    @discardableResult
    public func add(_ report: BenchReport, metadata: RunMetadata) throws(StoreError) -> Int64 {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // An uploaded result carries its content id, so a retried `push` of it is stored once; a run recorded
        // as it is made (bench, watch, merge) is always a new run.
        let key = metadata.origin == RunMetadata.pushOrigin ? RunKey.of(report) : nil
        return try write { db in
            if let key,
                let known = try Int64.fetchOne(db, sql: "SELECT id FROM runs WHERE runKey = ?", arguments: [key])
            {
                return known  // stored before: its first id, nothing added
            }
            try db.execute(
                sql: """
                    INSERT INTO runs (createdAt, machine, cpu, toolchain, gitCommit, dirty, label, origin, runInfo, skipped,
                        branch, runKey)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    report.createdAt, try Self.json(report.machine, encoder), report.machine.cpu,
                    try Self.json(report.toolchain, encoder), report.gitCommit, metadata.dirty, metadata.label,
                    metadata.origin, try Self.json(report.run, encoder),
                    try report.skipped.map { try Self.json($0, encoder) }, metadata.branch, key,
                ])
            let runID = db.lastInsertedRowID
            for spec in report.specs {
                try db.execute(
                    sql: """
                        INSERT INTO specs (runId, name, source, items, sections, contentHash) VALUES (?, ?, ?, ?, ?, ?)
                        """, arguments: [runID, spec.name, spec.source, spec.items, spec.sections, spec.contentHash])
            }
            for result in report.results {
                var detail = result
                detail.samplesNs = []
                detail.calibrationNs = nil
                try db.execute(
                    sql: """
                        INSERT INTO results (runId, spec, specHash, scenario, threads, medianNs, detail)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        runID, result.spec, result.specHash, result.scenario, result.threads,
                        Int64(clamping: result.summaryNs.median), try Self.json(detail, encoder),
                    ])
                let resultID = db.lastInsertedRowID
                try db.execute(
                    sql: "INSERT INTO samples (resultId, timesNs, calibrationNs) VALUES (?, ?, ?)",
                    arguments: [
                        resultID, Data(SampleBlob.encode(result.samplesNs)),
                        result.calibrationNs.map { Data(SampleBlob.encode($0)) },
                    ])
            }
            return runID
        }
    }

    public func nameBaseline(_ name: String, run id: Int64) throws(StoreError) {
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM runs WHERE id = ?)", arguments: [id]) == true
            else {
                throw StoreError.noSuchRun(id: id)
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO baselines (name, runId, namedAt) VALUES (?, ?, ?)",
                arguments: [name, id, Timestamp.now()])
        }
    }

    public func baseline(named name: String) throws(StoreError) -> StoredRun {
        try read { db in
            guard let id = try Int64.fetchOne(db, sql: "SELECT runId FROM baselines WHERE name = ?", arguments: [name])
            else {
                let known = try String.fetchAll(db, sql: "SELECT name FROM baselines ORDER BY name")
                throw StoreError.noSuchBaseline(name: name, known: known)
            }
            return try Self.loadRun(db, id: id, spec: nil, scenarios: nil)
        }
    }

    public func latestRun(spec: String) throws(StoreError) -> StoredRun? {
        try history(spec: spec, scenarios: nil, last: 1).last
    }

    /// Complexity: one indexed lookup of the spec, the filter checked on the matching runs' rows.
    public func history(spec: String, scenarios: [String]?, last: Int, filter: HistoryFilter) throws(StoreError)
        -> [StoredRun]
    {
        try read { db in
            let sources = HistoryFilter.sources(for: spec, absolute: Self.absolute(spec))
            let ids = try Int64.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT specs.runId FROM specs JOIN runs ON runs.id = specs.runId
                    WHERE (specs.source IN (?, ?, ?) OR specs.name = ?)
                      AND (? IS NULL OR instr(runs.cpu, ?) > 0) AND (? IS NULL OR runs.branch = ?)
                      AND (? IS NULL OR runs.label = ?)
                    ORDER BY specs.runId DESC LIMIT ?
                    """,
                arguments: [
                    sources[0], sources[1], sources[2], spec, filter.machine, filter.machine, filter.branch,
                    filter.branch, filter.label, filter.label, max(0, last),
                ])
            return try ids.reversed().map { id in try Self.loadRun(db, id: id, spec: spec, scenarios: scenarios) }
        }
    }

    /// Every run's id, oldest first.
    public func runIDs() throws(StoreError) -> [Int64] {
        try read { db in try Int64.fetchAll(db, sql: "SELECT id FROM runs ORDER BY id") }
    }

    // MARK: - Reading rows back

    /// Run `id`, restricted to the spec matched by `spec` (source path or name) and to `scenarios`.
    private static func loadRun(_ db: Database, id: Int64, spec: String?, scenarios: [String]?) throws -> StoredRun {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM runs WHERE id = ?", arguments: [id]) else {
            throw StoreError.noSuchRun(id: id)
        }
        let decoder = JSONDecoder()
        var specRows = try Row.fetchAll(db, sql: "SELECT * FROM specs WHERE runId = ? ORDER BY id", arguments: [id])
        if let spec {
            let wanted = HistoryFilter.sources(for: spec, absolute: absolute(spec))
            specRows = specRows.filter { wanted.contains($0["source"] as String) || ($0["name"] as String) == spec }
        }
        let specs = specRows.map { r in
            SpecInfo(
                name: r["name"], source: r["source"], items: r["items"], sections: r["sections"],
                contentHash: r["contentHash"])
        }
        let names = Set(specs.map(\.name))
        var results: [ScenarioResult] = []
        let resultRows = try Row.fetchAll(
            db,
            sql: """
                SELECT results.id, results.spec, results.scenario, results.detail, samples.timesNs, samples.calibrationNs
                FROM results LEFT JOIN samples ON samples.resultId = results.id WHERE results.runId = ? ORDER BY results.id
                """, arguments: [id])
        for r in resultRows {
            if spec != nil && !names.contains(r["spec"] as String) { continue }
            if let scenarios, !scenarios.contains(r["scenario"] as String) { continue }
            let resultID: Int64 = r["id"]
            var result = try decode(ScenarioResult.self, r["detail"] as String, decoder, table: "results", id: resultID)
            result.samplesNs = SampleBlob.decode([UInt8]((r["timesNs"] as Data?) ?? Data()))
            result.calibrationNs = (r["calibrationNs"] as Data?).map { SampleBlob.decode([UInt8]($0)) }
            results.append(result)
        }
        let skipped: [String]? = try (row["skipped"] as String?).map {
            try decode([String].self, $0, decoder, table: "runs", id: id)
        }
        let report = BenchReport(
            createdAt: row["createdAt"],
            machine: try decode(MachineInfo.self, row["machine"], decoder, table: "runs", id: id),
            toolchain: try decode(ToolchainInfo.self, row["toolchain"], decoder, table: "runs", id: id),
            gitCommit: row["gitCommit"],
            run: try decode(RunInfo.self, row["runInfo"], decoder, table: "runs", id: id),
            specs: specs, results: results, skipped: skipped)
        let metadata = RunMetadata(
            label: row["label"], dirty: row["dirty"], origin: row["origin"], branch: row["branch"])
        return StoredRun(id: id, metadata: metadata, report: report)
    }

    private static func decode<T: Decodable>(
        _ type: T.Type, _ text: String, _ decoder: JSONDecoder,
        table: String, id: Int64
    ) throws -> T {
        do {
            return try decoder.decode(type, from: Data(text.utf8))
        } catch {
            throw StoreError.corruptRow(table: table, id: id, reason: "\(error)")
        }
    }

    private static func json<T: Encodable>(_ value: T, _ encoder: JSONEncoder) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    // MARK: - Errors in one place

    private func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.read(body)
        } catch {
            throw Self.storeError(error)
        }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.write(body)
        } catch {
            throw Self.storeError(error)
        }
    }

    private static func storeError(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        return .database(reason: "\(error)")
    }
}
