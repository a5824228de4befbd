// Behind a package trait: compiled only in a build with it (scripts/test.sh enables every trait).
#if Postgres
import BenchResults
import Foundation
import LayoutStore
import LayoutStorePostgres
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A synthetic result with known samples; `variant` changes its commit, so each variant is another run.
func sampleReport(variant: Int, medians: [String: Double] = ["full": 1_000, "insert": 2_000]) -> BenchReport {
    let scenarios = medians.keys.sorted()
    let results = scenarios.map { scenario -> ScenarioResult in
        let median = medians[scenario]! * (1 + Double(variant % 7) / 100)
        let samples = (0..<40).map { UInt64(median * (0.98 + 0.04 * Double(($0 * 37) % 40) / 40)) }
        return ScenarioResult(
            spec: "grid", specHash: "00000000000000aa", items: 100, scenario: scenario, threads: 1,
            parameters: ["seed": "1"], unit: "items", workItems: 100, warmupSamples: 0, samplesNs: samples,
            summaryNs: SummaryNs(samples: samples), wallTotalNs: samples.reduce(0, +), cpuTotalNs: samples.reduce(0, +),
            memory: MemoryStats(), calibrationNs: [100, 101, 99], roundSampleCounts: [40], roundCalibrationCounts: [3])
    }
    return BenchReport(
        createdAt: "2026-11-23T12:00:00Z",
        machine: MachineInfo(cpu: "Test CPU", cores: 2, memoryBytes: 1 << 34, os: "Debian GNU/Linux 12", kernel: "6.1"),
        toolchain: ToolchainInfo(swift: "Swift version 6.3.1", source: "swift --version"),
        gitCommit: String(format: "%040x", variant),
        run: RunInfo(
            scenarios: scenarios, threads: [1], runner: RunnerConfiguration(), buildConfiguration: "release",
            allocator: nil, commandLine: ["layoutbench", "bench"]),
        specs: [
            SpecInfo(name: "grid", source: "/specs/grid.yaml", items: 100, sections: 2, contentHash: "00000000000000aa")
        ],
        results: results, skipped: nil)
}

/// Runs the built `layoutbench` with `arguments`; its exit status, stdout and stderr.
func layoutbench(_ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String, String) {
    let process = Process()
    process.executableURL = layoutbenchBinary
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
        process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: stderr, as: UTF8.self)
    )
}

var layoutbenchBinary: URL {
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for dir in [bundleDir, bundleDir.deletingLastPathComponent(), packageRoot.appendingPathComponent(".build/debug")] {
        let candidate = dir.appendingPathComponent("layoutbench")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return packageRoot.appendingPathComponent(".build/debug/layoutbench")
}

func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "layoutbench-pgtest-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

@Suite struct PostgresStoreURLTests {
    @Test func parsesUserHostPortDatabaseAndTLS() throws {
        let url = try PostgresStoreURL("postgres://bench@db.internal:6543/layoutbench?sslmode=require")
        #expect(url.user == "bench" && url.host == "db.internal" && url.port == 6543)
        #expect(url.database == "layoutbench" && url.tls == .require)
        #expect(url.description == "postgres://bench@db.internal:6543/layoutbench?sslmode=require")
        #expect(try PostgresStoreURL("postgresql://u@h/d").port == 5432)
    }

    @Test func refusesAPasswordInTheURLWithoutPrintingIt() {
        #expect {
            _ = try PostgresStoreURL("postgres://bench:s3cret@db/layoutbench")
        } throws: { error in
            let text = "\(error)"
            return text.contains("PGPASSWORD") && !text.contains("s3cret")
        }
        #expect(throws: StoreError.self) { _ = try PostgresStoreURL("postgres://bench@db/") }
        #expect(throws: StoreError.self) { _ = try PostgresStoreURL("postgres://bench@db/x?sslmode=sometimes") }
    }

    @Test func readsThePasswordFromPGPASSWORDThenPgpass() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("pgpass").path
        try "other:5432:*:*:no\ndb:5432:layout\\:bench:bench:yes\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let url = try PostgresStoreURL("postgres://bench@db:5432/layout:bench")
        #expect(url.password(environment: ["PGPASSFILE": file]) == "yes")
        #expect(url.password(environment: ["PGPASSFILE": file, "PGPASSWORD": "env"]) == "env")
        #expect(url.password(environment: ["PGPASSFILE": folder.appendingPathComponent("none").path]) == nil)
    }
}

/// Each test starts its own server; serialized, as the machine has few cores.
@Suite(.serialized) struct PostgresStoreTests {
    func server() throws -> PostgresServer? {
        do {
            return try PostgresServer()
        } catch let error as PostgresServer.Unavailable
            where PostgresServer.binaries == nil && !PostgresServer.requiredByCI
        {
            print("skipped: \(error)")
            return nil
        }
    }

    @Test func storesARunOnceAndReadsItBackAsSQLiteDoes() async throws {
        guard let server = try server() else { return }
        defer { server.stop() }
        let url = try PostgresStoreURL(server.url)
        let store = try await PostgresResultStore.open(url)
        let again = try await PostgresResultStore.open(url)  // migrations are not applied twice
        #expect(try await again.appliedMigrations() == ["v1-runs-specs-results", "v2-views"])
        let report = sampleReport(variant: 1)
        let id = try await store.add(report, metadata: RunMetadata(label: "pr-1", origin: "push"))
        #expect(try await again.add(report, metadata: RunMetadata(label: "pr-1", origin: "push")) == id)
        #expect(try await store.runIDs() == [id])
        try await store.nameBaseline("main", run: id)
        let stored = try await again.baseline(named: "main")
        #expect(stored.report == report)
        #expect(stored.metadata == RunMetadata(label: "pr-1", origin: "push"))
        let sqlite = try SQLiteResultStore(path: try temporaryFolder().appendingPathComponent("r.sqlite").path)
        try sqlite.add(report, metadata: RunMetadata(label: "pr-1", origin: "push"))
        #expect(
            try await store.history(spec: "grid", scenarios: ["full"], last: 5).map(\.report)
                == sqlite.history(spec: "grid", scenarios: ["full"], last: 5).map(\.report))
        await store.close()
        await again.close()
    }

    @Test func anUnreachableServerIsUnavailableWithExitStatus3() throws {
        let port = try PostgresServer.freePort()
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("r.json").path
        try sampleReport(variant: 1).write(to: file)
        let (status, _, stderr) = try layoutbench(["push", file, "--store", "postgres://bench@127.0.0.1:\(port)/db"])
        #expect(status == 3)
        #expect(stderr.contains("postgres://bench@127.0.0.1:\(port)/db: results store unavailable"))
    }

    @Test func pushIsIdempotentAndHistoryPrintsTheSameTableAsSQLite() throws {
        guard let server = try server() else { return }
        defer { server.stop() }
        let folder = try temporaryFolder()
        let sqlite = folder.appendingPathComponent("results.sqlite").path
        var files: [String] = []
        for variant in 1...4 {
            let file = folder.appendingPathComponent("r\(variant).json").path
            try sampleReport(variant: variant).write(to: file)
            files.append(file)
        }
        for store in [server.url, sqlite] {
            let (status, stdout, stderr) = try layoutbench(["push"] + files + ["--store", store])
            #expect(status == 0, "\(stderr)")
            #expect(stdout.split(separator: "\n").count == 4)
        }
        let (retry, retryOut, _) = try layoutbench(["push", files[1], "--store", server.url])
        #expect(retry == 0)
        #expect(retryOut.hasSuffix("as run 2\n"))
        let overSQLite = try layoutbench(["history", "grid", "--store", sqlite])
        let overPostgres = try layoutbench(["history", "grid", "--store", server.url])
        #expect(overSQLite.0 == 0 && overPostgres.0 == 0, "\(overSQLite.2)\(overPostgres.2)")
        #expect(overPostgres.1 == overSQLite.1)
        #expect(overSQLite.1.contains("full"))

        // A stored baseline, then compare --baseline against it: the same verdicts over either store.
        let slower = folder.appendingPathComponent("slower.json").path
        try sampleReport(variant: 1, medians: ["full": 1_300, "insert": 2_000]).write(to: slower)
        var compared: [String] = []
        for store in [server.url, sqlite] {
            let saved = try layoutbench(["push", files[0], "--store", store, "--save-baseline", "main"])
            #expect(saved.0 == 0, "\(saved.2)")
            let (status, stdout, stderr) = try layoutbench(["compare", "--baseline", "main", slower, "--store", store])
            #expect(status == 1, "full is 30% slower than the baseline: \(stdout)\(stderr)")
            compared.append(
                stdout.split(separator: "\n").filter { $0.contains("full") || $0.contains("insert") }
                    .joined(separator: "\n"))
            // report --store reads the trend from either store.
            let page = folder.appendingPathComponent("report.html").path
            let report = try layoutbench(["report", files[3], "--store", store, "-o", page])
            #expect(report.0 == 0, "\(report.2)")
            let html = try String(contentsOfFile: page, encoding: .utf8)
            #expect(html.contains("data-plot=\"trend\""), "\(store)")
        }
        #expect(compared.count == 2 && compared[0] == compared[1] && !compared[0].isEmpty, "\(compared)")
    }

    @Test func watchOnceRecordsItsRunInAPostgresStore() throws {
        guard let server = try server() else { return }
        defer { server.stop() }
        let folder = try temporaryFolder()
        let specs = folder.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Tests/Fixtures/specs/examples/E1.yaml"),
            to: specs.appendingPathComponent("E1.yaml"))
        let (status, _, stderr) = try layoutbench([
            "watch", specs.path, "--once", "--store", server.url, "--log",
            folder.appendingPathComponent("w.jsonl").path,
            "--scenarios", "full", "--repetitions", "2", "--rounds", "1", "--log-level", "error",
        ])
        #expect(status == 0, "\(stderr)")
        let (history, stdout, historyErr) = try layoutbench(["history", "E1-square-grid", "--store", server.url])
        #expect(history == 0, "\(historyErr)")
        #expect(stdout.contains("full"), "\(stdout)")
    }

    /// The same runs in both stores; each filter keeps the same runs in both, and the ones it should.
    @Test func historyFiltersByMachineBranchAndLabelAlikeInBothStores() async throws {
        guard let server = try server() else { return }
        defer { server.stop() }
        let postgres = try await PostgresResultStore.open(try PostgresStoreURL(server.url))
        let sqlite = try SQLiteResultStore(path: try temporaryFolder().appendingPathComponent("r.sqlite").path)
        // (cpu, branch, label) of runs 1...5, oldest first.
        let runs: [(String, String?, String?)] = [
            ("Intel Xeon 8375C", "main", "nightly"), ("AMD EPYC 7R13", "main", nil),
            ("Intel Xeon 8375C", "feature/x", "pr-7"), ("Intel Xeon 8375C", "main", "nightly"),
            ("AMD EPYC 7R13", nil, "pr-7"),
        ]
        for (variant, (cpu, branch, label)) in runs.enumerated() {
            var report = sampleReport(variant: variant + 1)
            report.machine.cpu = cpu
            let metadata = RunMetadata(label: label, origin: "bench", branch: branch)
            try sqlite.add(report, metadata: metadata)
            try await postgres.add(report, metadata: metadata)
        }
        let cases: [(HistoryFilter, [String])] = [
            (HistoryFilter(), ["1", "2", "3", "4", "5"]),
            (HistoryFilter(machine: "Xeon"), ["1", "3", "4"]),
            (HistoryFilter(branch: "main"), ["1", "2", "4"]),
            (HistoryFilter(label: "pr-7"), ["3", "5"]),
            (HistoryFilter(machine: "EPYC", branch: "main"), ["2"]),
            (HistoryFilter(machine: "Xeon", branch: "main", label: "nightly"), ["1", "4"]),
            (HistoryFilter(branch: "release"), []),
        ]
        for (filter, expected) in cases {
            // A run's commit is its variant (sampleReport), so the commits name the runs kept.
            let overSQLite = try sqlite.history(spec: "grid", scenarios: nil, last: 10, filter: filter)
            let overPostgres = try await postgres.history(spec: "grid", scenarios: nil, last: 10, filter: filter)
            let names = overSQLite.map { String(Int($0.report.gitCommit, radix: 16)!) }
            #expect(names == expected, "\(filter)")
            #expect(overPostgres.map(\.report) == overSQLite.map(\.report), "\(filter)")
            #expect(overPostgres.map(\.metadata) == overSQLite.map(\.metadata), "\(filter)")
        }
        // --last counts after the filter: the newest Xeon run only.
        let newest = try await postgres.history(
            spec: "grid", scenarios: nil, last: 1, filter: HistoryFilter(machine: "Xeon"))
        #expect(newest.map(\.metadata.branch) == ["main"] && newest.map(\.report.machine.cpu) == ["Intel Xeon 8375C"])
        await postgres.close()
    }

    @Test func eightWritersPushingFiftyRunsEachAtOnceGiveExactly400() async throws {
        guard let server = try server() else { return }
        defer { server.stop() }
        let url = try PostgresStoreURL(server.url)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    // All eight open (and migrate) at the same moment.
                    let store = try await PostgresResultStore.open(url)
                    for run in 0..<50 {
                        let report = sampleReport(variant: writer * 1000 + run)
                        let id = try await store.add(report, metadata: RunMetadata(origin: "push"))
                        // A retried upload (the same file again) returns the same run.
                        #expect(try await store.add(report, metadata: RunMetadata(origin: "push")) == id)
                    }
                    await store.close()
                }
            }
            try await group.waitForAll()
        }
        let store = try await PostgresResultStore.open(url)
        let counts = try await store.rowCounts()
        #expect(counts == ["runs": 400, "specs": 400, "results": 800, "samples": 800])
        await store.close()
    }

    @Test func aWriterKilledMidUploadLeavesNoPartialRun() async throws {
        guard let server = try server() else { return }
        defer { server.stop() }
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("r.json").path
        try sampleReport(variant: 9).write(to: file)
        let process = Process()
        process.executableURL = layoutbenchBinary
        process.arguments = ["push", file, "--store", server.url]
        process.environment = ProcessInfo.processInfo.environment.merging(["LAYOUTBENCH_TEST_PUSH_PAUSE": "60"]) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait (bounded by the child: EOF if it ends) until it says it is inside the transaction.
        var said = ""
        while !said.contains("paused mid-transaction") {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        #expect(said.contains("paused mid-transaction"))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let store = try await PostgresResultStore.open(try PostgresStoreURL(server.url))
        #expect(try await store.rowCounts() == ["runs": 0, "specs": 0, "results": 0, "samples": 0])
        // The run can be pushed again, whole.
        let (status, _, stderr) = try layoutbench(["push", file, "--store", server.url])
        #expect(status == 0, "\(stderr)")
        #expect(try await store.rowCounts() == ["runs": 1, "specs": 1, "results": 2, "samples": 2])
        await store.close()
    }
}

@Suite(.serialized) struct PostgresViewTests {
    @Test func latestMediansAndScenarioTrendAnswerTheCommonQuestions() async throws {
        guard PostgresServer.binaries != nil || PostgresServer.requiredByCI else {
            print("skipped: no PostgreSQL server binaries (run scripts/setup.sh)")
            return
        }
        let server = try PostgresServer()
        defer { server.stop() }
        let store = try await PostgresResultStore.open(try PostgresStoreURL(server.url))
        for variant in 0..<3 {
            try await store.add(sampleReport(variant: variant), metadata: RunMetadata(origin: "push"), branch: "main")
        }
        try await store.add(sampleReport(variant: 5), metadata: RunMetadata(origin: "push"), branch: "pr-1")
        let psql = PostgresServer.binaries!.appendingPathComponent("psql")
        func query(_ sql: String) throws -> String {
            try PostgresServer.output(
                psql, ["-h", "127.0.0.1", "-p", String(server.port), "-U", "postgres", "-At", "-c", sql])
        }
        // The newest run (4, on pr-1) for each scenario, with that run's own median.
        #expect(
            try query(
                """
                SELECT bool_and(l.median_ns = r.median_ns) FROM latest_medians l
                JOIN results r ON r.run_id = l.run_id AND r.scenario = l.scenario
                """) == "t\n")
        let latest = try query("SELECT scenario, run_id, branch FROM latest_medians ORDER BY scenario")
        #expect(latest == "full|4|pr-1\ninsert|4|pr-1\n")
        let trend = try query(
            "SELECT run_id FROM scenario_trend WHERE branch = 'main' AND spec = 'grid' AND scenario = 'full' "
                + "ORDER BY run_id"
        )
        #expect(trend == "1\n2\n3\n")
        await store.close()
    }
}
#endif
