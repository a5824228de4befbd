import ArgumentParser
import BenchResults
import CompositionalLayout
import Foundation
import LayoutBenchKit
import LayoutEngine
import LayoutRender
import LayoutReplay
import LayoutSpec

/// How a run of `layoutbench` ends (README, "Exit codes").
enum ExitStatus: Int32 {
    case success = 0
    /// `compare` found a regression; also a failure that is not the input's fault (an engine bug mid-bench).
    case regression = 1
    /// Input that cannot be used: a spec, an argument, a file to read or write, a layout that cannot be solved.
    case badInput = 2
}

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

/// The one place that turns every error of every command into its exit code and what the user reads, so the
/// commands only throw. Located errors read like compiler diagnostics: `FILE[:LINE[:COLUMN]]: error: WHAT
/// at PATH; ADVICE`, the form `SpecError` set.
enum Failure {
    struct Report: Equatable {
        var status: ExitStatus
        var text: String
    }

    /// Ends the process for `error`: ours and the modules' through `report(for:)`; ArgumentParser's own
    /// (help, version, usage) as the parser says, except that a usage error is bad input (2), not its 64.
    static func exit(for error: any Error) -> Never {
        if let report = report(for: error) {
            printError(report.text)
            Foundation.exit(report.status.rawValue)
        }
        if Layoutbench.exitCode(for: error).rawValue == 64 {
            printError(Layoutbench.fullMessage(for: error))
            Foundation.exit(ExitStatus.badInput.rawValue)
        }
        // Help and version exit 0, `ExitCode` as it says, anything else not ours 1 with its description.
        Layoutbench.exit(withError: error)
    }

    /// The exit code and the text for an error of ours or of a module; nil for any other.
    static func report(for error: any Error) -> Report? {
        switch error {
        case let error as CLIError:
            switch error {
            case .badArgument(let message):
                return Report(status: .badInput, text: "error: \(message)")
            case let .unwritable(path, option, reason):
                return Report(status: .badInput, text: "\(path): error: cannot write \(option) here: \(reason)")
            case let .layout(error, file):
                return Report(status: .badInput, text: located(error, file: file))
            case .regression(let lines):
                return Report(status: .regression, text: lines.joined(separator: "\n"))
            case let .threshold(option, error):
                return Report(status: .badInput, text: "error: \(option): \(error)")
            }
        case let error as ThresholdTableError:
            return Report(status: .badInput, text: "error: --thresholds: \(error)")
        case let error as InstructionError:
            switch error {
            case .valgrindMissing, .stripFailed:
                // Nothing to count with: the machine needs valgrind (the message says how to install it).
                return Report(status: .badInput, text: "error: \(error)")
            case .childFailed, .noCounts:
                // The counting run itself failed: not the input's fault.
                return Report(status: .regression, text: "error: \(error)")
            }
        case let error as ABError:
            return Report(status: .badInput, text: "error: \(error)")
        case let error as SpecError:
            return Report(status: .badInput, text: error.description)
        case let error as LayoutError:
            // A solver's error that no command placed at a file: still say where in the layout.
            return Report(status: .badInput, text: "error: \(error)")
        case let error as ReplayError:
            return Report(status: .badInput, text: replay(error))
        case let error as BenchError:
            switch error {
            case let .layout(layoutError, source, context):
                return Report(status: .badInput, text: located(layoutError, file: source, context: context))
            case .spec(let message):
                return Report(status: .badInput, text: message)  // a SpecError's text already
            case .engine:
                return Report(status: .regression, text: "error: \(error)")
            case .badArgument, .notApplicable:
                return Report(status: .badInput, text: "error: \(error)")
            }
        case let error as PresetError:
            return Report(status: .badInput, text: "error: \(error)")
        case let error as CompareError:
            switch error {
            case .file(let fileError): return Report(status: .badInput, text: "\(fileError.path): error: \(fileError.reason)")
            case .nothingInCommon: return Report(status: .badInput, text: "error: \(error)")
            }
        case let error as ResultFileError:
            return Report(status: .badInput, text: "\(error.path): error: \(error.reason)")
        case let error as RenderWriteError:
            return Report(status: .badInput, text: "\(error.path): error: cannot write: \(error.reason)")
        case let error as EngineError:
            // The engine refusing what a command built is a bug, not the input's fault.
            return Report(status: .regression, text: "error: \(error)")
        default:
            return nil
        }
    }

    /// `spec.yaml:12:5: error: a group instance would place ... at sections[1]; give the items a larger size`.
    static func located(_ error: LayoutError, file: String, context: String? = nil) -> String {
        var place = file
        if let definition = error.definition, let position = SpecReader.position(ofDefinition: definition, inFile: file) {
            place += ":\(position.line):\(position.column)"
        }
        var text = "\(place): error: \(error.message)"
        if let context { text += " (\(context))" }
        if !error.path.isEmpty { text += " at \(error.path)" }
        return text + "; " + error.advice
    }

    /// `ops.jsonl:7: error: {"op": "resize", ...}: ... at sections[1]; ...; the operations after it were not applied`.
    static func replay(_ error: ReplayError) -> String {
        let cause: String
        switch error.cause {
        case .operation(let operationError): cause = operationError.description
        case .layout(let layoutError): cause = layoutError.description
        }
        guard let line = error.line, let operation = error.operation else {
            return "\(error.file ?? "error"): error: the layout cannot be solved before any operation: \(cause)"
        }
        let place = error.file.map { "\($0):\(line)" } ?? "operation \(line)"
        return "\(place): error: \(OperationsWriter.line(operation)): \(cause); the operations after it were not applied"
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
