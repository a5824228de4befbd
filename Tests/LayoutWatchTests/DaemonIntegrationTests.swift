import ErrorReporting
import Foundation
import LayoutStore
import Testing

@testable import LayoutWatch

#if canImport(Glibc)
import Glibc
#endif

/// The real daemon binary on a temporary folder. Serialized: each test owns one daemon and its children, and
/// the timing checks (stop within 2 s) should not compete with another test's daemon for 2 cores.
@Suite("layoutbench watch, end to end", .serialized)
struct DaemonIntegrationTests {
    @Test("a plain write, a save-by-rename, a delete and re-create and a new file in a subfolder are each run")
    func fileEvents() throws {
        let daemon = try DaemonHarness()
        try daemon.write("a.yaml", DaemonHarness.spec(0))
        try daemon.start()
        #expect(
            daemon.waitForRecord("a.yaml") {
                $0.status == .ok && $0.specHash == DaemonHarness.hash(DaemonHarness.spec(0))
            } != nil,
            "initial run: \(daemon.stderr)")

        try daemon.write("a.yaml", DaemonHarness.spec(1))
        #expect(
            daemon.waitForRecord("a.yaml") {
                $0.status == .ok && $0.specHash == DaemonHarness.hash(DaemonHarness.spec(1))
            } != nil, "plain write")

        // Save-by-rename, as vim and most editors do: write a temporary, rename it over the spec.
        let temporary = daemon.specs.appendingPathComponent(".a.yaml.swp")
        try Data(DaemonHarness.spec(2).utf8).write(to: temporary)
        #expect(rename(temporary.path, daemon.specs.appendingPathComponent("a.yaml").path) == 0)
        let renamed = daemon.waitForRecord("a.yaml") {
            $0.status == .ok && $0.specHash == DaemonHarness.hash(DaemonHarness.spec(2))
        }
        #expect(renamed != nil, "save-by-rename")
        #expect(renamed?.results?.first?.change != nil, "a change against the previous ok run")
        // Timed in lock-step against the layout the previous run benched, in the child's one process.
        #expect(
            renamed?.results?.allSatisfy { ($0.change?.lockstepPairs ?? 0) > 0 } == true,
            "\(String(describing: renamed?.results))")

        try FileManager.default.removeItem(at: daemon.specs.appendingPathComponent("a.yaml"))
        try daemon.write("a.yaml", DaemonHarness.spec(3))
        #expect(
            daemon.waitForRecord("a.yaml") {
                $0.status == .ok && $0.specHash == DaemonHarness.hash(DaemonHarness.spec(3))
            } != nil, "delete and re-create")

        try daemon.write("deep/er/b.yaml", DaemonHarness.spec(4))
        #expect(daemon.waitForRecord("deep/er/b.yaml") { $0.status == .ok } != nil, "new file in a new subfolder")
        #expect(daemon.log.skippedLines.isEmpty)
        #expect(daemon.log.records.allSatisfy { !$0.spec.contains(".swp") })
        #expect(daemon.process.isRunning)
    }

    @Test("an invalid spec logs its located error, then its fix runs ok; the last good results are kept")
    func invalidThenFixed() throws {
        let daemon = try DaemonHarness()
        try daemon.write("a.yaml", DaemonHarness.spec(0))
        try daemon.start()
        #expect(daemon.waitForRecord("a.yaml") { $0.status == .ok } != nil, "\(daemon.stderr)")
        try daemon.write("a.yaml", "version: 1\ncontainer: { width: 390, height: 844 }\nsections:\n  - itemz: 3\n")
        let error = daemon.waitForRecord("a.yaml") { $0.status == .error }
        #expect(error?.error?.line == 4 && error?.error?.column != nil, "\(String(describing: error))")
        #expect(error?.error?.message.contains("a.yaml:4:") == true)
        // From the child's failure record (the spec error's code), not from its standard error.
        #expect(error?.error?.code == "unknownKey", "\(String(describing: error))")
        try daemon.write("a.yaml", DaemonHarness.spec(5))
        #expect(
            daemon.waitForRecord("a.yaml") {
                $0.status == .ok && $0.specHash == DaemonHarness.hash(DaemonHarness.spec(5))
            } != nil)
        // The fixed run's change is against the last ok run, from before the error (its snapshot kept).
        #expect(daemon.records("a.yaml").last?.results?.first?.change != nil)
        #expect((daemon.records("a.yaml").last?.results?.first?.change?.lockstepPairs ?? 0) > 0)
        #expect(daemon.process.isRunning)
    }

    @Test("the run folder is the daemon's own: a killed one's stays; the next times in lock-step, removes its own")
    func runFolderOfItsOwn() throws {
        let daemon = try DaemonHarness()
        try daemon.write("a.yaml", DaemonHarness.spec(0))
        try daemon.start()
        #expect(daemon.waitForRecord("a.yaml") { $0.status == .ok } != nil, "\(daemon.stderr)")
        let first = daemon.runFolders
        #expect(first.count == 1, "\(first)")
        // The kept snapshot is in it, under the first run's name.
        let kept = first.first.map {
            daemon.temporary.appendingPathComponent($0).appendingPathComponent("run-1.json.before.yaml")
        }
        #expect(kept.map { FileManager.default.fileExists(atPath: $0.path) } == true)
        daemon.signal(SIGKILL)
        daemon.process.waitUntilExit()
        #expect(daemon.runFolders == first, "a killed daemon cannot clean up")

        try daemon.start()
        let before = daemon.records("a.yaml").count
        #expect(daemon.waitForRecord("a.yaml", after: before) { $0.status == .ok } != nil, "\(daemon.stderr)")
        try daemon.write("a.yaml", DaemonHarness.spec(1))
        let changed = daemon.waitForRecord("a.yaml", after: before) {
            $0.status == .ok && $0.specHash == DaemonHarness.hash(DaemonHarness.spec(1))
        }
        // The killed daemon's files are not this one's: its second run is timed against its first.
        #expect((changed?.results?.first?.change?.lockstepPairs ?? 0) > 0, "\(String(describing: changed))")
        let both = daemon.runFolders
        #expect(both.count == 2 && Set(first).isSubset(of: both), "\(both)")
        daemon.stop()
        #expect(daemon.process.terminationReason == .exit, "stopped by SIGTERM, not killed")
        #expect(daemon.runFolders == first, "its own folder removed, the killed one's left alone")
    }

    @Test("--render: the bench child draws the picture as render does; a bad save keeps the last good one")
    func rendersPicture() throws {
        let daemon = try DaemonHarness(extraArguments: ["--render", "out"])
        try daemon.write("a.yaml", DaemonHarness.spec(0))
        try daemon.start()
        let ok = daemon.waitForRecord("a.yaml") { $0.status == .ok }
        let picture = daemon.folder.appendingPathComponent("out/a.svg").path
        #expect(ok?.picture == "out/a.svg" || ok?.picture == picture, "\(String(describing: ok))")
        let drawn = try String(contentsOfFile: picture, encoding: .utf8)
        let render = Process()
        render.executableURL = DaemonHarness.binary
        let expected = daemon.folder.appendingPathComponent("expected.svg").path
        render.arguments = ["render", daemon.path("a.yaml"), "-o", expected]
        try render.run()
        render.waitUntilExit()
        #expect(drawn == (try String(contentsOfFile: expected, encoding: .utf8)))
        try daemon.write("a.yaml", "version: 1\ncontainer: { width: 390, height: 844 }\nsections:\n  - itemz: 3\n")
        #expect(daemon.waitForRecord("a.yaml") { $0.status == .error }?.picture == nil)
        #expect(try String(contentsOfFile: picture, encoding: .utf8) == drawn, "the last good picture is kept")
        #expect(daemon.process.isRunning)
    }

    @Test("200 saves in a burst are coalesced; the last ok record names the last content's hash")
    func burst() throws {
        let daemon = try DaemonHarness()
        try daemon.write("a.yaml", DaemonHarness.spec(0))
        try daemon.start()
        #expect(daemon.waitForRecord("a.yaml") { $0.status == .ok } != nil, "\(daemon.stderr)")
        for n in 1...200 { try daemon.write("a.yaml", DaemonHarness.spec(n)) }
        let last = DaemonHarness.hash(DaemonHarness.spec(200))
        #expect(daemon.waitForRecord("a.yaml", timeout: 20) { $0.status == .ok && $0.specHash == last } != nil)
        let records = daemon.records("a.yaml")
        #expect(records.count < 20, "coalesced: \(records.count) records for 200 saves")
        #expect(records.last(where: { $0.status == .ok })?.specHash == last)
        #expect(daemon.process.isRunning && daemon.log.skippedLines.isEmpty)
    }

    @Test("a child killed with SIGKILL is logged as crashed and the daemon goes on")
    func childKilled() throws {
        let daemon = try DaemonHarness(budget: DaemonHarness.longRun, environment: DaemonHarness.longRunEnvironment)
        try daemon.write("a.yaml", DaemonHarness.spec(0))
        try daemon.start()
        #expect(waitUntil(timeout: 10) { !daemon.children().isEmpty }, "\(daemon.stderr)")
        for child in daemon.children() { kill(child, SIGKILL) }
        let crashed = daemon.waitForRecord("a.yaml") { $0.status == .crashed }
        #expect(crashed?.error?.code == "signal 9")
        try daemon.write("a.yaml", "version: 1\nsections: oops\n")
        #expect(daemon.waitForRecord("a.yaml") { $0.status == .error } != nil, "the daemon still runs specs")
        #expect(daemon.process.isRunning)
    }

    @Test("a run over --timeout is killed and logged as timeout")
    func timeout() throws {
        let daemon = try DaemonHarness(
            extraArguments: ["--timeout", "1"], budget: DaemonHarness.longRun,
            environment: DaemonHarness.longRunEnvironment)
        try daemon.write("a.yaml", DaemonHarness.spec(0))
        try daemon.start()
        let record = daemon.waitForRecord("a.yaml", timeout: 10) { $0.status == .timeout }
        #expect(record != nil && (record?.duration ?? 0) < 5, "\(daemon.stderr)")
        #expect(daemon.process.isRunning)
    }

    @Test("SIGTERM during a run stops the daemon within 2 s, the child killed, whole records only")
    func sigterm() throws {
        let daemon = try DaemonHarness(budget: DaemonHarness.longRun, environment: DaemonHarness.longRunEnvironment)
        try daemon.write("a.yaml", DaemonHarness.spec(0))
        try daemon.start()
        #expect(waitUntil(timeout: 10) { !daemon.children().isEmpty }, "\(daemon.stderr)")
        let child = daemon.children().first ?? 0
        let sent = Date()
        daemon.signal(SIGTERM)
        #expect(waitUntil(timeout: 3) { !daemon.process.isRunning })
        #expect(Date().timeIntervalSince(sent) < 2)
        #expect(daemon.process.terminationStatus == 0)
        let log = daemon.log
        #expect(log.skippedLines.isEmpty)
        #expect(log.records.last?.status == .cancelled)
        #expect(
            waitUntil(timeout: 2) {
                let state = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? ""
                return state.isEmpty || state.contains(") Z")  // gone, or a zombie awaiting its new parent
            })
    }

    @Test(
        "kill -9 of the daemon during a burst, then a restart: the log parses, the store opens, nothing older is lost")
    func killedDuringBurst() throws {
        let daemon = try DaemonHarness()
        try daemon.write("a.yaml", DaemonHarness.spec(0))
        try daemon.start()
        #expect(daemon.waitForRecord("a.yaml") { $0.status == .ok } != nil, "\(daemon.stderr)")
        for n in 1...30 {
            try daemon.write("a.yaml", DaemonHarness.spec(n))
            if n % 10 == 0 { usleep(150_000) }  // let runs start, so the kill lands mid-run
        }
        daemon.signal(SIGKILL)
        daemon.process.waitUntilExit()
        let before = daemon.log
        #expect(before.skippedLines.isEmpty)
        for n in 31...40 { try daemon.write("a.yaml", DaemonHarness.spec(n)) }
        try daemon.start()
        let last = DaemonHarness.hash(DaemonHarness.spec(40))
        #expect(
            daemon.waitForRecord("a.yaml", after: before.records.count) { $0.status == .ok && $0.specHash == last }
                != nil, "\(daemon.stderr)")
        let after = daemon.log
        #expect(after.skippedLines.isEmpty)
        #expect(Array(after.records.prefix(before.records.count)) == before.records)
        let store = try SQLiteResultStore(path: daemon.storePath)
        let stored = Set(try store.runIDs())
        #expect(after.records.compactMap(\.storeRun).allSatisfy(stored.contains))
    }

    @Test("--once runs every spec once and exits 0, or 2 when a spec is bad")
    func once() throws {
        let daemon = try DaemonHarness(extraArguments: ["--once"])
        try daemon.write("a.yaml", DaemonHarness.spec(0))
        try daemon.write("sub/b.yaml", DaemonHarness.spec(1))
        try daemon.start()
        #expect(waitUntil(timeout: 15) { !daemon.process.isRunning })
        #expect(daemon.process.terminationStatus == 0, "\(daemon.stderr)")
        #expect(daemon.log.records.map(\.status) == [.ok, .ok])
        // Its run folder (the kept snapshots) went with it: removed after the block that stopped it, which a
        // removal racing that block's own file removals left behind.
        #expect(daemon.runFolders.isEmpty, "\(daemon.runFolders)")
        try daemon.write("c.yaml", "version: 1\nsections: []\nbogus: 1\n")
        try daemon.start()
        #expect(waitUntil(timeout: 15) { !daemon.process.isRunning })
        #expect(daemon.process.terminationStatus == 2)
        #expect(daemon.records("c.yaml").last?.status == .error)
        #expect(daemon.runFolders.isEmpty, "\(daemon.runFolders)")
    }

    /// Layout code as `layoutbench watch` sees it (docs/import.md): the bench child imports the `.swift` file.
    /// With `trap`, the group splits its width equally among 3 half-width items (LB101, docs/lint.md).
    static func swiftLayout(height: String, trap: Bool = false) -> String {
        let subitems = trap ? "subitem: item, count: 3" : "subitems: [item]"
        return """
            import UIKit

            enum Layouts {
                static func grid() -> UICollectionViewCompositionalLayout {
                    UICollectionViewCompositionalLayout { _, _ in
                        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                            widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1.0)))
                        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
                            widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(\(height))), \(subitems))
                        return NSCollectionLayoutSection(group: group)
                    }
                }
            }

            """
    }

    @Test(
        ".swift layout code is imported and benched; a compile error is located at the user's line; the fix runs",
        .enabled(if: BuildTrait.importing.isBuilt, "needs the Import trait"))
    func swiftLayoutCode() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("watch-import-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let daemon = try DaemonHarness(environment: ["LAYOUTBENCH_CACHE_DIR": cache.path])
        try daemon.write("Grid.swift", Self.swiftLayout(height: "120"))
        try daemon.start()
        // A cold import compiles with swiftc: seconds in a debug build on a busy machine.
        let first = daemon.waitForRecord("Grid.swift", timeout: 120) { $0.status != .cancelled }
        #expect(
            first?.status == .ok && first?.results?.isEmpty == false, "\(String(describing: first)) \(daemon.stderr)")

        // Line 9 names a symbol nothing declares.
        try daemon.write("Grid.swift", Self.swiftLayout(height: "rowHeight"))
        let broken = daemon.waitForRecord("Grid.swift", after: 1, timeout: 120) { $0.status != .cancelled }
        #expect(broken?.status == .error, "\(String(describing: broken))")
        #expect(broken?.error?.file == daemon.path("Grid.swift"), "\(String(describing: broken))")
        #expect(broken?.error?.line == 9 && broken?.error?.column != nil, "\(String(describing: broken))")
        #expect(broken?.error?.message.contains("Grid.swift:9:") == true)
        #expect(broken?.error?.message.contains("rowHeight") == true)
        #expect(broken?.error?.code == "import", "from the child's failure record")

        try daemon.write("Grid.swift", Self.swiftLayout(height: "90"))
        let fixed = daemon.waitForRecord("Grid.swift", after: 2, timeout: 120) { $0.status != .cancelled }
        #expect(fixed?.status == .ok, "\(String(describing: fixed))")
        // The change is against the last ok run, from before the error.
        #expect(fixed?.results?.first?.change != nil)

        // A trap in the layout code: the finding is at the Swift line that built the item, not at 1:1.
        try daemon.write("Grid.swift", Self.swiftLayout(height: "90", trap: true))
        let trapped = daemon.waitForRecord("Grid.swift", after: 3, timeout: 120) { $0.status != .cancelled }
        #expect(trapped?.status == .ok, "\(String(describing: trapped))")
        let finding = trapped?.lint?.new.first
        #expect(finding?.code == "LB101", "\(String(describing: trapped))")
        #expect((finding?.line ?? 1) > 1, "at the item's Swift line: \(String(describing: finding))")

        // The missing symbol declared in a second file of the folder: saving that file runs Grid.swift
        // again, compiled with it (an app target compiles its folder's files together); the helpers file
        // itself logs no run.
        try daemon.write("Grid.swift", Self.swiftLayout(height: "rowHeight"))
        let unresolved = daemon.waitForRecord("Grid.swift", after: 4, timeout: 120) { $0.status != .cancelled }
        #expect(unresolved?.status == .error, "\(String(describing: unresolved))")
        try daemon.write("Metrics.swift", "import UIKit\n\nlet rowHeight: CGFloat = 100\n")
        let resolved = daemon.waitForRecord("Grid.swift", after: 5, timeout: 120) { $0.status != .cancelled }
        #expect(resolved?.status == .ok, "\(String(describing: resolved)) \(daemon.stderr)")
        #expect(daemon.records("Metrics.swift").isEmpty)
        #expect(daemon.process.isRunning)
    }
}
