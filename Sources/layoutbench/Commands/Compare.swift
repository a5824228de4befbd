import ArgumentParser
import BenchResults
import ErrorReporting
import Foundation
import LayoutBenchKit

extension Layoutbench {
    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare two bench result files and say whether HEAD regressed.",
            discussion: """
                For every spec, scenario and thread count present in both files, compares the median time \
                (ratio HEAD / BASE), instructions per operation (from `bench --metric instructions`), and \
                allocations and bytes allocated per operation. Two files are two separate runs, so the time \
                interval holds the noise BETWEEN runs: the rounds' medians of each run are two independent \
                samples (a Welch t interval on their logarithms), widened by a run-to-run floor (what \
                no round of one run can show: 10% by default, measured on A/A pairs; --run-to-run-floor). \
                Column machine shows a calibration unit's speed head / base, as a warning sign only. \
                Each metric gets a verdict:
                  faster        the whole interval is below -threshold
                  slower        the whole interval is above +threshold (the only failing verdict)
                  same          the interval lies within ±threshold
                  inconclusive  the interval straddles the threshold: rerun, or use `layoutbench ab`
                All time rows are judged together: each interval is at the Bonferroni level 1 − 5%/rows.

                Two files cannot show the noise between their runs, only signs of it. When either run was \
                visibly unsteady (a single-threaded result got under 85% of its wall time as CPU time, its \
                rounds disagree by more than x1.25, or the calibration unit drifted or spread), the time \
                interval is widened by at least x1.5 (by 1/CPU share when that is more): a difference within \
                that is inconclusive (exit 0, with a note), and only a change far beyond it is slower. For a \
                trustworthy verdict on time, use `layoutbench ab BASE_BINARY HEAD_BINARY` (it alternates the \
                two builds and measures the noise between runs in pairs) or `bench --metric instructions`.

                Thresholds: --threshold 5% or 5 (five percent); a bare value below 1 is refused, write 0.5% \
                for half a percent. Instructions default to 1%. --thresholds FILE gives per-scenario ones, \
                lines of `glob: percent` such as `query: 10%` or `grid-10k/full*: 3%` (or a JSON object).

                Exit codes: 0 nothing slower, 1 something slower (named on standard error), 2 bad input (a \
                missing file, another schema or version, nothing in common, a bad threshold).

                Budgets: `compare --budget Benchmarks/instruction-budgets.json HEAD.json` holds a \
                `bench --metric instructions` run to the checked-in ceilings of instructions per operation \
                (per spec and scenario): exit 1 when a row exceeds its budget by any amount (named on standard \
                error), 0 otherwise, 2 for a budget file that cannot be used (the error names the file and the \
                JSON path) or a run without instruction counts.

                Example: layoutbench compare base.json head.json --threshold 5% --export-markdown summary.md
                """)

        @Argument(
            help:
                ArgumentHelp(
                    "The result file to compare against (from `bench --json`); "
                        + "with --baseline or --budget, the result file of the change.")
        )
        var base: String

        @Argument(help: "The result file of the change.")
        var head: String?

        @Option(help: "Compare against this stored baseline (from `bench --save-baseline NAME`) instead of BASE.json.")
        var baseline: String?

        @Option(help: "The results store holding the baseline.")
        var store: String?

        @Option(help: "Check the result file against this instruction budget file instead of a base run.")
        var budget: String?

        @OptionGroup var thresholds: ComparisonThresholdOptions

        @OptionGroup var exports: ComparisonExportOptions

        @Option(help: "Output format.")
        var format: ComparisonReport.Format = .table

        @Option(
            name: .customLong("run-to-run-floor"),
            help:
                """
                The least difference two separate runs of the same build show here, added to both ends of every \
                time interval.
                """
        )
        var runToRunFloor = "\(Int(ComparisonOptions().runToRunFloor * 100))%"

        func validate() throws {
            if budget != nil {
                guard baseline == nil, head == nil else {
                    throw ValidationError("--budget FILE takes one result file: compare --budget FILE HEAD.json")
                }
                return
            }
            if (baseline == nil) == (head == nil) {
                throw ValidationError("give BASE.json HEAD.json, --baseline NAME HEAD.json or --budget FILE HEAD.json")
            }
        }

        func run() throws {
            if let budget { return try checkBudget(budget) }
            var options = try thresholds.options()
            options.runToRunFloor = try ThresholdArgument.parse(runToRunFloor, option: "--run-to-run-floor")
            let report =
                try baseline.map { name in
                    try StoreCommand.compare(baseline: name, store: store, headPath: base, options: options)
                } ?? Comparator.compare(basePath: base, headPath: head ?? "", options: options)
            print(report.formatted(format))
            try exports.write(report)
            if !report.regressions.isEmpty { throw CLIError.regression(report.regressionSummary) }
        }
    }
}

extension Layoutbench.Compare {
    /// `--budget FILE HEAD.json`: every counted row against its ceiling; exit 1 when one exceeds it.
    func checkBudget(_ path: String) throws {
        let budgets = try InstructionBudget.load(path: path)
        let run = try BenchReport.load(path: base)
        let check = try budgets.check(run, budgetPath: path)
        print(check.formatted(markdown: format == .markdown))
        let markdown = check.formatted(markdown: true)
        if let path = exports.exportMarkdown {
            try ExportFile.write(markdown + "\n", to: path, option: "--export-markdown")
        }
        try ExportFile.appendToStepSummary(markdown)
        if !check.overBudget.isEmpty { throw CLIError.regression(check.overBudgetSummary) }
    }
}

extension ComparisonReport.Format: ExpressibleByArgument {}
