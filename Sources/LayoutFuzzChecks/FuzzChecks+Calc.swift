import CompositionalLayout
import Foundation

extension FuzzChecks {
    /// Effective content sizes each expression is evaluated at: none, a phone, a wide window, the limit.
    static let sizes: [(width: Double, height: Double)] = [(0, 0), (390, 844), (1366, 1024), (1_000_000, 0.5)]

    /// A `calc(…)` expression (the text between the parentheses, UTF-8): it parses or fails at a character of
    /// the text; a parsed expression is written (`CalcExpression.written`), and the written form parses to the
    /// same expression, no longer than the input, evaluating to the same values (bit for bit, NaN as NaN),
    /// and writes as the same text (docs/version-2.md §10.6, docs/spec-format.md "Limits").
    static func calc(_ data: Data) throws(FuzzFinding) -> FuzzOutcome {
        guard let text = String(validating: data, as: UTF8.self) else { return .bounded("text that is not UTF-8") }
        let expression: CalcExpression
        do {
            expression = try CalcExpression(parsing: text)
        } catch {
            guard error.offset >= 0, error.offset <= max(text.count, CalcExpression.maxLength) else {
                throw FuzzFinding(.calc, "an error placed outside the text (\(text.count) characters): \(error)")
            }
            return .rejected(error.description)
        }
        let written = expression.written
        let again: CalcExpression
        do {
            again = try CalcExpression(parsing: written)
        } catch {
            throw FuzzFinding(
                .calc,
                "the written form does not parse: \(error)\n"
                    + "--- written: \(written.prefix(500))")
        }
        guard again == expression else {
            throw FuzzFinding(
                .calc,
                "the written form parses to another expression\n"
                    + "--- written: \(written.prefix(500))")
        }
        guard written.count <= text.count || written == expression.writtenForm(compact: false) else {
            throw FuzzFinding(
                .calc,
                "the compact form (\(written.count) characters) is longer than the input "
                    + "(\(text.count))")
        }
        for size in sizes {
            let a = expression.evaluate(width: size.width, height: size.height)
            let b = again.evaluate(width: size.width, height: size.height)
            guard a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) else {
                throw FuzzFinding(.calc, "at \(size) the input gives \(a), the written form \(b)")
            }
        }
        guard again.written == written else {
            throw FuzzFinding(.calc, "writing the re-read expression gives other text: \(again.written.prefix(500))")
        }
        return .ok
    }
}
