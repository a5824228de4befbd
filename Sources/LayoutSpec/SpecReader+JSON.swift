/// Reading JSON into the intermediate tree. A small parser of our own rather than `JSONSerialization`, so every
/// value keeps its line and column, duplicate keys are caught (JSONSerialization keeps the last one silently),
/// whole numbers keep all 64 bits, and syntax errors name the JSON path they occur in.
/// Complexity: O(bytes); recursion is bounded by the nesting limit.
struct JSONComposer {
    let file: String
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    private var column = 1
    private var path = SpecPath.root
    private var depth = 0

    init(text: String, file: String) {
        self.file = file
        self.bytes = Array(text.utf8)
    }

    mutating func compose() throws(SpecError) -> SpecNode {
        skipWhitespace()
        guard position < bytes.count else {
            throw SpecError(
                code: .missingKey, message: "the file is empty",
                allowed: "a spec is an object with version, container and sections", file: file, line: line,
                column: column)
        }
        let node = try value()
        skipWhitespace()
        if position < bytes.count {
            throw syntax("unexpected \(describe(bytes[position])) after the end of the document")
        }
        return node
    }

    // MARK: Values

    private mutating func value() throws(SpecError) -> SpecNode {
        guard position < bytes.count else { throw syntax("the text ends where a value was expected") }
        let (startLine, startColumn) = (line, column)
        let value: SpecNode.Value
        switch bytes[position] {
        case UInt8(ascii: "{"): value = try object()
        case UInt8(ascii: "["): value = try array()
        case UInt8(ascii: "\""): value = .string(try string())
        case UInt8(ascii: "t"): try literal("true"); value = .bool(true)
        case UInt8(ascii: "f"): try literal("false"); value = .bool(false)
        case UInt8(ascii: "n"): try literal("null"); value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try number())
        default:
            throw syntax("unexpected \(describe(bytes[position])) where a value was expected")
        }
        return SpecNode(value, line: startLine, column: startColumn)
    }

    private mutating func enter() throws(SpecError) {
        depth += 1
        if depth > YAMLComposer.maxDepth {
            throw SpecError(
                code: .limitExceeded, message: "nesting deeper than \(YAMLComposer.maxDepth) levels",
                allowed: "objects and arrays nest at most \(YAMLComposer.maxDepth) levels deep",
                file: file, line: line, column: column, path: path.description)
        }
    }

    private mutating func object() throws(SpecError) -> SpecNode.Value {
        try enter()
        advance()  // {
        var entries: [SpecEntry] = []
        var seen: [String: (line: Int, column: Int)] = [:]
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            advance()
            depth -= 1
            return .map(entries)
        }
        let outer = path
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else {
                throw syntax(
                    position < bytes.count
                        ? "expected a key in double quotes, found \(describe(bytes[position]))"
                        : "the text ends inside an object")
            }
            let (keyLine, keyColumn) = (line, column)
            let key = try string()
            if let first = seen[key] {
                throw SpecError(
                    code: .duplicateKey,
                    message: "duplicate key '\(key)' (first at line \(first.line), column \(first.column))",
                    allowed: "each key appears once in an object", file: file, line: keyLine, column: keyColumn,
                    path: outer.description)
            }
            seen[key] = (keyLine, keyColumn)
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw syntax("expected ':' after the key '\(key)'") }
            advance()
            skipWhitespace()
            path = outer.key(key)
            let node = try value()
            path = outer
            entries.append(SpecEntry(key: key, line: keyLine, column: keyColumn, value: node))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                advance()
                continue
            }
            if peek(UInt8(ascii: "}")) {
                advance()
                depth -= 1
                return .map(entries)
            }
            throw syntax(
                position < bytes.count
                    ? "expected ',' or '}' in an object, found \(describe(bytes[position]))"
                    : "the text ends inside an object")
        }
    }

    private mutating func array() throws(SpecError) -> SpecNode.Value {
        try enter()
        advance()  // [
        var items: [SpecNode] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            advance()
            depth -= 1
            return .list(items)
        }
        let outer = path
        while true {
            skipWhitespace()
            path = outer.index(items.count)
            items.append(try value())
            path = outer
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                advance()
                continue
            }
            if peek(UInt8(ascii: "]")) {
                advance()
                depth -= 1
                return .list(items)
            }
            throw syntax(
                position < bytes.count
                    ? "expected ',' or ']' in an array, found \(describe(bytes[position]))"
                    : "the text ends inside an array")
        }
    }

    private mutating func literal(_ word: String) throws(SpecError) {
        for expected in word.utf8 {
            guard position < bytes.count, bytes[position] == expected else {
                throw syntax("unexpected text where '\(word)' or another value was expected")
            }
            advance()
        }
    }

    private mutating func number() throws(SpecError) -> SpecNumber {
        let start = position
        func digits(_ c: inout JSONComposer) -> Int {
            var n = 0
            while c.position < c.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c.bytes[c.position]) {
                c.advance()
                n += 1
            }
            return n
        }
        if peek(UInt8(ascii: "-")) { advance() }
        let leadingZero = peek(UInt8(ascii: "0"))
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw syntax("a '-' must be followed by digits") }
        guard !(leadingZero && integerDigits > 1) else { throw syntax("numbers do not start with 0 in JSON") }
        if peek(UInt8(ascii: ".")) {
            advance()
            guard digits(&self) > 0 else { throw syntax("a '.' in a number must be followed by digits") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            advance()
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { advance() }
            guard digits(&self) > 0 else { throw syntax("an exponent must have digits") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let number = SpecNumber(literal: text, allowYAMLForms: false) else {
            throw syntax("'\(text)' is not a number")
        }
        return number
    }

    private mutating func string() throws(SpecError) -> String {
        advance()  // opening quote
        var out: [UInt8] = []
        while true {
            guard position < bytes.count else { throw syntax("the text ends inside a string") }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                advance()
                guard position < bytes.count else { throw syntax("the text ends inside a string") }
                let escape = bytes[position]
                advance()
                switch escape {
                case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard peek(UInt8(ascii: "\\")) else { throw syntax("a lone UTF-16 surrogate in a \\u escape") }
                        advance()
                        guard peek(UInt8(ascii: "u")) else { throw syntax("a lone UTF-16 surrogate in a \\u escape") }
                        advance()
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw syntax("a lone UTF-16 surrogate in a \\u escape")
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw syntax("a lone UTF-16 surrogate in a \\u escape")
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw syntax("an invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(unicode)).utf8))
                default:
                    throw syntax(
                        "unknown escape '\\\(escape >= 0x20 && escape < 0x7F ? String(UnicodeScalar(escape)) : "?")' in a string"
                    )
                }
            default:
                guard byte >= 0x20 else {
                    throw syntax("a control character in a string (write it as an escape such as \\n)")
                }
                out.append(byte)
                advance()
            }
        }
    }

    private mutating func hex4() throws(SpecError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count, let digit = hexValue(bytes[position]) else {
                throw syntax("a \\u escape needs four hexadecimal digits")
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    // MARK: Scanning

    private func peek(_ byte: UInt8) -> Bool {
        position < bytes.count && bytes[position] == byte
    }

    private mutating func advance() {
        let byte = bytes[position]
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
        position += 1
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: advance()
            default: return
            }
        }
    }

    /// The character at the current position, for messages (`byte` is its first byte).
    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x80 {
            // The character starting here, whole.
            let end = bytes[position...].dropFirst().firstIndex { $0 & 0xC0 != 0x80 } ?? bytes.count
            return "'" + String(decoding: bytes[position..<end], as: UTF8.self) + "'"
        }
        if byte >= 0x20 && byte < 0x7F { return "'\(String(UnicodeScalar(byte)))'" }
        return "\\u" + String(repeating: "0", count: 4 - String(byte, radix: 16).count) + String(byte, radix: 16)
    }

    private func syntax(_ message: String) -> SpecError {
        SpecError(
            code: .syntax, message: "JSON syntax error: " + message, file: file, line: line, column: column,
            path: path.description)
    }
}
