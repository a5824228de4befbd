import BenchResults

/// One line of the watch log (JSON Lines): one run of one spec. The field names are the log's contract.
public struct RunRecord: Codable, Hashable, Sendable {
    /// When the run ended, ISO 8601 (UTC, milliseconds).
    public var time: String
    /// The spec file's absolute path.
    public var spec: String
    /// FNV-1a 64 of the bytes run (nil if the file could not be read).
    public var specHash: String?
    public var status: RunStatus
    /// Why the run failed (status `error`, `crashed`, `timeout`).
    public var error: RecordedError?
    /// The scenario summaries (status `ok`).
    public var results: [ScenarioSummary]?
    /// Seconds from the start of the run to its end.
    public var duration: Double
    /// The SVG written for this content, if `--render` is on and it was written.
    public var picture: String?
    /// The run's id in the results store, if it was stored.
    public var storeRun: Int64?
    /// Things that went wrong without failing the run (the store or the picture could not be written).
    public var warnings: [String]?

    public init(
        time: String, spec: String, specHash: String?, status: RunStatus, error: RecordedError? = nil,
        results: [ScenarioSummary]? = nil, duration: Double, picture: String? = nil, storeRun: Int64? = nil,
        warnings: [String]? = nil
    ) {
        self.time = time; self.spec = spec; self.specHash = specHash; self.status = status; self.error = error
        self.results = results; self.duration = duration; self.picture = picture; self.storeRun = storeRun
        self.warnings = warnings?.isEmpty == true ? nil : warnings
    }
}

public enum RunStatus: String, Codable, Hashable, Sendable {
    case ok, error, cancelled, crashed, timeout
}

/// A failure as the log keeps it: the message as `solve` prints it, and its location when it has one.
public struct RecordedError: Codable, Hashable, Sendable {
    public var message: String
    public var file: String?
    public var line: Int?
    public var column: Int?
    /// The spec error's code (`unknownKey`, `io`, ...) or the child's exit (`exit 1`, `signal 9`).
    public var code: String?

    public init(message: String, file: String? = nil, line: Int? = nil, column: Int? = nil, code: String? = nil) {
        self.message = message; self.file = file; self.line = line; self.column = column; self.code = code
    }
}

/// One scenario's result, as in the bench's JSON (without the samples), and its change.
public struct ScenarioSummary: Codable, Hashable, Sendable {
    /// The spec's name (as the bench's results name it).
    public var name: String
    public var scenario: String
    public var threads: Int
    public var items: Int
    public var samples: Int
    public var summaryNs: SummaryNs
    /// Against the previous ok run of the same spec; nil for the first.
    public var change: ScenarioChange?

    public init(_ result: ScenarioResult, change: ScenarioChange?) {
        name = result.spec; scenario = result.scenario; threads = result.threads; items = result.items
        samples = result.samplesNs.count; summaryNs = result.summaryNs; self.change = change
    }
}

/// head / base of the median time, with compare's interval and its verdict in plain words.
public struct ScenarioChange: Codable, Hashable, Sendable {
    public var ratio: Double
    public var lower: Double
    public var upper: Double
    public var verdict: ChangeVerdict
    /// The previous ok run's median.
    public var previousMedianNs: Double
    /// Whether the spec's content changed since that run (then the two measured different layouts).
    public var specChanged: Bool

    public init(
        ratio: Double, lower: Double, upper: Double, verdict: ChangeVerdict, previousMedianNs: Double, specChanged: Bool
    ) {
        self.ratio = ratio; self.lower = lower; self.upper = upper; self.verdict = verdict
        self.previousMedianNs = previousMedianNs; self.specChanged = specChanged
    }
}

/// Compare's verdict as the watch daemon shows it: faster, slower (the only regression), same (the whole
/// interval within the threshold) or inconclusive (too noisy to say). The same four words, stored as they are.
public typealias ChangeVerdict = Verdict
