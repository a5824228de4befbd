import BenchResults
import Foundation
import Testing

/// `bench --shard I/N` and `layoutbench merge`: two shards merged hold the rows of one unsharded run; bad
/// selectors and shards of different runs exit 2.
@Suite("layoutbench merge and bench --shard")
struct MergeCommandTests {
    static func arguments(spec: String, json: String) -> [String] {
        [
            "bench", spec, "--allow-debug", "--scenarios", "full,resize,query", "--threads", "1,2",
            "--repetitions", "5", "--rounds", "1", "--warmup", "0", "--no-memory", "--json", json,
        ]
    }

    static func rows(_ report: BenchReport) -> [WorkUnit] { report.results.map(WorkUnit.init) }

    @Test("2 shards merged hold the rows, specs and settings of one unsharded run; compare reads the merge")
    func endToEnd() throws {
        let files = try Workspace()
        let spec = try files.write(TinyBench.grid, to: "grid.yaml")
        for (name, shard) in [("whole.json", nil), ("s1.json", "1/2"), ("s2.json", "2/2")] {
            let result = try CLI.run(
                Self.arguments(spec: spec, json: files.path(name)) + (shard.map { ["--shard", $0] } ?? []))
            #expect(result.status == 0, "\(result.stderr)")
        }
        let s1 = try BenchReport.load(path: files.path("s1.json"))
        let s2 = try BenchReport.load(path: files.path("s2.json"))
        #expect(s1.shard?.index == 1 && s1.shard?.count == 2)
        #expect(s2.shard?.index == 2 && s2.shard?.count == 2)
        #expect(!s1.results.isEmpty && !s2.results.isEmpty, "each shard runs part of the 6 units")
        #expect(Set(Self.rows(s1)).isDisjoint(with: Self.rows(s2)))

        let merge = try CLI.run([
            "merge", files.path("s2.json"), files.path("s1.json"), "-o", files.path("all.json"), "--store",
            files.path("results.sqlite"),
        ])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout.contains("merged 2 shards (6 results)"), "\(merge.stdout)")
        let merged = try BenchReport.load(path: files.path("all.json"))
        let whole = try BenchReport.load(path: files.path("whole.json"))
        #expect(merged.shard == nil && whole.shard == nil)
        #expect(Self.rows(merged) == Self.rows(whole))
        #expect(merged.specs == whole.specs)
        #expect(merged.run.runner == whole.run.runner)
        #expect(merged.run.scenarios == whole.run.scenarios && merged.run.threads == whole.run.threads)

        let compare = try CLI.run(["compare", files.path("all.json"), files.path("whole.json")])
        #expect(compare.status != 2, "\(compare.stderr)")
        #expect(compare.stdout.contains("resize"), "\(compare.stdout)")

        // The stored merged run is history like any run: its six rows are there.
        let history = try CLI.run([
            "history", "grid", "--store", files.path("results.sqlite"), "--scenarios", "resize",
        ])
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout.contains("resize"), "\(history.stdout)")

        // A shard missing: exit 2 naming it, unless --allow-partial.
        let partial = try CLI.run(["merge", files.path("s1.json"), "-o", files.path("part.json")])
        #expect(partial.status == 2)
        #expect(partial.stderr.contains("merged 1 of 2 shards: shard 2/2 missing"), "\(partial.stderr)")
        let allowed = try CLI.run([
            "merge", files.path("s1.json"), "-o", files.path("part.json"), "--allow-partial",
        ])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stderr.contains("shard 2/2 missing"), "\(allowed.stderr)")

        // The same shard twice, and an unsharded file: exit 2 naming the files.
        let twice = try CLI.run(["merge", files.path("s1.json"), files.path("s1.json"), "-o", files.path("x.json")])
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("are both shard 1/2"), "\(twice.stderr)")
        let plain = try CLI.run(["merge", files.path("s1.json"), files.path("whole.json"), "-o", files.path("x.json")])
        #expect(plain.status == 2)
        #expect(plain.stderr.contains("whole.json: not a shard"), "\(plain.stderr)")
    }

    @Test("shards of different seeds exit 2 naming both files and the field")
    func differentSeeds() throws {
        let files = try Workspace()
        let spec = try files.write(TinyBench.grid, to: "grid.yaml")
        let base = TinyBench.arguments(spec: spec)
        let one = try CLI.run(base + ["--shard", "1/2", "--json", files.path("s1.json")])
        let two = try CLI.run(base + ["--shard", "2/2", "--seed", "9", "--json", files.path("s2.json")])
        #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
        let merge = try CLI.run(["merge", files.path("s1.json"), files.path("s2.json"), "-o", files.path("x.json")])
        #expect(merge.status == 2)
        #expect(merge.stderr.contains("`run.runner.seed` is '1' in \(files.path("s1.json"))"), "\(merge.stderr)")
        #expect(merge.stderr.contains("'9' in \(files.path("s2.json"))"), "\(merge.stderr)")
    }

    @Test("--shard outside 1/N..N/N or not I/N exits 2 with the rule", arguments: ["0/2", "3/2", "x/2"])
    func badShard(_ shard: String) throws {
        let files = try Workspace()
        let spec = try files.write(TinyBench.grid, to: "grid.yaml")
        let result = try CLI.run(TinyBench.arguments(spec: spec) + ["--shard", shard])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--shard '\(shard)'"), "\(result.stderr)")
    }

    @Test("merge with no file exits 2")
    func noFiles() throws {
        let result = try CLI.run(["merge", "-o", "/tmp/never.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("<shards>"), "\(result.stderr)")
    }
}
