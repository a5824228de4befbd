import CompositionalLayout
import Foundation
import Testing

@testable import LayoutSpec

/// YAML and JSON are two spellings of one structure: the same spec gives the same model either way.
@Suite struct FormatEquivalenceTests {
    /// Each shared YAML spec, turned into JSON through the intermediate tree, reads to the same model.
    @Test(arguments: SharedSpecs.all)
    func jsonTwinReadsTheSame(_ spec: String) throws {
        do {
            let text = try SharedSpecs.text(spec)
            let fromYAML = try SpecReader.read(yaml: text, file: spec)
            let json = jsonText(try yamlTree(text))
            let fromJSON = try SpecReader.read(json: json, file: spec.replacingOccurrences(of: ".yaml", with: ".json"))
            #expect(fromJSON == fromYAML)
        }
    }

    /// A fixture-driven test with no fixture would pass without checking anything.
    @Test func fixturesAreFound() {
        #expect(SharedSpecs.all.count >= 36)
    }

    /// E2 written by hand in JSON, read from a `.json` file.
    @Test func handWrittenJSONOfE2() throws {
        let json = """
            {
              "version": 1,
              "name": "E2-nested-orthogonal",
              "container": { "width": 390, "height": 844 },
              "sections": [
                {
                  "count": 5, "items": 30, "orthogonalScrollingBehavior": "continuous",
                  "group": { "horizontal": {
                    "size": { "width": "fractionalWidth(0.85)", "height": "fractionalHeight(0.4)" },
                    "subitems": [
                      { "item": { "size": { "width": "fractionalWidth(0.7)", "height": "fractionalHeight(1)" }, "contentInsets": 10 } },
                      { "vertical": {
                        "size": { "width": "fractionalWidth(0.3)", "height": "fractionalHeight(1)" },
                        "repeatingSubitem": { "item": {
                          "size": { "width": "fractionalWidth(1)", "height": "fractionalHeight(0.5)" }, "contentInsets": 10 } },
                        "count": 2 } }
                    ] } }
                }
              ]
            }
            """
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutspec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let jsonFile = directory.appendingPathComponent("E2.json")
        try json.write(to: jsonFile, atomically: true, encoding: .utf8)
        let fromJSON = try SpecReader.read(contentsOf: jsonFile.path)
        let fromYAML = try SpecReader.read(contentsOf: SharedSpecs.path("examples/E2.yaml"))
        #expect(fromJSON == fromYAML)

        // Another extension: the content decides (`{` is JSON, anything else YAML).
        let other = directory.appendingPathComponent("E2.spec")
        try json.write(to: other, atomically: true, encoding: .utf8)
        #expect(try SpecReader.read(contentsOf: other.path) == fromYAML)
        let yamlOther = directory.appendingPathComponent("E2.txt")
        try SharedSpecs.text("examples/E2.yaml").write(to: yamlOther, atomically: true, encoding: .utf8)
        #expect(try SpecReader.read(contentsOf: yamlOther.path) == fromYAML)
    }

    /// Numbers, strings and escapes mean the same in both formats.
    @Test func scalarsAgree() throws {
        let yaml = """
            version: 1
            name: "tab\\there \\u00e9"
            container: { width: 1e2, height: 0x10 }
            selfSizing: { seed: -9223372036854775808, width: { min: 0, max: 3 } }
            sections:
              - { items: 0, list: { appearance: plain, rowHeight: 12.5 } }
            """
        let json = """
            {"version": 1, "name": "tab\\there \\u00e9", "container": {"width": 100.0, "height": 16},
             "selfSizing": {"seed": -9223372036854775808, "width": {"min": 0, "max": 3}},
             "sections": [{"items": 0, "list": {"appearance": "plain", "rowHeight": 12.5}}]}
            """
        let a = try SpecReader.read(yaml: yaml)
        let b = try SpecReader.read(json: json)
        #expect(a == b)
        #expect(a.name == "tab\there é")
        #expect(a.container == LayoutContainer(width: 100, height: 16))
        #expect(a.selfSizing?.seed == UInt64(bitPattern: Int64.min))
    }

    /// YAML merge keys (`<<`) bring a map's entries; explicit keys win.
    @Test func yamlMergeKeys() throws {
        let yaml = """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - &base
                items: 3
                interGroupSpacing: 4
                list: { appearance: plain }
              - <<: *base
                interGroupSpacing: 9
            """
        let layout = try SpecReader.read(yaml: yaml)
        #expect(layout.sections[1].items == 3)
        #expect(layout.sections[1].fields.interGroupSpacing == 9)
        #expect(layout.sections[1].fields.content == .list(ListConfiguration(appearance: .plain)))
    }
}
