import BenchResults

/// Where the suite says what it is doing: one line per finished scenario, on a terminal only.
public struct ProgressReporter: Sendable {
    private let write: @Sendable (String) -> Void
    private let advance: (@Sendable (ProgressStep) -> Void)?

    public init(write: @escaping @Sendable (String) -> Void, advance: (@Sendable (ProgressStep) -> Void)? = nil) {
        self.write = write
        self.advance = advance
    }

    /// Reports nothing (CI, pipes, tests).
    public static let silent = ProgressReporter { _ in }

    func report(_ line: String) { write(line) }

    /// A round of one group finished (`BenchSuite`): for a progress line with an ETA.
    func step(_ step: ProgressStep) { advance?(step) }

    /// Whether progress lines belong on standard error: it is a terminal and `CI` is not "true" (CI systems
    /// set it, and their logs are not terminals anyway).
    public static func isInteractive(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && environment["CI"]?.lowercased() != "true"
    }
}
