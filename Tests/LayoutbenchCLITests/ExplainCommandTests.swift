import Foundation
import Testing

/// `layoutbench explain` as a user runs it: the chain of steps ending on the frame `solve` prints, JSON, and
/// bad input (exit 2).
@Suite struct ExplainCommandTests {
    static let spec = CLI.sharedSpecs.appendingPathComponent("examples/E5.yaml").path

    @Test func textEndsOnSolvesFrame() throws {
        let result = try CLI.run(["explain", Self.spec, "--element", "1.3"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "cell 1.3 of \(Self.spec) at 390 × 844:")
        #expect(lines.contains { $0.contains("§4.2") && $0.contains("section 1 starts at y 270") }, "\(lines)")
        #expect(lines.contains { $0.contains("§4.3") && $0.contains("extending start items take 50 pt") })
        // E5: section 1 starts at 270, its header takes 50, its top inset 10; item 3 is the second of row 1.
        #expect(lines.last == "frame: [195, 382, 179, 44]")
        let solved = try CLI.run(["solve", Self.spec, "--format", "json"])
        #expect(solved.stdout.contains("\"section\": 1, \"item\": 3, \"frame\": [195, 382, 179, 44]"))
    }

    @Test func jsonHasTheFrameAndSteps() throws {
        let result = try CLI.run(["explain", Self.spec, "--element", "0.0", "--kind", "header", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(document?["frame"] as? [Double] == [16, 0, 358, 50])
        let steps = document?["steps"] as? [[String: String]] ?? []
        #expect(!steps.isEmpty && steps.allSatisfy { $0["rule"]?.hasPrefix("§") == true })
        #expect(steps.contains { $0["rule"] == "§4.3" })
    }

    @Test func badInputExitsTwo() throws {
        let malformed = try CLI.run(["explain", Self.spec, "--element", "x"])
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("--element takes SECTION.ITEM"))
        let missing = try CLI.run(["explain", Self.spec, "--element", "0.99"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no cell at section 0, item 99"))
        let noFile = try CLI.run(["explain", "/nonexistent/spec.yaml", "--element", "0.0"])
        #expect(noFile.status == 2)
    }
}
