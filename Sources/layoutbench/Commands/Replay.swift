import ArgumentParser
import BenchResults
import CompositionalLayout
import ErrorReporting
import Foundation
import LayoutBenchKit
import LayoutReplay
import LayoutSpec

extension Layoutbench {
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Apply a replay file of operations to a spec's layout and print the solve output.",
            discussion: """
                OPS is JSON Lines (docs/operations.md): one operation a line, such as \
                {"op": "resize", "width": 844, "height": 390}, {"op": "measure", "section": 0, "item": 3, \
                "width": 100, "height": 80}, {"op": "insertItems", "section": 1, "at": 0, "count": 2}, \
                moveItem, deleteItems, reloadItems, insertSections and deleteSections. Sections and items are \
                addressed by their index at the time of the operation; measured sizes follow their items.

                Prints the solve output after the last operation, or with --each one compact JSON line after \
                every operation. An operation that cannot be applied stops the replay with an error naming its \
                line (exit 2). With --solver reference every step is a fresh solve of the same data.

                Example: layoutbench replay photos.yaml rotate.jsonl --solver reference --each
                """)

        @Argument(help: "The spec file (.yaml, .yml or .json).")
        var spec: String

        @Argument(help: "The replay file (JSON Lines, one operation a line).")
        var operations: String

        @Option(help: "The solver: the incremental engine, or the reference solver afresh after each operation.")
        var solver: ReplaySolver = .engine

        @OptionGroup var layoutOptions: LayoutOptions

        @Flag(help: "Print one compact JSON solve output per operation instead of only the last.")
        var each = false

        @Flag(help: "Also list each section's frame (and an orthogonal section's scroller size).")
        var sections = false

        func run() throws {
            let layout = try layoutOptions.load(spec)
            let steps = try OperationsReader.read(contentsOf: operations)
            let sections = self.sections
            do throws(ReplayError) {
                let output = try Replayer.replay(
                    layout, measure: layoutOptions.measure, operations: steps, solver: solver, file: operations,
                    afterEach: each
                        ? { _, output in print(output.jsonText(includeSections: sections, pretty: false)) } : nil)
                if !each { print(output.jsonText(includeSections: sections, pretty: true)) }
            } catch {
                // Before any operation the spec itself cannot be solved: that is the spec's error, not the ops file's.
                if error.line == nil, case .layout(let cause) = error.cause { throw CLIError.layout(cause, file: spec) }
                throw error
            }
        }
    }
}

extension ReplaySolver: ExpressibleByArgument {}
