import CompositionalLayout
import CompositionalLayoutUIKit
import Foundation
import LayoutSnapshot

/// When an assertion writes its golden file (docs/snapshots.md "From Swift tests").
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
    /// Record when there is no golden yet, compare otherwise: the first run records, every later run checks.
    case missing
    /// Write every golden again (after an intended change); nothing fails.
    case all
    /// Compare only: a missing golden fails (CI).
    case never

    /// `LAYOUTBENCH_SNAPSHOT_RECORD` (missing, all or never) when set; else `never` when `CI` is set (a CI
    /// run must not record a golden nobody reviewed), else `missing`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> SnapshotRecordMode
    {
        if let value = environment["LAYOUTBENCH_SNAPSHOT_RECORD"], let mode = SnapshotRecordMode(rawValue: value) {
            return mode
        }
        if let ci = environment["CI"], !ci.isEmpty, ci != "0", ci.lowercased() != "false" { return .never }
        return .missing
    }
}

/// The assertion's work without a test framework: solve, read the golden, compare, record. The test-framework
/// front ends (`assertLayoutSnapshot`) turn its result into an issue or a failure.
public enum LayoutSnapshotAssertion {
    /// Checks `layouts` against the golden at `goldenPath` in every configuration of `matrix`, writing the
    /// golden as `record` says.
    /// - Returns: the check (its `failed` and `SnapshotText.lines` say what a test reports).
    /// - Throws: `SnapshotSolveError` (the layout cannot be solved in a configuration), `GoldenReadError` (the
    ///   golden does not read: its file and line), `SnapshotWriteError`.
    /// - Complexity: one solve per configuration, O(configurations × (sections + items × log items)).
    public static func verify(
        _ layouts: SnapshotLayouts, name: String, source: String, matrix: SnapshotMatrix, goldenPath: String,
        record: SnapshotRecordMode
    ) throws -> LayoutCheck {
        let now = try GoldenFile.record(layout: name, source: source, layouts: layouts, matrix: matrix)
        guard SnapshotFiles.exists(goldenPath) else {
            if record == .never {
                return LayoutCheck(
                    source: source, layout: name, golden: goldenPath, outcome: .missing, configurations: [])
            }
            try SnapshotFiles.write(now.text, to: goldenPath, createFolder: true)
            return LayoutCheck(
                source: source, layout: name, golden: goldenPath, outcome: .recorded,
                configurations: now.blocks.map {
                    ConfigurationCheck(configuration: $0.configuration, status: .notRecorded, new: $0.frames)
                })
        }
        let golden = try GoldenFile(contentsOf: goldenPath)
        var check = LayoutCheck(
            source: source, layout: name, golden: goldenPath, outcome: .compared,
            configurations: LayoutCheck.compare(golden: golden, current: now.blocks))
        if record == .all {
            try SnapshotFiles.write(now.text, to: goldenPath, createFolder: true)
            check.outcome = .updated
        }
        return check
    }

    /// The UIKit layout object asked again in every configuration, as UIKit asks its section provider when the
    /// container or the traits change; `LayoutBenchHost.container` (what `UIScreen.main` and stand-in views
    /// read) is set to each configuration's container meanwhile.
    /// - Throws: `UIKitConversionError` when the provider returns nil for a section that has items.
    public static func layouts(
        _ layout: UICollectionViewCompositionalLayout, name: String, itemCounts: [Int], selfSizing: SelfSizing?,
        matrix: SnapshotMatrix
    ) throws -> SnapshotLayouts {
        hostLock.lock()
        defer { hostLock.unlock() }
        let saved = LayoutBenchHost.container
        defer { LayoutBenchHost.container = saved }
        var byID: [String: CollectionLayout] = [:]
        for configuration in matrix.configurations {
            LayoutBenchHost.container = configuration.container
            byID[configuration.id] = try layout.collectionLayout(
                name: name, container: configuration.container, itemCounts: itemCounts, selfSizing: selfSizing)
        }
        return .perConfiguration(byID)
    }

    /// `LayoutBenchHost.container` is one global: tests running in parallel take turns with it.
    static let hostLock = NSLock()

    /// Where a test's golden lives by default: `__LayoutSnapshots__/<test file name>/<name>.snapshot.txt`
    /// beside the test file, `name` being the test function's name without its arguments.
    public static func defaultGoldenPath(filePath: String, name: String) -> String {
        let file = URL(fileURLWithPath: filePath)
        let folder = file.deletingLastPathComponent().appendingPathComponent("__LayoutSnapshots__")
            .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
        return folder.appendingPathComponent(GoldenFile.fileName(forSource: fileSafe(name))).path
    }

    /// `testGrid()` → `testGrid`; characters a file name should not hold become `-`.
    static func fileSafe(_ name: String) -> String {
        let base = name.split(separator: "(").first.map(String.init) ?? name
        return String(base.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" }) + ".txt"
    }
}
