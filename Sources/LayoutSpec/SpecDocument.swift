import CompositionalLayout
import Foundation

/// A YAML or JSON file of this package that is not a spec but holds parts of one, such as a snapshot matrix
/// whose entries are containers (docs/snapshots.md): read into the same located tree as a spec, so its
/// errors point at lines and columns the way a spec's do, and its containers are read by the spec's own rules
/// (docs/spec-format.md "container", docs/version-2.md §10.1).
public struct SpecDocument: Sendable {
    /// The file as the caller named it, for errors.
    public let file: String
    /// The document's root value.
    public let root: Value

    /// A value and where it was written.
    public struct Value: Sendable {
        let node: SpecNode
        let specPath: SpecPath

        /// 1-based line and column of the value's first character.
        public var line: Int { node.line }
        public var column: Int { node.column }
        /// Where the value sits in the document, written as an error's path is (`configurations[2].device`).
        public var path: String { specPath.description }
        /// The value's kind as messages name it: "a map", "the string 'abc'".
        public var kindDescription: String { node.kindDescription }

        /// The text of a string value; nil for any other kind.
        public var string: String? {
            if case .string(let text) = node.value { return text }
            return nil
        }

        /// The items of a list; nil for any other kind.
        public var items: [Value]? {
            guard case .list(let items) = node.value else { return nil }
            return items.enumerated().map { Value(node: $1, specPath: specPath.index($0)) }
        }

        /// The entries of a map, in the order written, each with the key's own place; nil for any other kind.
        public var entries: [Entry]? {
            guard case .map(let entries) = node.value else { return nil }
            return entries.map {
                Entry(
                    key: $0.key, line: $0.line, column: $0.column,
                    value: Value(node: $0.value, specPath: specPath.key($0.key)))
            }
        }
    }

    /// One key of a map with its place (unknown-key errors point at the key) and its value.
    public struct Entry: Sendable {
        public var key: String
        public var line: Int
        public var column: Int
        public var value: Value
    }

    /// Reads `text` (YAML, or JSON when it starts with `{` or `format` says so) into located values.
    /// - Throws: the reader's located `SpecError` when the text is not well formed.
    /// - Complexity: O(text size).
    public init(text: String, file: String, format: SpecFormat? = nil) throws(SpecError) {
        self.file = file
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let node: SpecNode
        switch format ?? (body.drop { $0.isWhitespace }.first == "{" ? .json : .yaml) {
        case .yaml:
            var composer = YAMLComposer(text: body, file: file)
            node = try composer.compose()
        case .json:
            var composer = JSONComposer(text: body, file: file)
            node = try composer.compose()
        }
        root = Value(node: node, specPath: .root)
    }

    /// Reads the file at `path` (UTF-8; the extension chooses the format as for specs).
    public init(contentsOf path: String) throws(SpecError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SpecError(code: .io, message: "cannot read the file", file: path)
        }
        try self.init(text: try SpecReader.utf8Text(data, file: path), file: path, format: SpecFormat(path: path))
    }

    /// The container written at `value`: the spec format's container mapping with the environment keys of
    /// version 2, checked by the spec's own rules.
    /// - Throws: a `SpecError` located in this document (unknown key, wrong type, value out of range).
    public func container(_ value: Value) throws(SpecError) -> LayoutContainer {
        let decoder = SpecDecoder(file: file, maxItems: SpecReader.defaultMaxItems)
        decoder.state.version = 2
        return try decoder.container(Cursor(node: value.node, path: value.specPath))
    }

    /// The candidate nearest to a misspelt `word` ("did you mean"), or nil when none is close: the spec
    /// reader's own rule (edit distance, case ignored). Complexity: O(candidates × word × candidate length).
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        Suggestions.nearest(to: word, in: candidates)
    }

    /// An error of this document's kind at `value`: `FILE:LINE:COLUMN: error: MESSAGE at PATH; ALLOWED`.
    public func error(
        _ code: SpecError.Code, _ message: String, at value: Value, allowed: String? = nil,
        suggestion: String? = nil
    ) -> SpecError {
        SpecError(
            code: code, message: message, allowed: allowed, file: file, line: value.line, column: value.column,
            path: value.path, suggestion: suggestion)
    }

    /// An error at a map's key (an unknown key): its own line and column, the map's path.
    public func error(
        _ code: SpecError.Code, _ message: String, at entry: Entry, in map: Value, allowed: String? = nil,
        suggestion: String? = nil
    ) -> SpecError {
        SpecError(
            code: code, message: message, allowed: allowed, file: file, line: entry.line, column: entry.column,
            path: map.path, suggestion: suggestion)
    }
}

extension SpecWriter {
    /// The container as a spec writes it, one flow mapping (`{ width: 393, height: 852, displayScale: 3 }`),
    /// environment keys only where they differ from their defaults. `SpecDocument.container` reads it back to
    /// the same value.
    public static func containerText(_ container: LayoutContainer) -> String {
        SpecTextWriter(computed: []).container(container)
    }
}
