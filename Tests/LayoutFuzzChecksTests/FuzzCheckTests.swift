import CompositionalLayout
import Foundation
import Testing

@testable import LayoutFuzzChecks

/// The checks themselves: each takes good input as `ok`, refuses bad input with a located error, stops at
/// its bounds, and reports a real disagreement as a finding.
@Suite struct FuzzCheckTests {
    static let spec = """
        version: 2
        container: { width: 390, height: 844 }
        sections:
          - items: 6
            contentInsets: { leading: "calc(max(8, width / 40))" }
            group: { horizontal: { size: { width: fractionalWidth(1), height: absolute(50) },
                     subitems: [{ item: { size: { width: fractionalWidth(0.5), height: fractionalHeight(1) } } }] } }
        """

    @Test(arguments: [FuzzTarget.read, .solve, .write, .replay])
    func aGoodSpecIsOK(_ target: FuzzTarget) throws {
        #expect(try target.check(Data(Self.spec.utf8)) == .ok)
    }

    @Test(arguments: [FuzzTarget.read, .solve, .write, .replay])
    func aBadSpecIsRefusedWhereItIsWrong(_ target: FuzzTarget) throws {
        let bad = Self.spec.replacingOccurrences(of: "items: 6", with: "items: -6")
        let outcome = try target.check(Data(bad.utf8))
        guard case .rejected(let error) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(error.hasPrefix("fuzz:4:"), "\(error)")
    }

    @Test func theSameSpecInJSONIsRead() throws {
        let json =
            #"{"version": 1, "container": {"width": 390, "height": 844}, "#
            + #""sections": [{"items": 3, "list": {"appearance": "plain"}}]}"#
        let outcome = try FuzzTarget.solve.check(Data(json.utf8))
        #expect(outcome == .ok, "\(outcome)")
        #expect(try FuzzTarget.read.check(Data("{\"container\": 1".utf8)) != .ok)
    }

    @Test func solvingStopsAtTheItemBound() throws {
        let big = Self.spec.replacingOccurrences(of: "items: 6", with: "items: \(FuzzBounds.maxItems + 1)")
        let outcome = try FuzzTarget.solve.check(Data(big.utf8))
        #expect(outcome.description.contains("error:"), "\(outcome)")
        #expect(try FuzzTarget.read.check(Data(big.utf8)) == .ok)
        let sections = Self.spec.replacingOccurrences(of: "items: 6", with: "count: 5000\n    items: 0")
        #expect(try FuzzTarget.solve.check(Data(sections.utf8)) == .bounded("5000 sections, more than 1024"))
    }

    @Test func replayAppliesOperationsAndStopsAtTheFirstRefused() throws {
        let operations = """
            {"op": "insertItems", "section": 0, "at": 0, "count": 3}
            {"op": "resize", "width": 800, "height": 600}
            {"op": "deleteItems", "section": 0, "at": 50, "count": 1}
            {"op": "resize", "width": 100, "height": 600}
            """
        let input = Self.spec + "\n%%\n" + operations
        let outcome = try FuzzTarget.replay.check(Data(input.utf8))
        #expect(outcome.description.hasPrefix("fuzz-ops:3 ({\"op\": \"deleteItems\""), "\(outcome)")
        let grow = Self.spec + "\n%%\n{\"op\": \"insertItems\", \"section\": 0, \"at\": 0, \"count\": 5000}\n"
        #expect(try FuzzTarget.replay.check(Data(grow.utf8)).description.hasSuffix("more than 4096 items"))
        let badLine = Self.spec + "\n%%\n\n{\"op\": \"insertItem\"}\n"
        #expect(try FuzzTarget.replay.check(Data(badLine.utf8)).description.hasPrefix("fuzz-ops:2"))
    }

    @Test func theSeparatorLineSplitsTheInput() {
        let (spec, operations) = FuzzChecks.split(Data("a: 1\r\n%%\r\nops\n".utf8))
        #expect(String(decoding: spec, as: UTF8.self) == "a: 1\r\n")
        #expect(String(decoding: operations, as: UTF8.self) == "ops\n")
        #expect(FuzzChecks.split(Data("a: 1\n%%%\n".utf8)).operations.isEmpty)
    }

    @Test func calcRoundTrips() throws {
        #expect(try FuzzTarget.calc.check(Data("max(8, width / 40) - -(2 * (height - 1))".utf8)) == .ok)
        #expect(try FuzzTarget.calc.check(Data("1 / (width - 390)".utf8)) == .ok)
        #expect(
            try FuzzTarget.calc.check(Data("2 * wdth".utf8))
                == .rejected("unknown name 'wdth' (calc knows width, height, min and max) at character 5"))
    }

    /// A disagreement is a finding, not an outcome: here two solve outputs that differ.
    @Test func differentOutputsAreAFinding() throws {
        let a = SolveOutput(
            spec: "x", container: Size(width: 1, height: 1), contentSize: Size(width: 1, height: 1),
            elements: [], sections: [], diagnostics: [])
        var b = a
        b.contentSize.height = 2
        #expect(throws: FuzzFinding.self) { try FuzzChecks.compare(.success(a), .success(b), .solve, after: "x") }
    }
}
