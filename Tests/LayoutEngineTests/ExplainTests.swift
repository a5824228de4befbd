import CompositionalLayout
import Foundation
import LayoutEngine
import LayoutSpec
import LayoutTestSupport
import ReferenceSolver
import Testing

/// `ReferenceSolver.explain` on every element of every fixture spec: it ends on exactly the frame the engine
/// prints (both solvers agree, so one reference trace suffices), and every step cites a rule that has a
/// heading in the docs.
@Suite struct ExplainTests {
    static let rules: Set<String> = {
        let root = Fixtures.packageRoot
        var numbers: Set<String> = []
        for doc in ["docs/layout-rules.md", "docs/version-2.md"] {
            let text = (try? String(contentsOf: root.appendingPathComponent(doc), encoding: .utf8)) ?? ""
            for line in text.components(separatedBy: "\n") {
                if let match = line.firstMatch(of: /^#{1,6}\s+(\d+(?:\.\d+)?)\.?\s/) { numbers.insert(String(match.1)) }
            }
        }
        return numbers
    }()

    @Test(arguments: Fixtures.specFiles())
    func everyElementEndsOnTheSolvedFrame(_ file: String) throws {
        let layout = try SpecReader.read(contentsOf: Fixtures.specs.appendingPathComponent(file).path)
        let solved = try LayoutEngine(layout: layout).output()
        let explanations = try ReferenceSolver.explain(layout) { _ in true }
        #expect(explanations.count == solved.elements.count, "\(file): every element is explained")
        var frames: [ElementKey: Rect] = [:]
        for element in solved.elements { frames[element.key] = element.frame }
        for explanation in explanations {
            let key = explanation.element.key
            #expect(frames[key] == explanation.element.frame, "\(file) \(key): explain ends elsewhere than solve")
            #expect(explanation.steps.count >= 2, "\(file) \(key): \(explanation.steps.map(\.text))")
            for step in explanation.steps {
                let number = String(step.rule.dropFirst())
                #expect(
                    step.rule.hasPrefix("§") && Self.rules.contains(number),
                    "\(file) \(key): step cites '\(step.rule)', which has no heading: \(step.text)")
            }
            // The last step states the output frame.
            #expect(explanation.steps.last?.rule == "§1.1")
        }
    }

    /// A count group at @3x: the chain names the container box, the share and its snap, the cursor and the
    /// rounding, in that order (E21's numbers: a 355 pt content box, fixed(16) spacing, count 4).
    @Test func aCountGroupAtThreeXSaysTheShareAndItsSnap() throws {
        let layout = try SpecReader.read(contentsOf: Fixtures.specs.appendingPathComponent("examples/E21.yaml").path)
        let explanation = try #require(
            try ReferenceSolver.explain(layout) { $0.category == .cell && $0.item == 1 }.first)
        let rules = explanation.steps.map(\.rule)
        #expect(rules.starts(with: ["§4.2", "§2", "§4.1", "§4.1", "§3", "§3.2", "§3.3", "§3.4", "§2"]), "\(rules)")
        let share = try #require(explanation.steps.first { $0.rule == "§3.2" }).text
        #expect(share.contains("(355 − 16 × 3) / 4 = 76.75 pt, snapped down to the pixel grid: 76.6667 pt"), "\(share)")
        let cursor = try #require(explanation.steps.first { $0.rule == "§3.3" }).text
        #expect(cursor.contains("subitem 2 of 4: its slot starts at x 92.6667"), "\(cursor)")
    }
}
