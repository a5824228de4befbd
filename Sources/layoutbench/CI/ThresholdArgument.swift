import ArgumentParser
import BenchResults

/// `--threshold`, declared once for every command that judges a change (`compare`, `ab`, `watch`,
/// `history`), read one way (`Threshold(parsing:)`): `5%` or `5` is five percent, `0.5%` half a percent; a
/// bare value below 1 such as `0.05` is refused as ambiguous (exit 2, saying what to write).
struct ThresholdOption: ParsableArguments {
    @Option(help: "Smallest change that counts: 5% or 5 (five percent); write 0.5% for half a percent.")
    var threshold = "5%"

    /// The threshold as a fraction (0.05 for 5%); bad values exit 2 with the reason.
    func fraction() throws -> Double {
        try ThresholdArgument.parse(threshold, option: "--threshold")
    }
}

/// The thresholds of `compare` and `ab`: `--threshold` for time and memory, `--instruction-threshold` and
/// per-scenario `--thresholds FILE`.
struct ComparisonThresholdOptions: ParsableArguments {
    @OptionGroup var time: ThresholdOption

    @Option(
        name: .customLong("instruction-threshold"),
        help: "Smallest change of instructions per operation that counts.")
    var instructionThreshold = "1%"

    @Option(help: "Per-scenario thresholds: lines of `glob: percent` (or a JSON object).")
    var thresholds: String?

    /// Comparison options with these thresholds.
    func options() throws -> ComparisonOptions {
        var options = ComparisonOptions(threshold: try time.fraction())
        options.instructionThreshold = try ThresholdArgument.parse(
            instructionThreshold,
            option: "--instruction-threshold")
        options.thresholds = try thresholds.map { try ThresholdArgument.table($0) }
        return options
    }
}

/// `--threshold` and `--thresholds FILE` as the commands read them: bad values exit 2 with the reason.
enum ThresholdArgument {
    static func parse(_ text: String, option: String) throws -> Double {
        do {
            return try Threshold(parsing: text).fraction
        } catch {
            throw CLIError.threshold(option: option, error)
        }
    }

    static func table(_ path: String) throws -> ThresholdTable {
        try ThresholdTable.load(path: path)  // a ThresholdTableError: exit 2 through Failure
    }
}
