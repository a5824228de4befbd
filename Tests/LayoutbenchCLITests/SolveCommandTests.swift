import CompositionalLayout
import Foundation
import Testing

/// `layoutbench solve`: exit codes and what an error names (issue 7).
@Suite("layoutbench solve: exit codes and errors")
struct SolveCommandTests {
    @Test("a spec that solves exits 0 and prints every cell")
    func solves() throws {
        let files = try Workspace()
        let spec = try files.write(TestSpecs.variants, to: "variants.yaml")
        for solver in ["engine", "reference"] {
            let result = try CLI.run(["solve", spec, "--solver", solver])
            #expect(result.status == 0, "\(result.stderr)")
            let output = try SolveOutput.decode(json: Data(result.stdout.utf8))
            #expect(output.spec == "variants")
            #expect(output.elements.filter { $0.category == .cell }.count == TestSpecs.variantsCells)
        }
    }

    @Test("a width no variant covers exits 2 naming the file, line, column and sections[i]")
    func noVariant() throws {
        let files = try Workspace()
        let spec = try files.write(TestSpecs.variants, to: "variants.yaml")
        for solver in ["engine", "reference"] {
            let result = try CLI.run(["solve", spec, "--width", "800", "--solver", solver])
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("\(spec):\(TestSpecs.variantsNarrowPosition): error: "), "\(result.stderr)")
            #expect(result.stderr.contains("'narrow'") && result.stderr.contains("800"))
            #expect(result.stderr.contains(" at sections[1]"))
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("a runaway group exits 2 naming the file and sections[i], with either solver")
    func runawayGroup() throws {
        let files = try Workspace()
        let spec = try files.write(TestSpecs.runaway, to: "runaway.yaml")
        for solver in ["engine", "reference"] {
            let result = try CLI.run(["solve", spec, "--solver", solver])
            #expect(result.status == 2)
            #expect(
                result.stderr.hasPrefix("\(spec):\(TestSpecs.runawayTinyPosition): error: a group instance"),
                "\(result.stderr)")
            #expect(result.stderr.contains("10000000") && result.stderr.contains(" at sections[1]"))
            #expect(!result.stderr.hasPrefix("Error:"))
        }
    }

    @Test("with several specs, one that fails exits 2, names that one and prints nothing")
    func severalSpecsOneFails() throws {
        let files = try Workspace()
        let good = try files.write(TestSpecs.variants, to: "good.yaml")
        let bad = try files.write(TestSpecs.runaway, to: "bad.yaml")
        let result = try CLI.run(["solve", good, bad])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(bad):"))
        #expect(!result.stderr.contains(good))
        #expect(result.stdout.isEmpty)
    }

    @Test("an unreadable spec exits 2 naming the path: missing, or a directory")
    func unreadable() throws {
        let files = try Workspace()
        let missing = files.path("missing.yaml")
        let result = try CLI.run(["solve", missing])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(missing): error: no such file"))
        let directory = try CLI.run(["solve", files.directory.path])
        #expect(directory.status == 2)
        #expect(directory.stderr.hasPrefix("\(files.directory.path): error:"))
    }

    @Test("argument errors exit 2 with usage, not the parser's 64")
    func usage() throws {
        let files = try Workspace()
        let spec = try files.write(TestSpecs.variants, to: "variants.yaml")
        for arguments in [["solve"], ["solve", spec, "--format", "xml"], ["solve", spec, "--max-items", "0"]] {
            let result = try CLI.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("Usage: layoutbench solve"), "\(arguments): \(result.stderr)")
        }
    }
}
