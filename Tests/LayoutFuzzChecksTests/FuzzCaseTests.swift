import Foundation
import LayoutFuzzChecks
import Testing

/// Every input a fuzzer stopped on is kept in `Tests/Fixtures/fuzz-cases/<target>/` (Fuzz/README.md) and
/// replayed here through the same check the fuzzer runs: it must not be a finding any more, and where a
/// `NAME.expect` file sits beside `NAME.EXT`, the outcome must be the one it holds (`ok`, a located error, ...).
/// `LAYOUTBENCH_WRITE_FUZZ_EXPECT=1` writes the missing `.expect` files from the outcomes (Fuzz/README.md).
@Suite struct FuzzCaseTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/fuzz-cases").standardizedFileURL

    struct Case: CustomTestStringConvertible, Sendable {
        var target: FuzzTarget
        var url: URL
        var testDescription: String { "\(target.rawValue)/\(url.lastPathComponent)" }
        /// `NAME.expect` beside `NAME.EXT`.
        var expectation: URL { url.deletingPathExtension().appendingPathExtension("expect") }
    }

    static let all: [Case] = FuzzTarget.allCases.flatMap { target in
        let path = folder.appendingPathComponent(target.rawValue).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") && !$0.hasSuffix(".expect") }.map {
            Case(target: target, url: folder.appendingPathComponent(target.rawValue).appendingPathComponent($0))
        }
    }

    @Test(arguments: all)
    func keptCaseHasItsOutcome(_ kept: Case) throws {
        let data = try Data(contentsOf: kept.url)
        let outcome: FuzzOutcome
        do {
            outcome = try kept.target.check(data)
        } catch {
            Issue.record("still a finding: \(error)")
            return
        }
        if let expected = try? String(contentsOf: kept.expectation, encoding: .utf8) {
            #expect(outcome.description == expected.trimmingCharacters(in: .newlines))
        } else if ProcessInfo.processInfo.environment["LAYOUTBENCH_WRITE_FUZZ_EXPECT"] == "1" {
            // A new case's outcome, once it is no longer a finding: read the file before committing it.
            try (outcome.description + "\n").write(to: kept.expectation, atomically: true, encoding: .utf8)
        }
    }

    /// A fixture-driven test with no fixture would pass without checking anything.
    @Test func casesAreFound() {
        #expect(Self.all.contains { $0.target == .calc })
    }
}

/// The committed seeds of `Fuzz/Seeds/` are good input: each is `ok` for the targets it seeds.
@Suite struct FuzzSeedTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Seeds").standardizedFileURL

    static let all: [FuzzCaseTests.Case] = [
        ("specs", [FuzzTarget.read, .solve, .write]), ("replay", [.replay]),
        ("calc", [.calc]),
    ].flatMap { folder, targets in
        let path = Self.folder.appendingPathComponent(folder).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().flatMap { name in
            targets.map { FuzzCaseTests.Case(target: $0, url: Self.folder.appendingPathComponent(folder + "/" + name)) }
        }
    }

    @Test(arguments: all)
    func seedIsOK(_ seed: FuzzCaseTests.Case) throws {
        let outcome = try seed.target.check(try Data(contentsOf: seed.url))
        #expect(outcome == .ok, "\(outcome)")
    }

    @Test func seedsAreFound() {
        #expect(Self.all.count >= 20)
    }
}
