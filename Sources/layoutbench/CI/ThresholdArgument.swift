import LayoutBenchKit

/// `--threshold` and `--thresholds FILE` as the commands read them: bad values exit 2 with the reason.
enum ThresholdArgument {
    static func parse(_ text: String, option: String) throws -> Double {
        do {
            return try Threshold(parsing: text).fraction
        } catch {
            try BenchCommand.badInput("\(option): \(error.description)")
        }
    }

    static func table(_ path: String) throws -> ThresholdTable {
        do {
            return try ThresholdTable.load(path: path)
        } catch {
            try BenchCommand.badInput("--thresholds: \(error.description)")
        }
    }
}
