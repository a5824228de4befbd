import ErrorReporting

extension StoreError: ReportableError {
    /// A baseline or run that is not stored is bad input (2); a store that cannot be opened, read or written
    /// (a full disk, a locked or corrupt database) is the environment's failure (3), not the input's.
    public var exitStatus: ExitStatus {
        switch self {
        case .noSuchBaseline, .noSuchRun: return .badInput
        case .cannotOpen, .database, .corruptRow: return .environment
        }
    }
    public var report: String { "error: \(self)" }
    public var location: FailureLocation? {
        if case let .cannotOpen(path, _) = self { return FailureLocation(file: path) }
        return nil
    }
}
