import ArgumentParser
import BenchResults
import CompositionalLayout
import ErrorReporting
import Foundation
import LayoutBenchKit
import LayoutImport
import LayoutSnapshotBench

extension Layoutbench {
    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Measure how fast layouts solve and stay solved: timings, throughput, CPU and memory.",
            discussion: """
                Runs each scenario on each spec or preset at each thread count (their samples interleaved in \
                rounds, so changing machine load meets them alike), and prints min, median, p90, p99 and max \
                per operation, throughput, CPU/wall time, speed-up over 1 thread, and jemalloc's \
                allocations per operation and resident bytes per item. With no spec and no preset it benches \
                the embedded preset \(LayoutPreset.default.name).

                Scenarios:
                \(ScenarioKind.allCases.map { "  \($0.rawValue): \($0.summary)" }.joined(separator: "\n"))

                A debug build refuses to run (its numbers mean nothing) unless --allow-debug is given. \
                When the bench fails, --json FILE receives a failure record instead of results (status, code, \
                message, file, line, column: docs/spec-format.md, "Errors"), and the exit code is 2 for bad \
                input. \
                Progress goes to standard error: one line with an ETA on a terminal, plain lines otherwise.

                --metric instructions counts instructions per operation under valgrind (callgrind, one \
                thread, exactly --operations operations per scenario, start-up and set-up excluded): exact \
                and repeatable where time is not; `compare` and `ab` read it with a 1% threshold. It needs \
                valgrind (apt-get install -y valgrind).

                Examples:
                  layoutbench bench
                  layoutbench bench --preset grid-1m --preset selfsizing-1m --threads 1,2 --json run.json
                  layoutbench bench app.yaml --scenarios full,resize,query --repetitions 50 --markdown
                  layoutbench bench --preset grid-10k --filter 'measure-*' --label base --json base.json \\
                      --export-csv base.csv
                  layoutbench bench --preset grid-10k --metric instructions --json base-instr.json
                  layoutbench bench --preset grid-10k --shard 1/2 --json shard1.json
                """)

        @Argument(help: "Spec files (.yaml, .yml or .json) or layout code (.swift, imported as `import` does).")
        var specs: [String] = []

        @Option(
            name: .customLong("preset"),
            help: "A preset such as grid-10k or nested-100k (repeatable, or comma-separated).")
        var presets: [String] = []

        @Option(help: "Scenarios, comma-separated, or all.")
        var scenarios = "all"

        @Option(help: "Engine thread counts, comma-separated (default 1 and the core count).")
        var threads: String?

        @Option(help: "Exactly this many timed samples per scenario.")
        var repetitions: Int?

        @Option(
            name: .customLong("time-budget"), help: "Seconds of sampling per scenario and thread count (default 1).")
        var timeBudget: Double?

        @Option(
            help: """
                Rounds per scenario: the scenarios' samples interleave in this many rounds, and compare reads round \
                medians.
                """)
        var rounds = 5

        @Option(
            help: """
                Fewest untimed warm-up samples before a scenario's first round (one before later rounds); the \
                warm-up goes on until it reaches a steady state, at most 1 s.
                """)
        var warmup = 1

        @Option(name: .customLong("min-samples"), help: "Fewest samples with a time budget.")
        var minSamples = 5

        @Option(name: .customLong("max-samples"), help: "Most samples kept with a time budget.")
        var maxSamples = 10_000

        @Option(help: "The seed of every random choice (items measured, sections edited).")
        var seed: UInt64 = 1

        @Option(
            help: """
                Run shard I of N (1-based, such as 2/4): a deterministic share of the (spec, scenario, threads) \
                units, balanced by expected cost and the same on every machine; the result records it. Join the \
                N result files with `layoutbench merge`.
                """)
        var shard: String?

        @Option(help: "Write the result file (JSON, every sample) here.")
        var json: String?

        @Flag(help: "Print Markdown (for a CI job summary) instead of a table.")
        var markdown = false

        @Flag(help: "Print every column (the distribution, CPU/wall, bytes, outliers), not the 120-column table.")
        var wide = false

        @Flag(
            name: .customLong("paired-speedup"),
            help: """
                Also time each scenario at each thread count above 1 against 1 thread in lock-step (batches of \
                about 4 ms alternating, 8 pairs in each of 4 fresh set-ups): the speedup column then shows that \
                ratio and its 95% interval, which drift between the two sides cannot bend (two medians taken \
                seconds apart can). The interval covers this run's moments only (docs/measurement.md).
                """)
        var pairedSpeedup = false

        @Flag(name: .customLong("no-memory"), help: "Skip the memory pass (allocations and resident size).")
        var noMemory = false

        @Flag(name: .customLong("allow-debug"), help: "Run even in a debug build (with a warning).")
        var allowDebug = false

        @Option(
            help: """
                Add the run to this results store: a SQLite file or a postgres:// URL (see `history`). A store \
                that cannot be reached exits 3 and keeps the --json file for `layoutbench push`.
                """)
        var store: String?

        @Option(
            name: .customLong("save-baseline"),
            help: "Name the stored run (for `compare --baseline NAME`); implies --store .layoutbench/results.sqlite.")
        var saveBaseline: String?

        @OptionGroup(title: "CI") var ci: BenchCIOptions

        @OptionGroup(title: "Layout code (.swift)" + BuildTrait.importing.helpNote) var swift: SwiftImportOptions

        @Option(
            help: ArgumentHelp(
                "Also draw the (one) spec's picture here, as `render` does (the watch's redraw).",
                visibility: .hidden))
        var picture: String?

        @Option(
            name: .customLong("lint-findings"),
            help: ArgumentHelp(
                "Also write the (one) spec's lint findings here, as JSON (the watch's lint).", visibility: .hidden))
        var lintFindings: String?

        @Option(
            name: .customLong("first-look"),
            help: ArgumentHelp(
                """
                Before benching, solve the (one) spec once, draw --picture, write --lint-findings and the frames' \
                summary here, then print a line (the watch's first line of a run).
                """, visibility: .hidden))
        var firstLook: String?

        @Option(
            name: .customLong("snapshot-out"),
            help: ArgumentHelp(
                "Also write the (one) layout benched here, as a spec (the watch pairs the next save with it).",
                visibility: .hidden))
        var snapshotOut: String?

        @Option(
            name: .customLong("paired-with"),
            help: ArgumentHelp(
                "A spec of the layout before this save: time both in lock-step (the watch's change).",
                visibility: .hidden))
        var pairedWith: String?

        @Option(
            name: .customLong("paired-out"),
            help: ArgumentHelp("Where --paired-with writes the changes, as JSON.", visibility: .hidden))
        var pairedOut: String?

        @Option(
            name: .customLong("paired-threshold"),
            help: ArgumentHelp(
                "The watch's threshold as a fraction (0.05): --paired-with stops a row once it is decided at it.",
                visibility: .hidden))
        var pairedThreshold: Double?

        func validate() throws {
            if repetitions != nil && timeBudget != nil {
                throw ValidationError("--repetitions and --time-budget exclude each other: give one")
            }
            if let repetitions, repetitions < 1 { throw ValidationError("--repetitions must be at least 1") }
            if let timeBudget, !(timeBudget > 0 && timeBudget.isFinite) {
                throw ValidationError("--time-budget must be a positive number of seconds")
            }
            if warmup < 0 { throw ValidationError("--warmup must be 0 or more") }
            if rounds < 1 || rounds > 100 { throw ValidationError("--rounds must be from 1 to 100") }
            if minSamples < 1 || maxSamples < minSamples {
                throw ValidationError("--min-samples must be at least 1 and at most --max-samples")
            }
            _ = try threadCounts()
            if let shard {
                do {
                    _ = try ShardSelector.parse(shard)
                } catch {
                    throw ValidationError(error.description)
                }
            }
            if lintFindings != nil && (specs.count != 1 || !presets.isEmpty) {
                throw ValidationError("--lint-findings lints one spec: give exactly one spec and no preset")
            }
            if picture != nil && (specs.count != 1 || !presets.isEmpty) {
                throw ValidationError("--picture draws one spec: give exactly one spec and no preset")
            }
            if firstLook != nil && (specs.count != 1 || !presets.isEmpty) {
                throw ValidationError("--first-look solves one spec: give exactly one spec and no preset")
            }
            if (snapshotOut != nil || pairedWith != nil) && (specs.count != 1 || !presets.isEmpty) {
                throw ValidationError("--snapshot-out and --paired-with take one spec: give exactly one and no preset")
            }
            if pairedSpeedup && ci.metric == .instructions {
                throw ValidationError(
                    "--paired-speedup times threads against each other; drop it or --metric instructions")
            }
            if pairedSpeedup, try threadCounts().allSatisfy({ $0 == 1 }) {
                throw ValidationError(
                    "--paired-speedup times thread counts above 1 against 1: give one, such as --threads 1,2")
            }
            if (pairedWith == nil) != (pairedOut == nil) {
                throw ValidationError("--paired-with and --paired-out go together")
            }
        }

        func run() throws {
            if let json { try OutputPath.check(json, option: "--json") }
            if let picture { try OutputPath.check(picture, option: "--picture") }
            do {
                try measure()
            } catch {
                // The result file holds the failure instead: a reader (the watch daemon) gets the located
                // error as data, not as text on standard error.
                // Except when the result was written and only the store failed: that file is kept.
                if let json, !(error is ResultKeptError) { Failure.record(error, to: json) }
                throw error
            }
        }

        private func measure() throws {
            if BuildCheck.isDebug {
                Failure.printError(BuildCheck.debugWarning)
                if !allowDebug {
                    throw CLIError.badArgument(
                        "refusing to bench a debug build; build with -c release, or pass --allow-debug to run anyway")
                }
            }
            let environment = ProcessInfo.processInfo.environment
            var drawn: BenchInput?
            var paired: PairedVersions?
            var report = try { () throws -> BenchReport in
                let kinds = try ci.select(try ScenarioKind.parseList(scenarios))
                let importing = try swift.template()
                let inputs = try BenchInputs.load(specs: specs, presets: presets, importing: importing)
                drawn = inputs.first
                if let firstLook, let input = inputs.first {
                    // The watch's first phase: what one solve shows, at once; a layout that cannot be solved
                    // fails here, before any timing.
                    try WatchFirstLook.write(
                        input, picture: picture, lintFindings: lintFindings, importing: importing, to: firstLook)
                }
                var configuration = RunnerConfiguration(
                    stop: repetitions.map { .repetitions($0) } ?? .timeBudget(seconds: timeBudget ?? 1),
                    rounds: rounds, warmupSamples: warmup, minSamples: minSamples, maxSamples: maxSamples,
                    measuresMemory: !noMemory, seed: seed, slowdown: try Slowdown.fromEnvironment(environment))
                configuration.extraWork = try ExtraWork.fromEnvironment(environment)
                paired = PairedVersions(
                    scenarios: kinds, threads: try threadCounts(), configuration: configuration,
                    threshold: pairedThreshold)
                paired?.catalog = .standard
                if configuration.slowdown.isActive {
                    Failure.printError(
                        "warning: the test-only LAYOUTBENCH_SLOWDOWN_* knob is on: every operation is slowed on purpose"
                    )
                }
                if configuration.extraWork != nil {
                    Failure.printError(
                        "warning: the test-only \(ExtraWork.environmentKey) knob is on: "
                            + "every operation does extra work on purpose"
                    )
                }
                let progress = ProgressOutput.reporter(environment: environment)
                let runEnvironment = RunEnvironment.capture()
                var report: BenchReport
                if ci.metric == .instructions {
                    if shard != nil {
                        throw CLIError.badArgument("--shard splits timed runs only; drop it or --metric instructions")
                    }
                    let child = BenchInvocation(
                        command: .countInstructions, specs: specs, swiftImport: swift.arguments, presets: presets,
                        scenarios: kinds.map(\.rawValue).joined(separator: ","),
                        operations: ci.operations, seed: seed)
                    var counter = InstructionBench(
                        binary: ChildProcess.ownExecutable,
                        childArguments: { file in
                            var pass = child
                            pass.workIterationsFile = file
                            return pass.arguments
                        },
                        scenarios: kinds, operations: ci.operations, seed: seed,
                        extraWork: configuration.extraWork)
                    counter.catalog = .standard
                    // An InstructionError goes to Failure: valgrind missing is bad input (2), a failed count 1.
                    report = try counter.run(
                        inputs: inputs, configuration: configuration, environment: runEnvironment, progress: progress)
                } else {
                    var suite = BenchSuite(
                        inputs: inputs, scenarios: kinds, threads: try threadCounts(), configuration: configuration)
                    suite.catalog = .standard
                    if let shard { suite = suite.sharded(try ShardSelector.parse(shard)) }
                    report = try suite.run(environment: runEnvironment, progress: progress)
                    if pairedSpeedup {
                        let measured = Set(report.results.map(\.key))
                        var pairing = PairedSpeedups(
                            scenarios: kinds, threads: try threadCounts(), configuration: configuration)
                        pairing.catalog = .standard
                        let speedups = try pairing.run(
                            inputs: inputs, wanted: { measured.contains($0) }, progress: progress)
                        for index in report.results.indices {
                            report.results[index].pairedSpeedup = speedups[report.results[index].key]
                        }
                    }
                }
                report.gitDirty = runEnvironment.gitDirty
                report.commitSource = runEnvironment.commitSource
                return report
            }()
            report.label = ci.label
            if let picture, let drawn, firstLook == nil {
                // Only after a bench that worked, so a failed run keeps the last good picture. The picture is
                // secondary: a failure is a warning, and the reader (the watch) sees no new file.
                do {
                    try Picture.draw(drawn.layout, file: drawn.source, to: picture)
                } catch {
                    Failure.printError("warning: the picture was not drawn: \(Failure.report(for: error).text)")
                }
            }
            if let lintFindings, let drawn, firstLook == nil {
                WatchLint.write(drawn, to: lintFindings, importing: try swift.template())
            }
            if let drawn, let paired {
                WatchPairing.write(drawn, paired, snapshot: snapshotOut, before: pairedWith, to: pairedOut)
            }
            if report.isInstructionRun {
                print(report.instructionTable(markdown: markdown))
            } else {
                print(markdown ? report.markdown() : report.table(wide: wide))
            }
            if let json {
                do {
                    try report.write(to: json)
                } catch {
                    throw CLIError.unwritable(path: json, option: "--json", reason: error.localizedDescription)
                }
            }
            try ci.export(report)
            // One --label: in the result file, the tables, and the stored run.
            try StoreCommand.save(report, store: store, baseline: saveBaseline, label: ci.label, json: json)
        }

        /// `--threads 1,2`, or 1 and the core count.
        func threadCounts() throws -> [Int] {
            guard let threads else {
                let cores = ProcessInfo.processInfo.activeProcessorCount
                return cores > 1 ? [1, cores] : [1]
            }
            var counts: [Int] = []
            for part in threads.split(separator: ",") {
                guard let n = Int(part.trimmingCharacters(in: .whitespaces)), n >= 1, n <= 256 else {
                    throw ValidationError(
                        "--threads takes thread counts from 1 to 256, comma-separated (such as 1,2), got '\(threads)'")
                }
                if !counts.contains(n) { counts.append(n) }
            }
            if counts.isEmpty { throw ValidationError("--threads names no thread count") }
            return counts
        }
    }
}
