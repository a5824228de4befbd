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
    /// The lint findings that are new since the previous linted run of this spec, and how many of that run's
    /// are gone (nil when the run was not linted or nothing changed).
    public var lint: LintChange?
    /// The run's first phase: the frames' summary of one solve and when the daemon showed it (`FirstLook`);
    /// nil when the run failed before it or the child could not write it.
    public var firstLook: FirstLook?

    public init(
        time: String, spec: String, specHash: String?, status: RunStatus, error: RecordedError? = nil,
        results: [ScenarioSummary]? = nil, duration: Double, picture: String? = nil, storeRun: Int64? = nil,
        warnings: [String]? = nil, lint: LintChange? = nil, firstLook: FirstLook? = nil
    ) {
        self.time = time; self.spec = spec; self.specHash = specHash; self.status = status; self.error = error
        self.results = results; self.duration = duration; self.picture = picture; self.storeRun = storeRun
        self.warnings = warnings?.isEmpty == true ? nil : warnings
        self.lint = lint; self.firstLook = firstLook
    }
}

/// One lint finding as watch shows it (`layoutbench lint`'s check code, location and message).
public struct WatchLintFinding: Codable, Hashable, Sendable {
    /// The check's code (`LB101`, docs/lint.md).
    public var code: String
    public var line: Int
    public var column: Int
    /// The JSON path of the spec value the finding is about: with the code, what makes it the same finding
    /// after an edit moved its line.
    public var path: String
    public var message: String

    public init(code: String, line: Int, column: Int, path: String, message: String) {
        self.code = code; self.line = line; self.column = column; self.path = path; self.message = message
    }

    /// What two runs' findings are compared by: not the line, which moves with edits above it.
    var identity: String { code + "\u{0}" + path + "\u{0}" + message }
}

/// The difference between a spec's findings and its previous linted run's.
public struct LintChange: Codable, Hashable, Sendable {
    /// Findings this run has and the previous did not (every finding on a spec's first linted run).
    public var new: [WatchLintFinding]
    /// How many of the previous run's findings this run no longer has.
    public var fixed: Int

    public init(new: [WatchLintFinding], fixed: Int) {
        self.new = new; self.fixed = fixed
    }

    /// nil when nothing is new and nothing was fixed. Complexity: O(previous + current).
    public static func between(previous: [WatchLintFinding], current: [WatchLintFinding]) -> LintChange? {
        let before = Set(previous.map(\.identity))
        let now = Set(current.map(\.identity))
        let new = current.filter { !before.contains($0.identity) }
        let fixed = before.subtracting(now).count
        return new.isEmpty && fixed == 0 ? nil : LintChange(new: new, fixed: fixed)
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
    /// Pairs of batches when the change was timed in lock-step against the previous layout in one process
    /// (`ChangeCalculator.paired`); nil when it compares the two runs' medians, as `history` does.
    public var lockstepPairs: Int?

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
