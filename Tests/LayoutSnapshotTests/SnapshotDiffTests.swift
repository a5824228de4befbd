import CompositionalLayout
import LayoutSnapshot
import Testing

@Suite("comparing a layout with its golden")
struct SnapshotDiffTests {
    static func check(_ before: String, _ after: String, _ matrix: SnapshotMatrix) throws -> [ConfigurationCheck] {
        let golden = try GoldenFile(text: try SnapshotFixtures.golden(before, matrix).text, file: "g")
        let now = try SnapshotFixtures.golden(after, matrix)
        return LayoutCheck.compare(golden: golden, current: now.blocks)
    }

    @Test("the same layout matches in every configuration of the default matrix")
    func same() throws {
        let checks = try Self.check(SnapshotFixtures.cards(), SnapshotFixtures.cards(), .default)
        #expect(checks.count == 16)
        #expect(checks.allSatisfy { $0.status == .matches })
    }

    @Test("an edited inset: exact counts and frames")
    func editedInset() throws {
        let matrix = try SnapshotMatrix.parse(devices: "iphone-se-3:portrait")
        let checks = try Self.check(SnapshotFixtures.cards(), SnapshotFixtures.cards(leading: 24), matrix)
        let diff = try #require(checks.first?.diff)
        #expect(checks.first?.status == .changed)
        // Six cells and the header move right by 8 or 4 and lose 4 of width: 375 − 24 − 16 = 335, halves 167.5.
        #expect((diff.moved, diff.resized, diff.appeared, diff.vanished) == (7, 7, 0, 0))
        #expect(diff.unchanged == 0)
        let cell = try #require(diff.changes.first { $0.key == ElementKey(category: .cell, section: 0, item: 0) })
        #expect(cell.old == Rect(x: 16, y: 48, width: 171.5, height: 100))
        #expect(cell.new == Rect(x: 24, y: 48, width: 167.5, height: 100))
        #expect(
            diff.largest(4).map(SnapshotText.describe) == [
                "cell 0.0: x 16 → 24, width 171.5 → 167.5", "cell 0.2: x 16 → 24, width 171.5 → 167.5",
                "cell 0.4: x 16 → 24, width 171.5 → 167.5",
                "supplementary header 0.0: x 16 → 24, width 343 → 335",
            ])
        #expect(SnapshotText.summary(diff) == "7 moved, 7 resized, 0 appeared, 0 vanished")
    }

    @Test("items that appear and vanish, and the content size, are told")
    func appearAndVanish() throws {
        let matrix = try SnapshotMatrix.parse(devices: "iphone-se-3:portrait")
        let more = SnapshotFixtures.cards().replacingOccurrences(of: "items: 6", with: "items: 7")
        let grown = try #require(try Self.check(SnapshotFixtures.cards(), more, matrix).first?.diff)
        #expect((grown.moved, grown.resized, grown.appeared, grown.vanished) == (0, 0, 1, 0))
        #expect(grown.oldContentSize.height < grown.newContentSize.height)
        #expect(SnapshotText.describe(grown.changes[0]) == "cell 0.6: appeared at [16, 372, 171.5, 100]")
        let shrunk = try #require(try Self.check(more, SnapshotFixtures.cards(), matrix).first?.diff)
        #expect(shrunk.vanished == 1 && shrunk.appeared == 0)
    }

    @Test("a change that shows only above 800 points wide changes only the iPad landscape configurations")
    func adaptive() throws {
        let small = try SnapshotMatrix.parse(devices: "iphone-se-3,iphone-16,ipad-mini")
        let checks = try Self.check(
            SnapshotFixtures.adaptive(threshold: 800, wideColumns: 3),
            SnapshotFixtures.adaptive(threshold: 800, wideColumns: 4), small)
        #expect(checks.filter { !$0.passed }.map(\.id) == ["ipad-mini/landscape"])
        // Over the whole default matrix the iPad Air 11-inch is 820 wide in portrait and the 16 Pro Max's
        // effective width in landscape is 956 − 2 × 62 = 832, so a threshold above the largest portrait iPad
        // (1032) keeps exactly the iPad landscape configurations, right-to-left included.
        let wide = try Self.check(
            SnapshotFixtures.adaptive(threshold: 1100, wideColumns: 3),
            SnapshotFixtures.adaptive(threshold: 1100, wideColumns: 4), .default)
        #expect(
            wide.filter { !$0.passed }.map(\.id) == [
                "ipad-mini/landscape", "ipad-air-11/landscape", "ipad-pro-13/landscape", "ipad-air-11/landscape/rtl",
            ])
        let eight = try Self.check(
            SnapshotFixtures.adaptive(threshold: 800, wideColumns: 3),
            SnapshotFixtures.adaptive(threshold: 800, wideColumns: 4), .default)
        #expect(
            eight.filter { !$0.passed }.map(\.id) == [
                "iphone-16-pro-max/landscape", "ipad-mini/landscape", "ipad-air-11/portrait", "ipad-air-11/landscape",
                "ipad-pro-13/portrait", "ipad-pro-13/landscape", "ipad-air-11/landscape/rtl",
            ])
    }

    @Test("a right-to-left configuration mirrors the left-to-right one: x becomes W − x − width")
    func rightToLeftMirrors() throws {
        let matrix = try SnapshotMatrix.parse(devices: "iphone-se-3:portrait", traits: "ltr,rtl")
        let golden = try SnapshotFixtures.golden(SnapshotFixtures.cards(leading: 24, trailing: 8), matrix)
        let ltr = try #require(golden.block("iphone-se-3/portrait")).frames
        let rtl = try #require(golden.block("iphone-se-3/portrait/rtl")).frames
        #expect(ltr.elements.count == 7 && rtl.elements.count == 7)
        for (a, b) in zip(ltr.elements, rtl.elements) {
            #expect(a.key == b.key)
            #expect(
                b.frame
                    == Rect(
                        x: 375 - a.frame.x - a.frame.width, y: a.frame.y, width: a.frame.width, height: a.frame.height))
        }
        // Leading is the right edge: the first cell starts 24 from the right.
        #expect(rtl.elements[0].frame.x + rtl.elements[0].frame.width == 375 - 24)
        #expect(ltr.elements[0].frame.x == 24)
    }

    @Test("the check's text stays within 120 columns and names each changed configuration")
    func text() throws {
        let long = String(repeating: "k", count: 150)
        let before = SnapshotFixtures.cards().replacingOccurrences(
            of: "elementKind: header", with: "elementKind: \(long)")
        let after = SnapshotFixtures.cards(leading: 24).replacingOccurrences(
            of: "elementKind: header", with: "elementKind: \(long)")
        let checks = try Self.check(before, after, .default)
        let layout = LayoutCheck(
            source: "cards.yaml", layout: "cards", golden: "s/cards.snapshot.txt", outcome: .compared,
            configurations: checks)
        let lines = SnapshotText.lines(layout, largest: 5)
        #expect(lines[0] == "cards.yaml: 16 of 16 configurations changed (s/cards.snapshot.txt)")
        #expect(lines.allSatisfy { $0.count <= 120 })
        #expect(lines.contains { $0.hasSuffix("…") })
        for check in checks { #expect(lines.contains { $0.hasPrefix("  \(check.id): ") }) }
    }

    /// A spec in a deep folder (a CI checkout, a temporary folder) makes the layout's line pass 120 columns:
    /// it is kept whole, with its verdict, and the golden's path is left out of it when that would not fit.
    @Test("a layout's own line is never cut: a deep folder keeps its verdict, the golden's path left out")
    func deepFolder() throws {
        let source =
            "/" + Array(repeating: "a-rather-long-folder-name", count: 5).joined(separator: "/") + "/cards.yaml"
        let golden = "s/cards.snapshot.txt"
        let checks = try Self.check(SnapshotFixtures.cards(), SnapshotFixtures.cards(), .default)
        func lines(_ outcome: LayoutCheck.Outcome) -> [String] {
            SnapshotText.lines(
                LayoutCheck(source: source, layout: "cards", golden: golden, outcome: outcome, configurations: checks))
        }
        #expect(source.count > 120)
        #expect(lines(.compared) == ["\(source): 16 configurations match"])
        #expect(lines(.recorded) == ["\(source): recorded 16 configurations (no golden yet)"])
        let missing = lines(.missing)
        #expect(missing.first == "\(source): no golden at \(golden)")
        #expect(missing.dropFirst().allSatisfy { $0.count <= 120 && $0.hasPrefix("  under --ci") })
        // A short path keeps the golden's path on the same line.
        let short = SnapshotText.lines(
            LayoutCheck(
                source: "cards.yaml", layout: "cards", golden: golden, outcome: .recorded, configurations: checks))
        #expect(short == ["cards.yaml: recorded 16 configurations (no golden yet) → \(golden)"])
    }
}
