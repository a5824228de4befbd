import CompositionalLayout
import Foundation
import LayoutSnapshot
import LayoutSnapshotTesting
import XCTest

/// The same assertion from XCTest (run with `swift test` without `--disable-xctest`).
final class AssertLayoutSnapshotXCTests: XCTestCase {
    /// Failures recorded while `capturing` is on, kept instead of failing the test.
    var captured: [(description: String, line: Int)] = []
    var capturing = false

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if capturing {
            captured.append((description, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testChangeIsAFailureAtTheCall() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xc-\(UUID().uuidString)")
            .appendingPathComponent("grid.snapshot.txt").path
        let matrix = try SnapshotMatrix.parse(devices: "iphone-se-3:portrait")
        assertLayoutSnapshot(
            of: AssertLayoutSnapshotTests.grid(columns: 2), matrix: matrix, record: .missing, goldenPath: path)
        capturing = true
        let line = #line + 1
        assertLayoutSnapshot(
            of: AssertLayoutSnapshotTests.grid(columns: 3), matrix: matrix, record: .missing, goldenPath: path)
        capturing = false
        XCTAssertEqual(captured.count, 1)
        XCTAssertEqual(captured.first?.line, line)
        XCTAssertTrue(captured.first?.description.contains("iphone-se-3/portrait: ") == true, "\(captured)")
    }

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
