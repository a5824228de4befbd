import Foundation
import LayoutWatch
import Testing

/// `bench --first-look` (the watch's first phase of a run): one solve's picture, lint findings and frames'
/// summary written before the bench, and the line that says so; bad input fails before any of it.
@Suite("layoutbench bench --first-look: the watch's first line")
struct WatchFirstLookCommandTests {
    @Test("writes the frames' summary, the picture and the findings, prints the marker once, then benches")
    func writesFirstLook() throws {
        let files = try Workspace()
        let spec = try files.write(TinyBench.grid, to: "grid.yaml")
        let look = files.path("look.json"), picture = files.path("grid.svg"), findings = files.path("lint.json")
        let json = files.path("run.json")
        let result = try CLI.run(
            TinyBench.arguments(spec: spec)
                + ["--json", json, "--first-look", look, "--picture", picture, "--lint-findings", findings])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0 == FirstLook.marker }.count == 1, "\(result.stdout)")
        // The marker comes before the bench's table (the bench runs after the first look).
        let marker = lines.firstIndex(of: FirstLook.marker) ?? Int.max
        let row = lines.firstIndex { $0.hasPrefix("grid ") } ?? -1
        #expect(marker < row, "\(result.stdout)")
        let summary = try JSONDecoder().decode(FirstLook.self, from: Data(contentsOf: URL(fileURLWithPath: look)))
        // 3 sections of 2 rows of 2 items, 100 pt each: 390 × 600.
        #expect(
            summary
                == FirstLook(items: 12, sections: 3, contentWidth: 390, contentHeight: 600, diagnostics: 0),
            "\(summary)")
        #expect(summary.summary == "12 items in 3 sections, 390 × 600 pt")
        let svg = try String(contentsOfFile: picture, encoding: .utf8)
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"), "\(svg.prefix(80))")
        #expect(try String(contentsOfFile: findings, encoding: .utf8) == "[]")
        #expect(FileManager.default.fileExists(atPath: json))
    }

    @Test("a bad spec exits 2 with its failure record: no first look, no picture, no marker")
    func badSpec() throws {
        let files = try Workspace()
        let spec = try files.write(
            "version: 1\ncontainer: { width: 390, height: 844 }\nsections:\n  - itemz: 3\n", to: "bad.yaml")
        let look = files.path("look.json"), picture = files.path("bad.svg"), json = files.path("run.json")
        let result = try CLI.run(
            TinyBench.arguments(spec: spec) + ["--json", json, "--first-look", look, "--picture", picture])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(!result.stdout.contains(FirstLook.marker))
        #expect(!files.exists("look.json") && !files.exists("bad.svg"))
        let record =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        #expect(record?["code"] as? String == "unknownKey", "\(String(describing: record))")
        #expect(record?["line"] as? Int == 4)
    }

    @Test("one spec only: two specs or a preset exit 2")
    func oneSpec() throws {
        let files = try Workspace()
        let spec = try files.write(TinyBench.grid, to: "grid.yaml")
        let two = try CLI.run(TinyBench.arguments(spec: spec) + [spec, "--first-look", files.path("look.json")])
        #expect(two.status == 2 && two.stderr.contains("--first-look solves one spec"), "\(two.stderr)")
        let preset = try CLI.run(
            TinyBench.arguments(spec: spec) + ["--preset", "grid-10k", "--first-look", files.path("look.json")])
        #expect(preset.status == 2 && preset.stderr.contains("--first-look solves one spec"), "\(preset.stderr)")
    }
}
