// Behind a package trait: compiled only in a build with it (scripts/test.sh enables every trait).
#if Import
import CompositionalLayout
import Foundation
import LayoutEngine
import LayoutSpec
import LayoutTestSupport
import ReferenceSolver
import Testing

/// Runs the built `layoutbench` (beside the test bundle), as a user would.
enum Binary {
    static var url: URL {
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [
            bundleDir, bundleDir.deletingLastPathComponent(),
            Fixtures.packageRoot.appendingPathComponent(".build/debug"),
        ] {
            let candidate = dir.appendingPathComponent("layoutbench")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return Fixtures.packageRoot.appendingPathComponent(".build/debug/layoutbench")
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], cache: URL) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["LAYOUTBENCH_CACHE_DIR": cache.path]) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "layoutbench-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}

func importFixture(_ name: String) -> String {
    Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/import/" + name).path
}

/// The frames of both solvers for `layout` equal those of the reference solver for `expected`.
func expectSameFrames(_ layout: CollectionLayout, _ expected: CollectionLayout, _ comment: String) throws {
    let want = try ReferenceSolver.solve(expected)
    let reference = try ReferenceSolver.solve(layout).differences(from: want)
    #expect(reference.isEmpty, Comment(rawValue: comment + ": " + reference.prefix(5).joined(separator: "\n")))
    let engine = try LayoutEngine(layout: layout, measure: .all, threads: 1).output().differences(from: want)
    #expect(engine.isEmpty, Comment(rawValue: comment + " (engine): " + engine.prefix(5).joined(separator: "\n")))
}

@Suite("layoutbench import", .serialized)
struct ImportCommandTests {
    @Test("a view controller's provider, helpers in a second file: the hand-written spec's frames")
    func feed() throws {
        let dir = try Binary.temporaryDirectory()
        let out = dir.appendingPathComponent("feed.yaml").path
        let result = try Binary.run(
            [
                "import", importFixture("FeedViewController.swift"), importFixture("LayoutHelpers.swift"),
                "--items", "5,8,3", "-o", out,
            ], cache: dir)
        #expect(result.status == 0, Comment(rawValue: result.stderr))
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.hasPrefix("# Imported by `layoutbench import` from "))
        #expect(text.contains("entry FeedViewController.createLayout()"))
        let imported = try SpecReader.read(contentsOf: out)
        let expected = try SpecReader.read(contentsOf: importFixture("feed.yaml"))
        #expect(imported.sections == expected.sections)
        try expectSameFrames(imported, expected, "feed")
    }

    @Test("a realistic store front (six sections, helpers, an enum provider): the hand-written spec's frames")
    func store() throws {
        let dir = try Binary.temporaryDirectory()
        let result = try Binary.run(
            ["import", importFixture("StoreViewController.swift"), "--items", "6,10,12,6,10,4"],
            cache: dir)
        #expect(result.status == 0, Comment(rawValue: result.stderr))
        let imported = try SpecReader.read(yaml: result.stdout)
        let expected = try SpecReader.read(contentsOf: importFixture("store.yaml"))
        #expect(imported.sections == expected.sections)
        try expectSameFrames(imported, expected, "store")
    }

    @Test("an environment-dependent provider: the rotated container's columns become a variant")
    func adaptive() throws {
        let dir = try Binary.temporaryDirectory()
        let result = try Binary.run(["import", importFixture("AdaptiveGrid.swift"), "--items", "12"], cache: dir)
        #expect(result.status == 0, Comment(rawValue: result.stderr))
        let imported = try SpecReader.read(yaml: result.stdout)
        let expected = try SpecReader.read(contentsOf: importFixture("adaptive-grid.yaml"))
        #expect(imported.sections == expected.sections)
        for width in [390.0, 844.0] {
            try expectSameFrames(
                imported.withContainer(width: width), expected.withContainer(width: width), "w\(width)")
        }
    }

    @Test("solve takes a .swift file and the second run reads the cache")
    func solveSwift() throws {
        let dir = try Binary.temporaryDirectory()
        let first = try Binary.run(["solve", importFixture("AdaptiveGrid.swift")], cache: dir)
        #expect(first.status == 0, Comment(rawValue: first.stderr))
        let cached = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".yaml") }
        #expect(cached.count == 1)
        let second = try Binary.run(["solve", importFixture("AdaptiveGrid.swift")], cache: dir)
        #expect(second.stdout == first.stdout)
    }

    @Test(
        "errors name the user's file and line, exit 2 and write nothing",
        arguments: [
            ("MissingSymbol.swift", "MissingSymbol.swift:6:", "cannot find 'AppTheme' in scope"),
            ("CompilerError.swift", "CompilerError.swift:6:", "error: "),
            ("TwoEntries.swift", "TwoEntries.swift:8:", "2 candidate entries"),
            ("NoEntry.swift", "NoEntry.swift:1:1:", "no layout entry found"),
            ("NilSection.swift", "NilSection.swift:4:", "returned nil for section 1, which has 3 items"),
        ])
    func errors(_ file: String, _ place: String, _ message: String) throws {
        let dir = try Binary.temporaryDirectory()
        let out = dir.appendingPathComponent("out.yaml").path
        let result = try Binary.run(
            ["import", importFixture("errors/" + file), "--items", "3,3", "-o", out], cache: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains(place), Comment(rawValue: result.stderr))
        #expect(result.stderr.contains(message), Comment(rawValue: result.stderr))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("a missing symbol's error says what to do")
    func missingSymbolAdvice() throws {
        let dir = try Binary.temporaryDirectory()
        let result = try Binary.run(["import", importFixture("errors/MissingSymbol.swift")], cache: dir)
        #expect(result.stderr.contains("give the file that declares it, pass --entry"))
        #expect(result.stderr.contains("adapter file"))
    }

    @Test("--entry picks one of two candidates")
    func entryChoice() throws {
        let dir = try Binary.temporaryDirectory()
        let result = try Binary.run(
            [
                "import", importFixture("errors/TwoEntries.swift"), "--entry",
                "UICollectionViewCompositionalLayout.sidebar", "--items", "4",
            ], cache: dir)
        #expect(result.status == 0, Comment(rawValue: result.stderr))
        let imported = try SpecReader.read(yaml: result.stdout)
        #expect(imported.sections.first?.fields.content == .list(ListConfiguration(appearance: .sidebar)))
    }
}
#endif
