// The store itself needs libpq: only in a build with the Postgres trait (README "Optional parts").
#if Postgres
import LayoutStore

/// The server store's tables, built by numbered migrations (the same tables as the SQLite store's
/// `StoreSchema`, plus `runs.run_key`, the run's content id that makes a retried upload a no-op).
///
/// Migrating is safe when several runners open the store at the same moment: each migration pass runs in
/// one transaction that first takes `pg_advisory_xact_lock(migrationLockKey)`, so the passes run one after
/// the other; the second finds every migration recorded in `layoutbench_migrations` and applies none.
enum PostgresSchema {
    /// The advisory lock key every layoutbench process takes while it migrates ("LBSTORE1" as bytes).
    static let migrationLockKey: Int64 = 0x4C42_5354_4F52_4531

    /// Each migration, in order: its id and its statements.
    static let migrations: [(id: String, statements: [String])] = [
        (
            "v1-runs-specs-results",
            [
                """
                CREATE TABLE runs (
                    id bigserial PRIMARY KEY, run_key text NOT NULL UNIQUE, created_at text NOT NULL,
                    machine text NOT NULL, cpu text NOT NULL, toolchain text NOT NULL, git_commit text NOT NULL,
                    branch text, dirty boolean NOT NULL, label text, origin text NOT NULL, run_info text NOT NULL,
                    skipped text, stored_at timestamptz NOT NULL DEFAULT now())
                """,
                """
                CREATE TABLE specs (
                    id bigserial PRIMARY KEY, run_id bigint NOT NULL REFERENCES runs ON DELETE CASCADE,
                    name text NOT NULL, source text NOT NULL, items bigint NOT NULL, sections bigint NOT NULL,
                    content_hash text NOT NULL)
                """,
                """
                CREATE TABLE results (
                    id bigserial PRIMARY KEY, run_id bigint NOT NULL REFERENCES runs ON DELETE CASCADE,
                    spec text NOT NULL, spec_hash text NOT NULL, scenario text NOT NULL, threads bigint NOT NULL,
                    median_ns bigint NOT NULL, detail text NOT NULL)
                """,
                """
                CREATE TABLE samples (
                    result_id bigint PRIMARY KEY REFERENCES results ON DELETE CASCADE,
                    times_ns bytea NOT NULL, calibration_ns bytea)
                """,
                """
                CREATE TABLE baselines (
                    name text PRIMARY KEY, run_id bigint NOT NULL REFERENCES runs ON DELETE CASCADE,
                    named_at text NOT NULL)
                """,
                "CREATE INDEX specs_on_source ON specs (source)",
                "CREATE INDEX specs_on_name ON specs (name)",
                "CREATE INDEX specs_on_run ON specs (run_id)",
                "CREATE INDEX results_on_run ON results (run_id)",
            ]
        ),
        // The common questions as views (docs/team-store.md): the machine is the run's CPU model.
        (
            "v2-views",
            [
                """
                CREATE VIEW latest_medians AS
                SELECT DISTINCT ON (runs.cpu, results.spec, results.scenario, results.threads)
                    runs.cpu AS machine, results.spec, results.scenario, results.threads, results.median_ns,
                    runs.id AS run_id, runs.git_commit, runs.branch, runs.label, runs.created_at
                FROM results JOIN runs ON runs.id = results.run_id
                ORDER BY runs.cpu, results.spec, results.scenario, results.threads, runs.id DESC
                """,
                """
                CREATE VIEW scenario_trend AS
                SELECT runs.branch, results.spec, results.scenario, results.threads, runs.cpu AS machine,
                    runs.id AS run_id, runs.created_at, runs.git_commit, runs.label, results.median_ns
                FROM results JOIN runs ON runs.id = results.run_id
                """,
            ]
        ),
    ]

    /// Every migration this build knows, in order.
    static var identifiers: [String] { migrations.map(\.id) }

    /// Applies the migrations the database lacks, under the advisory lock, in one transaction (on the
    /// connection's queue). Throws `StoreError.cannotOpen` if the database has migrations this build does not
    /// know.
    static func migrate(_ session: LibPQSession, url: String) throws {
        try session.execute("BEGIN")
        do {
            try session.execute("SELECT pg_advisory_xact_lock($1::bigint)", [.int(migrationLockKey)])
            try session.execute(
                """
                CREATE TABLE IF NOT EXISTS layoutbench_migrations (
                    id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
                """)
            let rows = try session.execute("SELECT id FROM layoutbench_migrations")
            let applied = Set(try (0..<rows.count).map { try rows.text($0, 0) })
            let unknown = applied.subtracting(identifiers)
            guard unknown.isEmpty else {
                let names = unknown.sorted().joined(separator: ", ")
                throw StoreError.cannotOpen(
                    path: url, reason: "written by a newer layoutbench (unknown migrations: \(names))")
            }
            for migration in migrations where !applied.contains(migration.id) {
                for statement in migration.statements { try session.execute(statement) }
                try session.execute("INSERT INTO layoutbench_migrations (id) VALUES ($1)", [.text(migration.id)])
            }
            try session.execute("COMMIT")
        } catch {
            _ = try? session.execute("ROLLBACK")
            throw error
        }
    }
}
#endif
