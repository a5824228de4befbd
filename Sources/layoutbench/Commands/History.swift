import ArgumentParser
import BenchResults
import ErrorReporting
import Foundation
import LayoutBenchKit
import LayoutStore

extension Layoutbench {
    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a spec's trend across the runs in the results store.",
            discussion: """
                One row per scenario and thread count: the medians of the newest runs as a sparkline (oldest \
                left), the first, last and smallest median, and the change from first to last; then the runs \
                where compare called a regression against the run before.

                Exit codes: 0 printed, 2 bad input (no store, no run of that spec).

                SPEC is a spec's path as benched, its name, or a preset's name (`history grid-10k`). --machine \
                (part of the CPU model), --branch and --label keep only the runs that match, before --last.

                Example: layoutbench history specs/grid.yaml --last 20 --scenarios full
                Example: layoutbench history grid-10k --branch main --machine Xeon
                """)

        @Argument(help: "The spec: its path as benched, its name, or a preset's name (grid-10k).")
        var spec: String

        @Option(
            help:
                "The results store: a SQLite file or a postgres://USER@HOST:PORT/DB URL\(BuildTrait.postgres.helpNote)."
        )
        var store = SQLiteResultStore.defaultPath

        @Option(help: "Only these scenarios, comma-separated.")
        var scenarios: String?

        @Option(help: "Only runs on a machine whose CPU model contains this text.")
        var machine: String?

        @Option(help: "Only runs recorded on this git branch (bench records it; push --branch gives it).")
        var branch: String?

        @Option(help: "Only runs with this label.")
        var label: String?

        @Option(help: "The newest N runs (after the filters).")
        var last = 30

        @Option(help: "Output format.")
        var format: HistoryReport.Format = .table

        @OptionGroup var threshold: ThresholdOption

        func validate() throws {
            if last < 1 { throw ValidationError("--last must be at least 1") }
        }

        func run() throws {
            let fraction = try threshold.fraction()
            let report = try { () throws -> HistoryReport in
                guard StoreOpening.exists(store) else {
                    throw CLIError.badArgument(
                        "\(store): no results store (write one with `layoutbench bench --store FILE` or `layoutbench watch`)"
                    )
                }
                let filter = HistoryFilter(machine: machine, branch: branch, label: label)
                let runs = try StoreOpening.open(store).history(
                    spec: spec, scenarios: scenarios.map { $0.split(separator: ",").map(String.init) }, last: last,
                    filter: filter)
                guard !runs.isEmpty else {
                    let filters = [("machine", machine), ("branch", branch), ("label", label)].compactMap {
                        name, value in
                        value.map { "--\(name) \($0)" }
                    }
                    let matching = filters.isEmpty ? "" : " matching " + filters.joined(separator: " ")
                    throw CLIError.badArgument(
                        "\(store): no run of '\(spec)'\(matching) (give its path as benched, its name or a preset's name)"
                    )
                }
                return HistoryReport(spec: spec, runs: runs, threshold: fraction)
            }()
            print(report.formatted(format))
        }
    }
}

extension HistoryReport.Format: ExpressibleByArgument {}
