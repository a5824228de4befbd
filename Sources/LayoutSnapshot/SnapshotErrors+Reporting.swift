import CompositionalLayout
import ErrorReporting
import LayoutSpec

/// How each snapshot error ends a command: all are bad input (exit 2), located where they have a place.
extension SnapshotMatrixError: ReportableError {
    public var exitStatus: ExitStatus { .badInput }
    public var report: String { "error: \(description)" }
    public var failureCode: String { "snapshotMatrix" }
}

extension GoldenReadError: ReportableError {
    public var exitStatus: ExitStatus { .badInput }
    public var report: String { description }
    public var location: FailureLocation? { FailureLocation(file: file, line: line, column: column) }
    public var failureCode: String { "goldenFile" }
}

extension SnapshotSolveError: ReportableError {
    public var exitStatus: ExitStatus { .badInput }
    public var report: String {
        guard let error else { return "\(source): error: \(description)" }
        return error.report(file: source, context: "in configuration \(configuration)")
    }
    public var location: FailureLocation? { error?.location(inFile: source) ?? FailureLocation(file: source) }
    public var failureCode: String { "layout" }
}

/// A golden or report file that cannot be written (its folder missing or read-only): bad input, as every
/// output path of `layoutbench` (checked before any solve where the command can).
public struct SnapshotWriteError: Error, Hashable, Sendable, CustomStringConvertible, ReportableError {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): error: cannot write: \(reason)" }
    public var exitStatus: ExitStatus { .badInput }
    public var report: String { description }
    public var location: FailureLocation? { FailureLocation(file: path) }
    public var failureCode: String { "unwritable" }
}
