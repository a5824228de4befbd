import ArgumentParser
import ErrorReporting
import Foundation

/// The `layoutbench` command: parsing and printing only; the modules do the work.
@main
struct Layoutbench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutbench",
        abstract: "Solve, draw and measure Apple-style compositional collection-view layouts, headless.",
        discussion: """
            A spec file (YAML or JSON, see docs/spec-format.md) describes a compositional layout, its data and \
            its container. `solve` prints every frame, `render` draws the layout as SVG.

            Exit codes: 0 success; 1 a regression (compare, ab, watch --once); 2 bad input (a spec, argument \
            or file that cannot be used, or a layout that cannot be solved); 3 the environment failed (the \
            results store failed to read or write, valgrind is missing or failed); 70 an internal failure \
            (a bug: please report it).
            """,
        version: VersionInfo.text,
        subcommands: [
            Solve.self, Render.self, Replay.self, Import.self, Lint.self, Explain.self, Generate.self, Bench.self,
            Compare.self, AB.self, Merge.self, Push.self, List.self, Watch.self, History.self, Report.self,
            CountInstructions.self, ServeBench.self, Snapshot.self,
        ]
    )

    /// Runs the command. Every error, the parser's included, ends in `Failure.exit(for:)`: one policy.
    static func main() {
        do {
            try HelpTopic.check(Array(CommandLine.arguments.dropFirst()), root: Layoutbench.self)
            var command = try parseAsRoot()
            try command.run()
        } catch {
            Failure.exit(for: error)
        }
    }
}

/// `layoutbench help TOPIC...`: ArgumentParser shows the root's help for a topic it does not know and exits 0,
/// so a misspelt topic would look like success; it is bad input instead.
enum HelpTopic {
    static func check(_ arguments: [String], root: ParsableCommand.Type) throws(CLIError) {
        guard arguments.first == "help" else { return }
        var command = root
        for name in arguments.dropFirst().prefix(while: { !$0.hasPrefix("-") }) {
            let subcommands = command.configuration.subcommands
            guard let next = subcommands.first(where: { $0._commandName == name }) else {
                let known = subcommands.map { $0._commandName }.joined(separator: ", ")
                throw .badArgument(
                    "no help for '\(name)': \(known.isEmpty ? "'\(command._commandName)' has no subcommands" : "subcommands are \(known)")"
                )
            }
            command = next
        }
    }
}
