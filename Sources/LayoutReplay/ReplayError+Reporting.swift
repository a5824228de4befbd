import ErrorReporting
import LayoutSpec

extension ReplayError: ReportableError {
    /// An operation that cannot be applied, or a layout that cannot be solved: bad input (2).
    public var exitStatus: ExitStatus { .badInput }

    /// `ops.jsonl:7: error: {"op": "resize", ...}: ... at sections[1]; ...; the operations after it were not
    /// applied`.
    public var report: String {
        guard let line, let operation else {
            return "\(file ?? "error"): error: the layout cannot be solved before any operation: \(cause)"
        }
        let place = file.map { "\($0):\(line)" } ?? "operation \(line)"
        return
            "\(place): error: \(OperationsWriter.line(operation)): \(cause); the operations after it were not applied"
    }

    public var location: FailureLocation? { file.map { FailureLocation(file: $0, line: line) } }
}
