import CompositionalLayout
import Foundation
import Testing

/// `layoutbench replay`: an operation that fails names the ops file and its line; a spec that cannot be
/// solved before any operation names the spec and `sections[i]`.
@Suite("layoutbench replay: exit codes and errors")
struct ReplayCommandTests {
    @Test("operations that apply exit 0 and print the output after the last")
    func replays() throws {
        let files = try Workspace()
        let spec = try files.write(TestSpecs.variants, to: "variants.yaml")
        let ops = try files.write(
            """
            {"op": "insertItems", "section": 0, "at": 0, "count": 2}

            {"op": "resize", "width": 500, "height": 800}
            """, to: "ops.jsonl")
        let result = try CLI.run(["replay", spec, ops])
        #expect(result.status == 0, "\(result.stderr)")
        let output = try SolveOutput.decode(json: Data(result.stdout.utf8))
        #expect(output.container.width == 500)
        #expect(output.elements.filter { $0.category == .cell }.count == TestSpecs.variantsCells + 2)
        let each = try CLI.run(["replay", spec, ops, "--each", "--solver", "reference"])
        #expect(each.status == 0)
        #expect(each.stdout.split(separator: "\n").count == 2)
    }

    @Test("an operation leaving a layout that cannot be solved exits 2 naming the ops file, line and sections[i]")
    func unsolvableAfterOperation() throws {
        let files = try Workspace()
        let spec = try files.write(TestSpecs.variants, to: "variants.yaml")
        let ops = try files.write(
            """
            {"op": "insertItems", "section": 0, "at": 0, "count": 1}
            {"op": "resize", "width": 800, "height": 390}
            {"op": "insertItems", "section": 0, "at": 0, "count": 1}
            """, to: "ops.jsonl")
        for solver in ["engine", "reference"] {
            let result = try CLI.run(["replay", spec, ops, "--solver", solver])
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("\(ops):2: error: "), "\(result.stderr)")
            #expect(result.stderr.contains(" at sections[1]") && result.stderr.contains("not applied"))
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("an operation on an item that does not exist exits 2 naming the ops file and line")
    func missingItem() throws {
        let files = try Workspace()
        let spec = try files.write(TestSpecs.variants, to: "variants.yaml")
        let ops = try files.write(
            """
            {"op": "measure", "section": 0, "item": 1, "width": 100, "height": 80}
            {"op": "measure", "section": 2, "item": 9, "width": 100, "height": 80}
            """, to: "ops.jsonl")
        let result = try CLI.run(["replay", spec, ops])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(ops):2: error: "), "\(result.stderr)")
    }

    @Test("a malformed operation exits 2 naming the ops file, line and column")
    func malformedOperation() throws {
        let files = try Workspace()
        let spec = try files.write(TestSpecs.variants, to: "variants.yaml")
        let ops = try files.write(
            """
            {"op": "resize", "width": 500, "height": 800}
            {"op": "resise", "width": 500, "height": 800}
            """, to: "ops.jsonl")
        let result = try CLI.run(["replay", spec, ops])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(ops):2:"), "\(result.stderr)")
        #expect(result.stderr.contains("resize"))  // the nearest valid op
    }

    @Test("a spec that cannot be solved before any operation exits 2 naming the spec and sections[i]")
    func unsolvableSpec() throws {
        let files = try Workspace()
        let spec = try files.write(TestSpecs.variants, to: "variants.yaml")
        let ops = try files.write(#"{"op": "resize", "width": 500, "height": 800}"#, to: "ops.jsonl")
        let result = try CLI.run(["replay", spec, ops, "--width", "800"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(spec):\(TestSpecs.variantsNarrowPosition): error:"), "\(result.stderr)")
        #expect(result.stderr.contains(" at sections[1]"))
    }

    @Test("a missing ops file or spec exits 2 naming it")
    func missingFiles() throws {
        let files = try Workspace()
        let spec = try files.write(TestSpecs.variants, to: "variants.yaml")
        let ops = try files.write(#"{"op": "resize", "width": 500, "height": 800}"#, to: "ops.jsonl")
        let noOps = try CLI.run(["replay", spec, files.path("none.jsonl")])
        #expect(noOps.status == 2)
        #expect(noOps.stderr.hasPrefix("\(files.path("none.jsonl")): error: no such file"))
        let noSpec = try CLI.run(["replay", files.path("none.yaml"), ops])
        #expect(noSpec.status == 2)
        #expect(noSpec.stderr.hasPrefix("\(files.path("none.yaml")): error: no such file"))
    }
}
