import CompositionalLayout
import CompositionalLayoutUIKit
import ErrorReporting
import Foundation
import LayoutSnapshot

#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Asserts that `layout` solves, in every configuration of `matrix`, to the frames its golden file holds;
/// records the golden on the first run (docs/snapshots.md "From Swift tests"). Usable from Swift Testing
/// (a failure is an `Issue` at the call) and from XCTest (an `XCTFail` at the call).
///
/// ```swift
/// @Test func feedLayout() {
///     assertLayoutSnapshot(of: FeedLayout.make(), matrix: .default)
/// }
/// ```
///
/// - Parameters:
///   - name: the golden's name; default the test function's name.
///   - record: when to write the golden; default `SnapshotRecordMode.fromEnvironment()`.
///   - goldenPath: where the golden is; default `__LayoutSnapshots__/<test file>/<name>.snapshot.txt` beside
///     the test file.
/// - Returns: the check, for a test that wants to look further; nil when it could not be made (reported).
/// - Complexity: one solve per configuration.
@discardableResult
public func assertLayoutSnapshot(
    of layout: CollectionLayout, named name: String? = nil, matrix: SnapshotMatrix = .default,
    record: SnapshotRecordMode? = nil, goldenPath: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) -> LayoutCheck? {
    let place = SnapshotCallPlace(fileID: fileID, filePath: filePath, line: line, column: column)
    return place.run(name: name ?? "\(function)", goldenPath: goldenPath, record: record) { _ in
        (.same(layout), layout.name, matrix)
    }
}

/// The same over a UIKit-named layout object (`CompositionalLayoutUIKit`): its section provider is asked in
/// each configuration's environment, as UIKit asks it, with `itemCounts[i]` items in section i.
@discardableResult
public func assertLayoutSnapshot(
    of layout: UICollectionViewCompositionalLayout, itemCounts: [Int], selfSizing: SelfSizing? = nil,
    named name: String? = nil, matrix: SnapshotMatrix = .default, record: SnapshotRecordMode? = nil,
    goldenPath: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) -> LayoutCheck? {
    let place = SnapshotCallPlace(fileID: fileID, filePath: filePath, line: line, column: column)
    return place.run(name: name ?? "\(function)", goldenPath: goldenPath, record: record) { name in
        let layouts = try LayoutSnapshotAssertion.layouts(
            layout, name: name, itemCounts: itemCounts, selfSizing: selfSizing, matrix: matrix)
        return (layouts, name, matrix)
    }
}

/// Where an assertion was written, and how it reports to whichever test framework runs it.
struct SnapshotCallPlace {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt

    func run(
        name: String, goldenPath: String?, record: SnapshotRecordMode?,
        _ make: (String) throws -> (SnapshotLayouts, String, SnapshotMatrix)
    ) -> LayoutCheck? {
        let path = goldenPath ?? LayoutSnapshotAssertion.defaultGoldenPath(filePath: "\(filePath)", name: name)
        do {
            let (layouts, layoutName, matrix) = try make(String(LayoutSnapshotAssertion.fileSafe(name).dropLast(4)))
            let check = try LayoutSnapshotAssertion.verify(
                layouts, name: layoutName, source: "\(fileID)", matrix: matrix, goldenPath: path,
                record: record ?? .fromEnvironment())
            if check.failed { fail(SnapshotText.lines(check).joined(separator: "\n")) }
            return check
        } catch let error as any ReportableError {
            fail(error.report)
        } catch {
            fail("layout snapshot: \(error)")
        }
        return nil
    }

    /// An `Issue` when Swift Testing runs the test, an `XCTFail` otherwise.
    func fail(_ message: String) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(message, file: filePath, line: line)
        #else
        print("layout snapshot failed: \(message)")
        #endif
    }
}
