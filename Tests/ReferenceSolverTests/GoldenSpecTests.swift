import CompositionalLayout
import Foundation
import LayoutSpec
import LayoutTestSupport
import ReferenceSolver
import Testing

/// Golden tests generated from fixtures: every `NAME.yaml` under Tests/Fixtures/specs with every
/// `NAME.expected[.RUN].json` beside it is one case. Adding a case means adding a file, not code.
@Suite("Golden specs from Tests/Fixtures/specs")
struct GoldenSpecTests {
    @Test("the fixtures are found")
    func casesExist() {
        #expect(Fixtures.cases().count >= 40)
    }

    @Test("solve reproduces the expected output", arguments: Fixtures.cases())
    func golden(_ golden: FixtureCase) throws {
        do {
            var layout = try SpecReader.read(contentsOf: golden.specURL.path)
            if let width = golden.width { layout = layout.withContainer(width: width) }
            let actual = try ReferenceSolver.solve(layout, measure: golden.measuresNothing ? .none : .all)
            let expected = try SolveOutput.decode(json: Data(contentsOf: golden.expectedURL))
            let differences = actual.differences(from: expected)
            #expect(differences.isEmpty, Comment(rawValue: "\(golden):\n" + differences.joined(separator: "\n")))
            #expect(actual.elements.count == expected.elements.count)
        }
    }
}
