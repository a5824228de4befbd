import CompositionalLayout
import Foundation
import LayoutSnapshot
import LayoutSnapshotTesting
import XCTest

/// The same assertion from XCTest (run with `swift test` without `--disable-xctest`).
final class AssertLayoutSnapshotXCTests: XCTestCase {
    func testRecordsThenCompares() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xc-\(UUID().uuidString)")
            .appendingPathComponent("grid.snapshot.txt").path
        let layout = AssertLayoutSnapshotTests.grid(columns: 2)
        let matrix = try SnapshotMatrix.parse(devices: "iphone-se-3")
        XCTAssertEqual(
            assertLayoutSnapshot(of: layout, matrix: matrix, record: .missing, goldenPath: path)?.outcome, .recorded)
        let check = assertLayoutSnapshot(of: layout, matrix: matrix, record: .missing, goldenPath: path)
        XCTAssertEqual(check?.outcome, .compared)
        XCTAssertEqual(check?.failed, false)
    }
}
