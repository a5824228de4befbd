import CompositionalLayout
import Foundation
import LayoutEngine
import LayoutSpec
import LayoutTestSupport
import ReferenceSolver
import Testing

/// docs/spec-format.md "Version 2": a version 1 spec solves exactly as before. Every version 1 fixture's JSON text
/// (as `layoutbench solve --format json --sections` prints it) must be byte for byte the output of the build
/// before version 2, kept in `Tests/Fixtures/v1-output-snapshots`, for both solvers and 1 and 2 threads.
@Suite("Version 1 outputs are unchanged by version 2")
struct Version1UnchangedTests {
    static let snapshots = Fixtures.specs.deletingLastPathComponent().appendingPathComponent("v1-output-snapshots")

    struct Case: Sendable, CustomTestStringConvertible {
        var spec: String
        var measure: MeasureMode
        var snapshot: URL
        var testDescription: String {
            (spec as NSString).lastPathComponent + (measure == .none ? " [measure-none]" : "")
        }
    }

    static func cases() -> [Case] {
        Fixtures.specFiles().flatMap { spec -> [Case] in
            guard let text = try? String(contentsOf: Fixtures.url(spec), encoding: .utf8),
                text.contains("\nversion: 1") || text.hasPrefix("version: 1")
            else { return [] }
            let base = ((spec as NSString).lastPathComponent as NSString).deletingPathExtension
            return [(MeasureMode.all, ""), (.none, ".measure-none")].compactMap { mode, suffix in
                let url = snapshots.appendingPathComponent(base + suffix + ".json")
                return FileManager.default.fileExists(atPath: url.path)
                    ? Case(spec: spec, measure: mode, snapshot: url) : nil
            }
        }
    }

    @Test("the snapshots are found")
    func found() {
        #expect(Self.cases().count >= 50)
    }

    @Test("both solvers print the bytes of the build before version 2", arguments: cases())
    func unchanged(_ c: Case) throws {
        let layout = try SpecReader.read(contentsOf: Fixtures.url(c.spec).path)
        let before = try String(contentsOf: c.snapshot, encoding: .utf8)
        let reference = try ReferenceSolver.solve(layout, measure: c.measure)
        #expect(reference.jsonText(includeSections: true, pretty: true) + "\n" == before, "reference")
        for threads in [1, 2] {
            let engine = try LayoutEngine(layout: layout, measure: c.measure, threads: threads, parallelGrain: 1)
            #expect(
                engine.output().jsonText(includeSections: true, pretty: true) + "\n" == before,
                "engine, \(threads) threads")
        }
    }
}
