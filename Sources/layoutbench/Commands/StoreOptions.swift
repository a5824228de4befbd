import BenchResults
import ErrorReporting
import Foundation
import LayoutBenchKit
import LayoutStore

/// `bench --store/--save-baseline` and `compare --baseline`: the CLI's side of the results store.
enum StoreCommand {
    /// Adds `report` to the store (the default one if only a baseline name is given) and names it.
    static func save(_ report: BenchReport, store: String?, baseline: String?, label: String?) throws {
        guard store != nil || baseline != nil else { return }
        let path = store ?? SQLiteResultStore.defaultPath
        // A StoreError says its own exit status: a store that cannot be written (a full disk) is the
        // environment's failure (3), not bad input.
        let resultStore = try StoreOpening.open(path)
        let metadata = RunMetadata(label: label ?? baseline, dirty: report.gitDirty ?? false, origin: "bench")
        let id = try resultStore.add(report, metadata: metadata)
        if let baseline { try resultStore.nameBaseline(baseline, run: id) }
    }

    /// The stored baseline `name`, as a result to compare against.
    static func baseline(_ name: String, store: String?) throws -> BenchReport {
        let path = store ?? SQLiteResultStore.defaultPath
        guard StoreOpening.exists(path) else {
            throw CLIError.badArgument(
                "\(path): no results store (save a baseline with `layoutbench bench --save-baseline \(name)`)")
        }
        return try StoreOpening.open(path).baseline(named: name).report
    }

    /// Compares the result file at `headPath` against the stored baseline `name`.
    static func compare(
        baseline name: String, store: String?, headPath: String,
        options: ComparisonOptions
    ) throws -> ComparisonReport {
        let base = try baseline(name, store: store)
        let head: BenchReport
        do {
            head = try BenchReport.load(path: headPath)
        } catch {
            throw CompareError.file(error)
        }
        return try Comparator.compare(
            base: base, head: head, basePath: "baseline \(name)", headPath: headPath, options: options)
    }
}
