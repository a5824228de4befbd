import BenchResults
import ErrorReporting
import Foundation
import GRDB
import Testing

@testable import LayoutStore

@Suite("results store")
struct ResultStoreTests {
    @Test("history takes a preset's name (`history grid-10k`) as it takes a spec's path or name")
    func historyByPresetName() throws {
        let store = try SQLiteResultStore(path: StoreFixtures.temporaryStorePath())
        try store.add(
            StoreFixtures.report(spec: "grid-10k", source: "preset:grid-10k", medians: ["full": 1000]),
            metadata: RunMetadata(origin: "bench"))
        try store.add(StoreFixtures.report(medians: ["full": 2000]), metadata: RunMetadata(origin: "bench"))
        let preset = try store.history(spec: "grid-10k", scenarios: nil, last: 10)
        #expect(preset.count == 1)
        #expect(preset.first?.report.specs.map(\.source) == ["preset:grid-10k"])
        #expect(try store.history(spec: "/specs/grid.yaml", scenarios: nil, last: 10).count == 1)
        #expect(try store.history(spec: "grid-1m", scenarios: nil, last: 10).isEmpty)
    }

    @Test("a new store applies every migration, and reopening it applies none again")
    func migrations() throws {
        let path = StoreFixtures.temporaryStorePath()
        let store = try SQLiteResultStore(path: path)
        #expect(
            try store.appliedMigrations() == [
                "v1-runs-specs-results", "v2-spec-lookup-indexes", "v3-runs-branch", "v4-runs-key",
            ])
        try store.add(StoreFixtures.report(medians: ["full": 1000]), metadata: RunMetadata(origin: "bench"))
        let reopened = try SQLiteResultStore(path: path)
        #expect(try reopened.appliedMigrations() == StoreSchema.identifiers)
        #expect(try reopened.runIDs().count == 1)
    }

    @Test("a result pushed twice (a retried upload) is one run with one id; benched runs are always new runs")
    func retriedAddIsStoredOnce() throws {
        let store = try SQLiteResultStore(path: StoreFixtures.temporaryStorePath())
        let report = StoreFixtures.report(medians: ["full": 1000])
        let first = try store.add(report, metadata: RunMetadata(origin: RunMetadata.pushOrigin))
        let again = try store.add(report, metadata: RunMetadata(origin: RunMetadata.pushOrigin))
        #expect(again == first)
        #expect(try store.runIDs() == [first])
        let other = try store.add(
            StoreFixtures.report(medians: ["full": 1100]), metadata: RunMetadata(origin: RunMetadata.pushOrigin))
        #expect(other != first)
        #expect(try store.add(report, metadata: RunMetadata(origin: "bench")) != first)
        #expect(try store.runIDs().count == 3)
    }

    @Test("a file at the first migration is brought up to date, keeping its runs")
    func upgradeFromV1() throws {
        let path = StoreFixtures.temporaryStorePath()
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let pool = try DatabasePool(path: path)
        try StoreSchema.migrator.migrate(pool, upTo: "v1-runs-specs-results")
        try pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO runs (createdAt, machine, cpu, toolchain, gitCommit, dirty, origin, runInfo)
                    VALUES ('t', '{}', 'cpu', '{}', 'c', 0, 'bench', '{}')
                    """)
        }
        let store = try SQLiteResultStore(path: path)
        #expect(try store.appliedMigrations().contains("v2-spec-lookup-indexes"))
        #expect(try store.runIDs() == [1])
        let indexes = try pool.read { db in
            try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'specs_on_%'")
        }
        #expect(Set(indexes).isSuperset(of: ["specs_on_source", "specs_on_name"]))
    }

    @Test("a run reads back exactly as it was added: samples, calibration, rounds, metadata")
    func roundTrip() throws {
        let store = try SQLiteResultStore(path: StoreFixtures.temporaryStorePath())
        let report = StoreFixtures.report(medians: ["full": 1000, "query": 50])
        let id = try store.add(report, metadata: RunMetadata(label: "nightly", dirty: true, origin: "bench"))
        try store.nameBaseline("main", run: id)
        let back = try store.baseline(named: "main")
        #expect(back.id == id)
        #expect(back.report == report)
        #expect(back.metadata == RunMetadata(label: "nightly", dirty: true, origin: "bench"))
    }

    @Test("the store's journal is WAL")
    func walMode() throws {
        let path = StoreFixtures.temporaryStorePath()
        _ = try SQLiteResultStore(path: path)
        let mode = try DatabaseQueue(path: path).read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test("baseline lookup: a name moves to a newer run; an unknown name lists the known ones")
    func baselines() throws {
        let store = try SQLiteResultStore(path: StoreFixtures.temporaryStorePath())
        let first = try store.add(StoreFixtures.report(medians: ["full": 1000]), metadata: RunMetadata(origin: "bench"))
        let second = try store.add(
            StoreFixtures.report(medians: ["full": 2000]), metadata: RunMetadata(origin: "bench"))
        try store.nameBaseline("main", run: first)
        #expect(
            try store.baseline(named: "main").report.results[0].summaryNs.median
                == StoreFixtures.report(medians: ["full": 1000]).results[0].summaryNs.median)
        try store.nameBaseline("main", run: second)
        #expect(try store.baseline(named: "main").id == second)
        #expect(throws: StoreError.noSuchBaseline(name: "release", known: ["main"])) {
            try store.baseline(named: "release")
        }
        #expect(throws: StoreError.noSuchRun(id: 99)) { try store.nameBaseline("x", run: 99) }
    }

    @Test("history: the newest N runs of one spec, oldest first, restricted to it and to the scenarios asked")
    func history() throws {
        let store = try SQLiteResultStore(path: StoreFixtures.temporaryStorePath())
        for median in [1000.0, 1100, 1200, 1300] {
            try store.add(
                StoreFixtures.report(medians: ["full": median, "query": 10]), metadata: RunMetadata(origin: "watch"))
            try store.add(
                StoreFixtures.report(spec: "feed", source: "/specs/feed.yaml", medians: ["full": 5]),
                metadata: RunMetadata(origin: "watch"))
        }
        let runs = try store.history(spec: "/specs/grid.yaml", scenarios: ["full"], last: 3)
        #expect(runs.map(\.id) == [3, 5, 7])
        #expect(
            runs.allSatisfy { $0.report.results.map(\.scenario) == ["full"] && $0.report.specs.map(\.name) == ["grid"] }
        )
        #expect(
            runs.map { $0.report.results[0].summaryNs.median }
                == [1100, 1200, 1300].map { StoreFixtures.report(medians: ["full": $0]).results[0].summaryNs.median })
        #expect(try store.history(spec: "feed", scenarios: nil, last: 10).count == 4)  // by name
        #expect(try store.latestRun(spec: "/specs/feed.yaml")?.id == 8)
        #expect(try store.latestRun(spec: "/specs/none.yaml") == nil)
    }

    @Test("a file that is not SQLite cannot be opened, with the reason")
    func notADatabase() throws {
        let path = StoreFixtures.temporaryStorePath()
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.self) { try SQLiteResultStore(path: path) }
    }

    @Test("exit statuses: a store failing to read or write (a full disk) is the environment's (3), not bad input")
    func exitStatuses() {
        #expect(StoreError.database(reason: "database or disk is full").exitStatus == .environment)
        #expect(StoreError.corruptRow(table: "runs", id: 1, reason: "bad JSON").exitStatus == .environment)
        #expect(StoreError.cannotOpen(path: "/x/results.sqlite", reason: "no such folder").exitStatus == .badInput)
        #expect(StoreError.noSuchBaseline(name: "main", known: []).exitStatus == .badInput)
        #expect(StoreError.database(reason: "disk full").report == "error: results store: disk full")
    }
}
