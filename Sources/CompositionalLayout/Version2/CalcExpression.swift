/// `calc(EXPR)` values (docs/version-2.md §10.6): numbers, `width` and `height` (the effective content size),
/// `+ - * /`, parentheses, unary minus, `min(a, b)` and `max(a, b)`, evaluated before each solve.
public indirect enum CalcExpression: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case width
    case height
    case negate(CalcExpression)
    case add(CalcExpression, CalcExpression)
    case subtract(CalcExpression, CalcExpression)
    case multiply(CalcExpression, CalcExpression)
    case divide(CalcExpression, CalcExpression)
    case min(CalcExpression, CalcExpression)
    case max(CalcExpression, CalcExpression)

    /// Most characters an expression may hold (docs/version-2.md).
    public static let maxLength = 10_000
    /// Deepest nesting of parentheses and operands.
    public static let maxDepth = 100

    /// Parses an expression (the text between `calc(` and `)`).
    /// - Throws: `CalcSyntaxError` locating the offending character (0-based offset into `text`).
    public init(parsing text: String) throws(CalcSyntaxError) {
        var parser = CalcParser(text)
        self = try parser.parseWhole()
    }

    /// The value for an effective content size; division by zero gives a non-finite result the caller rejects.
    public func evaluate(width: Double, height: Double) -> Double {
        switch self {
        case .number(let v): return v
        case .width: return width
        case .height: return height
        case .negate(let a): return -a.evaluate(width: width, height: height)
        case let .add(a, b): return a.evaluate(width: width, height: height) + b.evaluate(width: width, height: height)
        case let .subtract(a, b):
            return a.evaluate(width: width, height: height) - b.evaluate(width: width, height: height)
        case let .multiply(a, b):
            return a.evaluate(width: width, height: height) * b.evaluate(width: width, height: height)
        case let .divide(a, b):
            let d = b.evaluate(width: width, height: height)
            return d == 0 ? .nan : a.evaluate(width: width, height: height) / d
        case let .min(a, b):
            return Swift.min(a.evaluate(width: width, height: height), b.evaluate(width: width, height: height))
        case let .max(a, b):
            return Swift.max(a.evaluate(width: width, height: height), b.evaluate(width: width, height: height))
        }
    }

    /// The expression written back, without `calc(…)`, in a form the parser reads to this same expression:
    /// spaced, with only the parentheses its structure needs (CalcExpression+Writing.swift).
    public var description: String { written }
}

/// A `calc` expression that does not parse: what is wrong and at which character (0-based offset).
public struct CalcSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var message: String
    public var description: String { "\(message) at character \(offset + 1)" }
    public init(offset: Int, message: String) { self.offset = offset; self.message = message }
}

/// A recursive-descent parser over the expression's characters.
struct CalcParser {
    let chars: [Character]
    var position = 0
    var depth = 0

    init(_ text: String) { chars = Array(text) }

    mutating func parseWhole() throws(CalcSyntaxError) -> CalcExpression {
        guard chars.count <= CalcExpression.maxLength else {
            throw CalcSyntaxError(
                offset: CalcExpression.maxLength,
                message: "the expression is longer than \(CalcExpression.maxLength) characters")
        }
        let expression = try sum()
        skipSpaces()
        if position < chars.count {
            throw CalcSyntaxError(offset: position, message: "unexpected '\(chars[position])'")
        }
        return expression
    }

    private mutating func skipSpaces() {
        while position < chars.count, chars[position] == " " || chars[position] == "\t" { position += 1 }
    }

    private mutating func enter() throws(CalcSyntaxError) {
        depth += 1
        if depth > CalcExpression.maxDepth {
            throw CalcSyntaxError(
                offset: position, message: "the expression nests deeper than \(CalcExpression.maxDepth) levels")
        }
    }

    private mutating func sum() throws(CalcSyntaxError) -> CalcExpression {
        var left = try product()
        while true {
            skipSpaces()
            guard position < chars.count, chars[position] == "+" || chars[position] == "-" else { return left }
            let op = chars[position]
            position += 1
            let right = try product()
            left = op == "+" ? .add(left, right) : .subtract(left, right)
        }
    }

    private mutating func product() throws(CalcSyntaxError) -> CalcExpression {
        var left = try unary()
        while true {
            skipSpaces()
            guard position < chars.count, chars[position] == "*" || chars[position] == "/" else { return left }
            let op = chars[position]
            position += 1
            let right = try unary()
            left = op == "*" ? .multiply(left, right) : .divide(left, right)
        }
    }

    private mutating func unary() throws(CalcSyntaxError) -> CalcExpression {
        skipSpaces()
        if position < chars.count, chars[position] == "-" {
            position += 1
            try enter()
            defer { depth -= 1 }
            return .negate(try unary())
        }
        return try primary()
    }

    private mutating func primary() throws(CalcSyntaxError) -> CalcExpression {
        skipSpaces()
        guard position < chars.count else {
            throw CalcSyntaxError(offset: position, message: "the expression ends where a value is expected")
        }
        let c = chars[position]
        if c == "(" {
            position += 1
            try enter()
            defer { depth -= 1 }
            let inner = try sum()
            try expect(")")
            return inner
        }
        if c.isNumber || c == "." {
            let start = position
            while position < chars.count, chars[position].isNumber || chars[position] == "." { position += 1 }
            if position < chars.count, chars[position] == "e" || chars[position] == "E" {
                position += 1
                if position < chars.count, chars[position] == "+" || chars[position] == "-" { position += 1 }
                while position < chars.count, chars[position].isNumber { position += 1 }
            }
            guard let value = Double(String(chars[start..<position])), value.isFinite else {
                throw CalcSyntaxError(offset: start, message: "'\(String(chars[start..<position]))' is not a number")
            }
            return .number(value)
        }
        if c.isLetter {
            let start = position
            while position < chars.count, chars[position].isLetter { position += 1 }
            let name = String(chars[start..<position])
            switch name {
            case "width": return .width
            case "height": return .height
            case "min", "max":
                try expect("(")
                try enter()
                defer { depth -= 1 }
                let a = try sum()
                try expect(",")
                let b = try sum()
                try expect(")")
                return name == "min" ? .min(a, b) : .max(a, b)
            default:
                throw CalcSyntaxError(
                    offset: start, message: "unknown name '\(name)' (calc knows width, height, min and max)")
            }
        }
        throw CalcSyntaxError(offset: position, message: "unexpected '\(c)'")
    }

    private mutating func expect(_ c: Character) throws(CalcSyntaxError) {
        skipSpaces()
        guard position < chars.count, chars[position] == c else {
            let found = position < chars.count ? "'\(chars[position])'" : "the end"
            throw CalcSyntaxError(offset: position, message: "expected '\(c)', found \(found)")
        }
        position += 1
    }
}
