import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `layoutbench snapshot record` and `check` as a user runs them: files, output, exit codes.
@Suite("layoutbench snapshot")
struct SnapshotCommandTests {
    /// Six cards in rows of two under a header; `leading` is the section's leading inset.
    static func cards(leading: Int = 16) -> String {
        """
        version: 2
        name: cards
        container: { width: 390, height: 844 }
        sections:
          - items: 6
            contentInsets: { top: 8, leading: \(leading), bottom: 8, trailing: 16 }
            interGroupSpacing: 8
            boundarySupplementaryItems:
              - { elementKind: header, size: { width: fractionalWidth(1), height: absolute(40) }, alignment: top }
            group:
              horizontal:
                size: { width: fractionalWidth(1), height: absolute(100) }
                subitems:
                  - item: { size: { width: fractionalWidth(0.5), height: fractionalHeight(1) } }

        """
    }

    @Test("record then check: exit 0, every configuration of the default matrix matches")
    func recordThenCheck() throws {
        let files = try Workspace()
        let spec = try files.write(Self.cards(), to: "cards.yaml")
        let recorded = try CLI.run(["snapshot", "record", spec, "-o", files.path("snaps")])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.contains("cards.yaml: recorded 16 configurations, 112 elements → "))
        let golden = try String(contentsOfFile: files.path("snaps/cards.snapshot.txt"), encoding: .utf8)
        #expect(golden.hasPrefix("layoutbench snapshot 1\nlayout: cards\nsource: \(spec)\nentry: -\nrules: "))
        let checked = try CLI.run(["snapshot", "check", spec, "--snapshots", files.path("snaps")])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        // The golden's path is left out when the line would pass 120 columns (these temporary paths are long).
        #expect(checked.stdout == "\(spec): 16 configurations match\n")
    }

    @Test("an edited inset: exit 1 with the exact moved counts and frames; --update, then check gives 0")
    func editedInset() throws {
        let files = try Workspace()
        let spec = try files.write(Self.cards(), to: "cards.yaml")
        let snaps = files.path("snaps")
        let matrix = ["--devices", "iphone-se-3:portrait,ipad-mini:landscape"]
        #expect(try CLI.run(["snapshot", "record", spec, "-o", snaps] + matrix).status == 0)
        try files.write(Self.cards(leading: 24), to: "cards.yaml")
        let changed = try CLI.run(["snapshot", "check", spec, "--snapshots", snaps, "--show", "3"])
        #expect(changed.status == 1, "\(changed.stderr)")
        let golden = files.path("snaps/cards.snapshot.txt")
        #expect(
            changed.stdout == """
                \(spec): 2 of 2 configurations changed
                  iphone-se-3/portrait: 7 moved, 7 resized, 0 appeared, 0 vanished
                    cell 0.0: x 16 → 24, width 171.5 → 167.5
                    cell 0.2: x 16 → 24, width 171.5 → 167.5
                    cell 0.4: x 16 → 24, width 171.5 → 167.5
                    … and 4 more
                  ipad-mini/landscape: 7 moved, 7 resized, 0 appeared, 0 vanished
                    cell 0.0: x 16 → 24, width 550.5 → 546.5
                    cell 0.2: x 16 → 24, width 550.5 → 546.5
                    cell 0.4: x 16 → 24, width 550.5 → 546.5
                    … and 4 more

                """)
        #expect(changed.stdout.split(separator: "\n").allSatisfy { $0.count <= 120 })
        // check keeps the golden's configurations without --devices; --update writes the new frames.
        let updated = try CLI.run(["snapshot", "check", spec, "--snapshots", snaps, "--update"])
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(updated.stdout.hasPrefix("\(spec): 2 of 2 configurations updated"))
        let after = try CLI.run(["snapshot", "check", spec, "--snapshots", snaps])
        #expect(after.status == 0, "\(after.stdout)\(after.stderr)")
        #expect(try String(contentsOfFile: golden, encoding: .utf8).contains("cell 0.0 24 48 167.5 100"))
    }

    @Test("a golden with a broken line: exit 2 at its file and line, nothing written")
    func brokenGolden() throws {
        let files = try Workspace()
        let spec = try files.write(Self.cards(), to: "cards.yaml")
        #expect(try CLI.run(["snapshot", "record", spec, "-o", files.path("s"), "--devices", "iphone-16"]).status == 0)
        let path = files.path("s/cards.snapshot.txt")
        var lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.hasPrefix("cell 0.3 ") })
        lines[index] = "cell 0.3 12 oops 1 2"
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let result = try CLI.run(["snapshot", "check", spec, "--snapshots", files.path("s"), "--update"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(path):\(index + 1):13: error: y 'oops' is not a number"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("cell 0.3 12 oops 1 2"))
    }

    @Test("no golden: recorded, except under --ci, which fails; bad input exits 2")
    func missingGolden() throws {
        let files = try Workspace()
        let spec = try files.write(Self.cards(), to: "cards.yaml")
        let ci = try CLI.run(["snapshot", "check", spec, "--snapshots", files.path("s"), "--ci", "--devices", "ipads"])
        #expect(ci.status == 1)
        #expect(ci.stdout.contains("no golden at"))
        #expect(!files.exists("s/cards.snapshot.txt"))
        let recorded = try CLI.run(["snapshot", "check", spec, "--snapshots", files.path("s"), "--devices", "ipads"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.contains("recorded 10 configurations (no golden yet)"))
        #expect(try CLI.run(["snapshot", "check", spec, "--snapshots", files.path("s"), "--ci"]).status == 0)
        let device = try CLI.run(["snapshot", "record", spec, "-o", files.path("s"), "--devices", "ipad-maxi"])
        #expect(device.status == 2)
        #expect(device.stderr.contains("no device or set is named 'ipad-maxi'; did you mean 'ipad-mini'?"))
        let both = try CLI.run(["snapshot", "check", spec, "--snapshots", files.path("s"), "--ci", "--update"])
        #expect(both.status == 2)
        try files.write("configurations:\n  - device: iphone-16\n    orientation: sideways\n", to: "m.yaml")
        let matrix = try CLI.run(["snapshot", "record", spec, "-o", files.path("t"), "--devices", files.path("m.yaml")])
        #expect(matrix.status == 2)
        #expect(matrix.stderr.hasPrefix("\(files.path("m.yaml")):3:18: error: "), "\(matrix.stderr)")
    }

    @Test("a layout that cannot be solved in one configuration: exit 2 at its definition, naming the configuration")
    func unsolvable() throws {
        let files = try Workspace()
        let spec = try files.write(
            """
            version: 2
            name: wide-only
            container: { width: 900, height: 600 }
            sections:
              - items: 4
                variants:
                  - when: { widthAbove: 800 }
                    group:
                      horizontal:
                        size: { width: fractionalWidth(1), height: absolute(50) }
                        subitem: { item: { size: { width: fractionalWidth(1), height: fractionalHeight(1) } } }
                        count: 4

            """, to: "wide.yaml")
        let result = try CLI.run(["snapshot", "record", spec, "-o", files.path("s"), "--devices", "iphone-se-3"])
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "\(spec):5:5: error: the section definition has no group or list at width 375: no variant's `when` "
                    + "holds and the definition has no `group` or `list` of its own (in configuration "
                    + "iphone-se-3/portrait) at sections[0]; add a variant without `when` or a `group`"),
            "\(result.stderr)")
        #expect(!files.exists("s/wide.snapshot.txt"))
    }

    @Test("JUnit and Markdown outputs parse and name each configuration")
    func junitAndMarkdown() throws {
        let files = try Workspace()
        let spec = try files.write(Self.cards(), to: "cards.yaml")
        #expect(try CLI.run(["snapshot", "record", spec, "-o", files.path("s")]).status == 0)
        try files.write(Self.cards(leading: 20), to: "cards.yaml")
        let result = try CLI.run([
            "snapshot", "check", spec, "--snapshots", files.path("s"), "--junit", files.path("r.xml"), "--markdown",
            files.path("r.md"),
        ])
        #expect(result.status == 1)
        let ids = [
            "iphone-se-3/portrait", "iphone-se-3/landscape", "iphone-16/portrait", "iphone-16/landscape",
            "iphone-16-pro-max/portrait", "iphone-16-pro-max/landscape", "ipad-mini/portrait", "ipad-mini/landscape",
            "ipad-air-11/portrait", "ipad-air-11/landscape", "ipad-pro-13/portrait", "ipad-pro-13/landscape",
            "iphone-16/portrait/rtl", "ipad-air-11/landscape/rtl", "iphone-16/portrait/extraSmall",
            "iphone-16/portrait/accessibilityExtraExtraExtraLarge",
        ]
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: files.path("r.xml")))
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(cases.compactMap { $0.attribute(forName: "name")?.stringValue } == ids)
        #expect(try document.nodes(forXPath: "//testcase/failure").count == 16)
        let markdown = try String(contentsOfFile: files.path("r.md"), encoding: .utf8)
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.map { $0.split(separator: "`")[1] } == ids.map { Substring($0) })
        #expect(rows.allSatisfy { $0.contains("| **changed** |") })
        // Right to left, the cells at the trailing (left) edge keep their x: only their width changes.
        #expect(rows[0] == "| `iphone-se-3/portrait` | **changed** | 7 | 7 | 0 | 0 |")
        #expect(rows[12] == "| `iphone-16/portrait/rtl` | **changed** | 3 | 7 | 0 | 0 |")
    }

    @Test("snapshot devices lists the devices, the sets and the default matrix")
    func devices() throws {
        let result = try CLI.run(["snapshot", "devices"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("iphone-16-pro-max  iPhone 16 Pro Max"))
        #expect(
            result.stdout.contains(
                "set iphones: iphone-se-3, iphone-16, iphone-16-plus, iphone-16-pro, iphone-16-pro-max"))
        #expect(result.stdout.contains("default matrix (16 configurations):"))
    }
}
