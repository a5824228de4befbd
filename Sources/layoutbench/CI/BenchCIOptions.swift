import ArgumentParser
import BenchResults
import ErrorReporting
import Foundation
import LayoutBenchKit

/// What `bench` offers a CI job beyond measuring: the metric, scenario globs, a label, and exports.
struct BenchCIOptions: ParsableArguments {
    @Option(
        help:
            "What to measure: time (wall clock, the default) or instructions (exact counts under valgrind's callgrind, one thread)."
    )
    var metric: BenchMetric = .time

    @Option(help: "Operations counted per scenario with --metric instructions.")
    var operations = 20

    @Option(help: "Only scenarios whose name matches this glob (repeatable), such as 'measure-*'.")
    var filter: [String] = []

    @Option(help: "Leave out scenarios whose name matches this glob (repeatable).")
    var skip: [String] = []

    @Option(help: "A label stored in the result file and shown in tables, such as base or pr-123.")
    var label: String?

    @Option(name: .customLong("export-markdown"), help: "Also write the table as Markdown to this file.")
    var exportMarkdown: String?

    @Option(name: .customLong("export-csv"), help: "Also write one CSV row per result to this file.")
    var exportCSV: String?

    func validate() throws {
        if operations < 1 || operations > 100_000 { throw ValidationError("--operations must be from 1 to 100000") }
    }

    /// The scenarios `--filter` and `--skip` leave; bad input when none is left.
    func select(_ kinds: [ScenarioKind]) throws -> [ScenarioKind] {
        let kept = kinds.filter { kind in
            (filter.isEmpty || filter.contains { Glob.matches($0, kind.rawValue) })
                && !skip.contains { Glob.matches($0, kind.rawValue) }
        }
        if kept.isEmpty {
            throw CLIError.badArgument(
                "--filter \(filter) and --skip \(skip) leave no scenario of: \(kinds.map(\.rawValue).joined(separator: ", "))"
            )
        }
        return kept
    }

    /// The extra files, and the job summary on GitHub.
    func export(_ report: BenchReport) throws {
        let markdown = report.isInstructionRun ? report.instructionTable(markdown: true) : report.markdown()
        if let exportMarkdown { try ExportFile.write(markdown + "\n", to: exportMarkdown, option: "--export-markdown") }
        if let exportCSV { try ExportFile.write(report.csv(), to: exportCSV, option: "--export-csv") }
    }
}

/// What `bench` measures.
enum BenchMetric: String, ExpressibleByArgument, CaseIterable {
    case time
    case instructions
}
