import ArgumentParser
import BenchResults
import Foundation

extension Layoutbench {
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Join the shard result files of one sharded bench into one result file.",
            discussion: """
                `bench --shard I/N --json FILE` runs a deterministic 1/N of the (spec, scenario, threads) units; \
                run all N (one CI job each), then merge their files. The merged file has no `shard` field and \
                reads like one unsharded run of the same inputs (timings aside): `compare`, `ab`, `report` and \
                `history` take it as any result file.

                Refused (exit 2, naming both files and the field that differs): shards of different builds \
                (gitCommit, run.buildConfiguration, toolchain.swift), seeds, runner settings, scenarios, \
                thread counts or input specs (content hashes); a file that is not a shard; a shard given twice; \
                shards holding the same unit; and missing shards (`merged 2 of 3 shards: shard 2/3 missing`) \
                unless --allow-partial.

                Exit codes: 0 merged, 2 bad input.

                Example:
                  layoutbench bench --preset grid-10k --shard 1/2 --json s1.json
                  layoutbench bench --preset grid-10k --shard 2/2 --json s2.json
                  layoutbench merge s1.json s2.json -o all.json --store results.sqlite
                """)

        @Argument(help: "Shard result files (from `bench --shard I/N --json FILE`).")
        var shards: [String]

        @Option(name: .shortAndLong, help: "Where to write the merged result file.")
        var output: String

        @Option(help: "Also add the merged run to this results store (SQLite; see `history`).")
        var store: String?

        @Option(
            name: .customLong("save-baseline"),
            help:
                "Name the stored merged run (for `compare --baseline NAME`); implies --store .layoutbench/results.sqlite."
        )
        var saveBaseline: String?

        @Flag(name: .customLong("allow-partial"), help: "Merge even when shards are missing (they are named).")
        var allowPartial = false

        func validate() throws {
            if shards.isEmpty { throw ValidationError("give the shard result files (from `bench --shard I/N --json`)") }
        }

        func run() throws {
            try OutputPath.check(output, option: "-o")
            var loaded: [(path: String, report: BenchReport)] = []
            for path in shards { loaded.append((path, try BenchReport.load(path: path))) }
            let merged = try BenchReport.merge(loaded, allowPartial: allowPartial)
            if let count = loaded.first?.report.shard?.count, loaded.count < count {
                let present = Set(loaded.compactMap { $0.report.shard?.index })
                let missing = (1...count).filter { !present.contains($0) }.map { "shard \($0)/\(count)" }
                Failure.printError(
                    "warning: merged \(loaded.count) of \(count) shards: \(missing.joined(separator: ", ")) missing")
            }
            do {
                try merged.write(to: output)
            } catch {
                throw CLIError.unwritable(path: output, option: "-o", reason: error.localizedDescription)
            }
            try StoreCommand.save(merged, store: store, baseline: saveBaseline, label: merged.label)
            print("merged \(loaded.count) shards (\(merged.results.count) results) into \(output)")
        }
    }
}
