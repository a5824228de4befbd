/// What `compare` concluded about one metric of one result.
public enum Verdict: String, Codable, Hashable, Sendable {
    /// The whole confidence interval lies above 1 + threshold: slower (or more memory).
    case regression
    /// The whole interval lies below 1 − threshold.
    case improvement
    /// The interval reaches inside the threshold: no change the data can show.
    case unchanged
}

/// The metrics `compare` reads from a result.
public enum ComparedMetric: String, Codable, Hashable, Sendable, CaseIterable {
    /// The median sample time, with a bootstrap interval from both sample sets.
    case time
    /// Allocations per operation (a count from jemalloc: no interval; see `ComparisonOptions.memoryFloor`).
    case allocations
    /// Bytes allocated per operation.
    case allocatedBytes
}

/// How `compare` decides.
public struct ComparisonOptions: Codable, Hashable, Sendable {
    /// A change counts only beyond this relative amount (0.05 = 5 %).
    public var threshold: Double
    public var resamples: Int
    public var confidence: Double
    public var seed: UInt64
    /// Memory metrics count only when the difference per operation also exceeds these absolute amounts:
    /// a few allocations more in a microsecond operation (or a worker thread's cache reporting late) is not
    /// a regression worth failing CI for.
    public var allocationFloor: Double
    public var byteFloor: Double
    /// Divide time ratios by the machine's change in speed between the runs, as the calibration unit timed
    /// beside each result measured it (when both files have calibration samples). Off by default: measured
    /// here, the calibration unit varied by ±15 % between quiet runs whose scenarios agreed within 2 %, so
    /// dividing by it added more noise than it removed; under heavy contention it caught part of the
    /// slowdown only. The factor is always shown (column machine) as a warning sign.
    public var normalizesByCalibration: Bool

    public init(threshold: Double = 0.05, resamples: Int = Bootstrap.defaultResamples, confidence: Double = 0.95,
                seed: UInt64 = Bootstrap.defaultSeed, allocationFloor: Double = 16, byteFloor: Double = 4_096,
                normalizesByCalibration: Bool = false) {
        self.threshold = threshold; self.resamples = resamples; self.confidence = confidence; self.seed = seed
        self.allocationFloor = allocationFloor; self.byteFloor = byteFloor
        self.normalizesByCalibration = normalizesByCalibration
    }

    /// Parses `5%`, `5` (percent) or `0.05` (a fraction below 1 with a decimal point).
    public static func parseThreshold(_ text: String) -> Double? {
        let trimmed = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Double(trimmed), value.isFinite, value >= 0 else { return nil }
        if text.hasSuffix("%") || value >= 1 || !trimmed.contains(".") { return value / 100 }
        return value
    }
}

/// One metric of one result, base against head.
public struct MetricComparison: Codable, Hashable, Sendable {
    public var spec: String
    public var scenario: String
    public var threads: Int
    public var metric: ComparedMetric
    /// The base's and head's values: median ns for time, per-operation figures for memory.
    public var base: Double
    public var head: Double
    /// head / base with its interval (a memory metric's interval is the point itself); for time, divided by
    /// `machineFactor` when the options normalise.
    public var interval: RatioInterval
    public var verdict: Verdict
    /// Time only: how much slower (> 1) the machine ran the calibration unit during head's measurement than
    /// during base's; nil without calibration samples.
    public var machineFactor: Double?

    public var key: ResultKey { ResultKey(spec: spec, scenario: scenario, threads: threads) }
}

/// Everything `compare` found.
public struct ComparisonReport: Codable, Hashable, Sendable {
    public var options: ComparisonOptions
    public var base: String
    public var head: String
    public var comparisons: [MetricComparison]
    /// Results in one file only (spec, scenario, threads), reported but not compared.
    public var onlyInBase: [String]
    public var onlyInHead: [String]
    /// Things a reader should know (a spec whose content changed between the runs, a slowdown knob set).
    public var notes: [String]

    public var regressions: [MetricComparison] { comparisons.filter { $0.verdict == .regression } }
    public var improvements: [MetricComparison] { comparisons.filter { $0.verdict == .improvement } }

    /// 0 without regression, 1 with one (bad input never gets this far: it throws, exit 2).
    public var exitCode: Int32 { regressions.isEmpty ? 0 : 1 }
}

/// Why two result files cannot be compared: exit 2.
public enum CompareError: Error, Hashable, Sendable, CustomStringConvertible {
    case file(ResultFileError)
    /// No (spec, scenario, threads) appears in both files.
    case nothingInCommon(base: [String], head: [String])

    public var description: String {
        switch self {
        case .file(let error):
            return error.description
        case let .nothingInCommon(base, head):
            func list(_ keys: [String]) -> String {
                keys.isEmpty ? "nothing" : keys.prefix(4).joined(separator: "; ") + (keys.count > 4 ? "; ..." : "")
            }
            return "the two result files have no spec, scenario and thread count in common (base: \(list(base)); head: \(list(head))); bench the same specs and scenarios in both"
        }
    }
}
