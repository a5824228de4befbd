import CompositionalLayout
import Foundation
import Testing

@testable import LayoutSpec

/// The JSON Schema ships with the module and names exactly the keys and values the reader accepts.
@Suite struct SpecSchemaTests {
    let schema: [String: Any]
    let defs: [String: Any]

    init() throws {
        let object = try JSONSerialization.jsonObject(with: Data(SpecReader.jsonSchema.utf8))
        schema = try #require(object as? [String: Any])
        defs = try #require(schema["$defs"] as? [String: Any])
    }

    private func object(_ value: Any?, _ path: String...) -> [String: Any]? {
        var current = value
        for key in path {
            if let index = Int(key) {
                current = (current as? [Any]).flatMap { index < $0.count ? $0[index] : nil }
            } else {
                current = (current as? [String: Any])?[key]
            }
        }
        return current as? [String: Any]
    }

    private func propertyNames(_ value: Any?, _ path: String...) -> Set<String> {
        var current = value
        for key in path {
            if let index = Int(key) {
                current = (current as? [Any]).flatMap { index < $0.count ? $0[index] : nil }
            } else {
                current = (current as? [String: Any])?[key]
            }
        }
        return Set(((current as? [String: Any])?["properties"] as? [String: Any])?.keys ?? [:].keys)
    }

    @Test func isDraft2020WithTheTopLevelKeys() {
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(propertyNames(schema) == Set(SpecKeys.topLevel.keys))
        #expect(Set(schema["required"] as? [String] ?? []) == ["version", "container", "sections"])
        #expect(object(schema, "properties", "version")?["enum"] as? [Int] == [1, 2])
    }

    @Test func keysMatchTheReader() {
        let pairs: [(Set<String>, SpecKeys)] = [
            (propertyNames(schema, "properties", "container"), .container),
            (propertyNames(schema, "properties", "layout"), .layout),
            (propertyNames(defs, "item"), .item),
            (propertyNames(defs, "group"), .group),
            (propertyNames(defs, "customGroup"), .custom),
            (propertyNames(defs, "size"), .size),
            (propertyNames(defs, "insets", "anyOf", "1"), .insets),
            (propertyNames(defs, "edgeSpacing"), .edgeSpacing),
            (propertyNames(defs, "point"), .point),
            (propertyNames(defs, "supplementaryItem"), .supplementaryItem),
            (propertyNames(defs, "containerAnchor"), .containerAnchor),
            (propertyNames(defs, "itemAnchor"), .itemAnchor),
            (propertyNames(defs, "boundaryItem"), .boundaryItem),
            (propertyNames(defs, "decorationItem"), .decorationItem),
            (propertyNames(defs, "list"), .list),
            (propertyNames(defs, "selfSizing"), .selfSizing),
            (propertyNames(defs, "lengthRange", "anyOf", "1"), .lengthRange),
            (propertyNames(defs, "variant", "properties", "when"), .when),
            (propertyNames(defs, "sectionFields").union(propertyNames(defs, "sectionDefinition")), .sectionDefinition),
            (propertyNames(defs, "sectionFields").union(propertyNames(defs, "variant")), .variant),
        ]
        for (schemaKeys, keys) in pairs {
            #expect(schemaKeys == Set(keys.keys), "\(keys.what)")
        }
        let nodeKeys = (defs["node"] as? [String: Any])?["oneOf"] as? [[String: Any]] ?? []
        #expect(Set(nodeKeys.flatMap { ($0["required"] as? [String]) ?? [] }) == Set(SpecKeys.node.keys))
    }

    @Test func enumerationsMatchTheModel() {
        func values(_ value: [String: Any]?) -> [String] { value?["enum"] as? [String] ?? [] }
        #expect(
            values(object(defs, "boundaryItem", "properties", "alignment"))
                == BoundaryAlignment.allCases.map(\.rawValue))
        #expect(
            values(object(defs, "list", "properties", "appearance"))
                == ListConfiguration.Appearance.allCases.map(\.rawValue))
        #expect(
            values(object(defs, "list", "properties", "headerMode"))
                == ListConfiguration.HeaderMode.allCases.map(\.rawValue))
        #expect(
            values(object(defs, "list", "properties", "footerMode"))
                == ListConfiguration.FooterMode.allCases.map(\.rawValue))
        #expect(
            values(object(defs, "sectionFields", "properties", "orthogonalScrollingBehavior"))
                == OrthogonalScrollingBehavior.allCases.map(\.rawValue))
        #expect(
            values(object(schema, "properties", "layout", "properties", "scrollDirection"))
                == LayoutConfiguration.ScrollDirection.allCases.map(\.rawValue))
    }

    @Test func dimensionPatternAcceptsWhatTheReaderAccepts() throws {
        let anyOf = try #require((defs["dimension"] as? [String: Any])?["anyOf"] as? [[String: Any]])
        let pattern = try #require(anyOf.compactMap { $0["pattern"] as? String }.first)
        let regex = try NSRegularExpression(pattern: pattern)
        func matches(_ text: String) -> Bool {
            regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        for valid in [
            "fractionalWidth(1)", "fractionalWidth(1/3)", "fractionalHeight( 0.25 )", "absolute(44)",
            "estimated(1e2)", "absolute(.5)",
        ] {
            #expect(matches(valid), "\(valid)")
            let text =
                "version: 1\ncontainer: { width: 1, height: 1 }\nsections: [{ items: 1, list: { appearance: plain, rowHeight: \(valid) } }]\n"
            #expect(specError(yaml: text) == nil, "\(valid)")
        }
        for invalid in ["fractionalWidht(1)", "absolute(1/3)", "fractionalWidth()", "estimated", "44"] {
            #expect(!matches(invalid), "\(invalid)")
        }
    }
}
