import Testing

@testable import CompositionalLayout

/// `calc` values written back (CalcExpression+Writing.swift): what the parser reads, the writer writes in a
/// form the parser reads to the same expression (issue 24).
@Suite struct CalcWritingTests {
    /// Issue 24's second finding: 51 minus signs before a `1` read (51 levels), but were written as nested
    /// `-(…)`, two levels a sign, and the written form did not read ("nests deeper than 100 levels").
    @Test func manyMinusSignsWriteBackAsTheyRead() throws {
        let text = String(repeating: "-", count: 51) + "1"
        let expression = try CalcExpression(parsing: text)
        #expect(expression.written == text)
        #expect(try CalcExpression(parsing: expression.written) == expression)
        #expect(expression.evaluate(width: 0, height: 0) == -1)
        let deepest = String(repeating: "-", count: CalcExpression.maxDepth) + "width"
        let read = try CalcExpression(parsing: deepest)
        #expect(try CalcExpression(parsing: read.written) == read)
    }

    /// Only the parentheses the structure needs; left-associative operators keep them on the right.
    @Test(arguments: [
        ("(width - 32) / 3", "(width - 32) / 3"),
        ("((1 + 2) + 3)", "1 + 2 + 3"),
        ("1 + (2 + 3)", "1 + (2 + 3)"),
        ("1 - (2 - 3)", "1 - (2 - 3)"),
        ("8 / (4 / 2)", "8 / (4 / 2)"),
        ("(8 / 4) / 2", "8 / 4 / 2"),
        ("-(2 * width)", "-(2 * width)"),
        ("-2 * width", "-2 * width"),
        ("1 - -1", "1 - -1"),
        ("max(8,(width/40))", "max(8, width / 40)"),
        ("0.055*width", "0.055 * width"),
    ])
    func writesTheFewestParentheses(_ input: String, _ written: String) throws {
        let expression = try CalcExpression(parsing: input)
        #expect(expression.written == written)
        #expect(try CalcExpression(parsing: written) == expression)
    }

    /// Left-associated sums nest no deeper when written: 150 terms read at depth 0, and read back.
    @Test func longSumsDoNotNest() throws {
        let text = Array(repeating: "1", count: 150).joined(separator: "+")
        let expression = try CalcExpression(parsing: text)
        #expect(try CalcExpression(parsing: expression.written) == expression)
    }

    /// When the spaced form is too long, the compact one is written: never longer than the text it was read from.
    @Test func tooLongForSpacesIsWrittenCompact() throws {
        let text = Array(repeating: ".5", count: 3_333).joined(separator: "*")
        #expect(text.count <= CalcExpression.maxLength)
        let expression = try CalcExpression(parsing: text)
        #expect(expression.written == text)
        #expect(try CalcExpression(parsing: expression.written) == expression)
    }

    @Test(arguments: [
        (0.5, ".5"), (100, "100"), (1e5, "1e5"), (1e-7, "1e-7"), (1.5e300, "15e299"), (0.055, ".055"),
        (123.25, "123.25"), (1e22, "1e22"), (Double.leastNonzeroMagnitude, "5e-324"),
        (1.7976931348623157e308, "17976931348623157e292"),
        (120, "120"), (1000, "1e3"), (0.0001, "1e-4"), (0.001, ".001"),
    ])
    func shortestNumbers(_ value: Double, _ text: String) {
        #expect(CalcExpression.shortestNumber(value) == text)
        #expect(Double(text) == value)
    }
}
