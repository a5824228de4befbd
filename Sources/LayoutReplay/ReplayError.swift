import CompositionalLayout
import LayoutSpec

/// A replay that stopped: an operation that cannot be applied (an address that does not exist) or that
/// leaves a layout that cannot be solved (a width no variant covers), named by its line; or a layout that
/// cannot be solved before any operation. Nothing after the failing operation is applied.
public struct ReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why the replay stopped.
    public enum Cause: Error, Hashable, Sendable, CustomStringConvertible {
        /// The operation addresses something that does not exist, or has a bad value.
        case operation(OperationError)
        /// The layout cannot be solved after the operation (or before any).
        case layout(LayoutError)

        public var description: String {
            switch self {
            case .operation(let error): return error.description
            case .layout(let error): return error.description
            }
        }
    }

    public var cause: Cause
    /// The replay file, when the operations came from one.
    public var file: String?
    /// The failing operation's line (or, without a file, its 1-based position); nil before any operation.
    public var line: Int?
    /// The failing operation; nil before any operation.
    public var operation: LayoutOperation?

    public init(cause: Cause, file: String? = nil, line: Int? = nil, operation: LayoutOperation? = nil) {
        self.cause = cause
        self.file = file
        self.line = line
        self.operation = operation
    }

    /// `ops.jsonl:7: error: {"op": "measure", ...}: item 4 of section 0 does not exist: ...; the operations
    /// after it were not applied`, like a compiler diagnostic.
    public var description: String {
        guard let line, let operation else {
            return "error: the layout cannot be solved before any operation: \(cause)"
        }
        let place = file.map { "\($0):\(line)" } ?? "operation \(line)"
        return
            "\(place): error: \(OperationsWriter.line(operation)): \(cause); the operations after it were not applied"
    }
}
