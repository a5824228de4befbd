import Foundation

/// The repository's own copy of the spec fixtures, `Tests/Fixtures/specs/{examples,realistic}`: spec files
/// with the outputs they must solve to. `scripts/refresh-fixtures.sh` refreshes the copy from the contract's
/// folder when it sits beside the repository; the tests never read outside the repository.
public enum Fixtures {
    /// The package root (this file is `Sources/LayoutTestSupport/Fixtures.swift`).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // LayoutTestSupport
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()

    /// `Tests/Fixtures/specs`.
    public static let specs: URL = packageRoot.appendingPathComponent("Tests/Fixtures/specs")

    /// The folders that hold fixtures, in the order cases are listed.
    public static let folders = ["examples", "realistic"]

    /// A fixture by its path under `Tests/Fixtures/specs` (`examples/E12.yaml`).
    public static func url(_ relative: String) -> URL {
        specs.appendingPathComponent(relative)
    }

    /// Every spec file, as sorted paths relative to `Tests/Fixtures/specs` (`examples/E1.yaml`).
    public static func specFiles() -> [String] {
        folders.flatMap { folder in
            files(in: folder).filter { $0.hasSuffix(".yaml") }.map { "\(folder)/\($0)" }
        }
    }

    /// Every (spec, expected output) pair: `NAME.yaml` with each `NAME.expected[.RUN].json` beside it.
    public static func cases() -> [FixtureCase] {
        var cases: [FixtureCase] = []
        for folder in folders {
            let names = files(in: folder)
            for file in names where file.hasSuffix(".yaml") {
                let name = String(file.dropLast(".yaml".count))
                for other in names where other.hasSuffix(".json") {
                    let run: String
                    if other == name + ".expected.json" {
                        run = ""
                    } else if other.hasPrefix(name + ".expected.") {
                        run = String(other.dropFirst(name.count + ".expected.".count).dropLast(".json".count))
                    } else {
                        continue
                    }
                    cases.append(FixtureCase(spec: "\(folder)/\(file)", expected: "\(folder)/\(other)", run: run))
                }
            }
        }
        return cases
    }

    private static func files(in folder: String) -> [String] {
        let dir = specs.appendingPathComponent(folder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }
}

/// One golden case: a spec, one expected output, and the flags of its run.
public struct FixtureCase: Sendable, CustomStringConvertible {
    /// Paths relative to `Tests/Fixtures/specs`.
    public var spec: String
    public var expected: String
    /// The run named in the expected file: "" for the spec's own run, `measure-none`, `width-390`, ...
    public var run: String

    /// `measure-none` runs keep the estimates (`--measure none`).
    public var measuresNothing: Bool { run == "measure-none" }
    /// `width-W` runs solve at another container width (`--width W`).
    public var width: Double? { run.hasPrefix("width-") ? Double(run.dropFirst("width-".count)) : nil }
    public var specURL: URL { Fixtures.url(spec) }
    public var expectedURL: URL { Fixtures.url(expected) }

    public var description: String {
        (spec as NSString).lastPathComponent.replacingOccurrences(of: ".yaml", with: "")
            + (run.isEmpty ? "" : " [\(run)]")
    }
}
