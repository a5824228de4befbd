import Foundation
import Testing

/// `layoutbench render`: `-o -`, the output path checked first, and errors located like `solve`'s.
@Suite("layoutbench render: output and exit codes")
struct RenderCommandTests {
    @Test("-o - writes the SVG to standard output")
    func standardOutput() throws {
        let files = try Workspace()
        let spec = try files.write(TestSpecs.variants, to: "variants.yaml")
        let result = try CLI.run(["render", spec, "-o", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("<svg") && result.stdout.contains("</svg>"))
        #expect(!files.exists("-"))
    }

    @Test("-o FILE writes the SVG and prints nothing")
    func file() throws {
        let files = try Workspace()
        let spec = try files.write(TestSpecs.variants, to: "variants.yaml")
        let result = try CLI.run(["render", spec, "-o", files.path("out.svg")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try String(contentsOfFile: files.path("out.svg"), encoding: .utf8).contains("</svg>"))
    }

    @Test("an output path that cannot be written exits 2 naming it, before the spec is even read")
    func unwritableOutput() throws {
        let files = try Workspace()
        let spec = try files.write(TestSpecs.runaway, to: "runaway.yaml")
        try files.write("x", to: "plain-file")
        for output in [files.path("no-such-dir/out.svg"), files.directory.path, files.path("plain-file/out.svg")] {
            // The spec would fail too (a runaway group): the output path is checked first.
            let result = try CLI.run(["render", spec, "-o", output])
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("\(output): error: cannot write -o"), "\(result.stderr)")
            #expect(!result.stderr.contains("sections["))
        }
    }

    @Test("a layout that cannot be solved exits 2 naming the file and sections[i], and writes nothing")
    func unsolvable() throws {
        let files = try Workspace()
        let spec = try files.write(TestSpecs.variants, to: "variants.yaml")
        let result = try CLI.run(["render", spec, "-o", files.path("out.svg"), "--width", "800"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(spec):\(TestSpecs.variantsNarrowPosition): error:"))
        #expect(result.stderr.contains(" at sections[1]"))
        #expect(!files.exists("out.svg"))
    }

    @Test("--sections past the last section exits 2 and says how many there are")
    func sectionsOutOfRange() throws {
        let files = try Workspace()
        let spec = try files.write(TestSpecs.variants, to: "variants.yaml")
        let result = try CLI.run(["render", spec, "-o", "-", "--sections", "5..6"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("3 sections"))
        #expect(result.stdout.isEmpty)
    }
}
