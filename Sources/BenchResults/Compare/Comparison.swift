/// What `compare` and `ab` concluded about one metric of one result, from its interval and threshold
/// (`Verdict.classify`): only what the data show.
public enum Verdict: String, Codable, Hashable, Sendable {
    /// The whole interval lies below 1 − threshold.
    case faster
    /// The whole interval lies above 1 + threshold: slower (or more memory, more instructions). The only
    /// verdict that fails a build (exit 1).
    case slower
    /// The whole interval lies within ±threshold: no change that matters.
    case same
    /// The interval straddles a threshold: the data cannot tell (rerun with more pairs or a longer budget).
    case inconclusive
}

/// The metrics `compare` reads from a result.
public enum ComparedMetric: String, Codable, Hashable, Sendable, CaseIterable {
    /// The median sample time, with an interval of the noise between the two runs (`BetweenRunInterval`).
    case time
    /// Allocations per operation (a count from jemalloc: no interval; see `ComparisonOptions.memoryFloor`).
    case allocations
    /// Bytes allocated per operation.
    case allocatedBytes
    /// Instructions per operation, counted under valgrind (`bench --metric instructions`): exact, so its
    /// interval is the point itself.
    case instructions
}

/// How `compare` decides.
public struct ComparisonOptions: Codable, Hashable, Sendable {
    /// A change counts only beyond this relative amount (0.05 = 5 %).
    public var threshold: Double
    public var confidence: Double
    /// Memory metrics count only when the difference per operation also exceeds these absolute amounts:
    /// a few allocations more in a microsecond operation (or a worker thread's cache reporting late) is not
    /// a regression worth failing CI for.
    public var allocationFloor: Double
    public var byteFloor: Double
    /// Per-scenario thresholds (`--thresholds FILE`); `threshold` for scenarios it does not name.
    public var thresholds: ThresholdTable?
    /// The least run-to-run change of a time that two separate result files can show: two processes of the
    /// same build differ by about this much (heap and code placement, frequency) however many samples each
    /// took. Added to both ends of a time interval in `compare` (not in `ab`, whose pairs measure it).
    /// 10 % by default, measured: in 60 A/A pairs of separate same-build runs on this shared 2-core machine
    /// (scripts/aa-study.sh), the rows' medians differed by 2.4 % at the median and 13 % at p90, and one pair
    /// with no sign of unsteadiness at all (CPU share, rounds and calibration all steady) differed by +6 to
    /// +18 % in every row; with a 3 % floor that pair failed, with 10 % none of the 60 did. A quiet dedicated
    /// runner can lower it (`compare --run-to-run-floor`).
    public var runToRunFloor: Double
    /// The threshold of instruction counts (exact and repeatable: 1 % by default).
    public var instructionThreshold: Double

    public init(
        threshold: Double = 0.05, confidence: Double = 0.95, allocationFloor: Double = 16,
        byteFloor: Double = 4_096, thresholds: ThresholdTable? = nil, runToRunFloor: Double = 0.10,
        instructionThreshold: Double = 0.01
    ) {
        self.threshold = threshold; self.confidence = confidence
        self.allocationFloor = allocationFloor; self.byteFloor = byteFloor
        self.thresholds = thresholds; self.runToRunFloor = runToRunFloor;
        self.instructionThreshold = instructionThreshold
    }

    /// The threshold for one metric of one result: the table's entry for the scenario when there is one,
    /// else the instruction threshold for instructions and `threshold` for the rest.
    public func threshold(spec: String, scenario: String, metric: ComparedMetric) -> Double {
        let fallback = metric == .instructions ? instructionThreshold : threshold
        return thresholds?.threshold(spec: spec, scenario: scenario, fallback: Threshold(fraction: fallback)).fraction
            ?? fallback
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
    /// head / base with its interval (a memory metric's interval is the point itself).
    public var interval: RatioInterval
    public var verdict: Verdict
    /// Time only: how much slower (> 1) the machine ran the calibration unit during head's measurement than
    /// during base's; nil without calibration samples.
    public var machineFactor: Double?

    public var key: ResultKey { ResultKey(spec: spec, scenario: scenario, threads: threads) }

    public init(
        spec: String, scenario: String, threads: Int, metric: ComparedMetric, base: Double, head: Double,
        interval: RatioInterval, verdict: Verdict, machineFactor: Double?
    ) {
        self.spec = spec; self.scenario = scenario; self.threads = threads; self.metric = metric
        self.base = base; self.head = head; self.interval = interval; self.verdict = verdict
        self.machineFactor = machineFactor
    }
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

    public var regressions: [MetricComparison] { comparisons.filter { $0.verdict == .slower } }
    public var improvements: [MetricComparison] { comparisons.filter { $0.verdict == .faster } }
    public var inconclusive: [MetricComparison] { comparisons.filter { $0.verdict == .inconclusive } }
    /// How the intervals were made, for the header (nil: compare's between-run interval).
    public var method: String?

    /// 0 unless something is `slower` (inconclusive is not a failure), 1 with one (bad input never gets this
    /// far: it throws, exit 2).
    public var exitCode: Int32 { regressions.isEmpty ? 0 : 1 }

    public init(
        options: ComparisonOptions, base: String, head: String, comparisons: [MetricComparison],
        onlyInBase: [String], onlyInHead: [String], notes: [String]
    ) {
        self.options = options; self.base = base; self.head = head; self.comparisons = comparisons
        self.onlyInBase = onlyInBase; self.onlyInHead = onlyInHead; self.notes = notes
    }
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
            return
                "the two result files have no spec, scenario and thread count in common (base: \(list(base)); head: \(list(head))); bench the same specs and scenarios in both"
        }
    }
}
