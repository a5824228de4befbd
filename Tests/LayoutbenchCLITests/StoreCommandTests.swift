import Foundation
import Testing

/// `bench --store/--save-baseline`, `compare --baseline` and `history`, run as a user would.
@Suite("layoutbench history and compare --baseline", .serialized)
struct StoreCommandTests {
    static let spec = CLI.sharedSpecs.appendingPathComponent("examples/E1.yaml").path
    static let quick = [
        "--scenarios", "full", "--threads", "1", "--repetitions", "50", "--rounds", "5", "--warmup", "0",
        "--no-memory", "--allow-debug",
    ]

    /// 2 ms on an operation of about 20 µs: a hundredfold, beyond what the suite's own load can blur between two
    /// separate runs (compare widens its interval by 1 / CPU share when a run waited for a core).
    static let hugeSlowdownNs = 2_000_000

    /// Runs the bench with a slowdown knob (test-only: every operation slowed by `slowdownNs`).
    static func bench(_ extra: [String], slowdownNs: Int? = nil) throws -> CLI.Result {
        try CLI.run(
            ["bench", spec] + quick + extra, environment: slowdownNs.map { ["LAYOUTBENCH_SLOWDOWN_NS": "\($0)"] } ?? [:]
        )
    }

    @Test("compare --baseline: 0 against itself, 1 after a slowdown, 2 for an unknown baseline or store")
    func compareBaseline() throws {
        let dir = try CLI.temporaryDirectory()
        let store = dir.appendingPathComponent("results.sqlite").path
        let base = dir.appendingPathComponent("base.json").path, slow = dir.appendingPathComponent("slow.json").path
        let saved = try Self.bench(["--store", store, "--save-baseline", "main", "--json", base])
        #expect(saved.status == 0, "\(saved.stderr)")
        let same = try CLI.run(["compare", "--baseline", "main", base, "--store", store])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.contains("baseline main"))
        #expect(try Self.bench(["--json", slow], slowdownNs: Self.hugeSlowdownNs).status == 0)
        let regressed = try CLI.run(["compare", "--baseline", "main", slow, "--store", store])
        #expect(regressed.status == 1, "\(regressed.stdout)")
        #expect(regressed.stderr.contains("regression: E1-square-grid full"))
        let unknown = try CLI.run(["compare", "--baseline", "nightly", base, "--store", store])
        #expect(unknown.status == 2 && unknown.stderr.contains("no baseline named 'nightly' (stored: main)"))
        let noStore = try CLI.run([
            "compare", "--baseline", "main", base, "--store", dir.appendingPathComponent("none.sqlite").path,
        ])
        #expect(noStore.status == 2)
        let both = try CLI.run(["compare", base, slow, "--baseline", "main"])
        #expect(both.status == 2)
    }

    @Test("history prints a sparkline per scenario and the run where a regression was called; 2 without runs")
    func history() throws {
        let dir = try CLI.temporaryDirectory()
        let store = dir.appendingPathComponent("results.sqlite").path
        for slowdown in [nil, nil, Self.hugeSlowdownNs] as [Int?] {
            let run = try Self.bench(["--store", store], slowdownNs: slowdown)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let table = try CLI.run(["history", Self.spec, "--store", store])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("3 runs"))
        let row = table.stdout.split(separator: "\n").first { $0.hasPrefix("full") } ?? ""
        #expect(row.contains("█"), "\(table.stdout)")
        #expect(table.stdout.contains("regressions:") && table.stdout.contains("run 3 "))
        let json = try CLI.run(["history", "E1-square-grid", "--store", store, "--format", "json", "--last", "2"])
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["runs"] as? Int == 2)
        #expect(
            try CLI.run(["history", Self.spec, "--store", store, "--format", "markdown"]).stdout.contains(
                "| scenario |"))
        #expect(try CLI.run(["history", "no-such-spec", "--store", store]).status == 2)
        #expect(
            try CLI.run(["history", Self.spec, "--store", dir.appendingPathComponent("none.sqlite").path]).status == 2)
    }

    @Test("history and watch take --threshold as compare does: 5% or 5; a bare 0.05 is refused (2), not offered")
    func thresholdForms() throws {
        let dir = try CLI.temporaryDirectory()
        let store = dir.appendingPathComponent("results.sqlite").path
        #expect(try Self.bench(["--store", store]).status == 0)
        #expect(try CLI.run(["history", Self.spec, "--store", store, "--threshold", "5"]).status == 0)
        let history = try CLI.run(["history", Self.spec, "--store", store, "--threshold", "0.05"])
        #expect(history.status == 2 && history.stderr.contains("write '0.05%'"), "\(history.stderr)")
        let watch = try CLI.run([
            "watch", Self.spec, "--once", "--store", store, "--threshold", "0.05",
            "--log", dir.appendingPathComponent("watch.jsonl").path,
        ])
        #expect(watch.status == 2 && watch.stderr.contains("write '0.05%'"), "\(watch.stderr)")
        for command in ["history", "watch"] {
            let help = try CLI.run(["help", command])
            #expect(help.stdout.contains("--threshold") && !help.stdout.contains("0.05"), "\(help.stdout)")
        }
    }
}
