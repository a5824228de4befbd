import CompositionalLayout
import Foundation
import LayoutSnapshot
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("snapshot reports: JUnit, Markdown, HTML")
struct SnapshotReportTests {
    /// The cards with an edited inset, checked on iPhone SE and iPad mini, both ways.
    static func checks() throws -> [LayoutCheck] {
        let matrix = try SnapshotMatrix.parse(devices: "iphone-se-3,ipad-mini")
        let golden = try SnapshotFixtures.golden(SnapshotFixtures.cards(), matrix)
        let now = try SnapshotFixtures.golden(SnapshotFixtures.cards(leading: 24), matrix)
        let changed = LayoutCheck(
            source: "cards.yaml", layout: "cards", golden: "s/cards.snapshot.txt", outcome: .compared,
            configurations: LayoutCheck.compare(golden: golden, current: now.blocks))
        let same = LayoutCheck(
            source: "same.yaml", layout: "same <&>", golden: "s/same.snapshot.txt", outcome: .compared,
            configurations: LayoutCheck.compare(golden: golden, current: golden.blocks))
        return [changed, same]
    }

    @Test("JUnit parses as XML with one test case per layout and configuration, failures for the changed")
    func junit() throws {
        let xml = SnapshotJUnit.document(try Self.checks())
        let document = try XMLDocument(xmlString: xml)
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(cases.count == 8)
        let names = cases.map {
            ($0.attribute(forName: "classname")?.stringValue ?? "") + " "
                + ($0.attribute(forName: "name")?.stringValue ?? "")
        }
        for id in ["iphone-se-3/portrait", "iphone-se-3/landscape", "ipad-mini/portrait", "ipad-mini/landscape"] {
            #expect(names.contains("cards \(id)"))
            #expect(names.contains("same <&> \(id)"))
        }
        let failures = try document.nodes(forXPath: "//testcase/failure").compactMap { $0 as? XMLElement }
        #expect(failures.count == 4)
        #expect(failures[0].attribute(forName: "message")?.stringValue == "7 moved, 7 resized, 0 appeared, 0 vanished")
        #expect(failures[0].stringValue?.contains("cell 0.0: x 16 → 24, width 171.5 → 167.5") == true)
        let root = try #require(document.rootElement())
        #expect(root.attribute(forName: "tests")?.stringValue == "8")
        #expect(root.attribute(forName: "failures")?.stringValue == "4")
    }

    @Test("Markdown: a table row per configuration and the largest changes of each changed one")
    func markdown() throws {
        let text = SnapshotMarkdown.document(try Self.checks())
        #expect(text.hasPrefix("## Layout snapshots\n\n1 of 2 layouts changed.\n"))
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.count == 8)
        #expect(rows[0] == "| `iphone-se-3/portrait` | **changed** | 7 | 7 | 0 | 0 |")
        #expect(rows[4] == "| `iphone-se-3/portrait` | matches | 0 | 0 | 0 | 0 |")
        #expect(text.contains("### same \\<&\\> (`same.yaml`)"))
        #expect(text.contains("- `cell 0.0: x 16 → 24, width 171.5 → 167.5`"))
    }

    @Test("HTML: each changed configuration drawn once, its changed elements exactly the diff's")
    func html() throws {
        let checks = try Self.checks()
        let page = SnapshotHTML(checks: checks).html
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("prefers-color-scheme: dark"))
        #expect(!page.contains("<script"))
        let figures = page.components(separatedBy: "<figure class=\"lb-change\" data-configuration=\"").dropFirst()
        #expect(figures.count == 4)
        for (figure, check) in zip(figures, checks[0].configurations) {
            #expect(figure.hasPrefix(check.id + "\""))
            let body = figure.components(separatedBy: "</figure>")[0]
            let drawn = body.components(separatedBy: "data-element=\"").dropFirst().map {
                String($0.prefix { $0 != "\"" })
            }
            #expect(drawn == check.diff!.changes.map { SnapshotText.label($0.key) })
            #expect(body.contains("class=\"lb-old\"") && body.contains("class=\"lb-new\""))
        }
        #expect(page.contains("same &lt;&amp;&gt;"))
    }
}
