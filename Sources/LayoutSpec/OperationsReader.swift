import CompositionalLayout
import Foundation

/// One operation of a replay file and the line it was written on, so an operation that cannot be applied
/// is reported where the user wrote it.
public struct LocatedOperation: Hashable, Sendable {
    /// 1-based line of the replay file.
    public var line: Int
    public var operation: LayoutOperation

    public init(line: Int, operation: LayoutOperation) {
        self.line = line
        self.operation = operation
    }
}

/// Reads replay files (docs/operations.md): JSON Lines, one operation object a line, blank lines
/// allowed. Every field of the format's table is checked: the op's name (a misspelt one gets the nearest
/// valid name), missing and unknown fields, types, ranges (counts >= 1, indices >= 0), `definition` as an
/// index or a name, `from`/`to` as `[section, item]` pairs. Errors are `SpecError`s naming the file, the
/// line and, where known, the column. Whether an address exists is not known here: `LayoutState.apply`
/// checks it against the state at that step. Complexity: O(bytes).
public enum OperationsReader {
    /// The fields of each op besides `op`, in the order the format lists them.
    public static let fields: [(op: String, fields: [String])] = [
        ("resize", ["width", "height"]),
        ("measure", ["section", "item", "width", "height"]),
        ("insertItems", ["section", "at", "count"]),
        ("deleteItems", ["section", "at", "count"]),
        ("moveItem", ["from", "to"]),
        ("reloadItems", ["section", "at", "count"]),
        ("insertSections", ["at", "definition", "count", "items"]),
        ("deleteSections", ["at", "count"]),
        ("moveSection", ["from", "to"]),
    ]

    /// The largest `count` or `items` (docs/spec-format.md "Limits": counts and items at most 10,000,000).
    public static let maxCount = 10_000_000
    /// The largest section or item index (a layout holds at most 100,000,000 items).
    public static let maxIndex = 100_000_000
    /// The largest length in points (docs/spec-format.md "Limits").
    public static let maxLength = 1_000_000.0

    /// Reads the replay file at `path` (UTF-8).
    public static func read(contentsOf path: String) throws(SpecError) -> [LocatedOperation] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw SpecError(
                code: .io, message: isDirectory.boolValue ? "this is a directory, not a replay file" : "no such file",
                file: path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SpecError(code: .io, message: "cannot read the file (\(error.localizedDescription))", file: path)
        }
        return try read(text: SpecReader.utf8Text(data, file: path), file: path)
    }

    /// Reads replay text; `file` names it in errors.
    public static func read(text: String, file: String = "operations.jsonl") throws(SpecError) -> [LocatedOperation] {
        var result: [LocatedOperation] = []
        var lineNumber = 0
        // Split on scalars: as Characters, "\r\n" is one grapheme and would not split on "\n".
        for rawLine in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine
            if line.last == "\r" { line = line.dropLast() }
            if lineNumber == 1, line.first == "\u{FEFF}" { line = line.dropFirst() }
            guard line.contains(where: { !$0.properties.isWhitespace }) else { continue }
            let node: SpecNode
            do {
                var composer = JSONComposer(text: String(String.UnicodeScalarView(line)), file: file)
                node = try composer.compose()
            } catch {
                var located = error
                located.line = lineNumber  // the composer saw one line
                throw located
            }
            let parser = LineParser(file: file, line: lineNumber)
            result.append(LocatedOperation(line: lineNumber, operation: try parser.operation(node)))
        }
        return result
    }
}

/// Decodes one line's object into an operation.
private struct LineParser {
    let file: String
    let line: Int

    func operation(_ node: SpecNode) throws(SpecError) -> LayoutOperation {
        guard case .map(let entries) = node.value else {
            throw error(
                .wrongType, "a replay line is \(node.kindDescription)", at: node,
                allowed: "each line is one JSON object such as {\"op\": \"resize\", \"width\": 390, \"height\": 844}")
        }
        let names = OperationsReader.fields.map(\.op)
        guard let opEntry = entries.first(where: { $0.key == "op" }) else {
            let suggestion = entries.compactMap { Suggestions.nearest(to: $0.key, in: ["op"]) }.first
            throw error(
                .missingKey, "the line has no \"op\" field", at: node, suggestion: suggestion,
                allowed: "ops: " + names.joined(separator: ", "))
        }
        guard case .string(let op) = opEntry.value.value else {
            throw error(
                .wrongType, "\"op\" is \(opEntry.value.kindDescription)", at: opEntry.value,
                allowed: "a string, one of " + names.joined(separator: ", "))
        }
        guard let known = OperationsReader.fields.first(where: { $0.op == op }) else {
            throw error(
                .invalidValue, "unknown op '\(op)'", at: opEntry.value,
                suggestion: Suggestions.nearest(to: op, in: names), allowed: "ops: " + names.joined(separator: ", "))
        }
        let allowedFields = "fields of \(op): op, " + known.fields.joined(separator: ", ")
        var values: [String: SpecNode] = [:]
        // A version 2 resize may carry the environment (docs/version-2.md §10.1); those fields are optional.
        let optional = op == "resize" ? ResizeEnvironmentFields.names : []
        for entry in entries where entry.key != "op" {
            guard known.fields.contains(entry.key) || optional.contains(entry.key) else {
                throw SpecError(
                    code: .unknownKey, message: "unknown field '\(entry.key)' of \(op)", allowed: allowedFields,
                    file: file, line: line, column: entry.column,
                    suggestion: Suggestions.nearest(to: entry.key, in: known.fields))
            }
            values[entry.key] = entry.value
        }
        for field in known.fields where values[field] == nil {
            throw error(.missingKey, "\(op) needs the field '\(field)'", at: node, allowed: allowedFields)
        }
        func int(_ key: String, min: Int, max: Int = OperationsReader.maxIndex) throws(SpecError) -> Int {
            try integer(values[key]!, path: key, op: op, min: min, max: max)
        }
        func count(_ key: String, min: Int = 1) throws(SpecError) -> Int {
            try int(key, min: min, max: OperationsReader.maxCount)
        }
        func length(_ key: String) throws(SpecError) -> Double {
            try self.length(values[key]!, path: key, op: op)
        }
        switch op {
        case "resize":
            let environment = try ResizeEnvironmentFields.read(values) { code, message, node, allowed in
                error(code, message, at: node, allowed: allowed)
            }
            return .resize(width: try length("width"), height: try length("height"), environment: environment)
        case "measure":
            return .measure(
                section: try int("section", min: 0), item: try int("item", min: 0),
                width: try length("width"), height: try length("height"))
        case "insertItems":
            return .insertItems(
                section: try int("section", min: 0), at: try int("at", min: 0), count: try count("count"))
        case "deleteItems":
            return .deleteItems(
                section: try int("section", min: 0), at: try int("at", min: 0), count: try count("count"))
        case "reloadItems":
            return .reloadItems(
                section: try int("section", min: 0), at: try int("at", min: 0), count: try count("count"))
        case "moveItem":
            return .moveItem(
                from: try indexPath(values["from"]!, path: "from", op: op),
                to: try indexPath(values["to"]!, path: "to", op: op))
        case "insertSections":
            return .insertSections(
                at: try int("at", min: 0), definition: try definition(values["definition"]!, op: op),
                count: try count("count"), items: try count("items", min: 0))
        case "moveSection":
            return .moveSection(from: try int("from", min: 0), to: try int("to", min: 0))
        default:  // deleteSections
            return .deleteSections(at: try int("at", min: 0), count: try count("count"))
        }
    }

    // MARK: Values

    private func integer(_ node: SpecNode, path: String, op: String, min: Int, max: Int) throws(SpecError) -> Int {
        let what = "an integer from \(min) to \(max)"
        guard case .number(let number) = node.value else {
            throw error(.wrongType, "'\(path)' of \(op) is \(node.kindDescription)", at: node, allowed: what)
        }
        guard let value = number.integer else {
            throw error(.wrongType, "'\(path)' of \(op) is \(number.text), not a whole number", at: node, allowed: what)
        }
        guard value >= Int64(min), value <= Int64(max) else {
            throw error(
                value > Int64(max) ? .limitExceeded : .outOfRange,
                "'\(path)' of \(op) is \(number.text)", at: node, allowed: what)
        }
        return Int(value)
    }

    private func length(_ node: SpecNode, path: String, op: String) throws(SpecError) -> Double {
        let what = "a number of points from 0 to \(formatNumber(OperationsReader.maxLength))"
        guard case .number(let number) = node.value else {
            throw error(.wrongType, "'\(path)' of \(op) is \(node.kindDescription)", at: node, allowed: what)
        }
        guard number.double.isFinite, number.double >= 0 else {
            throw error(.outOfRange, "'\(path)' of \(op) is \(number.text)", at: node, allowed: what)
        }
        guard number.double <= OperationsReader.maxLength else {
            throw error(.limitExceeded, "'\(path)' of \(op) is \(number.text)", at: node, allowed: what)
        }
        return number.double
    }

    /// `[section, item]`.
    private func indexPath(_ node: SpecNode, path: String, op: String) throws(SpecError)
        -> CompositionalLayout.IndexPath
    {
        let what = "a pair [section, item] of integers >= 0"
        guard case .list(let parts) = node.value else {
            throw error(.wrongType, "'\(path)' of \(op) is \(node.kindDescription)", at: node, allowed: what)
        }
        guard parts.count == 2 else {
            throw error(
                .wrongType, "'\(path)' of \(op) has \(parts.count) value\(parts.count == 1 ? "" : "s")", at: node,
                allowed: what)
        }
        return CompositionalLayout.IndexPath(
            section: try integer(parts[0], path: path + "[0]", op: op, min: 0, max: OperationsReader.maxIndex),
            item: try integer(parts[1], path: path + "[1]", op: op, min: 0, max: OperationsReader.maxIndex))
    }

    /// An index into the spec's `sections`, or a definition's name.
    private func definition(_ node: SpecNode, op: String) throws(SpecError) -> LayoutOperation.DefinitionReference {
        switch node.value {
        case .string(let name):
            guard !name.isEmpty else {
                throw error(
                    .invalidValue, "'definition' of \(op) is an empty name", at: node,
                    allowed: "an index into the spec's sections (0, 1, ...) or a section definition's name")
            }
            return .name(name)
        case .number:
            return .index(try integer(node, path: "definition", op: op, min: 0, max: OperationsReader.maxIndex))
        default:
            throw error(
                .wrongType, "'definition' of \(op) is \(node.kindDescription)", at: node,
                allowed: "an index into the spec's sections (0, 1, ...) or a section definition's name")
        }
    }

    private func error(
        _ code: SpecError.Code, _ message: String, at node: SpecNode,
        suggestion: String? = nil, allowed: String? = nil
    ) -> SpecError {
        SpecError(
            code: code, message: message, allowed: allowed, file: file, line: line, column: node.column,
            suggestion: suggestion)
    }
}
