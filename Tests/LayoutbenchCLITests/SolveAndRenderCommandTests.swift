import CompositionalLayout
import Foundation
import Testing

@Suite("layoutbench solve and render")
struct SolveAndRenderCommandTests {
    @Test("solve prints the expected output of a shared spec")
    func solveMatchesExpected() throws {
        let spec = CLI.sharedSpecs.appendingPathComponent("realistic/app-store-home.yaml").path
        let result = try CLI.run(["solve", spec])
        #expect(result.status == 0, "\(result.stderr)")
        let actual = try SolveOutput.decode(json: Data(result.stdout.utf8))
        let expected = try SolveOutput.decode(
            json: Data(contentsOf: CLI.sharedSpecs.appendingPathComponent("realistic/app-store-home.expected.json")))
        #expect(actual.differences(from: expected).isEmpty)
    }

    @Test("--width and --measure none select the second runs of E12 and E10")
    func overrides() throws {
        for (spec, flags, expected) in [
            ("E12", ["--width", "390"], "E12.expected.width-390.json"),
            ("E10", ["--measure", "none"], "E10.expected.measure-none.json"),
        ] {
            let path = CLI.sharedSpecs.appendingPathComponent("examples/\(spec).yaml").path
            let result = try CLI.run(["solve", path] + flags)
            #expect(result.status == 0, "\(result.stderr)")
            let actual = try SolveOutput.decode(json: Data(result.stdout.utf8))
            let want = try SolveOutput.decode(
                json: Data(contentsOf: CLI.sharedSpecs.appendingPathComponent("examples/\(expected)")))
            #expect(actual.differences(from: want).isEmpty, "\(spec) \(flags)")
        }
    }

    @Test("the engine (default) and the reference solver print the same frames")
    func solvers() throws {
        for name in ["realistic/social-feed", "realistic/photo-library", "examples/E9"] {
            let spec = CLI.sharedSpecs.appendingPathComponent("\(name).yaml").path
            let engine = try CLI.run(["solve", spec])
            let reference = try CLI.run(["solve", spec, "--solver", "reference"])
            #expect(engine.status == 0 && reference.status == 0)
            let a = try SolveOutput.decode(json: Data(engine.stdout.utf8))
            let b = try SolveOutput.decode(json: Data(reference.stdout.utf8))
            #expect(a.differences(from: b).isEmpty, "\(name)")
            #expect(a.elements.count == b.elements.count)
        }
    }

    @Test("several specs give one JSON document per line")
    func severalSpecs() throws {
        let specs = ["E1", "E5"].map { CLI.sharedSpecs.appendingPathComponent("examples/\($0).yaml").path }
        let result = try CLI.run(["solve"] + specs)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let names = try lines.map { try SolveOutput.decode(json: Data($0.utf8)).spec }
        #expect(names == ["E1-square-grid", "E5-insets-header-footer"])
    }

    @Test("the table format lists every element and the sections")
    func table() throws {
        let spec = CLI.sharedSpecs.appendingPathComponent("examples/E5.yaml").path
        let result = try CLI.run(["solve", spec, "--format", "table", "--sections"])
        #expect(result.status == 0)
        let rows = result.stdout.split(separator: "\n")
        #expect(rows.first?.contains("content 390 x 528") == true)
        #expect(rows.filter { $0.hasPrefix("cell") }.count == 10)
        #expect(rows.contains { $0.hasPrefix("supplementary  header") })
    }

    @Test("a bad spec exits 2 and names the file, line and column")
    func badSpec() throws {
        let dir = try CLI.temporaryDirectory()
        let spec = dir.appendingPathComponent("bad.yaml")
        try """
        version: 1
        container: { width: 390, height: 844 }
        sections:
          - items: 3
            contentInset: 8
            group:
              horizontal:
                size: { width: fractionalWidth(1), height: absolute(44) }
                subitems: [ { item: { size: { width: fractionalWidth(1), height: fractionalHeight(1) } } } ]
        """.write(to: spec, atomically: true, encoding: .utf8)
        let result = try CLI.run(["solve", spec.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad.yaml:5:"))
        #expect(result.stderr.contains("contentInsets"))
        #expect(result.stdout.isEmpty)
    }

    @Test("a missing file and a width no variant covers exit 2")
    func otherBadInput() throws {
        let missing = try CLI.run(["solve", "/nonexistent/spec.yaml"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/spec.yaml"))
        let dir = try CLI.temporaryDirectory()
        let spec = dir.appendingPathComponent("narrow.yaml")
        try """
        version: 1
        container: { width: 390, height: 844 }
        sections:
          - items: 3
            variants:
              - when: { maxWidth: 600 }
                group:
                  horizontal:
                    size: { width: fractionalWidth(1), height: absolute(44) }
                    subitems: [ { item: { size: { width: fractionalWidth(1), height: fractionalHeight(1) } } } ]
        """.write(to: spec, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["solve", spec.path]).status == 0)
        let wide = try CLI.run(["solve", spec.path, "--width", "820"])
        #expect(wide.status == 2)
        #expect(wide.stderr.contains("820"))
        let badWidth = try CLI.run(["solve", spec.path, "--width", "-3"])
        #expect(badWidth.status == 2)
        let unknownFlag = try CLI.run(["solve", spec.path, "--colour", "red"])
        #expect(unknownFlag.status == 2)
        #expect(unknownFlag.stderr.contains("--colour"))
    }

    @Test("items too small for their group fail at once with exit 2 instead of repeating ten million times")
    func tinyItems() throws {
        let dir = try CLI.temporaryDirectory()
        let spec = dir.appendingPathComponent("tiny.yaml")
        try """
        version: 1
        container: { width: 1000000, height: 844 }
        sections:
          - items: 5
            group:
              horizontal:
                size: { width: fractionalWidth(1), height: absolute(44) }
                subitems: [ { item: { size: { width: absolute(0.001), height: fractionalHeight(1) } } } ]
        """.write(to: spec, atomically: true, encoding: .utf8)
        for solver in ["engine", "reference"] {
            let result = try CLI.run(["solve", spec.path, "--solver", solver])
            #expect(result.status == 2)
            #expect(result.stderr.contains("10000000"))
        }
    }

    @Test("render writes an SVG with one rectangle per cell and honours --sections")
    func render() throws {
        let dir = try CLI.temporaryDirectory()
        let svg = dir.appendingPathComponent("e5.svg")
        let spec = CLI.sharedSpecs.appendingPathComponent("examples/E5.yaml").path
        let result = try CLI.run(["render", spec, "-o", svg.path])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: svg, encoding: .utf8)
        #expect(text.hasPrefix("<?xml") || text.hasPrefix("<svg"))
        #expect(text.contains("0.0") && text.contains("1.4"))
        let bad = try CLI.run(["render", spec, "-o", svg.path, "--sections", "7..9"])
        #expect(bad.status == 2)
        let malformed = try CLI.run(["render", spec, "-o", svg.path, "--sections", "x"])
        #expect(malformed.status == 2)
    }
}
