import Foundation
import Testing

/// `layoutbench compare` on result files a tiny bench writes: 0 without regression, 1 with one (made with the
/// test-only slowdown knob), 2 for files that cannot be compared.
@Suite("layoutbench compare: exit codes")
struct CompareCommandTests {
    /// A base result file of the tiny bench, in `files`.
    static func base(in files: Workspace, scenarios: String = "full", name: String = "base.json") throws -> String {
        let spec = try files.write(TinyBench.grid, to: "grid.yaml")
        let json = files.path(name)
        let result = try TinyBench.run(spec: spec, json: json, scenarios: scenarios)
        #expect(result.status == 0, "\(result.stderr)")
        return json
    }

    @Test("a result file against itself: no regression, exit 0")
    func noRegression() throws {
        let files = try Workspace()
        let base = try Self.base(in: files)
        let result = try CLI.run(["compare", base, base])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("grid") && result.stdout.contains("full"))
        #expect(!result.stderr.contains("regression:"))
        let markdown = try CLI.run(["compare", base, base, "--format", "markdown"])
        #expect(markdown.status == 0)
        #expect(markdown.stdout.contains("|"))
    }

    /// Two separate timed runs under the test suite's own load (CPU shares down to 30 %) can support
    /// `slower` only for a change far beyond what waiting for a core explains: a hundredfold slowdown.
    @Test("a head slowed 100x on purpose is a regression: exit 1, named on standard error")
    func regression() throws {
        let files = try Workspace()
        let base = try Self.base(in: files)
        let head = files.path("head.json")
        let slowed = try TinyBench.run(spec: files.path("grid.yaml"), json: head, slowdownPercent: 10_000)
        #expect(slowed.status == 0, "\(slowed.stderr)")
        let result = try CLI.run(["compare", base, head])
        #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stderr.contains("regression: grid full threads 1: time"), "\(result.stderr)")
    }

    @Test("a missing, malformed or foreign result file exits 2 naming it")
    func badFiles() throws {
        let files = try Workspace()
        let base = try Self.base(in: files)
        let missing = files.path("missing.json")
        let notJSON = try files.write("{ not json", to: "broken.json")
        let foreign = try files.write(#"{"schema": "something-else", "version": 1}"#, to: "foreign.json")
        let noVersion = try files.write(#"{"schema": "layoutbench-results"}"#, to: "noversion.json")
        for (file, words) in [
            (missing, "no such file"), (notJSON, "JSON"), (foreign, "not a layoutbench result file"),
            (noVersion, "version"),
        ] {
            for arguments in [["compare", base, file], ["compare", file, base]] {
                let result = try CLI.run(arguments)
                #expect(result.status == 2, "\(arguments)")
                #expect(result.stderr.hasPrefix("\(file): error: "), "\(result.stderr)")
                #expect(result.stderr.contains(words), "\(result.stderr)")
            }
        }
    }

    @Test("two result files with nothing in common exit 2")
    func nothingInCommon() throws {
        let files = try Workspace()
        let full = try Self.base(in: files)
        let query = try Self.base(in: files, scenarios: "query", name: "query.json")
        let result = try CLI.run(["compare", full, query])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("nothing in common")
                || result.stderr.contains("no spec, scenario and thread count in common"))
    }

    @Test("a bad threshold exits 2 with usage")
    func badThreshold() throws {
        let result = try CLI.run(["compare", "a.json", "b.json", "--threshold", "lots"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--threshold"))
    }

    @Test("--resamples and --normalize, which changed nothing, are gone: exit 2 naming the option")
    func removedOptions() throws {
        for option in [["--resamples", "500"], ["--normalize"]] {
            let result = try CLI.run(["compare", "a.json", "b.json"] + option)
            #expect(result.status == 2, "\(option)")
            #expect(result.stderr.contains(option[0]), "\(result.stderr)")
        }
    }
}
