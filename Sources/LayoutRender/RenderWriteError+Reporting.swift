import ErrorReporting

extension RenderWriteError: ReportableError {
    /// An output path that cannot be written is bad input (README "The CLI": exit codes).
    public var exitStatus: ExitStatus { .badInput }
    public var report: String { "\(path): error: cannot write: \(reason)" }
    public var location: FailureLocation? { FailureLocation(file: path) }
}
