import Foundation
import Testing

@Suite("layoutbench list, --version, bench exports")
struct ListCommandTests {
    @Test("list prints presets, scenarios and metrics; a named section prints names only")
    func list() throws {
        let all = try CLI.run(["list"])
        #expect(all.status == 0)
        for heading in ["Presets", "Scenarios", "Metrics"] { #expect(all.stdout.contains(heading)) }
        #expect(all.stdout.contains("  measure-one: one random item's size arrives"))
        let scenarios = try CLI.run(["list", "scenarios"])
        #expect(scenarios.stdout.split(separator: "\n").first == "full")
        #expect(scenarios.stdout.split(separator: "\n").contains("lazy-scroll"))
        #expect(try CLI.run(["list", "metrics"]).stdout == "time\ninstructions\n")
        #expect(try CLI.run(["list", "presets"]).stdout.split(separator: "\n").contains("grid-10k"))
        #expect(try CLI.run(["list", "colours"]).status == 2)
    }

    @Test("--version names the package version and the commit (unknown without a stamp)")
    func version() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("0.1.0 (commit "))
    }

    @Test("bench: --filter/--skip globs, --label, and --json, --export-csv, --export-markdown beside the table")
    func benchExports() throws {
        let dir = try CLI.temporaryDirectory()
        let json = dir.appendingPathComponent("run.json").path, csv = dir.appendingPathComponent("run.csv").path
        let md = dir.appendingPathComponent("run.md").path
        let result = try CLI.run(
            [
                "bench", "--preset", "grid-10k", "--filter", "full*", "--filter", "query", "--skip", "*-materialize",
                "--threads", "1", "--repetitions", "8", "--rounds", "2", "--no-memory", "--allow-debug",
                "--label", "base", "--json", json, "--export-csv", csv, "--export-markdown", md,
            ],
            environment: ["GITHUB_SHA": "0123456789abcdef0123456789abcdef01234567"])
        #expect(result.status == 0, "\(result.stderr)")
        // The default table fits 120 columns (issue 16): median and p99, not the mean and deviation of --wide.
        #expect(result.stdout.contains("median") && result.stdout.contains("p99"))
        #expect(!result.stdout.contains("mean ± sd"))
        #expect(result.stdout.contains("label base"))
        let lines = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        #expect(lines.first?.hasPrefix("label,commit,spec,scenario,threads,samples,min_ns,median_ns") == true)
        #expect(lines.dropFirst().map { $0.split(separator: ",")[3] } == ["full", "query"])
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("base,") })
        #expect(try String(contentsOfFile: md, encoding: .utf8).contains("| grid-10k | full | 1 | 8 |"))
        let object =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        #expect(object?["label"] as? String == "base")
        #expect(object?["commitSource"] as? String != nil)
        // Progress goes to standard error as plain lines when it is not a terminal.
        #expect(result.stderr.contains("grid-10k full threads 1: median"))
        let none = try CLI.run(
            ["bench", "--preset", "grid-10k", "--filter", "nothing*", "--allow-debug"], environment: [:])
        #expect(none.status == 2)
        #expect(none.stderr.contains("leave no scenario"))
    }
}
