import ArgumentParser
import ErrorReporting
import Foundation
import LayoutImport
import LayoutLint
import LayoutSpec

extension Layoutbench {
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find compositional layout's known traps in specs before a device does.",
            discussion: """
                Each finding names its check (LB101...), the spec's line and column (for a .swift file, imported \
                as by `layoutbench import`, the Swift line and column that built the node), the rule of \
                docs/layout-rules.md that says what happens, what happens there with the numbers, and the usual \
                fix. Checks that depend on the container run at common device widths, portrait and landscape, \
                and name the first size where the trap shows. docs/lint.md lists every check.

                Exit codes: 0 no findings, or warnings only; 1 an error (a section that shows nothing), or any \
                finding with --strict; 2 a spec that cannot be read.

                Examples:
                  layoutbench lint feed.yaml
                  layoutbench lint specs/*.yaml --format sarif > lint.sarif   # for GitHub code scanning
                  layoutbench lint feed.yaml --widths 320,390 --strict
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, sarif
        }

        @Argument(help: "Spec files (.yaml, .yml or .json), or Swift layout files (.swift, docs/import.md).")
        var specs: [String]

        @Option(help: "Output format: text for people, json with a findings list, sarif (2.1.0) for code scanning.")
        var format: Format = .text

        @Option(help: ArgumentHelp("Container widths to check, in points, comma-separated.", valueName: "w,w,..."))
        var widths: String = LayoutLinter.commonWidths.map { String(Int($0)) }.joined(separator: ",")

        @Flag(help: "Exit 1 on warnings too, not only on errors.")
        var strict = false

        @OptionGroup(title: "Layout code (.swift)" + BuildTrait.importing.helpNote) var swift: SwiftImportOptions

        func validate() throws {
            _ = try parsedWidths()
        }

        func parsedWidths() throws -> [Double] {
            let parts = widths.split(separator: ",", omittingEmptySubsequences: false)
            let values = parts.map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard !parts.isEmpty, values.allSatisfy({ $0 != nil && $0! > 0 && $0! <= 100_000 }) else {
                throw ValidationError(
                    "--widths takes widths in points from 1 to 100000, comma-separated "
                        + "(for example 320,390,430), got '\(widths)'")
            }
            return values.map { $0! }
        }

        func run() throws {
            let widths = try parsedWidths()
            // Every spec is read before anything is printed: a bad spec prints no partial report.
            var findings: [LintFinding] = []
            for path in specs {
                if SpecSource.isSwift(path) {
                    findings += try SpecSource.lintSwift(path, widths: widths, importing: try swift.template())
                    continue
                }
                let layout = try SpecReader.read(contentsOf: path)
                let locator = try SpecLocator(contentsOf: path)
                findings += LayoutLinter.lint(layout, file: path, locator: locator, widths: widths)
            }
            switch format {
            case .text: print(LintReport.text(findings, files: specs.count))
            case .json: print(LintReport.json(findings, files: specs.count))
            case .sarif: print(LintReport.sarif(findings, toolVersion: VersionInfo.packageVersion))
            }
            if findings.contains(where: { $0.severity == .error }) || (strict && !findings.isEmpty) {
                throw ExitCode(1)
            }
        }
    }
}
