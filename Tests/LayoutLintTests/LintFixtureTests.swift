import Foundation
import LayoutLint
import LayoutSpec
import LayoutTestSupport
import Testing

/// The checks stay silent on the worked examples, fixture specs and doc examples that do not have a trap, and
/// find exactly the traps of those that show one on purpose.
@Suite struct LintFixtureTests {
    /// The specs that show a trap on purpose, and what lint finds in them.
    static let traps: [String: [String]] = [
        // §3.2's worked examples: subitem + count overrides a 100 pt height (E3a) and 50 pt width (E4d);
        // repeatingSubitem + count overflows its group (E3b).
        "Tests/Fixtures/specs/examples/E3a.yaml": ["LB101"],
        "Tests/Fixtures/specs/examples/E3b.yaml": ["LB102"],
        "Tests/Fixtures/specs/examples/E4d.yaml": ["LB101"],
        // The picture of the count forms shows both.
        "docs/examples/count-groups.yaml": ["LB101", "LB102"],
        // docs/lint.md's example finding and its picture.
        "docs/examples/lint-tiles.yaml": ["LB101"],
    ]

    static func specs() -> [String] {
        let root = Fixtures.packageRoot
        var paths = Fixtures.specFiles().map { Fixtures.specs.appendingPathComponent($0).path }
        let docs = root.appendingPathComponent("docs/examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        paths += names.filter { $0.hasSuffix(".yaml") }.map { docs.appendingPathComponent($0).path }
        return paths.sorted()
    }

    @Test func findsOnlyTheTrapsThatAreThere() throws {
        let specs = Self.specs()
        #expect(specs.count > 40, "found \(specs.count) specs")
        let root = Fixtures.packageRoot.path + "/"
        for path in specs {
            let relative = path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
            let layout = try SpecReader.read(contentsOf: path)
            let findings = LayoutLinter.lint(layout, file: relative, locator: try SpecLocator(contentsOf: path))
            #expect(
                findings.map(\.check.code).sorted() == (Self.traps[relative] ?? []),
                "\(relative): \(findings.map(\.text))")
        }
    }
}
