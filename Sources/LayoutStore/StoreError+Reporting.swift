import ErrorReporting

extension StoreError: ReportableError {
    /// A path that cannot be used as a store (a missing folder, a file that is not a results database) and a
    /// baseline or run that is not stored are bad input (2), as an unwritable `--json` path is; a store that
    /// fails while reading or writing (a full disk, a lock held past the timeout, a row that no longer
    /// decodes) and a server store that cannot be reached are the environment's failure (3), not the input's: CI
    /// retries on 3.
    public var exitStatus: ExitStatus {
        switch self {
        case .cannotOpen, .noSuchBaseline, .noSuchRun, .missingTrait: return .badInput
        case .database, .corruptRow, .unavailable: return .environment
        }
    }
    public var report: String { "error: \(self)" }
    public var location: FailureLocation? {
        if case let .cannotOpen(path, _) = self { return FailureLocation(file: path) }
        return nil
    }
}
