import ArgumentParser
import BenchResults
import ErrorReporting
import Foundation
import LayoutStore
import LayoutStorePostgres

extension Layoutbench {
    struct Push: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Upload result files made elsewhere (a CI artifact) to a results store.",
            discussion: """
                Each file is one run, written in one transaction (all its scenarios and samples, or nothing). \
                A run's id is a content hash of its result, so pushing the same file again (a retried upload) \
                stores nothing and prints the first upload's id.

                The store is a SQLite file or postgres://USER@HOST:PORT/DB (add ?sslmode=require for TLS); \
                the password comes from PGPASSWORD or ~/.pgpass and is never printed.

                Exit codes: 0 pushed, 2 bad input (a file that is not a result, a malformed URL), \
                3 store unavailable or failing (retry the push).

                Example: layoutbench push results.json --store postgres://bench@db.internal:5432/layoutbench
                """ + BuildTrait.postgres.helpParagraph)

        @Argument(help: "Result files (from `bench --json FILE` or `merge -o FILE`).")
        var results: [String]

        @Option(help: "The results store: a SQLite file or a postgres:// URL\(BuildTrait.postgres.helpNote).")
        var store: String

        @Option(help: "A label for the pushed runs (default: each file's own label).")
        var label: String?

        @Option(help: "The git branch the runs were made on (for `history --branch`).")
        var branch: String?

        @Option(
            name: .customLong("save-baseline"),
            help: "Name the pushed run (for `compare --baseline NAME --store URL`); one result file only.")
        var saveBaseline: String?

        func validate() throws {
            if results.isEmpty { throw ValidationError("give the result files to push") }
            if saveBaseline != nil && results.count != 1 {
                throw ValidationError("--save-baseline names one run: give exactly one result file")
            }
        }

        func run() throws {
            var loaded: [(path: String, report: BenchReport)] = []
            for path in results { loaded.append((path, try BenchReport.load(path: path))) }
            let reports = loaded
            let environment = ProcessInfo.processInfo.environment
            if PostgresStoreURL.isPostgres(store) {
                let url = try PostgresStoreURL(store)
                #if !Postgres
                throw MissingBuildTrait(.postgres, feature: "layoutbench push to \(url)")
                #else
                let pause = Self.testPause(environment)
                let branch = self.branch
                let label = self.label
                let baseline = self.saveBaseline
                try blocking { () async throws(StoreError) in
                    let server = try await PostgresResultStore.open(url, environment: environment)
                    do throws(StoreError) {
                        for (path, report) in reports {
                            let metadata = RunMetadata(
                                label: label ?? report.label, dirty: report.gitDirty ?? false,
                                origin: RunMetadata.pushOrigin,
                                branch: branch)
                            let id = try await server.add(
                                report, metadata: metadata, branch: branch, pauseAfterSpecs: pause)
                            if let baseline { try await server.nameBaseline(baseline, run: id) }
                            print("pushed \(path) to \(url) as run \(id)")
                        }
                    } catch {
                        await server.close()
                        throw error
                    }
                    await server.close()
                }
                #endif
            } else {
                let sqlite = try SQLiteResultStore(path: store)
                for (path, report) in reports {
                    let metadata = RunMetadata(
                        label: label ?? report.label, dirty: report.gitDirty ?? false, origin: RunMetadata.pushOrigin,
                        branch: branch)
                    let id = try sqlite.add(report, metadata: metadata)
                    if let saveBaseline { try sqlite.nameBaseline(saveBaseline, run: id) }
                    print("pushed \(path) to \(store) as run \(id)")
                }
            }
        }

        /// A test knob: with `LAYOUTBENCH_TEST_PUSH_PAUSE=SECONDS`, push stops that long inside each run's
        /// transaction (after its specs, before its results) and says so on stderr, so a test can kill it
        /// mid-upload.
        static func testPause(_ environment: [String: String]) -> (@Sendable () async -> Void)? {
            guard let text = environment["LAYOUTBENCH_TEST_PUSH_PAUSE"], let seconds = Double(text) else { return nil }
            return {
                FileHandle.standardError.write(Data("push: paused mid-transaction\n".utf8))
                try? await Task.sleep(for: .seconds(seconds))
            }
        }
    }
}
