import ArgumentParser
import Foundation

/// The `layoutbench` command: parsing and printing only; the modules do the work.
@main
struct Layoutbench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutbench",
        abstract: "Solve, draw and measure Apple-style compositional collection-view layouts, headless.",
        discussion: """
            A spec file (YAML or JSON, see SPEC-FORMAT.md) describes a compositional layout, its data and its \
            container. `solve` prints every frame, `render` draws the layout as SVG.

            Exit codes: 0 success, 1 failure, 2 bad input (a spec or argument that cannot be used).
            """,
        version: VersionInfo.text,
        subcommands: [Solve.self, Render.self, Replay.self, Generate.self, Bench.self, Compare.self, AB.self, List.self,
                      CountInstructions.self]
    )

    /// Runs the command; a command line that cannot be parsed is bad input too: exit 2, not the parser's 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code.rawValue == 64 {
                Failure.printError(fullMessage(for: error))
                Foundation.exit(Failure.badInput)
            }
            exit(withError: error)
        }
    }
}
