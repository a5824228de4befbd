import Foundation
import LayoutSpec
import Testing

/// docs/spec-format.md holds a key reference generated from the JSON Schema (`SchemaReference`). This suite
/// fails when the two differ; with `LAYOUTBENCH_UPDATE_DOCS=1` in the environment it rewrites the block instead:
///
///     LAYOUTBENCH_UPDATE_DOCS=1 swift test --filter SpecFormatDocTests
@Suite struct SpecFormatDocTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // LayoutSpecTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository root
    static let docURL = repositoryRoot.appendingPathComponent("docs/spec-format.md")

    static var updating: Bool { ProcessInfo.processInfo.environment["LAYOUTBENCH_UPDATE_DOCS"] == "1" }

    let reference: SchemaReference

    init() throws {
        reference = try SchemaReference(schemaText: SpecReader.jsonSchema)
    }

    /// The lines between the two marker lines (each ending in a newline), or nil when a marker is missing,
    /// not on a line of its own, or the two are out of order.
    static func generatedBlock(in doc: String) -> Range<String.Index>? {
        guard let begin = doc.range(of: "\n" + SchemaReference.beginMarker + "\n"),
            let end = doc.range(of: SchemaReference.endMarker + "\n", range: begin.upperBound..<doc.endIndex),
            end.lowerBound == begin.upperBound || doc[doc.index(before: end.lowerBound)] == "\n"
        else {
            return nil
        }
        return begin.upperBound..<end.lowerBound
    }

    @Test func keyReferenceMatchesTheSchema() throws {
        var doc = try String(contentsOf: Self.docURL, encoding: .utf8)
        let block = try #require(
            Self.generatedBlock(in: doc),
            "docs/spec-format.md needs the lines \(SchemaReference.beginMarker) and \(SchemaReference.endMarker)")
        let expected = reference.markdown()
        if Self.updating {
            doc.replaceSubrange(block, with: expected)
            try doc.write(to: Self.docURL, atomically: true, encoding: .utf8)
            return
        }
        let actual = String(doc[block])
        if actual != expected {
            let actualLines = actual.components(separatedBy: "\n")
            let expectedLines = expected.components(separatedBy: "\n")
            let first =
                (0..<min(actualLines.count, expectedLines.count)).first { actualLines[$0] != expectedLines[$0] }
                ?? min(actualLines.count, expectedLines.count)
            let have = first < actualLines.count ? actualLines[first] : "(end of block)"
            let want = first < expectedLines.count ? expectedLines[first] : "(end of block)"
            Issue.record(
                """
                docs/spec-format.md's key reference is not what the schema gives. Regenerate it with
                LAYOUTBENCH_UPDATE_DOCS=1 swift test --filter SpecFormatDocTests
                First difference, line \(first + 1) of the block:
                  doc:    \(have)
                  schema: \(want)
                """)
        }
    }

    /// Every key of every map has a description, so no row of the reference is left without a meaning.
    @Test func everyKeyIsDescribed() {
        var missing: [String] = []
        func visit(_ node: OrderedJSON, path: String) {
            for (key, property) in reference.properties(of: node) {
                if property["description"] == nil { missing.append(path + "." + key) }
                if reference.isObjectTable(property) { visit(property, path: path + "." + key) }
            }
            for alternative in (node["anyOf"]?.array ?? []) + (node["oneOf"]?.array ?? [])
            where reference.isObjectTable(alternative) && alternative["properties"]?.entries?.count != 1 {
                visit(alternative, path: path)
            }
        }
        visit(reference.schema, path: "spec")
        for (name, def) in reference.defs where !reference.baseDefs.contains(name) {
            visit(def, path: name)
            if def["description"] == nil { missing.append(name) }
        }
        #expect(missing.isEmpty, "schema keys without a description: \(missing.joined(separator: ", "))")
    }

    /// The renderer itself, on a small schema: order kept, base defs merged, defaults, required, ranges, links.
    @Test func rendersTablesFromASmallSchema() throws {
        let small = try SchemaReference(
            schemaText: """
                {
                  "type": "object",
                  "description": "A tiny format.",
                  "properties": {
                    "zeta": { "type": "integer", "minimum": 1, "maximum": 10000000, "default": 1, "description": "Comes first" },
                    "alpha": { "$ref": "#/$defs/thing", "description": "A thing." },
                    "box": { "type": "object", "description": "Inline.", "properties": {
                      "kind": { "enum": ["a", "b"], "description": "Which." } }, "required": ["kind"] }
                  },
                  "required": ["alpha"],
                  "$defs": {
                    "base": { "type": "object", "properties": { "shared": { "type": "boolean", "default": true, "description": "From the base." } } },
                    "thing": { "type": "object", "description": "A thing with a base.", "$ref": "#/$defs/base",
                      "properties": { "own": { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/length" }, "description": "Own." } } },
                    "length": { "description": "A length.", "anyOf": [
                      { "type": "number", "minimum": 0 }, { "type": "string", "examples": ["absolute(4)"] } ] }
                  }
                }
                """)
        let text = small.markdown()
        let lines = text.components(separatedBy: "\n")
        #expect(lines.contains("| `zeta` | integer | `1` | 1 to 10,000,000 | Comes first. |"))
        #expect(lines.contains("| `alpha` | [thing](#thing) | required |  | A thing. |"))
        #expect(lines.contains("| `box` | [box](#box) | – |  | Inline. |"))
        #expect(lines.contains("| `kind` | string | required | `a`, `b` | Which. |"))
        #expect(lines.contains("| `own` | list of [length](#length) | – | at least 1 entry | Own. |"))
        #expect(lines.contains("| `shared` | boolean | `true` |  | From the base. |"))
        #expect(lines.contains("- number, ≥ 0"))
        #expect(lines.contains("- string, such as `absolute(4)`"))
        // Keys keep the schema's order; the base def gets no table of its own; inline objects follow their parent.
        let zeta = try #require(lines.firstIndex { $0.hasPrefix("| `zeta`") })
        let alpha = try #require(lines.firstIndex { $0.hasPrefix("| `alpha`") })
        #expect(zeta < alpha)
        #expect(!lines.contains("### `base`"))
        let box = try #require(lines.firstIndex(of: "### `box`"))
        let thing = try #require(lines.firstIndex(of: "### `thing`"))
        #expect(box < thing)
    }
}
