import CompositionalLayout
import CompositionalLayoutUIKit
import Foundation
import LayoutSnapshot
import LayoutSnapshotTesting
import Testing

/// The assertion as a team uses it from Swift Testing: the first run records, later runs compare, a change is
/// an issue at the call.
@Suite("assertLayoutSnapshot from Swift Testing")
struct AssertLayoutSnapshotTests {
    static func grid(columns: Int, inset: Double = 16) -> CollectionLayout {
        let item = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
            subitem: item, count: columns)
        let section = LayoutSection(group: group, contentInsets: EdgeInsets(all: inset), interGroupSpacing: 8)
        return CollectionLayout(
            name: "grid", container: LayoutContainer(width: 390, height: 844),
            sections: [SectionDefinition(count: 1, items: 9, section: section)])
    }

    static func temporaryGolden() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-testing-\(UUID().uuidString)")
            .appendingPathComponent("grid.snapshot.txt").path
    }

    @Test("the first run records and passes; the second compares and passes")
    func recordsThenCompares() throws {
        let path = Self.temporaryGolden()
        let matrix = try SnapshotMatrix.parse(devices: "iphone-16,ipad-mini")
        let first = assertLayoutSnapshot(of: Self.grid(columns: 3), matrix: matrix, record: .missing, goldenPath: path)
        #expect(first?.outcome == .recorded)
        #expect(FileManager.default.fileExists(atPath: path))
        let second = assertLayoutSnapshot(of: Self.grid(columns: 3), matrix: matrix, record: .missing, goldenPath: path)
        #expect(second?.outcome == .compared)
        #expect(second?.failed == false)
        #expect(second?.configurations.count == 4)
    }

    @Test("a changed layout is an issue at the call, naming the configurations and the largest changes")
    func changeIsAnIssue() throws {
        let path = Self.temporaryGolden()
        let matrix = try SnapshotMatrix.parse(devices: "iphone-16:portrait")
        assertLayoutSnapshot(of: Self.grid(columns: 3), matrix: matrix, record: .missing, goldenPath: path)
        var check: LayoutCheck?
        withKnownIssue {
            check = assertLayoutSnapshot(
                of: Self.grid(columns: 3, inset: 20), matrix: matrix, record: .missing, goldenPath: path)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("iphone-16/portrait: 9 moved, 9 resized, 0 appeared, 0 vanished")
                && issue.sourceLocation?.fileName == "AssertLayoutSnapshotTests.swift"
        }
        #expect(check?.failed == true)
        // `never` (CI): a missing golden fails instead of recording, and nothing is written.
        let missing = Self.temporaryGolden()
        var missed: LayoutCheck?
        withKnownIssue {
            missed = assertLayoutSnapshot(
                of: Self.grid(columns: 3), matrix: matrix, record: .never, goldenPath: missing)
        } matching: { issue in
            issue.sourceLocation?.fileName == "AssertLayoutSnapshotTests.swift"
        }
        #expect(missed?.outcome == .missing)
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test("a UIKit-named layout object: its provider asked in each configuration's environment")
    func uikitLayout() throws {
        let layout = UICollectionViewCompositionalLayout { _, environment in
            let columns = environment.container.effectiveContentSize.width > 600 ? 4 : 2
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1.0 / CGFloat(columns)), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)),
                subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }
        let path = Self.temporaryGolden()
        let matrix = try SnapshotMatrix.parse(devices: "iphone-16,ipad-mini")
        let check = assertLayoutSnapshot(
            of: layout, itemCounts: [8], matrix: matrix, record: .missing, goldenPath: path)
        #expect(check?.outcome == .recorded)
        let golden = try GoldenFile(contentsOf: path)
        #expect(golden.block("iphone-16/portrait")?.frames.contentSize.height == 320)
        #expect(golden.block("ipad-mini/portrait")?.frames.contentSize.height == 160)
        #expect(
            assertLayoutSnapshot(of: layout, itemCounts: [8], matrix: matrix, record: .missing, goldenPath: path)?
                .failed == false)
    }

    @Test("the record mode from the environment: LAYOUTBENCH_SNAPSHOT_RECORD, else never under CI")
    func recordMode() {
        #expect(SnapshotRecordMode.fromEnvironment([:]) == .missing)
        #expect(SnapshotRecordMode.fromEnvironment(["CI": "true"]) == .never)
        #expect(SnapshotRecordMode.fromEnvironment(["CI": "true", "LAYOUTBENCH_SNAPSHOT_RECORD": "all"]) == .all)
    }

    @Test("the default golden sits beside the test file")
    func defaultPath() {
        let path = LayoutSnapshotAssertion.defaultGoldenPath(filePath: "/src/Tests/FeedTests.swift", name: "feedGrid()")
        #expect(path == "/src/Tests/__LayoutSnapshots__/FeedTests/feedGrid.snapshot.txt")
    }
}
