import Foundation
import Testing

/// `layoutbench generate`: `-o -` and files, the output path checked first, bad presets and shapes.
@Suite("layoutbench generate: output and exit codes")
struct GenerateCommandTests {
    @Test("-o - prints a spec; -o FILE writes one that solves")
    func writes() throws {
        let files = try Workspace()
        let printed = try CLI.run(["generate", "--sections", "3", "--items-per-section", "4", "-o", "-"])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout.contains("version: 1") && printed.stdout.contains("sections:"))
        let path = files.path("shape.yaml")
        let written = try CLI.run([
            "generate", "--sections", "3", "--items-per-section", "4", "--seed", "7", "-o", path,
        ])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.isEmpty)
        #expect(written.stderr.contains("wrote \(path)") && written.stderr.contains("12 items"))
        #expect(try CLI.run(["solve", path]).status == 0)
    }

    @Test("an output path that cannot be written exits 2 naming it")
    func unwritableOutput() throws {
        let files = try Workspace()
        for output in [files.path("no-such-dir/g.yaml"), files.directory.path] {
            let result = try CLI.run(["generate", "--preset", "grid-10k", "-o", output])
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("\(output): error: cannot write -o"), "\(result.stderr)")
        }
    }

    @Test("an unknown preset, a bad size or a shape out of range exits 2 saying why")
    func badInput() throws {
        let unknown = try CLI.run(["generate", "--preset", "gird-10k", "-o", "-"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown preset 'gird-10k'"))
        #expect(unknown.stdout.isEmpty)
        let size = try CLI.run(["generate", "--preset", "grid-lots", "-o", "-"])
        #expect(size.status == 2)
        #expect(size.stderr.contains("grid-lots"))
        let nesting = try CLI.run(["generate", "--nesting", "99", "-o", "-"])
        #expect(nesting.status == 2)
        #expect(nesting.stderr.contains("--nesting"))
        let both = try CLI.run(["generate", "--preset", "grid-10k", "--sections", "3", "-o", "-"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("exclude each other"))
        // A spec is read by its extension: YAML named .json (or without an extension) is refused, not written.
        let files = try Workspace()
        for name in ["grid.json", "grid", "grid.txt"] {
            let wrong = try CLI.run(["generate", "--preset", "grid-10k", "-o", files.path(name)])
            #expect(wrong.status == 2, "\(name)")
            #expect(wrong.stderr.contains("name the file .yaml or .yml"), "\(wrong.stderr)")
            #expect(!FileManager.default.fileExists(atPath: files.path(name)))
        }
        #expect(try CLI.run(["generate", "--preset", "grid-10k", "-o", files.path("grid.YML")]).status == 0)
        let noOutput = try CLI.run(["generate", "--preset", "grid-10k"])
        #expect(noOutput.status == 2)
        #expect(noOutput.stderr.contains("--output"))
    }
}
