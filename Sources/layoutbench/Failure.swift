import ArgumentParser
import BenchResults
import CompositionalLayout
import ErrorReporting
import Foundation
import LayoutSpec

/// A failure the CLI finds itself, or a module's error placed at the file the CLI read it from.
enum CLIError: Error {
    /// An argument that cannot be used, found after parsing.
    case badArgument(String)
    /// An output path (`option`, such as `--json`) that cannot be written.
    case unwritable(path: String, option: String, reason: String)
    /// A layout that reads but cannot be solved, with the spec file it came from.
    case layout(LayoutError, file: String)
    /// `compare` found regressions, one line each.
    case regression([String])
    /// A threshold option (`--threshold`, `--instruction-threshold`) that is not a percentage.
    case threshold(option: String, ThresholdError)
}

extension CLIError: ReportableError {
    public var exitStatus: ExitStatus {
        switch self {
        case .regression: return .regression
        case .badArgument, .unwritable, .layout, .threshold: return .badInput
        }
    }

    public var report: String {
        switch self {
        case .badArgument(let message): return "error: \(message)"
        case let .unwritable(path, option, reason): return "\(path): error: cannot write \(option) here: \(reason)"
        case let .layout(error, file): return error.report(file: file)
        case .regression(let lines): return lines.joined(separator: "\n")
        case let .threshold(option, error): return "error: \(option): \(error)"
        }
    }

    public var location: FailureLocation? {
        switch self {
        case let .unwritable(path, _, _): return FailureLocation(file: path)
        case let .layout(error, file): return error.location(inFile: file)
        case .badArgument, .regression, .threshold: return nil
        }
    }

    public var failureCode: String {
        switch self {
        case .badArgument: return "badArgument"
        case .unwritable: return "unwritable"
        case .layout: return "layout"
        case .regression: return "regression"
        case .threshold: return "threshold"
        }
    }
}

/// The one place that turns an error into its exit code and what the user reads, so the commands only throw.
/// Every error of ours conforms to `ReportableError`, which says both; ArgumentParser's own errors exit as
/// the parser says (a usage error as bad input, 2); anything else is a bug, reported as an internal failure
/// (70), never mapped silently.
enum Failure {
    struct Report: Equatable {
        var status: ExitStatus
        var text: String
    }

    /// Ends the process for `error`.
    static func exit(for error: any Error) -> Never {
        if let error = error as? any ReportableError {
            printError(error.report)
            Foundation.exit(error.exitStatus.rawValue)
        }
        let parserCode = Layoutbench.exitCode(for: error).rawValue
        if parserCode == 64 {
            printError(Layoutbench.fullMessage(for: error))
            Foundation.exit(ExitStatus.badInput.rawValue)
        }
        if error is ExitCode || error is CleanExit || parserCode == 0 {
            // Help and version exit 0, `ExitCode` as it says.
            Layoutbench.exit(withError: error)
        }
        let report = internalFailure(error)
        printError(report.text)
        Foundation.exit(report.status.rawValue)
    }

    /// The exit code and text of an error that says neither: a bug.
    static func internalFailure(_ error: any Error) -> Report {
        Report(
            status: .internalFailure,
            text: "error: internal failure (please report it): \(type(of: error)): \(String(describing: error))")
    }

    /// The exit code and text for any error.
    static func report(for error: any Error) -> Report {
        if let error = error as? any ReportableError { return Report(status: error.exitStatus, text: error.report) }
        return internalFailure(error)
    }

    /// Writes `error` as a `FailureRecord` (JSON) to `path`, replacing what is there; best effort, since the
    /// error itself is what the command reports.
    static func record(_ error: any Error, to path: String) {
        let record: FailureRecord
        if let error = error as? any ReportableError {
            record = error.record
        } else {
            let report = report(for: error)
            record = FailureRecord(status: report.status, code: "internal", message: report.text)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(record) else { return }
        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
