import ErrorReporting
import Foundation
import Testing

/// `layoutbench push` on a SQLite store and its refusals (the PostgreSQL side runs in
/// LayoutStorePostgresTests, which starts a real server).
@Suite("layoutbench push", .serialized)
struct PushCommandTests {
    @Test("push adds a result file once: a retried push prints the first run id; 2 for bad input")
    func pushToSQLite() throws {
        let dir = try CLI.temporaryDirectory()
        let store = dir.appendingPathComponent("results.sqlite").path
        let result = dir.appendingPathComponent("head.json").path
        let bench = try CLI.run([
            "bench", CLI.sharedSpecs.appendingPathComponent("examples/E1.yaml").path, "--scenarios", "full",
            "--threads", "1", "--repetitions", "20", "--rounds", "2", "--warmup", "0", "--no-memory", "--allow-debug",
            "--json", result,
        ])
        #expect(bench.status == 0, "\(bench.stderr)")
        let pushed = try CLI.run(["push", result, "--store", store])
        #expect(pushed.status == 0, "\(pushed.stderr)")
        #expect(pushed.stdout == "pushed \(result) to \(store) as run 1\n")
        let history = try CLI.run(["history", "E1-square-grid", "--store", store])
        #expect(history.status == 0 && history.stdout.contains("full"), "\(history.stdout)\(history.stderr)")
        // --save-baseline names the pushed run: compare --baseline finds it (the same run: no regression).
        let named = try CLI.run(["push", result, "--store", store, "--save-baseline", "main"])
        #expect(named.status == 0, "\(named.stderr)")
        let compared = try CLI.run(["compare", "--baseline", "main", result, "--store", store])
        #expect(compared.status == 0, "\(compared.stdout)\(compared.stderr)")
        #expect(try CLI.run(["push", result, result, "--store", store, "--save-baseline", "main"]).status == 2)

        let notAResult = dir.appendingPathComponent("spec.yaml").path
        try "version: 1\n".write(toFile: notAResult, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["push", notAResult, "--store", store]).status == 2)
        let password = try CLI.run(["push", result, "--store", "postgres://bench:hunter2@127.0.0.1:1/db"])
        #expect(password.status == 2)
        #expect(password.stderr.contains("PGPASSWORD") && !password.stderr.contains("hunter2"), "\(password.stderr)")
        #expect(try CLI.run(["push", "--store", store]).status == 2)
    }

    @Test(
        "bench --store with an unreachable server exits 3, keeps its --json file whole and says how to push it",
        .enabled(if: BuildTrait.postgres.isBuilt, "needs the Postgres trait"))
    func benchKeepsResultWhenStoreIsDown() throws {
        let dir = try CLI.temporaryDirectory()
        let result = dir.appendingPathComponent("out.json").path
        let url = "postgres://u@127.0.0.1:1/db"
        let bench = try CLI.run([
            "bench", CLI.sharedSpecs.appendingPathComponent("examples/E1.yaml").path, "--scenarios", "full",
            "--threads", "1", "--repetitions", "20", "--rounds", "2", "--warmup", "0", "--no-memory", "--allow-debug",
            "--json", result, "--store", url,
        ])
        #expect(bench.status == 3, "\(bench.stderr)")
        #expect(bench.stderr.contains("results store unavailable"), "\(bench.stderr)")
        #expect(bench.stderr.contains("the result is kept in \(result)"), "\(bench.stderr)")
        #expect(bench.stderr.contains("`layoutbench push \(result) --store \(url)`"), "\(bench.stderr)")
        // The file is the result, not a failure record: it pushes as one to another store.
        let text = try String(contentsOfFile: result, encoding: .utf8)
        #expect(!text.contains("\"failure\"") && text.contains("\"full\""), "\(text)")
        let store = dir.appendingPathComponent("results.sqlite").path
        let pushed = try CLI.run(["push", result, "--store", store])
        #expect(pushed.status == 0, "\(pushed.stderr)")
        let history = try CLI.run(["history", "E1-square-grid", "--store", store])
        #expect(history.status == 0 && history.stdout.contains("full"), "\(history.stdout)\(history.stderr)")
    }

    @Test("bench --store records CI's branch; history filters by --branch, --label and --machine; 2 when none match")
    func historyFilters() throws {
        let dir = try CLI.temporaryDirectory()
        let store = dir.appendingPathComponent("results.sqlite").path
        let spec = CLI.sharedSpecs.appendingPathComponent("examples/E1.yaml").path
        for (branch, label) in [("main", "nightly"), ("feature-y", "pr-9")] {
            let bench = try CLI.run(
                [
                    "bench", spec, "--scenarios", "full", "--threads", "1", "--repetitions", "20", "--rounds", "2",
                    "--warmup", "0", "--no-memory", "--allow-debug", "--store", store, "--label", label,
                ], environment: ["GITHUB_REF_NAME": branch])
            #expect(bench.status == 0, "\(bench.stderr)")
        }
        let all = try CLI.run(["history", spec, "--store", store])
        #expect(all.status == 0 && all.stdout.contains("(2 runs,"), "\(all.stdout)\(all.stderr)")
        for filter in [["--branch", "feature-y"], ["--label", "pr-9"], ["--branch", "main", "--label", "nightly"]] {
            let one = try CLI.run(["history", "E1-square-grid", "--store", store] + filter)
            #expect(one.status == 0 && one.stdout.contains("(1 run,"), "\(filter): \(one.stdout)\(one.stderr)")
        }
        let none = try CLI.run(["history", spec, "--store", store, "--branch", "main", "--label", "pr-9"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("no run of '\(spec)' matching --branch main --label pr-9"), "\(none.stderr)")
        let otherMachine = try CLI.run(["history", spec, "--store", store, "--machine", "no such CPU"])
        #expect(otherMachine.status == 2, "\(otherMachine.stdout)")
    }
}
