import ArgumentParser
import BenchResults
import Foundation
import LayoutBenchKit
import LayoutImport
import LayoutSnapshotBench

extension Layoutbench {
    /// The worker lock-step `ab` starts for each build: not for people (hidden from help). The protocol is
    /// `BenchWorker`'s.
    struct ServeBench: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "_serve-bench",
            abstract: "Internal: set up bench's rows, then time batches on request (one command a line on stdin).",
            shouldDisplay: false)

        @Argument var specs: [String] = []
        @Option(name: .customLong("preset")) var presets: [String] = []
        @Option var scenarios = "all"
        @Option var threads = "1"
        @Option var seed: UInt64 = 1
        // Bench options that mean nothing to a worker (ab passes bench's options through): accepted, unused.
        @Option(name: .customLong("time-budget")) var timeBudget: Double?
        @Option var repetitions: Int?
        @Option var rounds: Int?
        @Option var warmup: Int?
        @Option(name: .customLong("min-samples")) var minSamples: Int?
        @Option(name: .customLong("max-samples")) var maxSamples: Int?
        @Flag(name: .customLong("allow-debug")) var allowDebug = false
        @Flag(name: .customLong("no-memory")) var noMemory = false
        @OptionGroup var swift: SwiftImportOptions

        func run() throws {
            let environment = ProcessInfo.processInfo.environment
            var counts: [Int] = []
            for part in threads.split(separator: ",") {
                guard let n = Int(part), n >= 1 else {
                    throw CLIError.badArgument("--threads takes whole numbers >= 1, comma-separated; got '\(threads)'")
                }
                counts.append(n)
            }
            var configuration = RunnerConfiguration(
                stop: .repetitions(1), seed: seed, slowdown: try Slowdown.fromEnvironment(environment))
            configuration.extraWork = try ExtraWork.fromEnvironment(environment)
            let worker = try BenchWorker(
                inputs: try BenchInputs.load(specs: specs, presets: presets, importing: try swift.template()),
                scenarios: try ScenarioKind.parseList(scenarios), threads: counts, configuration: configuration,
                knobs: BenchWorker.Knobs(environment: environment), catalog: .standard)
            try worker.serve()
        }
    }
}
