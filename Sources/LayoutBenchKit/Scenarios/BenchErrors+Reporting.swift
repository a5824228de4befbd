import ErrorReporting
import LayoutSpec

extension BenchError: ReportableError {
    /// What the user gave is bad input (2); a file the bench writes for itself, the environment (3); the
    /// engine refusing what a scenario built is a bug (70).
    public var exitStatus: ExitStatus {
        switch self {
        case .layout, .spec, .badArgument, .notApplicable: return .badInput
        case .cannotWrite: return .environment
        case .engine: return .internalFailure
        }
    }

    public var report: String {
        switch self {
        case let .layout(error, source, context): return error.report(file: source, context: context)
        case .spec(let error): return error.report
        case .engine, .badArgument, .notApplicable, .cannotWrite: return "error: \(self)"
        }
    }

    public var location: FailureLocation? {
        switch self {
        case let .layout(error, source, _): return error.location(inFile: source)
        case .spec(let error): return error.location
        case let .cannotWrite(path, _): return FailureLocation(file: path)
        case .engine, .badArgument, .notApplicable: return nil
        }
    }

    public var failureCode: String {
        switch self {
        case .layout: return "layout"
        case .spec(let error): return error.failureCode
        case .engine: return "engine"
        case .badArgument: return "badArgument"
        case .notApplicable: return "notApplicable"
        case .cannotWrite: return "io"
        }
    }
}

extension PresetError: ReportableError {
    public var exitStatus: ExitStatus { .badInput }
    public var report: String { "error: \(self)" }
}

extension ABError: ReportableError {
    /// A binary that is not there, or a side whose bench failed or wrote no usable result: bad input (2).
    public var exitStatus: ExitStatus { .badInput }
    public var report: String { "error: \(self)" }
}

extension InstructionError: ReportableError {
    /// valgrind missing, or the counting run under it failing, is the environment's failure (3).
    public var exitStatus: ExitStatus { .environment }
    public var report: String { "error: \(self)" }
}

extension LockstepError: ReportableError {
    /// A worker that would not start, crashed, hung or printed garbage, or builds serving different rows: 2.
    public var exitStatus: ExitStatus { .badInput }
    public var report: String { "error: \(self)" }
}
