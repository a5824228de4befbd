import Foundation
import Testing

@testable import BenchResults
@testable import LayoutBenchKit

/// `bench --shard I/N`'s split (pure) and `merge`'s refusals, on synthetic results.
@Suite("shards: split and merge")
struct ShardTests {
    /// Units of three specs × four scenarios × two thread counts, costs from items × a weight.
    static let units: [(unit: WorkUnit, cost: Double)] = [("a", 100.0), ("b", 10_000.0), ("c", 1_000.0)].flatMap {
        spec, items in
        [("full", 1.0), ("resize", 2.0), ("parse", 3.0), ("query", 1.0)].flatMap { scenario, weight in
            [1, 2].map { (unit: WorkUnit(spec: spec, scenario: scenario, threads: $0), cost: items * weight) }
        }
    }

    @Test("the split is deterministic, covers every unit exactly once, and balances within the largest unit")
    func split() {
        let cost = Dictionary(uniqueKeysWithValues: Self.units.map { ($0.unit, $0.cost) })
        for count in 1...5 {
            let shards = ShardPlan.split(Self.units, count: count)
            #expect(shards.count == count)
            #expect(ShardPlan.split(Self.units.reversed(), count: count) == shards, "order of the input matters")
            let all = shards.flatMap { $0 }
            #expect(all.count == Self.units.count)
            #expect(Set(all) == Set(Self.units.map(\.unit)))
            let loads = shards.map { $0.reduce(0) { $0 + cost[$1]! } }
            let largest = Self.units.map(\.cost).max()!
            #expect(loads.max()! - loads.min()! <= largest, "loads \(loads)")
        }
        // Two shards of equal units split them evenly.
        let even = (1...6).map { (unit: WorkUnit(spec: "s", scenario: "full", threads: $0), cost: 1.0) }
        #expect(ShardPlan.split(even, count: 2).map(\.count) == [3, 3])
        // More shards than units: the rest are empty, not an error.
        #expect(ShardPlan.split(Array(even.prefix(1)), count: 3).map(\.count) == [1, 0, 0])
    }

    @Test("--shard takes I/N with 1 <= I <= N", arguments: ["0/2", "3/2", "x/2", "1/0", "1", "1/2/3", ""])
    func badSelector(_ text: String) {
        #expect(throws: ShardError.self) { try ShardSelector.parse(text) }
    }

    @Test("a good selector parses")
    func goodSelector() throws {
        #expect(try ShardSelector.parse("2/3") == ShardSelector(index: 2, count: 3))
    }

    /// Shard `index` of `count` of the units in `Self.units`, results for its units of spec "a" only.
    static func shard(_ index: Int, of count: Int) -> BenchReport {
        let units = ShardPlan.split(Self.units, count: count)[index - 1]
        var report = Fixtures.report(
            units.map {
                Fixtures.result(
                    spec: $0.spec, scenario: $0.scenario, threads: $0.threads,
                    samples: Fixtures.samples(median: 1_000, seed: 1))
            })
        report.specs = ["a", "b", "c"].map {
            SpecInfo(name: $0, source: "preset:\($0)", items: 1, sections: 1, contentHash: "hash-\($0)")
        }
        report.run.scenarios = ["full", "resize", "parse", "query"]
        report.run.threads = [1, 2]
        report.shard = ShardInfo(index: index, count: count, units: units)
        return report
    }

    @Test("merged shards hold every unit once, in spec, scenario, thread order, with no shard field")
    func merge() throws {
        let merged = try BenchReport.merge([("s2.json", Self.shard(2, of: 2)), ("s1.json", Self.shard(1, of: 2))])
        #expect(merged.shard == nil)
        let units = merged.results.map(WorkUnit.init)
        #expect(Set(units) == Set(Self.units.map(\.unit)))
        #expect(units.count == Self.units.count)
        #expect(units.first == WorkUnit(spec: "a", scenario: "full", threads: 1))
        #expect(units.last == WorkUnit(spec: "c", scenario: "query", threads: 2))
        // The merged file round-trips like any result file.
        let decoded = try BenchReport.decode(merged.jsonData(), path: "merged.json")
        #expect(decoded == merged)
    }

    @Test("merge refuses shards of different runs, naming both files and the field")
    func refusals() throws {
        let one = Self.shard(1, of: 2)
        var seed = Self.shard(2, of: 2)
        seed.run.runner.seed = 7
        var commit = Self.shard(2, of: 2)
        commit.gitCommit = "0123"
        var build = Self.shard(2, of: 2)
        build.run.buildConfiguration = "debug"
        var toolchain = Self.shard(2, of: 2)
        toolchain.toolchain.swift = "Swift 6.2"
        var spec = Self.shard(2, of: 2)
        spec.specs[1].contentHash = "other"
        var runner = Self.shard(2, of: 2)
        runner.run.runner.rounds = 9
        var count = Self.shard(2, of: 2)
        count.shard?.count = 3
        for (other, field) in [
            (seed, "run.runner.seed"), (commit, "gitCommit"), (build, "run.buildConfiguration"),
            (toolchain, "toolchain.swift"), (spec, "specs"), (runner, "run.runner"), (count, "shard.count"),
        ] {
            do {
                _ = try BenchReport.merge([("one.json", one), ("two.json", other)])
                Issue.record("merged shards differing in \(field)")
            } catch {
                guard case let .differs(found, path, _, otherPath, _) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(found == field)
                #expect(path == "one.json" && otherPath == "two.json")
                #expect(error.description.contains("`\(field)`"), "\(error)")
            }
        }
    }

    @Test("merge refuses a duplicate shard, overlapping rows, a non-shard and missing shards")
    func structuralRefusals() throws {
        let one = Self.shard(1, of: 2)
        #expect(throws: MergeError.duplicateShard(shard: "1/2", path: "a.json", otherPath: "b.json")) {
            try BenchReport.merge([("a.json", one), ("b.json", one)])
        }
        var overlapping = Self.shard(2, of: 2)
        overlapping.results.append(one.results[0])
        #expect(
            throws: MergeError.overlappingUnits(
                unit: WorkUnit(one.results[0]), path: "a.json", otherPath: "b.json")
        ) {
            try BenchReport.merge([("a.json", one), ("b.json", overlapping)])
        }
        var plain = one
        plain.shard = nil
        #expect(throws: MergeError.notAShard(path: "b.json")) {
            try BenchReport.merge([("a.json", one), ("b.json", plain)])
        }
        let first = Self.shard(1, of: 3)
        let third = Self.shard(3, of: 3)
        #expect(throws: MergeError.missingShards(merged: 2, count: 3, missing: [2])) {
            try BenchReport.merge([("a.json", first), ("c.json", third)])
        }
        #expect(
            MergeError.missingShards(merged: 2, count: 3, missing: [2]).description.hasPrefix(
                "merged 2 of 3 shards: shard 2/3 missing"))
        let partial = try BenchReport.merge([("a.json", first), ("c.json", third)], allowPartial: true)
        #expect(partial.results.count == first.results.count + third.results.count)
    }

    @Test("a result file without a shard field still loads; one with it round-trips")
    func schema() throws {
        let plain = try Fixtures.report([]).jsonData()
        #expect(try BenchReport.decode(plain, path: "plain.json").shard == nil)
        let sharded = Self.shard(1, of: 2)
        #expect(try BenchReport.decode(sharded.jsonData(), path: "s.json").shard == sharded.shard)
    }
}
