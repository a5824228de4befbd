import CompositionalLayout
import Foundation
import LayoutSpec

/// A golden file that does not read: where (file, line, column), what was found and what was expected. A
/// golden is written by `layoutbench snapshot record`; one that does not read was edited by hand or merged
/// badly, and the check stops there (bad input, exit 2).
public struct GoldenReadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    public var expected: String

    public init(file: String, line: Int, column: Int, message: String, expected: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.expected = expected
    }

    /// `snapshots/grid.snapshot.txt:12:9: error: 'x1' is not a number; expected ...; re-record ...`.
    public var description: String {
        "\(file):\(line):\(column): error: \(message); expected \(expected) "
            + "(record it again with `layoutbench snapshot check --update`, docs/snapshots.md)"
    }
}

extension GoldenFile {
    /// Reads a golden file's text; `file` names it in errors.
    /// - Throws: `GoldenReadError` at the first line that does not read (a configuration's container is read
    ///   by the spec format's own rules, its errors placed on the golden's line).
    /// - Complexity: O(text size).
    public init(text: String, file: String) throws(GoldenReadError) {
        var reader = GoldenReader(file: file)
        self = try reader.read(text)
    }

    /// Reads the golden file at `path`.
    public init(contentsOf path: String) throws(GoldenReadError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GoldenReadError(
                file: path, line: 1, column: 1, message: "cannot read the file", expected: "a readable file")
        }
        try self.init(text: String(decoding: data, as: UTF8.self), file: path)
    }
}

/// The reader behind `GoldenFile(text:file:)`: one pass over the lines, each token checked where it stands.
struct GoldenReader {
    let file: String
    var lineNumber = 0

    init(file: String) { self.file = file }

    func fail(_ column: Int, _ message: String, expected: String) -> GoldenReadError {
        GoldenReadError(file: file, line: lineNumber, column: column, message: message, expected: expected)
    }

    mutating func read(_ text: String) throws(GoldenReadError) -> GoldenFile {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        var header: [String: (value: String, line: Int)] = [:]
        var configurations: [SnapshotConfiguration] = []
        var frames: [String: SnapshotFrames] = [:]
        var current: (id: String, frames: SnapshotFrames)?
        func close() {
            if let block = current { frames[block.id] = block.frames }
            current = nil
        }
        for (index, raw) in lines.enumerated() {
            lineNumber = index + 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if index == 0 {
                try readMagic(line)
                continue
            }
            if line.isEmpty { continue }
            if line.hasPrefix("[") {
                close()
                current = try blockHeader(line, known: configurations, done: frames)
                continue
            }
            if current == nil {
                guard let colon = line.firstIndex(of: ":") else {
                    throw fail(1, "'\(Self.clip(line))' is not a header line", expected: Self.headerForms)
                }
                let key = String(line[..<colon])
                let value = line[line.index(after: colon)...].drop { $0 == " " }
                switch key {
                case "layout", "source", "entry", "rules":
                    if let first = header[key] {
                        throw fail(1, "'\(key)' is written twice (first at line \(first.line))", expected: "it once")
                    }
                    header[key] = (try headerWord(value, column: line.count - value.count + 1), lineNumber)
                case "configuration":
                    configurations.append(
                        try configuration(value, column: line.count - value.count + 1, known: configurations))
                default:
                    throw fail(1, "unknown header key '\(key)'", expected: Self.headerForms)
                }
                continue
            }
            try element(line, into: &current!.frames)
        }
        close()
        lineNumber = max(1, lines.count)
        for key in ["layout", "source", "entry", "rules"] where header[key] == nil {
            throw fail(1, "the header has no '\(key)' line", expected: Self.headerForms)
        }
        if configurations.isEmpty {
            throw fail(
                1, "the header names no configuration", expected: "configuration: ID { width: W, height: H, ... }")
        }
        for configuration in configurations where frames[configuration.id] == nil {
            throw fail(
                1, "no block [\(configuration.id)] follows for the configuration the header names",
                expected: "one block per configuration")
        }
        let entry = header["entry"]!.value
        return GoldenFile(
            layout: header["layout"]!.value, source: header["source"]!.value, entry: entry == "-" ? nil : entry,
            rules: header["rules"]!.value,
            blocks: configurations.map { GoldenFile.Block(configuration: $0, frames: frames[$0.id]!) })
    }

    static let headerForms = "layout:, source:, entry:, rules: or configuration: lines, then [ID] blocks"

    static func clip(_ text: Substring) -> String { text.count > 40 ? String(text.prefix(37)) + "..." : String(text) }

    func readMagic(_ line: Substring) throws(GoldenReadError) {
        let expected = "'\(GoldenFile.magic) \(GoldenFile.formatVersion)' on the first line"
        guard line.hasPrefix(GoldenFile.magic + " ") else {
            throw fail(
                1, "not a layoutbench snapshot file (the first line is '\(Self.clip(line))')", expected: expected)
        }
        let version = line.dropFirst(GoldenFile.magic.count + 1)
        guard let number = Int(version), number == GoldenFile.formatVersion else {
            throw fail(
                GoldenFile.magic.count + 2, "snapshot format version '\(version)' is not one this build reads",
                expected: "version \(GoldenFile.formatVersion)")
        }
    }

    func headerWord(_ value: Substring, column: Int) throws(GoldenReadError) -> String {
        var tokens = Tokens(value, startColumn: column)
        guard let word = try tokens.next(self), tokens.isAtEnd else {
            throw fail(column, "'\(Self.clip(value))' is not one word", expected: "one word, or a quoted string")
        }
        return String(word.text)
    }

    func configuration(_ value: Substring, column: Int, known: [SnapshotConfiguration]) throws(GoldenReadError)
        -> SnapshotConfiguration
    {
        guard let space = value.firstIndex(of: " ") else {
            throw fail(column, "a configuration line needs an id and a container", expected: "ID { width: W, ... }")
        }
        let id = String(value[..<space])
        guard SnapshotConfiguration.isValidID(id) else {
            throw fail(
                column, "'\(Self.clip(value[..<space]))' is not a configuration id", expected: "letters, digits, -_./+@"
            )
        }
        if known.contains(where: { $0.id == id }) {
            throw fail(column, "the configuration '\(id)' is named twice", expected: "each configuration once")
        }
        let mapping = value[value.index(after: space)...]
        let mappingColumn = column + value.distance(from: value.startIndex, to: space) + 1
        do {
            let document = try SpecDocument(text: String(mapping), file: file, format: .yaml)
            return SnapshotConfiguration(id: id, container: try document.container(document.root))
        } catch {
            // The mapping is one line of its own text: its line 1 is this line, shifted by the mapping's column.
            let where_ = error.line == 1 ? mappingColumn + (error.column ?? 1) - 1 : mappingColumn
            throw fail(
                where_, "the container of '\(id)' does not read: \(error.message)",
                expected: error.allowed ?? "the spec format's container mapping (docs/spec-format.md)")
        }
    }

    func blockHeader(_ line: Substring, known: [SnapshotConfiguration], done: [String: SnapshotFrames])
        throws(GoldenReadError) -> (id: String, frames: SnapshotFrames)
    {
        let form = "[ID] content WIDTH HEIGHT"
        guard let close = line.firstIndex(of: "]") else { throw fail(1, "the block line has no ']'", expected: form) }
        let id = String(line[line.index(after: line.startIndex)..<close])
        guard known.contains(where: { $0.id == id }) else {
            throw fail(
                2, "the block [\(id)] is not a configuration the header names",
                expected: "an id of a configuration: line")
        }
        if done[id] != nil { throw fail(2, "the block [\(id)] comes twice", expected: "one block per configuration") }
        let rest = line[line.index(after: close)...]
        var tokens = Tokens(rest, startColumn: line.distance(from: line.startIndex, to: close) + 2)
        guard let word = try tokens.next(self), word.text == "content" else {
            throw fail(tokens.column, "the block line has no content size", expected: form)
        }
        let width = try number(&tokens, "the content width", form)
        let height = try number(&tokens, "the content height", form)
        tokens.skipSpaces()
        guard tokens.isAtEnd else {
            throw fail(tokens.column, "the block line goes on after the content size", expected: form)
        }
        return (id, SnapshotFrames(contentSize: Size(width: width, height: height), elements: []))
    }

    func element(_ line: Substring, into frames: inout SnapshotFrames) throws(GoldenReadError) {
        var tokens = Tokens(line, startColumn: 1)
        let form = "cell S.I X Y W H, supplementary KIND S.I X Y W H, decoration KIND S.I X Y W H or diagnostic S KIND"
        guard let first = try tokens.next(self) else { throw fail(1, "an empty element line", expected: form) }
        if first.text == "diagnostic" {
            let section = try integer(&tokens, "the diagnostic's section", form)
            guard let kind = try tokens.next(self), tokens.isAtEnd else {
                throw fail(tokens.column, "a diagnostic line needs a section and a kind, nothing more", expected: form)
            }
            frames.diagnostics.append(SnapshotDiagnostic(section: section, kind: String(kind.text)))
            return
        }
        guard let category = ElementCategory(rawValue: String(first.text)) else {
            throw fail(first.column, "'\(Self.clip(first.text))' is not an element category", expected: form)
        }
        var kind: String?
        if category != .cell {
            guard let word = try tokens.next(self) else {
                throw fail(tokens.column, "a \(category.rawValue) line needs its element kind", expected: form)
            }
            kind = String(word.text)
        }
        guard let path = try tokens.next(self) else {
            throw fail(tokens.column, "the index path is missing", expected: form)
        }
        let parts = path.text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let section = Int(parts[0]), let item = Int(parts[1]) else {
            throw fail(
                path.column, "'\(Self.clip(path.text))' is not an index path",
                expected: "SECTION.ITEM, such as 0.12")
        }
        let x = try number(&tokens, "x", form), y = try number(&tokens, "y", form)
        let width = try number(&tokens, "the width", form), height = try number(&tokens, "the height", form)
        tokens.skipSpaces()
        guard tokens.isAtEnd else { throw fail(tokens.column, "the line goes on after the frame", expected: form) }
        frames.elements.append(
            SnapshotElement(
                key: ElementKey(category: category, kind: kind, section: section, item: item),
                frame: Rect(x: x, y: y, width: width, height: height)))
    }

    func number(_ tokens: inout Tokens, _ what: String, _ form: String) throws(GoldenReadError) -> Double {
        guard let token = try tokens.next(self) else { throw fail(tokens.column, "\(what) is missing", expected: form) }
        guard let value = Double(token.text), value.isFinite else {
            throw fail(token.column, "\(what) '\(Self.clip(token.text))' is not a number", expected: form)
        }
        return value
    }

    func integer(_ tokens: inout Tokens, _ what: String, _ form: String) throws(GoldenReadError) -> Int {
        guard let token = try tokens.next(self) else { throw fail(tokens.column, "\(what) is missing", expected: form) }
        guard let value = Int(token.text) else {
            throw fail(
                token.column, "\(what) '\(Self.clip(token.text))' is not a whole number", expected: form)
        }
        return value
    }
}

/// The words of a line, split at spaces; a word starting with `"` is a JSON string literal (as
/// `GoldenFile.word` writes names with spaces or quotes). Columns count characters from 1.
struct Tokens {
    var rest: Substring
    var column: Int

    init(_ text: Substring, startColumn: Int) {
        rest = text
        column = startColumn
    }

    var isAtEnd: Bool { rest.allSatisfy { $0 == " " } }

    mutating func skipSpaces() {
        while rest.first == " " {
            rest = rest.dropFirst()
            column += 1
        }
    }

    /// The next word (a slice of the line: no copy unless it was quoted) and its column; nil at the end.
    mutating func next(_ reader: GoldenReader) throws(GoldenReadError) -> (text: Substring, column: Int)? {
        skipSpaces()
        guard let first = rest.first else { return nil }
        let start = column
        guard first == "\"" else {
            let word = rest.prefix { $0 != " " }
            rest = rest.dropFirst(word.count)
            column += word.count
            return (word, start)
        }
        var text = ""
        var iterator = rest.dropFirst().makeIterator()
        var used = 1
        while let character = iterator.next() {
            used += 1
            switch character {
            case "\"":
                rest = rest.dropFirst(used)
                column += used
                return (Substring(text), start)
            case "\\":
                guard let escaped = iterator.next() else { break }
                used += 1
                switch escaped {
                case "n": text += "\n"
                case "t": text += "\t"
                case "r": text += "\r"
                case "u":
                    var hex = ""
                    for _ in 0..<4 { if let digit = iterator.next() { hex.append(digit); used += 1 } }
                    guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                        throw reader.fail(
                            start + used - 6, "'\\u\(hex)' is not an escape", expected: "\\u and 4 hex digits")
                    }
                    text.unicodeScalars.append(scalar)
                default: text.append(escaped)
                }
            default:
                text.append(character)
            }
        }
        throw reader.fail(start, "the quoted word has no closing '\"'", expected: "a JSON string literal")
    }
}
