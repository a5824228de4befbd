import BenchResults
import Dispatch
import ErrorReporting
import Foundation
import LayoutStore
import LayoutStorePostgres

/// The one place the CLI picks a store from a `--store` value: a `postgres://` URL opens the team store
/// (LayoutStorePostgres), anything else is a SQLite file.
enum StoreOpening {
    /// Whether `value` names a store that exists or is a server (a missing SQLite file is not one).
    static func exists(_ value: String) -> Bool {
        PostgresStoreURL.isPostgres(value) || FileManager.default.fileExists(atPath: value)
    }

    /// Opens the store `value` names (creating a SQLite file, migrating either).
    static func open(_ value: String) throws(StoreError) -> any ResultStore {
        if PostgresStoreURL.isPostgres(value) {
            let url = try PostgresStoreURL(value)
            #if Postgres
            return BlockingPostgresStore(
                store: try blocking { () async throws(StoreError) in try await PostgresResultStore.open(url) })
            #else
            throw .missingTrait(MissingBuildTrait(.postgres, feature: "the store \(url)"))
            #endif
        }
        return try SQLiteResultStore(path: value)
    }
}

#if Postgres
/// `PostgresResultStore` behind the synchronous `ResultStore`, for the CLI's synchronous commands only: each
/// call runs on a Task and the calling thread waits for it (see `blocking`). Closes its connection when the
/// command lets go of it, so the server sees the session end at once.
final class BlockingPostgresStore: ResultStore {
    let store: PostgresResultStore

    init(store: PostgresResultStore) { self.store = store }

    deinit {
        let store = self.store
        try? blocking { () async throws(StoreError) in await store.close() }
    }

    @discardableResult
    func add(_ report: BenchReport, metadata: RunMetadata) throws(StoreError) -> Int64 {
        try blocking { () async throws(StoreError) in try await self.store.add(report, metadata: metadata) }
    }
    func nameBaseline(_ name: String, run id: Int64) throws(StoreError) {
        try blocking { () async throws(StoreError) in try await self.store.nameBaseline(name, run: id) }
    }
    func baseline(named name: String) throws(StoreError) -> StoredRun {
        try blocking { () async throws(StoreError) in try await self.store.baseline(named: name) }
    }
    func latestRun(spec: String) throws(StoreError) -> StoredRun? {
        try blocking { () async throws(StoreError) in try await self.store.latestRun(spec: spec) }
    }
    func history(spec: String, scenarios: [String]?, last: Int, filter: HistoryFilter) throws(StoreError)
        -> [StoredRun]
    {
        try blocking { () async throws(StoreError) in
            try await self.store.history(spec: spec, scenarios: scenarios, last: last, filter: filter)
        }
    }
}

/// Runs `body` on a Task and blocks the calling thread until it ends. For the synchronous CLI only: the
/// calling thread must not be one the Task needs (the CLI's main thread is not a cooperative-pool thread).
func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws(StoreError) -> T) throws(StoreError) -> T {
    let box = BlockingResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do throws(StoreError) {
            box.result = .success(try await body())
        } catch {
            box.result = .failure(error)
        }
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

/// `blocking`'s result: written once by the Task before `done.signal()`, read after `done.wait()`; the
/// semaphore orders the two, hence `@unchecked Sendable`.
private final class BlockingResultBox<T>: @unchecked Sendable {
    var result: Result<T, StoreError>?
}
#endif
