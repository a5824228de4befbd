import CompositionalLayout
import Foundation

/// One step of a path into a spec: a key of a map or an index of a list.
public enum SpecPathComponent: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral
{
    case key(String)
    case index(Int)

    public init(stringLiteral value: String) { self = .key(value) }
    public init(integerLiteral value: Int) { self = .index(value) }

    public var description: String {
        switch self {
        case .key(let key): return key
        case .index(let index): return "[\(index)]"
        }
    }
}

extension Array where Element == SpecPathComponent {
    /// The path written the way an error's JSON path is: `sections[0].group.horizontal.subitems[1]`.
    public var pathText: String {
        var text = ""
        for component in self {
            switch component {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index: text += component.description
            }
        }
        return text
    }
}

/// Where the parts of a spec were written: a path of keys and indices (`sections`, 0, `group`,
/// `horizontal`, `subitems`, 1, `item`) to the 1-based line and column of the value there. Tools that speak
/// about a layout's nodes (lint findings, explain steps) point at the spec's own lines with it.
/// Reading keeps the whole tree of places, so build one per file.
public struct SpecLocator: Sendable {
    /// The spec's file, as given.
    public let file: String
    private let root: SpecNode

    /// The places of the spec `text` (YAML or JSON, sniffed as the reader does when `format` is nil).
    /// - Throws: the reader's located `SpecError` when the text is not well formed.
    /// - Complexity: O(text size).
    public init(text: String, file: String, format: SpecFormat? = nil) throws(SpecError) {
        self.file = file
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        switch format ?? (body.drop { $0.isWhitespace }.first == "{" ? .json : .yaml) {
        case .yaml:
            var composer = YAMLComposer(text: body, file: file)
            root = try composer.compose()
        case .json:
            var composer = JSONComposer(text: body, file: file)
            root = try composer.compose()
        }
    }

    /// The places of the spec file at `path`.
    public init(contentsOf path: String) throws(SpecError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SpecError(code: .io, message: "cannot read the file", file: path)
        }
        try self.init(text: try SpecReader.utf8Text(data, file: path), file: path, format: SpecFormat(path: path))
    }

    /// The line and column of the value at `path`, or of the deepest part of it the spec has (a path into a
    /// default the spec does not write points at the value that holds the default). O(path × map width).
    public func position(of path: [SpecPathComponent]) -> (line: Int, column: Int) {
        var node = root
        for component in path {
            switch (component, node.value) {
            case (.key(let key), .map(let entries)):
                guard let entry = entries.first(where: { $0.key == key }) else { return (node.line, node.column) }
                node = entry.value
            case (.index(let index), .list(let items)):
                guard items.indices.contains(index) else { return (node.line, node.column) }
                node = items[index]
            default:
                return (node.line, node.column)
            }
        }
        return (node.line, node.column)
    }

    /// Whether the spec writes a value at exactly `path`. O(path × map width).
    public func has(_ path: [SpecPathComponent]) -> Bool {
        var node = root
        for component in path {
            switch (component, node.value) {
            case (.key(let key), .map(let entries)):
                guard let entry = entries.first(where: { $0.key == key }) else { return false }
                node = entry.value
            case (.index(let index), .list(let items)):
                guard items.indices.contains(index) else { return false }
                node = items[index]
            default:
                return false
            }
        }
        return true
    }
}

extension LayoutDimension {
    /// The dimension as a spec writes it: `fractionalWidth(0.5)`, `estimated(44)`.
    public var specText: String { SpecWriter.dimension(self) }
}
