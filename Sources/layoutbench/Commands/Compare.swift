import ArgumentParser
import Foundation
import LayoutBenchKit

extension Layoutbench {
    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare two bench result files and say whether HEAD regressed.",
            discussion: """
                For every spec, scenario and thread count present in both files, compares the median time \
                (ratio HEAD / BASE with a 95% bootstrap confidence interval from every sample) and the \
                allocations and bytes allocated per operation. A change counts only if the whole interval \
                lies beyond the threshold, so two runs of the same build say "no change". The bootstrap \
                resamples whole rounds (bench interleaves scenarios in rounds), so load that came and went \
                during a run widens the interval. Each result also carries a fixed calibration unit timed \
                between its samples: column machine shows how much slower the machine ran it for HEAD, and \
                --normalize divides time ratios by it.

                Exit codes: 0 no regression, 1 regression (named on standard error), 2 bad input (a missing \
                file, another schema or version, nothing in common).

                Example: layoutbench compare base.json head.json --threshold 5% --format markdown
                """)

        @Argument(help: "The result file to compare against (from `bench --json`).")
        var base: String

        @Argument(help: "The result file of the change.")
        var head: String

        @Option(help: "Smallest change that counts: 5%, 5 or 0.05.")
        var threshold = "5%"

        @Option(help: "Output format.")
        var format: ComparisonReport.Format = .table

        @Option(help: "Bootstrap resamples.")
        var resamples = Bootstrap.defaultResamples

        @Flag(help: "Divide time ratios by the machine's change in speed (a calibration unit timed beside each result).")
        var normalize = false

        func validate() throws {
            guard let value = ComparisonOptions.parseThreshold(threshold), value < 10 else {
                throw ValidationError("--threshold must be a percentage such as 5% (or a fraction such as 0.05), got '\(threshold)'")
            }
            if resamples < 100 { throw ValidationError("--resamples must be at least 100") }
        }

        func run() throws {
            let options = ComparisonOptions(threshold: ComparisonOptions.parseThreshold(threshold) ?? 0.05, resamples: resamples,
                                            normalizesByCalibration: normalize)
            let report = try Comparator.compare(basePath: base, headPath: head, options: options)
            print(report.formatted(format))
            if !report.regressions.isEmpty { throw CLIError.regression(report.regressionSummary) }
        }
    }
}

extension ComparisonReport.Format: ExpressibleByArgument {}
