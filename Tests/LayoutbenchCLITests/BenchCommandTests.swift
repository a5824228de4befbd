import BenchResults
import Foundation
import LayoutSpec
import Testing

/// `layoutbench bench` with tiny budgets: the result file, the output path checked first, and bad input.
@Suite("layoutbench bench: output and exit codes")
struct BenchCommandTests {
    @Test("a tiny bench exits 0, prints its table and writes a result file")
    func benches() throws {
        let files = try Workspace()
        let spec = try files.write(TinyBench.grid, to: "grid.yaml")
        let json = files.path("run.json")
        let result = try TinyBench.run(spec: spec, json: json)
        #expect(result.status == 0, "\(result.stderr)")
        let row = result.stdout.split(separator: "\n").first { $0.hasPrefix("grid ") }
        #expect(row?.contains("full") == true, "\(result.stdout)")
        let object =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        #expect(object?["schema"] as? String == "layoutbench-results")
        let results = object?["results"] as? [[String: Any]]
        #expect(results?.count == 1)
        #expect(results?.first?["spec"] as? String == "grid")
    }

    @Test("--lint-findings (the watch's lint): the benched spec's findings at their lines, as JSON; one spec only")
    func lintFindings() throws {
        let files = try Workspace()
        // subitem + count 3 splits the width equally: the items' own 0.5 is overridden (LB101, docs/lint.md).
        let trapped = TinyBench.grid.replacingOccurrences(
            of: "subitems: [ { item: { size: { width: fractionalWidth(0.5), height: fractionalHeight(1) } } } ]",
            with: "subitem: { item: { size: { width: fractionalWidth(0.5), height: fractionalHeight(1) } } }\n"
                + "        count: 3")
        let spec = try files.write(trapped, to: "grid.yaml")
        let findings = files.path("lint.json")
        let result = try CLI.run(TinyBench.arguments(spec: spec) + ["--lint-findings", findings])
        #expect(result.status == 0, "\(result.stderr)")
        let list =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: findings))) as? [[String: Any]]
        #expect(list?.map { $0["code"] as? String } == ["LB101"], "\(String(describing: list))")
        #expect(list?.first?["line"] as? Int == 10, "\(String(describing: list))")

        let clean = try files.write(TinyBench.grid, to: "clean.yaml")
        let none = files.path("none.json")
        #expect(try CLI.run(TinyBench.arguments(spec: clean) + ["--lint-findings", none]).status == 0)
        #expect(try String(contentsOfFile: none, encoding: .utf8) == "[]")

        let two = try CLI.run(TinyBench.arguments(spec: spec) + [clean, "--lint-findings", findings])
        #expect(two.status == 2 && two.stderr.contains("--lint-findings lints one spec"), "\(two.stderr)")
    }

    @Test("--snapshot-out and --paired-with (the watch's change): the layout benched, then timed against it")
    func pairedWithSnapshot() throws {
        let files = try Workspace()
        let spec = try files.write(TinyBench.grid, to: "grid.yaml")
        let snapshot = files.path("before.yaml")
        let first = try CLI.run(
            TinyBench.arguments(spec: spec, scenarios: "full,query") + ["--snapshot-out", snapshot])
        #expect(first.status == 0, "\(first.stderr)")
        // The snapshot is a spec of the same layout.
        let benched = try SpecReader.read(contentsOf: spec), written = try SpecReader.read(contentsOf: snapshot)
        #expect(written.sections == benched.sections && written.container == benched.container)

        let out = files.path("paired.json")
        let second = try CLI.run(
            TinyBench.arguments(spec: spec, scenarios: "full,query") + ["--paired-with", snapshot, "--paired-out", out])
        #expect(second.status == 0, "\(second.stderr)")
        let changes = try JSONDecoder().decode([PairedChange].self, from: Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(changes.map(\.scenario) == ["full", "query"])
        for change in changes {
            #expect(change.pairs == 24 && change.threads == 1)
            #expect(change.lower <= change.ratio && change.ratio <= change.upper, "\(change)")
            // The same layout on both sides: a ratio near 1 (a debug build on a shared machine: loosely).
            #expect(change.ratio > 0.5 && change.ratio < 2, "\(change)")
        }

        // With the watch's threshold a row stops at the first look that decides it: at ±1000 % the first.
        let decided = try CLI.run(
            TinyBench.arguments(spec: spec, scenarios: "full,query")
                + ["--paired-with", snapshot, "--paired-out", out, "--paired-threshold", "10"])
        #expect(decided.status == 0, "\(decided.stderr)")
        let early = try JSONDecoder().decode([PairedChange].self, from: Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(early.count == 2 && early.allSatisfy { $0.pairs == 24 }, "\(early)")

        let alone = try CLI.run(TinyBench.arguments(spec: spec) + ["--paired-with", snapshot])
        #expect(alone.status == 2 && alone.stderr.contains("--paired-with and --paired-out go together"))
    }

    @Test("--paired-speedup: each 2-thread row gets a lock-step speed-up in the result file and the table")
    func pairedSpeedup() throws {
        let files = try Workspace()
        let spec = try files.write(TinyBench.grid, to: "grid.yaml")
        let json = files.path("run.json")
        let arguments = [
            "bench", spec, "--allow-debug", "--scenarios", "full,query", "--threads", "1,2", "--repetitions", "20",
            "--rounds", "2", "--no-memory",
        ]
        let result = try CLI.run(arguments + ["--paired-speedup", "--json", json])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try BenchReport.load(path: json)
        #expect(report.results.count == 4)
        for r in report.results {
            if r.threads == 1 {
                #expect(r.pairedSpeedup == nil, "\(r.scenario)")
            } else {
                let s = try #require(r.pairedSpeedup, "\(r.scenario)")
                #expect(s.setUps == 4 && s.pairs == 32 && s.lower <= s.speedup && s.speedup <= s.upper, "\(s)")
            }
        }
        #expect(result.stdout.contains("lock-step (4 set-ups, 32 pairs of batches), 95% interval"), "\(result.stdout)")
        let row = result.stdout.split(separator: "\n").first { $0.contains(" full ") && $0.contains(" 2 ") }
        #expect(row?.contains("x [") == true, "\(result.stdout)")

        // Instruction counts have no threads to pair.
        let counted = try CLI.run(arguments + ["--paired-speedup", "--metric", "instructions"])
        #expect(counted.status == 2 && counted.stderr.contains("--paired-speedup times threads"), "\(counted.stderr)")
        // One thread count only: nothing to pair with.
        let serial = try CLI.run(["bench", spec, "--allow-debug", "--threads", "1", "--paired-speedup"])
        #expect(serial.status == 2 && serial.stderr.contains("such as --threads 1,2"), "\(serial.stderr)")
    }

    @Test("snapshot-check, built above LayoutBenchKit, runs in the suite and in the lock-step pairing")
    func snapshotCheckScenario() throws {
        let files = try Workspace()
        let spec = try files.write(TinyBench.grid, to: "grid.yaml")
        let json = files.path("run.json")
        let result = try CLI.run([
            "bench", spec, "--allow-debug", "--scenarios", "snapshot-check", "--threads", "1,2", "--repetitions",
            "3", "--rounds", "1", "--no-memory", "--paired-speedup", "--json", json,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try BenchReport.load(path: json)
        #expect(report.results.map(\.scenario) == ["snapshot-check", "snapshot-check"])
        #expect(report.results.first?.parameters["configurations"] == "40")
        #expect(report.results.last?.pairedSpeedup != nil)
    }

    @Test("a bad spec exits 2 and --json FILE holds its located error as a failure record")
    func failureRecord() throws {
        let files = try Workspace()
        let spec = try files.write(
            "version: 1\ncontainer: { width: 390, height: 844 }\nsections:\n  - itemz: 3\n",
            to: "bad.yaml")
        let json = files.path("out.json")
        let result = try TinyBench.run(spec: spec, json: json)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("bad.yaml:4:"))
        let data = try Data(contentsOf: URL(fileURLWithPath: json))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["failure"] as? Bool == true)
        #expect(object?["status"] as? Int == 2)
        #expect(object?["code"] as? String == "unknownKey")
        #expect(object?["file"] as? String == spec)
        #expect(object?["line"] as? Int == 4)
        #expect(object?["column"] as? Int != nil)
        #expect((object?["message"] as? String)?.contains("unknown key 'itemz'") == true)
    }

    @Test("the default table stays within 120 columns; --wide adds the distribution, cpu/wall and memory columns")
    func wideTable() throws {
        let files = try Workspace()
        let spec = try files.write(TinyBench.grid, to: "grid.yaml")
        let narrow = try CLI.run(TinyBench.arguments(spec: spec))
        #expect(narrow.status == 0, "\(narrow.stderr)")
        #expect(narrow.stdout.split(separator: "\n").allSatisfy { $0.count <= 120 }, "\(narrow.stdout)")
        #expect(narrow.stdout.contains("median") && !narrow.stdout.contains("cpu/wall"))
        let json = files.path("wide.json")
        let wide = try CLI.run(TinyBench.arguments(spec: spec) + ["--wide", "--json", json])
        #expect(wide.status == 0, "\(wide.stderr)")
        for column in ["samples", "p90", "cpu/wall", "resident/item", "outliers"] {
            #expect(wide.stdout.contains(column), "\(column): \(wide.stdout)")
        }
        // 30 samples of a 12-item grid: CPU windows usually far under 10 ms, so no CPU share is shown ("–");
        // on a loaded machine they may reach it, and the share is shown.
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
        let result = try #require(((object as? [String: Any])?["results"] as? [[String: Any]])?.first)
        let window = try #require(result["cpuWindowNs"] as? Int)
        let row = wide.stdout.split(separator: "\n").first { $0.hasPrefix("grid ") } ?? ""
        if window < 10_000_000 {
            #expect(row.contains("–"), "\(row)")
        } else {
            let share = Double(try #require(result["cpuTotalNs"] as? Int)) / Double(window)
            #expect(row.contains(String(format: "%.2f", share)), "\(row)")
        }
    }

    @Test("--markdown prints a Markdown table")
    func markdown() throws {
        let files = try Workspace()
        let spec = try files.write(TinyBench.grid, to: "grid.yaml")
        let result = try CLI.run(TinyBench.arguments(spec: spec) + ["--markdown"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("| grid"))
    }

    #if DEBUG
    @Test("a debug build refuses to bench without --allow-debug: exit 2")
    func refusesDebug() throws {
        let files = try Workspace()
        let spec = try files.write(TinyBench.grid, to: "grid.yaml")
        let result = try CLI.run(TinyBench.arguments(spec: spec).filter { $0 != "--allow-debug" })
        #expect(result.status == 2)
        #expect(result.stderr.contains("--allow-debug"))
        #expect(result.stdout.isEmpty)
    }
    #endif

    @Test("a --json path that cannot be written exits 2 at once naming it, before any benching")
    func unwritableJSON() throws {
        let files = try Workspace()
        // A missing spec would fail too: the output path is checked first.
        for json in [files.path("no-such-dir/run.json"), files.directory.path] {
            let result = try CLI.run(TinyBench.arguments(spec: files.path("missing.yaml")) + ["--json", json])
            #expect(result.status == 2)
            #expect(result.stderr.contains("\(json): error: cannot write --json"), "\(result.stderr)")
            #expect(!result.stderr.contains("missing.yaml"))
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("a layout that cannot be solved exits 2 naming the file and sections[i]")
    func unsolvable() throws {
        let files = try Workspace()
        let spec = try files.write(TestSpecs.runaway, to: "runaway.yaml")
        let result = try CLI.run(TinyBench.arguments(spec: spec))
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("\(spec):\(TestSpecs.runawayTinyPosition): error: a group instance"),
            "\(result.stderr)")
        #expect(result.stderr.contains(" at sections[1]"))
    }

    @Test("a missing spec, an unknown scenario or preset, two inputs of one name, or a bad knob exits 2 saying which")
    func badInput() throws {
        let files = try Workspace()
        let spec = try files.write(TinyBench.grid, to: "grid.yaml")
        let missing = try CLI.run(TinyBench.arguments(spec: files.path("missing.yaml")))
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("\(files.path("missing.yaml")): error: no such file"))
        let scenario = try CLI.run(TinyBench.arguments(spec: spec, scenarios: "fulll"))
        #expect(scenario.status == 2)
        #expect(scenario.stderr.contains("unknown scenario 'fulll'"))
        let preset = try CLI.run(["bench", "--preset", "gird-10k", "--allow-debug", "--repetitions", "1"])
        #expect(preset.status == 2)
        #expect(preset.stderr.contains("unknown preset 'gird-10k'"))
        // Two inputs of one name would share their rows: a preset twice, or two specs that share a name.
        let twice = try CLI.run([
            "bench", "--preset", "grid-10k,grid-10k", "--metric", "instructions", "--allow-debug", "--operations", "1",
        ])
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("are both named 'grid-10k'"), "\(twice.stderr)")
        // (A spec without a name takes its file's: grid.yaml and copy.yaml are two names.)
        let named = TinyBench.grid.replacingOccurrences(of: "version: 1\n", with: "version: 1\nname: tiny\n")
        #expect(named != TinyBench.grid)
        let one = try files.write(named, to: "one.yaml"), other = try files.write(named, to: "other.yaml")
        let sameName = try CLI.run(["bench", one, other, "--allow-debug", "--repetitions", "1"])
        #expect(sameName.status == 2)
        #expect(sameName.stderr.contains("\(other) and \(one) are both named 'tiny'"), "\(sameName.stderr)")
        let copy = try files.write(TinyBench.grid, to: "copy.yaml")
        #expect(try CLI.run(["bench", spec, copy, "--allow-debug", "--repetitions", "1"]).status == 0)
        let knob = try CLI.run(TinyBench.arguments(spec: spec), environment: ["LAYOUTBENCH_SLOWDOWN_PERCENT": "lots"])
        #expect(knob.status == 2)
        #expect(knob.stderr.contains("LAYOUTBENCH_SLOWDOWN_PERCENT"))
    }

    @Test("options that exclude each other or are out of range exit 2 with usage")
    func usage() throws {
        for extra in [["--time-budget", "0.1"], ["--threads", "0"], ["--rounds", "0"]] {
            let result = try CLI.run(["bench", "--allow-debug", "--repetitions", "1"] + extra)
            #expect(result.status == 2, "\(extra)")
            #expect(result.stderr.contains("Usage: layoutbench bench"), "\(extra): \(result.stderr)")
        }
    }
}
