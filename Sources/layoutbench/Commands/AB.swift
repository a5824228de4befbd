import ArgumentParser
import BenchResults
import ErrorReporting
import Foundation
import LayoutBenchKit

extension Layoutbench {
    struct AB: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ab",
            abstract:
                "Run two builds alternately and say whether HEAD is slower than BASE: the CI comparison to trust.",
            discussion: """
                Runs `BASE_BINARY bench ...` and `HEAD_BINARY bench ...` as child processes in --pairs pairs, \
                alternating the order (base-head, head-base, ...: ABBA), with the same bench options (specs, \
                presets, scenarios, seed; anything ab does not know goes to bench). For each scenario it takes \
                each pair's ratio head / base of the medians (both ran within seconds of each other, so the \
                machine's mood cancels), then the Hodges–Lehmann estimate of the ratios with the exact \
                Wilcoxon signed-rank interval: the noise between runs is measured by the pairs, not assumed.

                Family-wise: all rows (spec × scenario × threads) are judged at once, so each row's interval is \
                at the Bonferroni level 1 − 5%/rows, and a false "slower" anywhere in the table has at most a 5% \
                chance (given pair ratios whose noise is symmetric, which the alternating order makes \
                plausible). The exact test with n pairs reaches at most 1 − 2/2^n, so the default of \
                \(Self.defaultPairs) pairs reaches 99.95%: enough for up to 100 rows (the default preset's 11 scenarios at threads \
                1 and 2 are 22 rows, each at 99.77%). Fewer pairs than the rows need make every time verdict \
                inconclusive, with a note saying how many to use. Unless you give --time-budget or \
                --repetitions, each run samples each scenario for \(Self.defaultBudget) s: one ab run is \
                2 × \(Self.defaultPairs) runs of (scenarios × thread counts × \(Self.defaultBudget) s + start-up), \
                one to two minutes for two 10k presets at one thread.

                Verdicts: faster, slower (the whole interval above +threshold), same (inside ±threshold), \
                inconclusive (straddles it: add pairs). Exit codes: 0 nothing slower, 1 something slower, 2 bad \
                input (a missing binary, a bench that failed, a bad option).

                --metric instructions counts instructions under valgrind instead (exact; one pair is enough; \
                threshold 1%): use it for changes smaller than the machine's noise, or on shared CI runners.

                The Markdown table goes to --export-markdown FILE and, when GITHUB_STEP_SUMMARY is set, to the \
                job summary. To check that ab catches a regression, slow one side on purpose: \
                --head-env LAYOUTBENCH_SLOWDOWN_PERCENT=10 (time) or --head-env _LAYOUTBENCH_WORK_PERCENT=3 \
                (instructions).

                Examples:
                  layoutbench ab base/.build/release/layoutbench head/.build/release/layoutbench \\
                      --preset grid-10k --threads 1 --export-markdown ab.md
                  layoutbench ab BASE HEAD --metric instructions --preset grid-10k --scenarios full,query
                """)

        @Argument(help: "The layoutbench binary built from the base (such as main).")
        var baseBinary: String

        @Argument(help: "The layoutbench binary built from the change.")
        var headBinary: String

        @Option(
            help:
                "Pairs of runs (time; default \(AB.defaultPairs), enough for a family-wise 95% over up to 100 rows). Instruction counts are exact: 1 pair by default."
        )
        var pairs: Int?

        static let defaultPairs = 12
        /// Seconds of sampling per scenario in each run, unless the bench options set a budget or repetitions.
        static let defaultBudget = 0.1

        @Option(help: "time or instructions.")
        var metric: BenchMetric = .time

        @OptionGroup var thresholds: ComparisonThresholdOptions

        @Option(name: .customLong("base-env"), help: "KEY=VALUE set for the base runs only (repeatable).")
        var baseEnv: [String] = []

        @Option(name: .customLong("head-env"), help: "KEY=VALUE set for the head runs only (repeatable).")
        var headEnv: [String] = []

        @Option(name: .customLong("keep"), help: "Keep every run's result file and log in this folder.")
        var keep: String?

        @Option(help: "Output format.")
        var format: ComparisonReport.Format = .table

        @OptionGroup var exports: ComparisonExportOptions

        @Argument(
            parsing: .allUnrecognized,
            help: "Options for both sides' bench (--preset, --scenarios, --time-budget, --allow-debug, ...).")
        var benchOptions: [String] = []

        func validate() throws {
            if let pairs, pairs < 1 || pairs > 100 { throw ValidationError("--pairs must be from 1 to 100") }
            for option in ["--json", "--metric", "--markdown"] where benchOptions.contains(option) {
                throw ValidationError("ab sets \(option) for its runs itself; leave it out")
            }
        }

        func run() throws {
            let options = try thresholds.options()
            let plan = ABPlan(pairs: pairs ?? (metric == .instructions ? 1 : Self.defaultPairs))
            var invocation = BenchInvocation(passthrough: benchOptions)
            if metric == .instructions {
                invocation.metric = .instructions
            } else {
                // No memory pass (given once: `--no-memory` may already be among the pass-through options).
                invocation.measuresMemory = invocation.passthroughSkipsMemory
                // Short blocks: many short pairs measure the noise between runs better than few long ones.
                if !invocation.passthroughSetsStop { invocation.stop = .timeBudget(seconds: Self.defaultBudget) }
            }
            let folder =
                keep
                ?? FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-ab-\(UUID().uuidString)")
                .path
            defer { if keep == nil { try? FileManager.default.removeItem(atPath: folder) } }
            let runner = ABRunner(
                baseBinary: baseBinary, headBinary: headBinary,
                benchArguments: { [invocation] json in
                    var run = invocation
                    run.json = json
                    return run.arguments
                },
                baseEnvironment: try Self.environment(baseEnv, option: "--base-env"),
                headEnvironment: try Self.environment(headEnv, option: "--head-env"), folder: folder)
            // ABError and CompareError go to Failure (exit 2).
            let results = try runner.run(plan) { Failure.printError($0) }
            let report = try PairedComparison.compare(
                results, metric: metric == .instructions ? .instructions : .time,
                options: options, base: baseBinary, head: headBinary)
            print(report.formatted(format))
            try exports.write(report)
            if !report.regressions.isEmpty { throw CLIError.regression(report.regressionSummary) }
        }

        /// `KEY=VALUE` pairs.
        static func environment(_ pairs: [String], option: String) throws -> [String: String] {
            var result: [String: String] = [:]
            for pair in pairs {
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    throw CLIError.badArgument("\(option) takes KEY=VALUE, got '\(pair)'")
                }
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            return result
        }
    }
}
