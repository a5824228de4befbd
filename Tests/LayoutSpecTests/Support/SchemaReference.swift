import Foundation

/// Renders the key reference of docs/spec-format.md from the JSON Schema: one table per kind of map (key, type,
/// default, allowed values, meaning) and one entry per kind of value (how it is written). The doc holds the
/// output between two marker lines and `SpecFormatDocTests` checks that it is current, so the reference cannot
/// drift from the schema, and the schema cannot drift from the reader (`SpecSchemaTests`).
///
/// What it reads from the schema: `properties` (in the order written), `required`, `default`, `description`,
/// `type`, `enum`, `const`, `minimum`/`maximum`, `minItems`, `minLength`, `examples`, `$ref` to `#/$defs/…`, and
/// `anyOf`/`oneOf` alternatives. A def that another object uses as its base (`"$ref"` next to `properties`, as
/// `sectionDefinition` uses `sectionFields`) is merged into that object's table instead of getting its own.
struct SchemaReference {
    static let beginMarker = "<!-- BEGIN GENERATED KEY REFERENCE -->"
    static let endMarker = "<!-- END GENERATED KEY REFERENCE -->"

    /// The order of the tables: how a reader meets the format (top level, sections, nodes, supplementaries,
    /// then values). A def not named here still gets its table, after these, alphabetically.
    static let preferredOrder = [
        "sectionDefinition", "variant", "list", "rootGroup", "node", "item", "group", "customGroup",
        "supplementaryItem", "containerAnchor", "itemAnchor", "boundaryItem", "decorationItem", "selfSizing",
        "dimension", "size", "spacing", "edgeSpacing", "insets", "point", "edges", "lengthRange", "zIndex",
        "elementKind",
    ]

    let schema: OrderedJSON
    let defs: [(key: String, value: OrderedJSON)]

    init(schemaText: String) throws {
        schema = try OrderedJSON.parse(schemaText)
        defs = schema["$defs"]?.entries ?? []
    }

    // MARK: Structure

    /// Defs used as the base of another object: rendered inside that object's table only.
    var baseDefs: Set<String> {
        Set(defs.compactMap { def in def.value["properties"] != nil ? refName(def.value["$ref"]) : nil })
    }

    /// The defs in the order their tables appear.
    var orderedDefNames: [String] {
        let names = defs.map(\.key).filter { !baseDefs.contains($0) }
        let preferred = Self.preferredOrder.filter(names.contains)
        return preferred + names.filter { !preferred.contains($0) }.sorted()
    }

    func def(_ name: String) -> OrderedJSON? { defs.first { $0.key == name }?.value }

    func refName(_ node: OrderedJSON?) -> String? {
        guard let ref = node?.string, ref.hasPrefix("#/$defs/") else { return nil }
        return String(ref.dropFirst("#/$defs/".count))
    }

    /// An object's keys: its own, then those of its base def.
    func properties(of object: OrderedJSON) -> [(key: String, value: OrderedJSON)] {
        var result = object["properties"]?.entries ?? []
        if object["properties"] != nil, let base = refName(object["$ref"]).flatMap(def) {
            result += properties(of: base)
        }
        return result
    }

    func required(of object: OrderedJSON) -> Set<String> {
        var result = Set((object["required"]?.array ?? []).compactMap(\.string))
        if object["properties"] != nil, let base = refName(object["$ref"]).flatMap(def) {
            result.formUnion(required(of: base))
        }
        return result
    }

    func isObjectTable(_ node: OrderedJSON) -> Bool { node["properties"] != nil }

    // MARK: Rendering

    /// The Markdown between the markers (without them), ending with a newline.
    func markdown() -> String {
        var out: [String] = []
        out.append(
            "<!-- Generated from Sources/LayoutSpec/Resources/layoutbench-spec.schema.json by "
                + "Tests/LayoutSpecTests/SpecFormatDocTests.swift. Do not edit by hand: change the schema, then run "
                + "`LAYOUTBENCH_UPDATE_DOCS=1 swift test --filter SpecFormatDocTests`. -->")
        out.append("")
        section(
            name: "(top level)", anchorName: "top-level", node: schema, level: "###", into: &out,
            title: "The spec (top level)")
        for name in orderedDefNames {
            section(name: name, anchorName: name, node: def(name)!, level: "###", into: &out, title: nil)
        }
        while out.last == "" { out.removeLast() }
        return out.joined(separator: "\n") + "\n"
    }

    /// A heading, the description, and a table or the forms of a value; then the tables of inline objects
    /// (such as `container`) that this one's keys hold.
    private func section(
        name: String, anchorName: String, node: OrderedJSON, level: String, into out: inout [String],
        title: String?
    ) {
        out.append("\(level) \(title ?? "`\(name)`")")
        out.append("")
        if let description = node["description"]?.string {
            out.append(sentence(description))
            out.append("")
        }
        var inline: [(String, OrderedJSON)] = []
        if isObjectTable(node) {
            table(of: node, into: &out, inline: &inline)
        } else {
            forms(of: node, into: &out, inline: &inline)
        }
        out.append("")
        for (childName, child) in inline {
            section(name: childName, anchorName: childName, node: child, level: level, into: &out, title: nil)
        }
    }

    private func table(of node: OrderedJSON, into out: inout [String], inline: inout [(String, OrderedJSON)]) {
        let required = required(of: node)
        out.append("| key | type | default | allowed values | meaning |")
        out.append("| --- | --- | --- | --- | --- |")
        for (key, property) in properties(of: node) {
            if isObjectTable(property) { inline.append((key, property)) }
            let fallback = required.contains(key) ? "required" : "–"
            let defaultText = property["default"].map { "`\(literal($0))`" } ?? fallback
            let cells = [
                "`\(key)`", type(of: property, name: key), defaultText, allowed(property),
                property["description"]?.string.map(sentence) ?? "",
            ]
            out.append("| " + cells.map(cell).joined(separator: " | ") + " |")
        }
    }

    /// A value that is not a map with named keys: its written forms, one bullet each.
    private func forms(of node: OrderedJSON, into out: inout [String], inline: inout [(String, OrderedJSON)]) {
        let alternatives = node["anyOf"]?.array ?? node["oneOf"]?.array ?? [node]
        out.append(alternatives.count > 1 ? "Written as one of:" : "Written as:")
        out.append("")
        var tables: [OrderedJSON] = []
        for alternative in alternatives {
            if let single = singleKeyForm(alternative) {
                out.append("- `{ \(single.key): … }`: \(single.type)")
            } else if isObjectTable(alternative) {
                let keys = properties(of: alternative).map { "`\($0.key)`" }.joined(separator: ", ")
                out.append("- a map with the keys \(keys) (table below)")
                tables.append(alternative)
            } else {
                var text = "- " + type(of: alternative, name: nil)
                let range = allowed(alternative)
                if !range.isEmpty { text += ", " + range }
                if let examples = alternative["examples"]?.array?.compactMap(\.string), !examples.isEmpty {
                    text += ", such as " + examples.map { "`\($0)`" }.joined(separator: ", ")
                }
                out.append(text)
            }
        }
        for table in tables {
            out.append("")
            self.table(of: table, into: &out, inline: &inline)
        }
    }

    /// `{ item: <item> }`: a one-key map, as nodes are written.
    private func singleKeyForm(_ node: OrderedJSON) -> (key: String, type: String)? {
        guard let entries = node["properties"]?.entries, entries.count == 1,
            node["required"]?.array?.compactMap(\.string) == [entries[0].key]
        else { return nil }
        return (entries[0].key, type(of: entries[0].value, name: entries[0].key))
    }

    /// The type column: a link to the table of a def or of an inline object, or a JSON type.
    func type(of node: OrderedJSON, name: String?) -> String {
        if let ref = refName(node["$ref"]) { return "[\(ref)](#\(anchor(ref)))" }
        if isObjectTable(node), let name { return "[\(name)](#\(anchor(name)))" }
        if let alternatives = node["anyOf"]?.array ?? node["oneOf"]?.array {
            return alternatives.map { type(of: $0, name: nil) }.joined(separator: " or ")
        }
        if let constant = node["const"] { return jsonType(constant) }
        if node["enum"] != nil { return "string" }
        switch node["type"]?.string {
        case "array":
            if let prefix = node["items"]?["prefixItems"]?.array, node["items"]?["type"]?.string == "array" {
                let names = prefix.compactMap { $0["description"]?.string }
                return "list of `[\(names.joined(separator: ", "))]`"
            }
            if let items = node["items"] {
                if items["enum"] != nil { return "list of strings" }
                return "list of " + type(of: items, name: nil)
            }
            return "list"
        case "integer": return "integer"
        case "number": return "number"
        case "string": return "string"
        case "boolean": return "boolean"
        case "object": return "map"
        default: return "value"
        }
    }

    /// The allowed-values column: enumerations, constants, ranges, list and string lengths.
    func allowed(_ node: OrderedJSON) -> String {
        var parts: [String] = []
        if let values = node["enum"]?.array ?? node["items"]?["enum"]?.array {
            parts.append(values.map { "`\(literal($0))`" }.joined(separator: ", "))
        }
        if let constant = node["const"] { parts.append("`\(literal(constant))`") }
        switch (node["minimum"].flatMap(number), node["maximum"].flatMap(number)) {
        case (let low?, let high?): parts.append("\(low) to \(high)")
        case (let low?, nil): parts.append("≥ \(low)")
        case (nil, let high?): parts.append("≤ \(high)")
        default: break
        }
        if let minItems = node["minItems"].flatMap(number) {
            parts.append("at least \(minItems) entr\(minItems == "1" ? "y" : "ies")")
        }
        if let minLength = node["minLength"].flatMap(number), minLength != "0" { parts.append("not empty") }
        return parts.joined(separator: "; ")
    }

    // MARK: Text

    /// A GitHub heading anchor for a heading that is just `name` in backticks.
    func anchor(_ name: String) -> String { name.lowercased() }

    private func jsonType(_ value: OrderedJSON) -> String {
        switch value {
        case .number(let text, _): return text.contains(".") || text.contains("e") ? "number" : "integer"
        case .string: return "string"
        case .bool: return "boolean"
        default: return "value"
        }
    }

    /// A number with thousands separators (`1,000,000`), as written otherwise.
    private func number(_ node: OrderedJSON) -> String? {
        guard case .number(let text, let value) = node else { return nil }
        guard value == value.rounded(), abs(value) < 1e15 else { return text }
        let digits = String(Int64(abs(value)))
        var grouped = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    private func literal(_ value: OrderedJSON) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let text, _): return text
        case .string(let s): return s
        default: return "…"
        }
    }

    /// A description as a sentence: trimmed, with a final full stop.
    private func sentence(_ text: String) -> String {
        var text = text.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, !text.hasSuffix(".") { text += "." }
        return text
    }

    /// A table cell: pipes escaped, no line breaks.
    private func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
