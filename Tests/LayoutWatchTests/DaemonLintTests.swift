import Foundation
import Testing

@testable import LayoutWatch

/// `watch` lints each run and prints only what changed (issue 20). In the serialized end-to-end suite.
extension DaemonIntegrationTests {
    /// A spec whose group repeats one fractionalWidth(0.3) subitem twice (LB101, docs/lint.md) when `trap`,
    /// else a quarter-width one four times; `variant` changes a comment only.
    static func lintSpec(trap: Bool, variant: Int) -> String {
        """
        version: 1
        name: tiles
        container: { width: 390, height: 844 }
        sections:
          - items: 4
            group:
              horizontal:
                size: { width: fractionalWidth(1), height: absolute(100) }
                subitem: { item: { size: { width: fractionalWidth(\(trap ? "0.3" : "0.25")), height: fractionalHeight(1) } } }
                count: \(trap ? 2 : 4)
        # variant \(variant)

        """
    }

    @Test("a new lint finding is printed and logged once; an unchanged finding is not again; its fix says fixed")
    func lintFindings() throws {
        let daemon = try DaemonHarness()
        let clean = Self.lintSpec(trap: false, variant: 0)
        try daemon.write("a.yaml", clean)
        try daemon.start()
        let first = daemon.waitForRecord("a.yaml") { $0.status == .ok && $0.specHash == DaemonHarness.hash(clean) }
        #expect(first != nil, "\(daemon.stderr)")
        #expect(first?.lint == nil, "a clean spec has nothing to report")

        let trapped = Self.lintSpec(trap: true, variant: 1)
        try daemon.write("a.yaml", trapped)
        let found = daemon.waitForRecord("a.yaml") { $0.status == .ok && $0.specHash == DaemonHarness.hash(trapped) }
        #expect(found?.lint?.new.map(\.code) == ["LB101"], "\(String(describing: found))")
        #expect(found?.lint?.new.first?.line == 9 && found?.lint?.fixed == 0)

        // The same trap, the file saved with another comment: a run, and nothing new to say.
        let again = Self.lintSpec(trap: true, variant: 2)
        try daemon.write("a.yaml", again)
        let unchanged = daemon.waitForRecord("a.yaml") { $0.status == .ok && $0.specHash == DaemonHarness.hash(again) }
        #expect(unchanged != nil)
        #expect(unchanged?.lint == nil, "\(String(describing: unchanged))")

        let fixed = Self.lintSpec(trap: false, variant: 3)
        try daemon.write("a.yaml", fixed)
        let gone = daemon.waitForRecord("a.yaml") { $0.status == .ok && $0.specHash == DaemonHarness.hash(fixed) }
        #expect(gone?.lint == LintChange(new: [], fixed: 1), "\(String(describing: gone))")

        // The console block is written just after the log line: wait for the last one.
        var stdout = ""
        #expect(
            waitUntil(timeout: 5) {
                stdout =
                    (try? String(contentsOf: daemon.folder.appendingPathComponent("stdout.txt"), encoding: .utf8)) ?? ""
                return stdout.contains("lint: 1 finding fixed")
            }, "\(stdout)")
        let printed = stdout.split(separator: "\n").filter { $0.contains("lint: LB101 9:") }
        #expect(printed.count == 1, "\(stdout)")
        #expect(printed.first?.contains("each item is 195 pt wide, not 117 pt") == true, "\(stdout)")
    }
}
