import CompositionalLayout
import Foundation
import LayoutEngine
import LayoutSpec

extension FuzzChecks {
    /// The line between the spec and the operations of a replay input.
    static let separator = "%%"

    /// A spec, a line `%%`, and a replay file (docs/operations.md; read by `OperationsReader`, errors located
    /// as `fuzz-ops:LINE`): the first `FuzzBounds.maxOperations` operations are applied to one `LayoutEngine`
    /// and to a `LayoutState`; after every step the engine's output equals a fresh reference solve of the
    /// state, or both refuse the operation alike. An operation that would take the layout past
    /// `FuzzBounds` ends the replay there.
    static func replay(_ data: Data) throws(FuzzFinding) -> FuzzOutcome {
        let (specBytes, operationBytes) = split(data)
        let layout: CollectionLayout
        switch try readSpec(specBytes, .replay, maxItems: FuzzBounds.maxItems) {
        case .success(let read): layout = read
        case .failure(let error): return .rejected(error.description)
        }
        if let bound = bound(layout) { return .bounded(bound) }
        guard let text = String(validating: operationBytes, as: UTF8.self) else {
            return .bounded("operations that are not UTF-8")
        }
        let operations: [LocatedOperation]
        do {
            operations = try OperationsReader.read(text: text, file: "fuzz-ops")
        } catch {
            guard error.line != nil else { throw FuzzFinding(.replay, "an operations error without a line: \(error)") }
            return .rejected(error.description)
        }

        var state = LayoutState(layout: layout)
        let engine: LayoutEngine
        do {
            engine = try LayoutEngine(state: state)
        } catch {
            return try compare(.failure(error), referenceSolve(state), .replay, after: "the first solve")
        }
        var outcome = try compare(.success(engine.output()), referenceSolve(state), .replay, after: "the first solve")
        guard outcome == .ok else { return outcome }
        for located in operations.prefix(FuzzBounds.maxOperations) {
            let step = "fuzz-ops:\(located.line) (\(OperationsWriter.line(located.operation)))"
            if let bound = bound(located.operation, state) { return .bounded("\(step): \(bound)") }
            var engineError: EngineError?
            do {
                try engine.apply(located.operation)
            } catch {
                engineError = error
            }
            var stateError: OperationError?
            do {
                try state.apply(located.operation)
            } catch {
                stateError = error
            }
            switch (engineError, stateError) {
            case let (.operation(e)?, r?):
                guard e == r else {
                    throw FuzzFinding(.replay, "\(step) is refused differently: engine '\(e)', state '\(r)'")
                }
                return .rejected("\(step): \(r)")
            case let (_, r?):
                throw FuzzFinding(.replay, "\(step): the state refuses it ('\(r)'), the engine does not")
            case let (.operation(e)?, nil):
                throw FuzzFinding(.replay, "\(step): the engine refuses it ('\(e)'), the state does not")
            case let (.layout(e)?, nil):
                outcome = try compare(.failure(e), referenceSolve(state), .replay, after: step)
            case (nil, nil):
                outcome = try compare(.success(engine.output()), referenceSolve(state), .replay, after: step)
            }
            guard outcome == .ok else { return outcome }
        }
        return .ok
    }

    /// The spec before the first line `%%` and the operations after it (none without such a line).
    static func split(_ data: Data) -> (spec: Data, operations: Data) {
        let bytes = [UInt8](data)
        var start = 0
        while start < bytes.count {
            var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let next = end + 1
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            if bytes[start..<end].elementsEqual(separator.utf8) {
                return (Data(bytes[..<start]), Data(bytes[min(next, bytes.count)...]))
            }
            start = next
        }
        return (data, Data())
    }

    /// Why an operation is not applied: it would take the layout past `FuzzBounds`; nil when it is applied.
    static func bound(_ operation: LayoutOperation, _ state: LayoutState) -> String? {
        let items = state.itemCount
        switch operation {
        case .insertItems(_, _, let count):
            if items > FuzzBounds.maxItems - max(count, 0) { return "more than \(FuzzBounds.maxItems) items" }
        case let .insertSections(_, _, count, perSection):
            let (added, overflow) = max(count, 0).multipliedReportingOverflow(by: max(perSection, 0))
            if overflow || items > FuzzBounds.maxItems - added { return "more than \(FuzzBounds.maxItems) items" }
            if state.sections.count > FuzzBounds.maxSections - max(count, 0) {
                return "more than \(FuzzBounds.maxSections) sections"
            }
        default:
            break
        }
        return nil
    }
}
