import ErrorReporting

// Result files, comparisons and thresholds that cannot be used are bad input (exit 2).

extension ResultFileError: ReportableError {
    public var exitStatus: ExitStatus { .badInput }
    public var report: String { "\(path): error: \(reason)" }
    public var location: FailureLocation? { FailureLocation(file: path) }
}

extension CompareError: ReportableError {
    public var exitStatus: ExitStatus { .badInput }
    public var report: String {
        switch self {
        case .file(let error): return error.report
        case .nothingInCommon: return "error: \(self)"
        }
    }
    public var location: FailureLocation? {
        switch self {
        case .file(let error): return error.location
        case .nothingInCommon: return nil
        }
    }
}

extension ThresholdTableError: ReportableError {
    public var exitStatus: ExitStatus { .badInput }
    public var report: String { "error: --thresholds: \(self)" }
    public var location: FailureLocation? {
        switch self {
        case .unreadable(let path): return FailureLocation(file: path)
        case let .badLine(path, line, _): return FailureLocation(file: path, line: line)
        }
    }
}

extension ThresholdError: ReportableError {
    public var exitStatus: ExitStatus { .badInput }
    public var report: String { "error: \(self)" }
}

extension MergeError: ReportableError {
    public var exitStatus: ExitStatus { .badInput }
    public var report: String { "error: \(self)" }
}

extension ShardError: ReportableError {
    public var exitStatus: ExitStatus { .badInput }
    public var report: String { "error: \(self)" }
}

extension BudgetFileError: ReportableError {
    public var exitStatus: ExitStatus { .badInput }
    public var report: String { "\(path): error: \(description)" }
    public var location: FailureLocation? {
        if case let .invalid(path, jsonPath, _) = self { return FailureLocation(file: path, path: jsonPath) }
        return FailureLocation(file: path)
    }
}

extension BudgetCheckError: ReportableError {
    public var exitStatus: ExitStatus { .badInput }
    public var report: String { "error: \(description)" }
}
