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

                Example: layoutbench history specs/grid.yaml --last 20 --scenarios full
                """)

        @Argument(help: "The spec: its path as benched, or its name.")
        var spec: String

        @Option(help: "The results store: a SQLite file or a postgres://USER@HOST:PORT/DB URL.")
        var store = SQLiteResultStore.defaultPath

        @Option(help: "Only these scenarios, comma-separated.")
        var scenarios: String?

        @Option(help: "The newest N runs.")
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
                let runs = try StoreOpening.open(store).history(
                    spec: spec, scenarios: scenarios.map { $0.split(separator: ",").map(String.init) }, last: last)
                guard !runs.isEmpty else {
                    throw CLIError.badArgument("\(store): no run of '\(spec)' (give its path as benched, or its name)")
                }
                return HistoryReport(spec: spec, runs: runs, threshold: fraction)
            }()
            print(report.formatted(format))
        }
    }
}

extension HistoryReport.Format: ExpressibleByArgument {}
