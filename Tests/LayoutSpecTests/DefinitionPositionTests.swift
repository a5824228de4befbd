import Foundation
import LayoutSpec
import Testing

/// `SpecReader.position(ofDefinition:inFile:)`: where `sections[i]` is written, for solver errors' messages.
@Suite("Definition positions")
struct DefinitionPositionTests {
    static func write(_ text: String, as name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "layoutbench-position-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("YAML and JSON definitions are found by index; a missing index or file gives nil")
    func positions() throws {
        let yaml = try Self.write(
            """
            version: 1
            container: { width: 390, height: 844 }
            sections:
              - items: 1
                group: { horizontal: { size: { width: fractionalWidth(1), height: absolute(44) }, subitems: [] } }
              - name: second
                items: 2
            """, as: "spec.yaml")
        #expect(SpecReader.position(ofDefinition: 0, inFile: yaml)?.line == 4)
        #expect(SpecReader.position(ofDefinition: 1, inFile: yaml)?.line == 6)
        #expect(SpecReader.position(ofDefinition: 1, inFile: yaml)?.column == 5)
        #expect(SpecReader.position(ofDefinition: 2, inFile: yaml) == nil)
        let json = try Self.write(
            "{\"version\": 1,\n \"sections\": [\n  {\"items\": 1},\n  {\"items\": 2}]}", as: "spec.json")
        #expect(SpecReader.position(ofDefinition: 1, inFile: json).map { [$0.line, $0.column] } == [4, 3])
        #expect(SpecReader.position(ofDefinition: 0, inFile: "/nonexistent/spec.yaml") == nil)
    }
}
