/// How a run of `layoutbench` ends. Every error a command can throw says which of these it deserves
/// (`ReportableError`), so the exit code is decided by the error's type, in the module that defines it.
public enum ExitStatus: Int32, Codable, Hashable, Sendable, CaseIterable {
    /// Done, nothing to report.
    case success = 0
    /// A regression (`compare`, `ab`, `watch --once`), or a finding the command was asked to look for.
    case regression = 1
    /// Input that cannot be used: a spec, an argument, an operations file, a file to read, an output path,
    /// a layout that cannot be solved.
    case badInput = 2
    /// The environment failed, not the input: the results store fails to read or write (a full disk, a lock
    /// held past its timeout, a corrupt row), the log cannot be written, a tool the command needs (valgrind)
    /// is missing or failed.
    case environment = 3
    /// A bug: the engine refused what a command built, or an error no type claims. Rerunning will not help;
    /// please report it. 70 is `EX_SOFTWARE` of sysexits.h.
    case internalFailure = 70
}

/// Where an error points: a file with a line and column when it has them, and a path inside the document
/// (`sections[1].group`) when it has one.
public struct FailureLocation: Codable, Hashable, Sendable {
    public var file: String?
    public var line: Int?
    public var column: Int?
    /// A path inside the document or the layout, such as `sections[0].items`.
    public var path: String?

    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, path: String? = nil) {
        self.file = file; self.line = line; self.column = column; self.path = path
    }
}

/// An error that knows how the command that met it ends: its exit status, the message a person reads (a
/// located one reads like a compiler diagnostic, `FILE:LINE:COLUMN: error: WHAT at PATH; ADVICE`), its
/// location, and a short code for machines. Every error type a command can throw conforms, so a new one
/// cannot fall through to a default; the CLI treats an error that does not conform as a bug
/// (`ExitStatus.internalFailure`).
public protocol ReportableError: Error {
    var exitStatus: ExitStatus { get }
    /// The whole message, as printed on standard error.
    var report: String { get }
    /// Where the error points, if anywhere.
    var location: FailureLocation? { get }
    /// A short machine-readable code: a spec error's code (`unknownKey`), or the error's kind.
    var failureCode: String { get }
}

extension ReportableError {
    public var location: FailureLocation? { nil }
    public var failureCode: String { String(describing: Self.self) }

    /// The record a command writes for a machine reader (`bench --json FILE` on failure).
    public var record: FailureRecord {
        FailureRecord(
            status: exitStatus, code: failureCode, message: report, file: location?.file,
            line: location?.line, column: location?.column, path: location?.path)
    }
}

/// A failure as a file records it: what `bench --json FILE` writes to FILE when the bench fails, and what
/// the watch daemon reads back instead of the child's standard error. `failure` is always present, so a
/// reader tells it from a result file by that key.
public struct FailureRecord: Codable, Hashable, Sendable {
    /// The exit status the command ended with.
    public var status: ExitStatus
    public var code: String
    /// The message as printed (located: `FILE:LINE:COLUMN: error: ...`).
    public var message: String
    public var file: String?
    public var line: Int?
    public var column: Int?
    public var path: String?
    /// Always true: marks the file as a failure record.
    public var failure: Bool

    public init(
        status: ExitStatus, code: String, message: String, file: String? = nil, line: Int? = nil,
        column: Int? = nil, path: String? = nil
    ) {
        self.status = status; self.code = code; self.message = message
        self.file = file; self.line = line; self.column = column; self.path = path
        failure = true
    }
}
