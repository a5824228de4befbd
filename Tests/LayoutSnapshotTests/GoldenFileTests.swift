import CompositionalLayout
import Foundation
import LayoutSnapshot
import Testing

@Suite("golden files: writing and located reading")
struct GoldenFileTests {
    static let matrix = try! SnapshotMatrix.parse(devices: "iphone-se-3,ipad-mini", traits: "ltr,rtl")

    @Test("a golden reads back to the value written, every number exactly")
    func roundTrip() throws {
        let golden = try SnapshotFixtures.golden(SnapshotFixtures.cards(), Self.matrix)
        #expect(golden.blocks.count == 8)
        let read = try GoldenFile(text: golden.text, file: "cards.snapshot.txt")
        #expect(read == golden)
        #expect(read.text == golden.text)
        // iPhone 16 at 3x rounds to thirds of a point: shortest round-trip digits keep them exact.
        let thirds = try SnapshotFixtures.golden(
            SnapshotFixtures.cards(), try SnapshotMatrix.parse(devices: "iphone-16:portrait"))
        #expect(thirds.text.contains(".3333333333333"))
        #expect(try GoldenFile(text: thirds.text, file: "t") == thirds)
    }

    @Test("the header names the layout, source, entry, rules revision and each configuration")
    func header() throws {
        let golden = try SnapshotFixtures.golden(
            SnapshotFixtures.cards(), try SnapshotMatrix.parse(devices: "iphone-se-3"))
        let lines = golden.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "layoutbench snapshot 1")
        #expect(lines[1] == "layout: test")
        #expect(lines[2] == "source: test.yaml")
        #expect(lines[3] == "entry: -")
        #expect(lines[4] == "rules: \(GoldenFile.rulesRevision)")
        #expect(
            lines[5]
                == "configuration: iphone-se-3/portrait { width: 375, height: 667, displayScale: 2, "
                + "safeAreaInsets: { top: 20 } }")
        #expect(lines[6].hasPrefix("configuration: iphone-se-3/landscape { width: 667, height: 375, displayScale: 2, "))
        #expect(lines.contains("[iphone-se-3/portrait] content 375 372"))
        #expect(lines.contains("cell 0.0 16 48 171.5 100"))
        #expect(lines.contains("cell 0.1 187.5 48 171.5 100"))
        #expect(lines.contains("supplementary header 0.0 16 0 343 40"))
    }

    @Test("a kind with a space is quoted and reads back")
    func quotedKind() throws {
        let text = SnapshotFixtures.cards().replacingOccurrences(
            of: "elementKind: header", with: "elementKind: \"top bar\"")
        let golden = try SnapshotFixtures.golden(text, try SnapshotMatrix.parse(devices: "iphone-se-3:portrait"))
        #expect(golden.text.contains("supplementary \"top bar\" 0.0 16 0 343 40"))
        #expect(try GoldenFile(text: golden.text, file: "t") == golden)
    }

    /// The golden with line `number` (1-based) replaced.
    static func replacing(_ text: String, line number: Int, with line: String) -> String {
        var lines = text.components(separatedBy: "\n")
        lines[number - 1] = line
        return lines.joined(separator: "\n")
    }

    @Test(
        "a broken line is reported at its line and column",
        arguments: [
            ("cell 0.1 187.5 4x8 171.5 100", 16, "y '4x8' is not a number"),
            ("cell 0.1 187.5 48 171.5", 24, "the height is missing"),
            ("cell 0-1 187.5 48 171.5 100", 6, "'0-1' is not an index path"),
            ("celll 0.1 187.5 48 171.5 100", 1, "'celll' is not an element category"),
            ("cell 0.1 187.5 48 171.5 100 7", 29, "the line goes on after the frame"),
            ("supplementary \"head 0.0 1 2 3 4", 15, "the quoted word has no closing"),
        ])
    func brokenLine(line: String, column: Int, message: String) throws {
        let golden = try SnapshotFixtures.golden(
            SnapshotFixtures.cards(), try SnapshotMatrix.parse(devices: "iphone-se-3:portrait"))
        let lines = golden.text.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex(of: "cell 0.1 187.5 48 171.5 100"))
        let broken = Self.replacing(golden.text, line: index + 1, with: line)
        let error = try #require(throws: GoldenReadError.self) { try GoldenFile(text: broken, file: "g.snapshot.txt") }
        #expect(error.line == index + 1)
        #expect(error.column == column)
        #expect(error.message.contains(message), "\(error)")
        #expect(error.description.hasPrefix("g.snapshot.txt:\(index + 1):\(column): error: "))
    }

    @Test("header mistakes: the first line, a container the spec format rejects, a block nobody named")
    func headerErrors() throws {
        let golden = try SnapshotFixtures.golden(
            SnapshotFixtures.cards(), try SnapshotMatrix.parse(devices: "iphone-se-3:portrait"))
        let notOurs = try #require(throws: GoldenReadError.self) { try GoldenFile(text: "hello\n", file: "g") }
        #expect(notOurs.line == 1 && notOurs.message.contains("not a layoutbench snapshot file"))
        let badContainer = Self.replacing(
            golden.text, line: 6, with: "configuration: iphone-se-3/portrait { width: 375, heigth: 667 }")
        let container = try #require(throws: GoldenReadError.self) { try GoldenFile(text: badContainer, file: "g") }
        #expect(container.line == 6)
        #expect(container.column == 51, "\(container)")
        #expect(container.message.contains("unknown key 'heigth'"), "\(container)")
        let stray = golden.text + "\n[ipad-mini/portrait] content 1 1\n"
        let block = try #require(throws: GoldenReadError.self) { try GoldenFile(text: stray, file: "g") }
        #expect(block.message.contains("not a configuration the header names"))
        let missing = golden.text.components(separatedBy: "\n[")[0] + "\n"
        let noBlock = try #require(throws: GoldenReadError.self) { try GoldenFile(text: missing, file: "g") }
        #expect(noBlock.message.contains("no block [iphone-se-3/portrait] follows"))
    }

    @Test("golden file names: one per layout file, an explicit entry kept apart")
    func fileNames() {
        #expect(GoldenFile.fileName(forSource: "specs/photo-grid.yaml") == "photo-grid.snapshot.txt")
        #expect(GoldenFile.fileName(forSource: "Feed.swift", entry: "Feed.grid") == "Feed.Feed.grid.snapshot.txt")
        #expect(GoldenFile.fileName(forSource: ".hidden") == ".hidden.snapshot.txt")
    }
}
