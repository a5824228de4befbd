import ErrorReporting

extension WatchSetupError: ReportableError {
    /// Paths, options and a log that cannot be used: bad input (2).
    public var exitStatus: ExitStatus { .badInput }
    public var report: String { "error: \(self)" }
}

extension WatchError: ReportableError {
    /// The system refused to watch files (inotify limits): the environment (3).
    public var exitStatus: ExitStatus { .environment }
    public var report: String { "error: \(self)" }
}

extension RunLogError: ReportableError {
    /// The log cannot be opened or written (a full disk): the environment (3).
    public var exitStatus: ExitStatus { .environment }
    public var report: String { "error: \(self)" }
}
