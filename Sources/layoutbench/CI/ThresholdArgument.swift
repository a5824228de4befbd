import BenchResults
import LayoutBenchKit

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
