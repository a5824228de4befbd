import ArgumentParser
import BenchResults
import CompositionalLayout
import ErrorReporting
import Foundation
import LayoutBenchKit
import LayoutSpec

extension Layoutbench {
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the spec of a generated layout: a preset, or a shape you describe.",
            discussion: """
                Presets (each seeded, with an optional size in items: -10k, -100k, -1m, or any count):
                \(LayoutPreset.Kind.allCases.map { "  \($0.rawValue): \($0.summary)" }.joined(separator: "\n"))

                Without --preset, the shape options describe the layout: sections of --items-per-section \
                items, groups nested --nesting levels, a share of sections estimated (--estimated) or \
                scrolling orthogonally (--orthogonal), and headers, footers, badges and backgrounds with \
                --supplementaries.

                Examples:
                  layoutbench generate --preset selfsizing-100k --seed 7 -o selfsizing.yaml
                  layoutbench generate --sections 500 --items-per-section 40 --nesting 3 --estimated 0.5 -o mixed.yaml
                """)

        @Option(help: "A preset, such as grid-10k, nested-100k or feed-1m.")
        var preset: String?

        @Option(help: "Sections (shape; default 100).")
        var sections: Int?

        @Option(name: .customLong("items-per-section"), help: "Items in each section (shape; default 100).")
        var itemsPerSection: Int?

        @Option(help: "Levels of nested groups, 1 to \(LayoutShape.maxNesting) (shape; default 1).")
        var nesting: Int?

        @Option(help: "Share of sections whose items are estimated, 0 to 1 (shape; default 0).")
        var estimated: Double?

        @Option(help: "Share of sections that scroll orthogonally, 0 to 1 (shape; default 0).")
        var orthogonal: Double?

        @Flag(help: "Add headers, footers, badges and backgrounds (shape).")
        var supplementaries = false

        @Option(help: "The seed of every random choice.")
        var seed: UInt64 = 0

        @Option(
            name: .shortAndLong,
            help: "Where to write the YAML spec: a .yaml or .yml file, or '-' for standard output.")
        var output: String

        func validate() throws {
            let shapeGiven =
                sections != nil || itemsPerSection != nil || nesting != nil || estimated != nil
                || orthogonal != nil || supplementaries
            if preset != nil && shapeGiven {
                throw ValidationError(
                    "--preset and the shape options (--sections, --items-per-section, --nesting, --estimated, --orthogonal, --supplementaries) exclude each other: give one or the other"
                )
            }
        }

        func run() throws {
            if output != OutputPath.standardOutput {
                try OutputPath.check(output, option: "-o")
                // Specs are read by their extension: YAML in a .json file (or one no command reads) would only
                // fail later, in another command.
                let pathExtension = URL(fileURLWithPath: output).pathExtension.lowercased()
                guard pathExtension == "yaml" || pathExtension == "yml" else {
                    throw CLIError.badArgument(
                        "-o \(output): generate writes a YAML spec, and specs are read by their extension: "
                            + "name the file .yaml or .yml (or give '-' for standard output)"
                    )
                }
            }
            let layout: CollectionLayout
            if let preset {
                layout = try LayoutPreset(parsing: preset, seed: seed).layout()
            } else {
                let shape = LayoutShape(
                    sections: sections ?? 100, itemsPerSection: itemsPerSection ?? 100,
                    nesting: nesting ?? 1, estimatedRatio: estimated ?? 0,
                    orthogonalRatio: orthogonal ?? 0, supplementaries: supplementaries, seed: seed)
                try shape.validate()
                layout = shape.layout()
            }
            let yaml = SpecWriter.yaml(layout)
            if output == OutputPath.standardOutput {
                print(yaml, terminator: yaml.hasSuffix("\n") ? "" : "\n")
                return
            }
            do {
                try yaml.write(toFile: output, atomically: true, encoding: .utf8)
            } catch {
                throw CLIError.unwritable(path: output, option: "-o", reason: error.localizedDescription)
            }
            Failure.printError(
                "wrote \(output): \(layout.name), \(layout.itemCount) items in \(layout.sectionCount) sections (\(layout.sections.count) definitions)"
            )
        }
    }
}
