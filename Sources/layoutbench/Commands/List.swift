import ArgumentParser
import BenchResults
import LayoutBenchKit

extension Layoutbench {
    /// What `bench` can run: presets, scenarios and metrics, one per line, for people and for scripts.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the presets, scenarios and metrics bench knows.",
            discussion: """
                With no argument, prints all three sections; name one (presets, scenarios or metrics) to print \
                only its names, one per line, for a script:

                  layoutbench list scenarios | grep measure
                  layoutbench bench --filter 'measure-*'
                """)

        enum Section: String, ExpressibleByArgument, CaseIterable {
            case presets, scenarios, metrics
        }

        @Argument(help: "presets, scenarios or metrics (default: all three, with descriptions).")
        var section: Section?

        func run() {
            if let section {
                print(Self.names(section).joined(separator: "\n"))
                return
            }
            var lines: [String] = [
                "Presets (--preset NAME; sizes \(LayoutPreset.standardSizes.map(Self.size).joined(separator: ", ")), or any count such as grid-250k):"
            ]
            for kind in LayoutPreset.Kind.allCases {
                lines.append("  \(kind.rawValue)-10k ... \(kind.rawValue)-1m: \(kind.summary)")
            }
            lines.append("")
            lines.append("Scenarios (--scenarios a,b or --filter/--skip GLOB):")
            for kind in ScenarioKind.allCases { lines.append("  \(kind.rawValue): \(kind.summary)") }
            lines.append("")
            lines.append("Metrics (--metric NAME; compare and ab read both):")
            lines.append("  time: wall-clock time per operation (default; threshold 5%)")
            lines.append(
                "  instructions: instructions per operation under valgrind, exact and repeatable (threshold 1%)")
            print(lines.joined(separator: "\n"))
        }

        static func names(_ section: Section) -> [String] {
            switch section {
            case .presets:
                return LayoutPreset.Kind.allCases.flatMap { kind in
                    LayoutPreset.standardSizes.map { "\(kind.rawValue)-\(size($0))" }
                }
            case .scenarios:
                return ScenarioKind.allCases.map(\.rawValue)
            case .metrics:
                return ["time", "instructions"]
            }
        }

        static func size(_ items: Int) -> String {
            items >= 1_000_000 ? "\(items / 1_000_000)m" : "\(items / 1_000)k"
        }
    }
}
