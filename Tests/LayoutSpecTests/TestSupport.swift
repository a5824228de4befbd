import CompositionalLayout
import Foundation
import LayoutTestSupport
import Testing

@testable import LayoutSpec

/// The repository's spec fixtures (`Tests/Fixtures/specs`), by path relative to that folder.
enum SharedSpecs {
    /// Every `*.yaml` fixture, sorted (`examples/E1.yaml`), version 2 specs included.
    static let all: [String] = Fixtures.specFiles()

    static func path(_ relative: String) -> String {
        Fixtures.url(relative).path
    }

    static func text(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }
}

/// Reads a spec expected to fail and returns its error; nil (so the test fails on it) when it loads.
func specError(yaml: String, file: String = "test.yaml", maxItems: Int = SpecReader.defaultMaxItems) -> SpecError? {
    do {
        _ = try SpecReader.read(yaml: yaml, file: file, maxItems: maxItems)
        return nil
    } catch {
        return error
    }
}

func specError(json: String, file: String = "test.json") -> SpecError? {
    do {
        _ = try SpecReader.read(json: json, file: file)
        return nil
    } catch {
        return error
    }
}

/// The intermediate tree written as JSON: turns any shared YAML spec into its JSON twin, so both readers
/// can be compared on the same specs.
func jsonText(_ node: SpecNode) -> String {
    switch node.value {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .number(let n):
        if let i = n.integer, Double(i) == n.double { return String(i) }
        return "\(n.double)"
    case .string(let s): return jsonStringLiteral(s)
    case .list(let items): return "[" + items.map(jsonText).joined(separator: ", ") + "]"
    case .map(let entries):
        return "{" + entries.map { jsonStringLiteral($0.key) + ": " + jsonText($0.value) }.joined(separator: ", ") + "}"
    }
}

func yamlTree(_ text: String) throws -> SpecNode {
    var composer = YAMLComposer(text: text, file: "tree.yaml")
    return try composer.compose()
}

/// A minimal valid spec around one section definition body (indented by 4 spaces under `- `).
func spec(section: String) -> String {
    """
    version: 1
    container: { width: 390, height: 844 }
    sections:
      - \(section.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { $0.offset == 0 ? String($0.element) : "    " + $0.element }.joined(separator: "\n"))
    """
}
