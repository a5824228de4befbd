import ArgumentParser
import Foundation
import LayoutSnapshot

extension Layoutbench.Snapshot {
    /// `layoutbench snapshot check LAYOUT... --snapshots DIR`.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Solve layouts again and compare every frame with their golden files.",
            discussion: """
                Each layout is solved in the configurations its golden file names (or in the matrix --devices, \
                --orientations and --traits give) and compared exactly. Per changed configuration it prints how \
                many elements moved, resized, appeared and vanished and the largest changes. A layout without a \
                golden is recorded, except under --ci, where that fails. --update writes the goldens of what \
                changed again.

                Exit codes: 0 everything matches (or was recorded or updated); 1 something changed, or a golden \
                is missing under --ci; 2 bad input (a layout, an argument, a golden file that does not read: \
                its file and line).

                Examples:
                  layoutbench snapshot check specs/*.yaml --snapshots snapshots
                  layoutbench snapshot check specs/*.yaml --snapshots snapshots --ci --report snapshots.html \\
                    --markdown comment.md --junit snapshots.xml
                  layoutbench snapshot check feed.yaml --snapshots snapshots --update
                """)

        @Argument(help: "Layouts: spec files (.yaml, .yml, .json) or Swift layout code (.swift, docs/import.md).")
        var layouts: [String]

        @Option(help: ArgumentHelp("The folder of golden files.", valueName: "dir"))
        var snapshots: String

        @Flag(help: "Write the golden files of layouts that changed again (and record missing ones).")
        var update = false

        @Flag(help: "A layout without a golden file fails instead of being recorded.")
        var ci = false

        @Option(help: ArgumentHelp("An HTML page drawing each changed configuration.", valueName: "file.html"))
        var report: String?

        @Option(help: ArgumentHelp("A Markdown summary, for a pull-request comment.", valueName: "file"))
        var markdown: String?

        @Option(help: ArgumentHelp("JUnit XML, one test case per layout and configuration.", valueName: "file"))
        var junit: String?

        @Option(help: "How many of the largest changes to list per changed configuration.")
        var show: Int = 5

        @OptionGroup(title: "Matrix") var matrixOptions: SnapshotMatrixOptions
        @OptionGroup var layoutOptions: SnapshotLayoutOptions

        func validate() throws {
            if update, ci {
                throw ValidationError("--update rewrites goldens and --ci refuses to write them: give one of the two")
            }
            if show < 0 { throw ValidationError("--show must be 0 or more") }
        }

        func run() throws {
            for (path, option) in [(report, "--report"), (markdown, "--markdown"), (junit, "--junit")] {
                if let path { try OutputPath.check(path, option: option) }
            }
            if !ci { try SnapshotFolder.prepare(snapshots, option: "--snapshots") }
            try layoutOptions.checkDistinctGoldens(layouts, in: snapshots)
            let given = matrixOptions.isGiven ? try matrixOptions.matrix() : nil
            // Every layout is read, solved and compared before anything is written or printed: a golden that
            // does not read stops the check with nothing half done.
            var checks: [(check: LayoutCheck, write: GoldenFile?)] = []
            for path in layouts { checks.append(try checkOne(path, given: given)) }
            for (check, write) in checks {
                if let write { try SnapshotFiles.write(write.text, to: check.golden) }
                for line in SnapshotText.lines(check, largest: show) { print(line) }
            }
            let results = checks.map(\.check)
            if let report { try SnapshotFiles.write(SnapshotHTML(checks: results, largest: show).html, to: report) }
            if let markdown { try SnapshotFiles.write(SnapshotMarkdown.document(results, largest: show), to: markdown) }
            if let junit { try SnapshotFiles.write(SnapshotJUnit.document(results, largest: show), to: junit) }
            if results.contains(where: \.failed) { throw ExitCode(1) }
        }

        /// One layout: its golden read (if any), the layout solved in its matrix, compared; and the golden to
        /// write, if one is to be written.
        func checkOne(_ path: String, given: SnapshotMatrix?) throws -> (check: LayoutCheck, write: GoldenFile?) {
            let goldenPath = layoutOptions.goldenPath(path, in: snapshots)
            let golden = SnapshotFiles.exists(goldenPath) ? try GoldenFile(contentsOf: goldenPath) : nil
            let matrix = given ?? golden.map { SnapshotMatrix($0.configurations) } ?? .default
            let loaded = try layoutOptions.load(path, matrix: matrix)
            let now = try GoldenFile.record(
                layout: loaded.name, source: path, entry: loaded.entry, layouts: loaded.layouts, matrix: matrix)
            guard let golden else {
                let outcome: LayoutCheck.Outcome = ci ? .missing : .recorded
                let configurations = now.blocks.map {
                    ConfigurationCheck(configuration: $0.configuration, status: .notRecorded, new: $0.frames)
                }
                let check = LayoutCheck(
                    source: path, layout: loaded.name, golden: goldenPath, outcome: outcome,
                    configurations: configurations)
                return (check, ci ? nil : now)
            }
            var check = LayoutCheck(
                source: path, layout: loaded.name, golden: goldenPath, outcome: .compared,
                configurations: LayoutCheck.compare(golden: golden, current: now.blocks),
                goldenRules: golden.rules == GoldenFile.rulesRevision ? nil : golden.rules)
            guard update, check.failed || golden.rules != GoldenFile.rulesRevision else { return (check, nil) }
            check.outcome = .updated
            return (check, now)
        }
    }
}
