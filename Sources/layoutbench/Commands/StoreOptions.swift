import BenchResults
import ErrorReporting
import Foundation
import LayoutBenchKit
import LayoutStore

/// `bench --store/--save-baseline` and `compare --baseline`: the CLI's side of the results store.
enum StoreCommand {
    /// Adds `report` to the store (the default one if only a baseline name is given) and names it.
    /// When `json` (the result file already written) is given, a store that fails throws `ResultKeptError`
    /// instead, which leaves that file as it is and says how to upload it later.
    static func save(
        _ report: BenchReport, store: String?, baseline: String?, label: String?, json: String? = nil
    ) throws {
        guard store != nil || baseline != nil else { return }
        let path = store ?? SQLiteResultStore.defaultPath
        // A StoreError says its own exit status: a store that cannot be written (a full disk) or reached is
        // the environment's failure (3), not bad input.
        do throws(StoreError) {
            let resultStore = try StoreOpening.open(path)
            let metadata = RunMetadata(
                label: label ?? baseline, dirty: report.gitDirty ?? false, origin: "bench",
                branch: currentBranch())
            let id = try resultStore.add(report, metadata: metadata)
            if let baseline { try resultStore.nameBaseline(baseline, run: id) }
        } catch {
            guard let json else { throw error }
            throw ResultKeptError(json: json, store: path, baseline: baseline, underlying: error)
        }
    }

    /// The branch a run is recorded on: CI's (`GITHUB_REF_NAME`, `CI_COMMIT_REF_NAME`; a CI checkout is often
    /// a detached HEAD), else the checkout's current branch, else nil (detached, or not a git work tree).
    static func currentBranch(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        for name in ["GITHUB_REF_NAME", "CI_COMMIT_REF_NAME"] {
            if let value = environment[name], !value.isEmpty { return value }
        }
        guard let branch = ChildProcess.firstLine(["git", "rev-parse", "--abbrev-ref", "HEAD"]),
            !branch.isEmpty, branch != "HEAD"
        else { return nil }
        return branch
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

/// `bench --json FILE --store S` measured and wrote FILE, then the store failed (unreachable, full, locked):
/// FILE is kept as written, not replaced by a failure record, and the message says how to upload it later.
/// Its exit status is the store error's: 3 for a store that cannot be reached or written, so CI can retry.
struct ResultKeptError: ReportableError {
    var json: String
    /// The `--store` value as given (a URL's password is never shown: see `shownStore`).
    var store: String
    var baseline: String?
    var underlying: StoreError

    var exitStatus: ExitStatus { underlying.exitStatus }
    var location: FailureLocation? { underlying.location }
    var failureCode: String { "resultKept" }

    /// The store as printed: a server store's own redacted name when the error carries one.
    var shownStore: String {
        if case let .unavailable(shown, _) = underlying { return shown }
        if case let .cannotOpen(shown, _) = underlying { return shown }
        return store
    }

    var report: String {
        let retry = "layoutbench push \(json) --store \(shownStore)"
        let unnamed = baseline.map { "; baseline '\($0)' was not named" } ?? ""
        return """
            error: \(underlying)
            note: the result is kept in \(json) (complete, not stored\(unnamed)); upload it later with `\(retry)`
            """
    }
}
