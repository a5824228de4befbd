import CompositionalLayout
import Foundation
import LayoutSpec
import ReferenceSolver
import Testing

/// Golden tests generated from fixtures: every `NAME.yaml` under ../shared/specs with every
/// `NAME.expected[.RUN].json` beside it is one case. Adding a case means adding a file, not code.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    var spec: URL
    var expected: URL
    /// The run's flags: `measure-none` -> `--measure none`, `width-390` -> `--width 390`.
    var measure: MeasureMode = .all
    var width: Double? = nil
    /// The run's name, empty for the spec's own run.
    var run = ""

    var testDescription: String {
        spec.deletingPathExtension().lastPathComponent + (run.isEmpty ? "" : " [\(run)]")
    }

    static let sharedSpecs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/specs")

    static func all() -> [GoldenCase] {
        var cases: [GoldenCase] = []
        for folder in ["examples", "realistic"] {
            let dir = sharedSpecs.appendingPathComponent(folder)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            for file in files.sorted() where file.hasSuffix(".yaml") {
                let name = String(file.dropLast(5))
                for other in files.sorted() where other.hasPrefix(name + ".expected.") && other.hasSuffix(".json") {
                    let run = String(other.dropFirst(name.count + ".expected.".count).dropLast(5))
                    var c = GoldenCase(spec: dir.appendingPathComponent(file), expected: dir.appendingPathComponent(other), run: run)
                    if run == "measure-none" { c.measure = .none }
                    if run.hasPrefix("width-") { c.width = Double(run.dropFirst(6)) }
                    cases.append(c)
                }
            }
        }
        return cases
    }
}

@Suite("Golden specs from ../shared/specs")
struct GoldenSpecTests {
    @Test("the shared specs are found")
    func casesExist() {
        #expect(GoldenCase.all().count >= 26)
    }

    @Test("solve reproduces the expected output", arguments: GoldenCase.all())
    func golden(_ golden: GoldenCase) throws {
        var layout = try SpecReader.read(contentsOf: golden.spec.path)
        if let width = golden.width { layout = layout.withContainer(width: width) }
        let actual = try ReferenceSolver.solve(layout, measure: golden.measure)
        let expected = try SolveOutput.decode(json: Data(contentsOf: golden.expected))
        let differences = actual.differences(from: expected)
        #expect(differences.isEmpty, Comment(rawValue: "\(golden.testDescription):\n" + differences.joined(separator: "\n")))
        #expect(actual.elements.count == expected.elements.count)
    }
}
