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
                Lock-step (the default, --method lockstep): both builds start as long-lived workers (the \
                hidden `layoutbench _serve-bench`, one command a line over pipes) on the same specs, presets, \
                scenarios, threads and seed. For each row (spec × scenario × threads) the coordinator warms \
                both to a steady state, picks a batch size so a batch takes about 10 ms, then alternates \
                batches A B, B A, ... so each pair of batches meets the same machine within milliseconds. \
                On Linux both workers of a pair are pinned to the same CPU (as many CPUs as the rows' most \
                threads), the next pair to the next CPU: on a shared virtual machine each CPU changes speed on \
                its own, and a pair of batches on two CPUs would compare the CPUs (--no-pin to let them move; \
                docs/measurement.md). Each pair gives a ratio head / base. The worker pair is short-lived: it is \
                restarted for each round, in which every open row takes \(LockstepAB.defaultPairsPerSegment) \
                pairs, so each row sees many process pairs. Pairs from one process pair share its memory \
                layout, so the process pair is the unit of evidence: per process pair the median ratio, then \
                the mean of those with Student's t interval over process pairs, looked at after a growing \
                number of process pairs (the looks share the row's error level). A row stops as soon as it is \
                decided; rounds stop when every row is decided or --max-time (default \(Self.defaultMaxTime) s) \
                would be passed (open rows are inconclusive). A difference between two processes of one build \
                (memory layout) thus counts as noise, not as a change. A worker that crashes, hangs (no reply within \
                --reply-timeout) or prints something that is not a reply ends ab with exit 2 and the reason.

                --method runs: the older way, whole `bench` child processes in --pairs ABBA pairs (default \
                \(Self.defaultPairs)), each pair's ratio of the medians; each run samples each scenario for \
                \(Self.defaultBudget) s unless the bench options set --time-budget or --repetitions.

                Family-wise: all rows are judged at once, so each row's interval is at the Bonferroni level \
                1 − 5%/rows, and a false "slower" anywhere in the table has at most a 5% chance (given pair \
                ratios whose noise is symmetric, which the alternating order makes plausible).

                Verdicts: faster, slower (the whole interval above +threshold), same (inside ±threshold), \
                inconclusive (straddles it: give more time). Exit codes: 0 nothing slower, 1 something \
                slower, 2 bad input (a missing binary, a worker or bench that failed, a bad option).

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
            help: ArgumentHelp(
                "Pairs of runs (time; default \(AB.defaultPairs), enough for a family-wise 95% over up to 100 rows). "
                    + "Instruction counts are exact: 1 pair by default.")
        )
        var pairs: Int?

        static let defaultPairs = 12
        /// Seconds of sampling per scenario in each run, unless the bench options set a budget or repetitions.
        static let defaultBudget = 0.1

        /// How `ab` times the builds.
        enum Method: String, ExpressibleByArgument, CaseIterable {
            case lockstep, runs
        }

        @Option(help: "lockstep (long-lived workers, batches in ABBA order; the default) or runs (whole bench runs).")
        var method: Method = .lockstep

        @Option(
            name: .customLong("max-time"),
            help: "Lock-step: seconds for the whole comparison (default \(AB.defaultMaxTime)).")
        var maxTime: Double = AB.defaultMaxTime

        static let defaultMaxTime = 60.0

        @Option(
            name: .customLong("reply-timeout"),
            help: "Lock-step: seconds to wait for a worker's reply before calling it hung.")
        var replyTimeout: Double = 30

        @Flag(
            inversion: .prefixedNo,
            help: "Lock-step, Linux: pin both workers of a process pair to the same CPUs (rotating per pair).")
        var pin = true

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
            if pairs != nil && method == .lockstep && metric == .time {
                throw ValidationError("--pairs counts whole runs: add --method runs, or give --max-time for lock-step")
            }
            if !(maxTime > 0 && maxTime.isFinite) {
                throw ValidationError("--max-time must be a positive number of seconds")
            }
            if !(replyTimeout > 0 && replyTimeout.isFinite) {
                throw ValidationError("--reply-timeout must be a positive number of seconds")
            }
            for option in ["--json", "--metric", "--markdown"] where benchOptions.contains(option) {
                throw ValidationError("ab sets \(option) for its runs itself; leave it out")
            }
        }

        func run() throws {
            let options = try thresholds.options()
            if metric == .time && method == .lockstep {
                try runLockstep(options)
                return
            }
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

        /// Lock-step: both builds as `_serve-bench` workers (`LockstepAB`).
        func runLockstep(_ options: ComparisonOptions) throws {
            for (side, path) in [("BASE_BINARY", baseBinary), ("HEAD_BINARY", headBinary)]
            where !FileManager.default.isExecutableFile(atPath: path) {
                throw ABError.notExecutable(side: side, path: path)
            }
            let folder =
                keep
                ?? FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-ab-\(UUID().uuidString)")
                .path
            defer { if keep == nil { try? FileManager.default.removeItem(atPath: folder) } }
            var coordinator = LockstepAB(
                baseBinary: baseBinary, headBinary: headBinary, workerArguments: ["_serve-bench"] + benchOptions,
                baseEnvironment: try Self.environment(baseEnv, option: "--base-env"),
                headEnvironment: try Self.environment(headEnv, option: "--head-env"), options: options,
                maxTime: maxTime, replyTimeout: replyTimeout, folder: folder)
            coordinator.pinsWorkers = pin
            // LockstepError goes to Failure (exit 2).
            let report = try coordinator.run { Failure.printError($0) }
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
