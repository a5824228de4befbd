import Foundation
import Testing

@testable import LayoutWatch

#if canImport(Glibc)
import Glibc
#endif

/// A run's two lines: the first look (one solve's summary, the picture and lint) at once, the bench and its
/// verdict when they are done; and a save of another spec that does not wait behind a running bench. The
/// real daemon with a bench slowed on purpose (each operation 20 ms: seconds of timing), so the first line
/// provably comes while the bench still runs. Serialized like the other end-to-end suite.
@Suite("layoutbench watch: a run's first line comes before its bench", .serialized)
struct DaemonFirstLookTests {
    @Test("the first line and the picture come while the bench runs; the record completes them, not repeated")
    func firstLineBeforeVerdict() throws {
        let daemon = try DaemonHarness(
            extraArguments: ["--render", "out"], budget: DaemonHarness.longRun,
            environment: DaemonHarness.longRunEnvironment)
        try daemon.write("a.yaml", DaemonHarness.spec(0))
        try daemon.start()
        let hash = DaemonHarness.hash(DaemonHarness.spec(0))
        #expect(
            waitUntil(timeout: 15) { daemon.heads("a.yaml").contains { $0.contains("solved") } },
            "\(daemon.stdout)\n\(daemon.stderr)")
        // While the slowed bench runs: the picture is there, and no record is logged yet.
        #expect(FileManager.default.fileExists(atPath: daemon.folder.appendingPathComponent("out/a.svg").path))
        #expect(daemon.records("a.yaml").isEmpty, "\(daemon.records("a.yaml"))")
        #expect(!daemon.children().isEmpty, "the bench still runs")
        let first = daemon.heads("a.yaml").first ?? ""
        #expect(
            first.contains("#" + hash.prefix(8)) && first.contains("12 items in 1 section, 390 × 300 pt"), "\(first)")
        #expect(daemon.stdout.contains("    picture: out/a.svg"), "\(daemon.stdout)")

        let record = daemon.waitForRecord("a.yaml", timeout: 60) { $0.status == .ok }
        #expect(
            record?.firstLook?.items == 12 && record?.firstLook?.contentHeight == 300, "\(String(describing: record))")
        #expect((record?.firstLook?.after ?? .infinity) < (record?.duration ?? 0))
        #expect(record?.picture == "out/a.svg", "the record still names the picture")
        #expect(waitUntil(timeout: 2) { daemon.heads("a.yaml").count == 2 }, "\(daemon.stdout)")
        #expect(daemon.heads("a.yaml").last?.contains("ok in") == true, "\(daemon.stdout)")
        #expect(
            daemon.stdout.components(separatedBy: "picture: out/a.svg").count == 2, "shown once: \(daemon.stdout)")
    }

    @Test("a bad spec's error is its run's only line, at once")
    func badSpecOneLine() throws {
        let daemon = try DaemonHarness(budget: DaemonHarness.longRun, environment: DaemonHarness.longRunEnvironment)
        try daemon.write("a.yaml", "version: 1\ncontainer: { width: 390, height: 844 }\nsections:\n  - itemz: 3\n")
        try daemon.start()
        let error = daemon.waitForRecord("a.yaml", timeout: 15) { $0.status == .error }
        #expect(error?.error?.code == "unknownKey" && error?.firstLook == nil, "\(String(describing: error))")
        // The console block follows the log's line.
        #expect(waitUntil(timeout: 2) { !daemon.heads("a.yaml").isEmpty })
        #expect(daemon.heads("a.yaml").count == 1 && daemon.heads("a.yaml").first?.contains("ERROR") == true)
        #expect(daemon.process.isRunning)
    }

    @Test("specs run together (the start, a burst) each run to their verdict: none cancels another's bench")
    func togetherEachToItsVerdict() throws {
        // Each bench slowed to about half a second, long enough for the others' first lines to fall inside it.
        let daemon = try DaemonHarness(
            budget: ["--repetitions", "20", "--rounds", "1"], environment: DaemonHarness.longRunEnvironment)
        for name in ["a.yaml", "b.yaml", "c.yaml"] { try daemon.write(name, DaemonHarness.spec(0)) }
        try daemon.start()
        for name in ["a.yaml", "b.yaml", "c.yaml"] {
            #expect(daemon.waitForRecord(name, timeout: 30) { $0.status == .ok } != nil, "\(name): \(daemon.stderr)")
        }
        #expect(daemon.log.records.allSatisfy { $0.status == .ok }, "\(daemon.log.records.map(\.status))")
        #expect(daemon.log.records.count == 3)
    }

    @Test("a save of another spec cancels a running bench, runs first, and the cancelled spec runs again after")
    func anotherSaveDoesNotWait() throws {
        let daemon = try DaemonHarness(budget: DaemonHarness.longRun, environment: DaemonHarness.longRunEnvironment)
        try daemon.write("a.yaml", DaemonHarness.spec(0))
        try daemon.start()
        #expect(
            waitUntil(timeout: 15) { daemon.heads("a.yaml").contains { $0.contains("solved") } },
            "\(daemon.stdout)\n\(daemon.stderr)")
        try daemon.write("b.yaml", DaemonHarness.spec(1))
        // b's first line comes without waiting for a's bench (seconds, slowed).
        #expect(
            waitUntil(timeout: 5) { daemon.heads("b.yaml").contains { $0.contains("solved") } },
            "\(daemon.stdout)\n\(daemon.stderr)")
        let cancelled = daemon.waitForRecord("a.yaml") { $0.status == .cancelled }
        #expect(
            cancelled?.firstLook?.items == 12, "what its first line showed is logged: \(String(describing: cancelled))")
        // a runs again once b's run is over: a third save (c) ends b's bench in turn, and a, queued before c,
        // shows its first line again.
        try daemon.write("c.yaml", DaemonHarness.spec(2))
        #expect(
            waitUntil(timeout: 10) { daemon.heads("a.yaml").filter { $0.contains("solved") }.count == 2 },
            "\(daemon.stdout)\n\(daemon.stderr)")
        #expect(daemon.waitForRecord("b.yaml") { $0.status == .cancelled } != nil)
        #expect(daemon.process.isRunning && daemon.log.skippedLines.isEmpty)
    }
}
