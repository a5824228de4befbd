import ArgumentParser
import BenchResults
import Foundation
import LayoutBenchKit
import LayoutImport
import LayoutSnapshotBench

extension Layoutbench {
    /// The child `bench --metric instructions` runs under callgrind: not for people (hidden from help).
    struct CountInstructions: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "_count-instructions",
            abstract: "Internal: run exactly N operations of each scenario with callgrind's collection around them.",
            shouldDisplay: false)

        @Argument var specs: [String] = []
        @Option(name: .customLong("preset")) var presets: [String] = []
        @Option var scenarios = "all"
        @Option var operations = 20
        @Option var seed: UInt64 = 1
        @Option(name: .customLong("work-iterations-file")) var workIterationsFile: String?
        @OptionGroup var swift: SwiftImportOptions

        func run() throws {
            let inputs = try BenchInputs.load(specs: specs, presets: presets, importing: try swift.template())
            var iterations: [String: Int] = [:]
            if let workIterationsFile {
                iterations =
                    (try? JSONDecoder().decode(
                        [String: Int].self, from: Data(contentsOf: URL(fileURLWithPath: workIterationsFile)))) ?? [:]
            }
            var probe = InstructionProbe(operations: operations, workIterations: iterations)
            probe.catalog = .standard
            try probe.run(inputs: inputs, scenarios: try ScenarioKind.parseList(scenarios), seed: seed)
        }
    }
}

/// Spec files and preset names (repeatable or comma-separated) into bench inputs; the default preset when
/// there are none.
enum BenchInputs {
    static func load(specs: [String], presets: [String], importing: ImportRequest) throws -> [BenchInput] {
        var inputs = try specs.map { path in try SpecSource.benchInput(path: path, importing: importing) }
        for name in presets.flatMap({ $0.split(separator: ",").map(String.init) }) {
            inputs.append(.preset(try LayoutPreset(parsing: name)))
        }
        // A run's rows are named by their input: two inputs of one name would share rows (a count made once
        // and reported twice, results that compare and the store cannot tell apart).
        var sources: [String: String] = [:]
        for input in inputs {
            if let first = sources[input.name] {
                throw CLIError.badArgument(
                    "\(input.source) and \(first) are both named '\(input.name)': a run's results are named by "
                        + "their layout, so give each once (to bench one layout against itself, give a copy of its "
                        + "spec another name)"
                )
            }
            sources[input.name] = input.source
        }
        return inputs.isEmpty ? [.preset(.default)] : inputs
    }
}
