import ErrorReporting

/// Why Swift code could not be imported, placed at the user's own file and line like a compiler diagnostic:
/// `Feed.swift:12:9: error: WHAT; WHAT TO DO`. The CLI exits 2 for it and writes nothing.
public struct ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String
    /// Lines shown after the diagnostic (the compiler's source excerpt, further errors).
    public var details: [String]
    /// What kind of failure: `watch` shows a file with no entry among layout files as helpers, not an error.
    public var kind: Kind = .other

    public enum Kind: String, Hashable, Sendable {
        /// No function or property in the files builds a layout.
        case noEntry = "import-no-entry"
        /// The build has no Import trait (README "Optional parts"); exit 2 as `MissingBuildTrait`.
        case missingTrait = "missingTrait"
        case other = "import"
    }

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String, details: [String] = []) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.details = details
    }

    public var description: String {
        var place = file
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        return ([place + ": error: " + message] + details).joined(separator: "\n")
    }
}

extension ImportError: ReportableError {
    /// Code that cannot be imported is bad input, like a spec that cannot be read.
    public var exitStatus: ExitStatus { .badInput }
    public var report: String { description }
    public var location: FailureLocation? { FailureLocation(file: file, line: line, column: column) }
    public var failureCode: String { kind.rawValue }
}
