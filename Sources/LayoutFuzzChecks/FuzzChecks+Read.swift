import CompositionalLayout
import Foundation
import LayoutSpec

extension FuzzChecks {
    /// The spec reader: any bytes either read or fail with a `SpecError` placed in the text (a line and a
    /// column inside it), never crash or hang (docs/spec-format.md "Errors").
    static func read(_ data: Data) throws(FuzzFinding) -> FuzzOutcome {
        switch try readSpec(data, .read) {
        case .success: return .ok
        case .failure(let error): return .rejected(error.description)
        }
    }

    /// Reads `data` as a spec (with `maxItems`), and checks that an error says where it is.
    static func readSpec(_ data: Data, _ target: FuzzTarget, maxItems: Int = SpecReader.defaultMaxItems)
        throws(FuzzFinding) -> Result<CollectionLayout, SpecError>
    {
        do {
            return .success(try SpecReader.read(data: data, file: file, maxItems: maxItems))
        } catch {
            try checkLocated(error, in: data, target)
            return .failure(error)
        }
    }

    /// An error of a text the reader was given has a line and a column in that text (the line after the
    /// last allowed, for an error at the end). YAML breaks lines at a lone CR too, and at NEL, LS and PS:
    /// every one of them may start a line.
    static func checkLocated(_ error: SpecError, in data: Data, _ target: FuzzTarget) throws(FuzzFinding) {
        guard let line = error.line, let column = error.column else {
            throw FuzzFinding(target, "an error without a line and column: \(error)")
        }
        let breaks = "\n\r\u{85}\u{2028}\u{2029}".unicodeScalars
        let lines = String(decoding: data, as: UTF8.self).unicodeScalars.reduce(1) { breaks.contains($1) ? $0 + 1 : $0 }
        guard line >= 1, line <= lines + 1, column >= 1 else {
            throw FuzzFinding(target, "an error placed outside the text (\(lines) lines): \(error)")
        }
    }
}
