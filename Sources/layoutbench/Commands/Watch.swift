import ArgumentParser
import BenchResults
import ErrorReporting
import Foundation
import LayoutBenchKit
import LayoutDashboard
import LayoutStore
import LayoutWatch
import Logging

extension Layoutbench {
    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Watch spec files and bench each one whenever it is saved.",
            discussion: """
                PATH is a spec file or a folder (searched recursively). Each save runs `layoutbench bench` on \
                the spec in a child process (a crash or hang there cannot stop the watch) with a short time \
                budget. A run answers in two lines: first, at once, one solve's summary, the picture \
                (--render) and lint's findings; then, when the bench is done, each scenario's median and its \
                change against the previous ok run of the same spec. The run appends one JSON Lines record to \
                --log when it ends and is stored in --store. A bad spec prints its located error and keeps the \
                last good results. A save of another spec does not wait for a running bench: that bench is \
                cancelled and runs again after it. Editor temporaries (.swp, ~, .#*, \
                4913, *.tmp) are ignored; a burst of saves is coalesced (--debounce).

                SIGINT/SIGTERM stop (the running child is killed, its run logged as cancelled); SIGHUP reads \
                the watch list again. --once runs every spec once and exits like compare against each spec's \
                previous stored run: 0 no regression, 1 regression, 2 bad input or a failed run.

                --serve [HOST:]PORT serves a live dashboard (README "Live dashboard"): every spec's picture, \
                last results with their verdicts, the trend of medians and the located error of a spec that \
                does not parse; the page updates itself when a run ends. Port 0 picks a free port; the bound \
                address is printed. A host other than loopback needs --allow-remote (the page has no login).

                Example: layoutbench watch specs/ --render out/ --scenarios full,query --serve 8080
                """)

        @Argument(help: "Spec files or folders.")
        var paths: [String]

        @Option(help: "Scenarios, comma-separated (passed to bench).")
        var scenarios = "full,resize,query"

        @Option(help: "Engine thread counts, comma-separated (passed to bench).")
        var threads = "1"

        @Option(help: "The JSON Lines log (one record per run).")
        var log = ".layoutbench/watch.jsonl"

        @Option(
            help:
                "The results store: a SQLite file or a postgres://USER@HOST:PORT/DB URL\(BuildTrait.postgres.helpNote)."
        )
        var store = SQLiteResultStore.defaultPath

        @Option(help: "Redraw each spec's SVG picture into this folder on every change.")
        var render: String?

        @Option(help: "Milliseconds to wait for a burst of saves to settle.")
        var debounce = 100

        @Option(help: "Only files matching this glob (repeatable).")
        var include: [String] = []

        @Option(help: "Skip files matching this glob (repeatable).")
        var exclude: [String] = []

        @Option(
            help: """
                Serve a live dashboard at [HOST:]PORT (host 127.0.0.1 by default; port 0: a free one)\
                \(BuildTrait.dashboard.helpNote).
                """)
        var serve: String?

        @Flag(
            name: .customLong("allow-remote"),
            help: "Let --serve listen on a host other than loopback (the dashboard has no authentication).")
        var allowRemote = false

        @Flag(name: .customLong("no-initial"), help: "Do not run every spec at start; wait for changes.")
        var noInitial = false

        @Flag(help: "Run every spec once and exit with compare's codes (for CI).")
        var once = false

        @Option(help: "Seconds after which a run is killed and logged as timeout.")
        var timeout = 120.0

        @OptionGroup var threshold: ThresholdOption

        @OptionGroup(title: "Layout code (.swift)" + BuildTrait.importing.helpNote) var swift: SwiftImportOptions

        @Option(
            name: .customLong("log-level"),
            help: "Diagnostics on standard error: trace, debug, info, notice, warning, error, critical.")
        var logLevel = "info"

        @Option(
            name: .customLong("time-budget"),
            help: ArgumentHelp("Seconds of sampling per scenario in each child.", visibility: .hidden))
        var timeBudget = 0.2

        @Option(
            help: ArgumentHelp("Exactly this many samples per scenario in each child (tests).", visibility: .hidden))
        var repetitions: Int?

        @Option(help: ArgumentHelp("Rounds per scenario in each child.", visibility: .hidden))
        var rounds = 3

        func validate() throws {
            if paths.isEmpty { throw ValidationError("give at least one spec file or folder to watch") }
            if debounce < 0 || debounce > 60_000 { throw ValidationError("--debounce must be from 0 to 60000 ms") }
            if !(timeout > 0) { throw ValidationError("--timeout must be a positive number of seconds") }
            if !(timeBudget > 0) { throw ValidationError("--time-budget must be positive") }
            if let repetitions, repetitions < 1 { throw ValidationError("--repetitions must be at least 1") }
            if Logger.Level(rawValue: logLevel) == nil {
                throw ValidationError(
                    "--log-level must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }

        func run() throws {
            var logger = Logger(label: "layoutbench.watch") { StreamLogHandler.standardError(label: $0) }
            logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
            // At most 300 samples per scenario: enough for compare's interval, and each change's comparison
            // stays in milliseconds. The children are this same binary (so a debug one allows debug).
            let template = BenchInvocation(
                scenarios: scenarios, threads: threads,
                stop: repetitions.map { .repetitions($0) }
                    ?? .timeBudget(seconds: timeBudget, minSamples: 3, maxSamples: 300),
                rounds: rounds, warmup: repetitions == nil ? 1 : 0, measuresMemory: false,
                allowDebug: BuildCheck.isDebug)
            _ = try swift.template()  // a bad --items or --container is bad input now, not at every run
            let environment = ProcessInfo.processInfo.environment
            let address = try serve.map { text throws(DashboardError) in
                try DashboardAddress(parsing: text, allowRemote: allowRemote)
            }
            if allowRemote && serve == nil { throw CLIError.badArgument("--allow-remote needs --serve") }
            // The dashboard shows the pictures the children draw: without --render they go to a folder
            // beside the log.
            let renderFolder =
                render ?? address.map { _ in (log as NSString).deletingLastPathComponent + "/dashboard-pictures" }
            let fraction = try threshold.fraction()
            var configuration = WatchConfiguration(
                paths: paths, rules: IgnoreRules(include: include, exclude: exclude),
                logPath: log, renderFolder: renderFolder, debounceMs: debounce, initialRun: !noInitial,
                once: once, timeoutSeconds: timeout, threshold: fraction,
                executable: ChildProcess.ownExecutable,
                benchArguments: { [swift] spec, helpers, json, picture, before in
                    var invocation = template
                    invocation.specs = [spec]
                    if SpecSource.isSwift(spec) {
                        invocation.swiftImport = swift.arguments + helpers.flatMap { ["--with", $0] }
                    }
                    invocation.json = json
                    invocation.picture = picture
                    invocation.lintFindings = WatchConfiguration.lintFile(forResult: json)
                    invocation.firstLook = FirstLook.file(forResult: json)
                    invocation.snapshotOut = WatchConfiguration.snapshotFile(forResult: json)
                    if let before {
                        invocation.pairedWith = before
                        invocation.pairedOut = WatchConfiguration.pairedFile(forResult: json)
                        invocation.pairedThreshold = fraction
                    }
                    return invocation.arguments
                },
                colour: Console.wantsColour(environment: environment, stdoutIsTerminal: isatty(STDOUT_FILENO) != 0),
                lints: true)
            // A StoreError or WatchSetupError says its own exit status.
            // Either store: the CLI opens it (LayoutWatch does not link NIO) and hands it to the daemon, which
            // calls it from its own dispatch queue, never from the cooperative pool `blocking` relies on.
            let resultStore = try StoreOpening.open(store)
            if let address {
                #if Dashboard
                let dashboard = try Self.serveDashboard(at: address, logger: logger)
                configuration.onRecord = dashboard.onRecord
                configuration.onFirstLook = dashboard.onFirstLook
                configuration.onHealth = dashboard.onHealth
                #else
                throw MissingBuildTrait(.dashboard, feature: "watch --serve \(address.host):\(address.port)")
                #endif
            }
            let code = try WatchDaemon(configuration: configuration, logger: logger, store: resultStore).run()
            if code != 0 { throw ExitCode(code) }
        }

        #if Dashboard
        /// Starts the dashboard and returns the daemon's hooks: `onRecord` reads each new picture (the file
        /// the child drew, named by the record, never by a request) and hands the record over without
        /// waiting; `onFirstLook` does the same with a run's first line (its picture, before the run ends);
        /// `onHealth` sets the `/metrics` health gauges.
        static func serveDashboard(
            at address: DashboardAddress, logger: Logger
        ) throws(DashboardError) -> (
            onRecord: @Sendable (RunRecord, String) -> Void,
            onFirstLook: @Sendable (String, String, String?) -> Void, onHealth: @Sendable (WatchHealth) -> Void
        ) {
            if !address.isLoopback {
                logger.warning(
                    "the dashboard listens on a host other than loopback: anyone who reaches it sees the specs",
                    metadata: ["host": "\(address.host)"])
            }
            let state = DashboardState()
            let feed = DashboardFeed()
            Task { await state.consume(feed) }
            var serverLogger = logger
            serverLogger.logLevel = max(logger.logLevel, .notice)
            let port = try DashboardServer.startBlocking(address: address, state: state, logger: serverLogger)
            let host = address.host.contains(":") ? "[\(address.host)]" : address.host
            logger.info("dashboard", metadata: ["url": "http://\(host):\(port)/"])
            let metrics = state.metrics
            return (
                onRecord: { record, relativePath in
                    let svg = record.picture.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
                    feed.publish(DashboardUpdate(record: record, relativePath: relativePath, pictureSVG: svg))
                },
                onFirstLook: { spec, relativePath, picture in
                    guard let svg = picture.flatMap({ try? String(contentsOfFile: $0, encoding: .utf8) }) else {
                        return
                    }
                    feed.publish(DashboardUpdate(firstLineOf: spec, relativePath: relativePath, pictureSVG: svg))
                },
                onHealth: { metrics.health($0) }
            )
        }
        #endif
    }
}
