import CompositionalLayout

/// The one intermediate tree both formats are read into, so a single decoder (`SpecDecoder`) holds every rule
/// and YAML and JSON cannot drift apart. Each value keeps where it was written; YAML aliases are already
/// expanded (shared, copy-on-write) and merge keys applied.
struct SpecNode: Sendable {
    enum Value: Sendable {
        case null
        case bool(Bool)
        case number(SpecNumber)
        case string(String)
        case list([SpecNode])
        case map([SpecEntry])
    }

    var value: Value
    /// 1-based line and column (in Unicode scalars) of the value's first character.
    var line: Int
    var column: Int

    init(_ value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }

    /// How people call this kind of value in messages: "a map", "the string 'abc'", "the number 5".
    var kindDescription: String {
        switch value {
        case .null: return "null (an empty value)"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return "the number \(n.text)"
        case .string(let s): return "the string '\(s.count > 60 ? s.prefix(57) + "..." : Substring(s))'"
        case .list: return "a list"
        case .map: return "a map"
        }
    }
}

/// One key of a map, with the key's own place (unknown-key errors point at the key, not its value).
struct SpecEntry: Sendable {
    var key: String
    var line: Int
    var column: Int
    var value: SpecNode
}

/// A number as written: its Double value and, when it is a whole number, its exact 64-bit value (seeds need
/// all 64 bits, which a Double cannot hold).
struct SpecNumber: Sendable {
    var double: Double
    var integer: Int64?
    /// The number as written, for messages.
    var text: String
}

extension SpecNumber {
    /// Reads a decimal literal (`-12`, `0.5`, `1e-5`, and in YAML `0x1F`, `0o17`); nil if it is not one.
    init?(literal: String, allowYAMLForms: Bool) {
        var body = Substring(literal)
        var negative = false
        if body.first == "-" || body.first == "+" {
            negative = body.first == "-"
            body = body.dropFirst()
        }
        if allowYAMLForms, body.hasPrefix("0x") || body.hasPrefix("0o") {
            let radix = body.hasPrefix("0x") ? 16 : 8
            guard let magnitude = UInt64(body.dropFirst(2), radix: radix) else { return nil }
            let value: Int64? =
                negative
                ? (magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil)
                : (magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil)
            double = negative ? -Double(magnitude) : Double(magnitude)
            integer = value
            text = literal
            return
        }
        guard SpecNumber.isDecimal(body), let value = Double(literal) else { return nil }
        double = value
        text = literal
        if body.allSatisfy(\.isASCIIDigit) {
            integer = Int64(literal.hasPrefix("+") ? String(literal.dropFirst()) : literal)
        } else if value.isFinite, value == value.rounded(), abs(value) <= 9_007_199_254_740_992 {
            integer = Int64(value)
        } else {
            integer = nil
        }
    }

    /// `digits[.digits][e[+-]digits]` or `.digits...`, no sign (checked by the caller).
    static func isDecimal(_ s: Substring) -> Bool {
        var i = s.startIndex
        var digits = 0
        while i < s.endIndex, s[i].isASCIIDigit { i = s.index(after: i); digits += 1 }
        if i < s.endIndex, s[i] == "." {
            i = s.index(after: i)
            while i < s.endIndex, s[i].isASCIIDigit { i = s.index(after: i); digits += 1 }
        }
        guard digits > 0 else { return false }
        if i < s.endIndex, s[i] == "e" || s[i] == "E" {
            i = s.index(after: i)
            if i < s.endIndex, s[i] == "+" || s[i] == "-" { i = s.index(after: i) }
            var exponentDigits = 0
            while i < s.endIndex, s[i].isASCIIDigit { i = s.index(after: i); exponentDigits += 1 }
            guard exponentDigits > 0 else { return false }
        }
        return i == s.endIndex
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// Where a value sits in the document: `sections[2].group.horizontal.subitems[0]`.
struct SpecPath: Sendable, CustomStringConvertible {
    enum Component: Sendable {
        case key(String)
        case index(Int)
    }

    var components: [Component] = []

    static let root = SpecPath()

    func key(_ key: String) -> SpecPath {
        var copy = self
        copy.components.append(.key(key))
        return copy
    }

    func index(_ index: Int) -> SpecPath {
        var copy = self
        copy.components.append(.index(index))
        return copy
    }

    var description: String {
        var out = ""
        for component in components {
            switch component {
            case .key(let key):
                if SpecPath.isIdentifier(key) {
                    if !out.isEmpty { out += "." }
                    out += key
                } else {
                    out += "[" + jsonStringLiteral(key) + "]"
                }
            case .index(let index):
                out += "[\(index)]"
            }
        }
        return out
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return key.unicodeScalars.allSatisfy {
            $0 == "_" || $0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
        }
    }
}

/// A JSON (and YAML double-quoted) string literal: the model's, which escapes everything a YAML reader
/// might fold or reject.
func jsonStringLiteral(_ s: String) -> String { jsonString(s) }
