import ArgumentParser
import CompositionalLayout
import Foundation
import LayoutEngine
import ReferenceSolver

extension Layoutbench {
    struct Solve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Solve spec files and print every frame.",
            discussion: """
                Prints the solve output of docs/spec-format.md: every cell, supplementary and decoration with its \
                frame [x, y, width, height] in content coordinates at scroll offset 0, the content size and any \
                diagnostics ("no room" and the like). With several specs and --format json, one compact JSON \
                document per line.

                Example: layoutbench solve photos.yaml --width 820 --format table
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case json, table
        }

        @Argument(help: "Spec files (.yaml, .yml or .json).")
        var specs: [String]

        @OptionGroup var layoutOptions: LayoutOptions

        @Flag(help: "Also list each section's frame (and an orthogonal section's scroller size).")
        var sections = false

        @Option(help: "Output format.")
        var format: Format = .json

        @Option(
            help: "The solver: the fast engine, or the reference solver that follows docs/layout-rules.md literally.")
        var solver: SolverChoice = .engine

        func run() throws {
            // Every spec is solved before anything is printed: one bad spec prints no partial output.
            var texts: [String] = []
            for path in specs {
                let layout = try layoutOptions.load(path)
                let measure = layoutOptions.measure, solver = self.solver
                let output = try LayoutOptions.solving(path) { () throws(LayoutError) in
                    switch solver {
                    case .engine:
                        return try LayoutEngine(
                            layout: layout, measure: measure,
                            threads: ProcessInfo.processInfo.activeProcessorCount
                        ).output()
                    case .reference:
                        return try ReferenceSolver.solve(layout, measure: measure)
                    }
                }
                switch format {
                case .json:
                    texts.append(output.jsonText(includeSections: sections, pretty: specs.count == 1))
                case .table:
                    texts.append(TableFormatter.table(output, includeSections: sections))
                }
            }
            print(texts.joined(separator: "\n"))
        }
    }
}
