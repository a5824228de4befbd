import Foundation

/// A `layoutbench` command line for a child process, as one typed value beside the options it renders:
/// the watch daemon's bench runs, `ab`'s runs of both builds and the instruction counter's run under
/// callgrind all build theirs here, so an option is spelt in one place (and `bench`'s parser reads it back).
struct BenchInvocation: Hashable, Sendable {
    enum Command: String, Hashable, Sendable {
        case bench
        /// The hidden command `bench --metric instructions` runs under callgrind.
        case countInstructions = "_count-instructions"
    }

    /// How many samples: exactly N, or a time budget with bounds on the count.
    enum Stop: Hashable, Sendable {
        case repetitions(Int)
        case timeBudget(seconds: Double, minSamples: Int? = nil, maxSamples: Int? = nil)
    }

    var command: Command = .bench
    var specs: [String] = []
    /// How `.swift` specs are imported (`SwiftImportOptions.arguments`, plus `watch`'s helper files).
    var swiftImport: [String] = []
    var presets: [String] = []
    var scenarios: String?
    var threads: String?
    var stop: Stop?
    var rounds: Int?
    var warmup: Int?
    /// false: `--no-memory`.
    var measuresMemory = true
    var allowDebug = false
    var metric: BenchMetric?
    /// `_count-instructions`: operations per scenario.
    var operations: Int?
    var seed: UInt64?
    /// `_count-instructions`: the test-only extra work per scenario.
    var workIterationsFile: String?
    var json: String?
    /// `bench --picture`: also draw the spec's picture here.
    var picture: String?
    /// `bench --lint-findings`: also write the spec's lint findings here (the watch's lint).
    var lintFindings: String?
    /// `bench --first-look`: solve once and write the picture, the lint findings and the frames' summary here
    /// before benching, then say so on standard output (the watch's first line).
    var firstLook: String?
    /// `bench --snapshot-out`: also write the layout benched here, as a spec (the watch's next "before").
    var snapshotOut: String?
    /// `bench --paired-with`/`--paired-out`: time the layout against this earlier one in lock-step and write
    /// the changes there (the watch's change between saves).
    var pairedWith: String?
    var pairedOut: String?
    /// `bench --paired-threshold`: the verdict's threshold, so the lock-step stops once a row is decided.
    var pairedThreshold: Double?
    /// Bench options a user gave for the child and this process does not read (`ab`'s pass-through).
    var passthrough: [String] = []

    /// The arguments after the executable's path.
    var arguments: [String] {
        var out = [command.rawValue] + specs + swiftImport + presets.flatMap { ["--preset", $0] }
        if let scenarios { out += ["--scenarios", scenarios] }
        if let threads { out += ["--threads", threads] }
        switch stop {
        case .repetitions(let count)?:
            out += ["--repetitions", "\(count)"]
        case let .timeBudget(seconds, minSamples, maxSamples)?:
            out += ["--time-budget", "\(seconds)"]
            if let minSamples { out += ["--min-samples", "\(minSamples)"] }
            if let maxSamples { out += ["--max-samples", "\(maxSamples)"] }
        case nil:
            break
        }
        if let rounds { out += ["--rounds", "\(rounds)"] }
        if let warmup { out += ["--warmup", "\(warmup)"] }
        if !measuresMemory { out.append("--no-memory") }
        if allowDebug { out.append("--allow-debug") }
        if let metric { out += ["--metric", metric.rawValue] }
        if let operations { out += ["--operations", "\(operations)"] }
        if let seed { out += ["--seed", "\(seed)"] }
        if let workIterationsFile { out += ["--work-iterations-file", workIterationsFile] }
        out += passthrough
        if let json { out += ["--json", json] }
        if let picture { out += ["--picture", picture] }
        if let lintFindings { out += ["--lint-findings", lintFindings] }
        if let firstLook { out += ["--first-look", firstLook] }
        if let snapshotOut { out += ["--snapshot-out", snapshotOut] }
        if let pairedWith { out += ["--paired-with", pairedWith] }
        if let pairedOut { out += ["--paired-out", pairedOut] }
        if let pairedThreshold { out += ["--paired-threshold", "\(pairedThreshold)"] }
        return out
    }

    /// Whether the pass-through options already say how many samples to take.
    var passthroughSetsStop: Bool {
        passthrough.contains { option in
            ["--time-budget", "--repetitions"].contains { option == $0 || option.hasPrefix($0 + "=") }
        }
    }

    /// Whether the pass-through options already switch the memory pass off.
    var passthroughSkipsMemory: Bool { passthrough.contains("--no-memory") }
}
