import CompositionalLayout
import ErrorReporting

extension SpecError: ReportableError {
    /// A spec that cannot be used, or a spec file that cannot be read: bad input (docs/spec-format.md, "Errors").
    public var exitStatus: ExitStatus { .badInput }
    public var report: String { description }
    public var location: FailureLocation? {
        FailureLocation(file: file, line: line, column: column, path: path.isEmpty ? nil : path)
    }
    public var failureCode: String { code.rawValue }
}

extension LayoutError {
    /// Where in the spec file `file` the failing definition is written, when the error names one.
    public func location(inFile file: String) -> FailureLocation {
        var location = FailureLocation(file: file, path: path.isEmpty ? nil : path)
        if let definition, let position = SpecReader.position(ofDefinition: definition, inFile: file) {
            location.line = position.line
            location.column = position.column
        }
        return location
    }

    /// `spec.yaml:12:5: error: a group instance would place ... at sections[1]; give the items a larger size`,
    /// with `context` (what was being done) after the message.
    public func report(file: String, context: String? = nil) -> String {
        let location = location(inFile: file)
        var place = file
        if let line = location.line, let column = location.column { place += ":\(line):\(column)" }
        var text = "\(place): error: \(message)"
        if let context { text += " (\(context))" }
        if !path.isEmpty { text += " at \(path)" }
        return text + "; " + advice
    }
}
