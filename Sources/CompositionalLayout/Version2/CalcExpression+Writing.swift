/// Writing an expression back as text the parser accepts (docs/spec-format.md "Limits": at most
/// `CalcExpression.maxLength` characters, nesting at most `CalcExpression.maxDepth` levels).
///
/// The promise, for every expression the parser returns: the written text parses to the same expression
/// (so it evaluates the same), it nests no deeper than the text it was read from, and it is no longer than
/// that text. So what the reader accepts, the writer writes in a form the reader accepts. Two rules give it:
///
/// - Parentheses only where the structure needs them. The parser counts a level for each unary minus, each
///   pair of parentheses and each `min(`/`max(`; writing `-x` as `-(x)` counted two levels per minus, so 51
///   minus signs before a `1` (102 levels written) read but did not read back (issue 24).
/// - When the spaced form (`(width - 32) / 3`) is longer than `maxLength`, the compact form is written: no
///   spaces, and each number in its shortest spelling (`.5`, `1e5`), never longer than any literal that reads
///   as the same `Double`.
extension CalcExpression {
    /// The expression as written: spaced when that fits in `maxLength` characters, compact otherwise.
    /// Complexity: O(size of the expression).
    public var written: String {
        let spaced = writtenForm(compact: false)
        return spaced.count <= CalcExpression.maxLength ? spaced : writtenForm(compact: true)
    }

    /// The expression with the fewest parentheses and, if `compact`, no spaces and the shortest numbers.
    public func writtenForm(compact: Bool) -> String {
        var out = ""
        write(into: &out, atLeast: .sum, compact: compact)
        return out
    }

    /// How tightly a form binds, as the parser's functions nest: sum, product, unary minus, primary.
    private enum Binding: Int, Comparable {
        case sum, product, unary, primary
        static func < (a: Binding, b: Binding) -> Bool { a.rawValue < b.rawValue }
    }

    private var binding: Binding {
        switch self {
        case .add, .subtract: return .sum
        case .multiply, .divide: return .product
        case .negate: return .unary
        case .number(let v): return v.sign == .minus ? .unary : .primary  // only built in Swift: `-2` is a minus
        case .width, .height, .min, .max: return .primary
        }
    }

    /// Writes `self` where the parser expects a form binding at least as tightly as `needed`, in parentheses
    /// if it binds less tightly. Operators are left-associative, so a right operand needs one level more.
    private func write(into out: inout String, atLeast needed: Binding, compact: Bool) {
        let parenthesised = binding < needed
        if parenthesised { out += "(" }
        let space = compact ? "" : " "
        func binary(_ a: CalcExpression, _ op: String, _ b: CalcExpression, _ level: Binding, _ right: Binding) {
            a.write(into: &out, atLeast: level, compact: compact)
            out += space + op + space
            b.write(into: &out, atLeast: right, compact: compact)
        }
        func call(_ name: String, _ a: CalcExpression, _ b: CalcExpression) {
            out += name + "("
            a.write(into: &out, atLeast: .sum, compact: compact)
            out += "," + space
            b.write(into: &out, atLeast: .sum, compact: compact)
            out += ")"
        }
        switch self {
        case .number(let v): out += compact ? Self.shortestNumber(v) : formatNumber(v)
        case .width: out += "width"
        case .height: out += "height"
        case .negate(let a):
            out += "-"
            a.write(into: &out, atLeast: .unary, compact: compact)
        case let .add(a, b): binary(a, "+", b, .sum, .product)
        case let .subtract(a, b): binary(a, "-", b, .sum, .product)
        case let .multiply(a, b): binary(a, "*", b, .product, .unary)
        case let .divide(a, b): binary(a, "/", b, .product, .unary)
        case let .min(a, b): call("min", a, b)
        case let .max(a, b): call("max", a, b)
        }
        if parenthesised { out += ")" }
    }

    /// The shortest text the parser reads as `value`: Swift's shortest round-trip digits, placed either
    /// positionally (`.05`, `120`) or with an exponent (`5e-7`, `12e20`), whichever is shorter.
    /// Complexity: O(digits + exponent).
    static func shortestNumber(_ value: Double) -> String {
        guard value.isFinite, value != 0 else { return value == 0 ? (value.sign == .minus ? "-0" : "0") : "\(value)" }
        let sign = value < 0 ? "-" : ""
        // Swift writes the shortest digits that read back, as `d.ddd`, `d.ddde±x` or `0.000ddd`.
        var text = "\(abs(value))"
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            text = String(text[..<e])
        }
        // digits × 10^(point - digits.count): `point` digits stand before the decimal point.
        let whole = text.prefix { $0 != "." }
        let fraction = text.contains(".") ? String(text.drop { $0 != "." }.dropFirst()) : ""
        var digits = Array(whole + fraction)
        var point = whole.count + exponent
        while digits.count > 1, digits.first == "0" {
            digits.removeFirst()
            point -= 1
        }
        while digits.count > 1, digits.last == "0" { digits.removeLast() }
        let n = digits.count
        let positional: String
        if point >= n {
            positional = String(digits) + String(repeating: "0", count: point - n)
        } else if point > 0 {
            positional = String(digits[..<point]) + "." + String(digits[point...])
        } else {
            positional = "." + String(repeating: "0", count: -point) + String(digits)
        }
        let scientific = String(digits) + "e\(point - n)"
        return sign + (scientific.count < positional.count ? scientific : positional)
    }
}
