import ArgumentParser
import Foundation
import LayoutSnapshot

extension Layoutbench.Snapshot {
    /// `layoutbench snapshot record LAYOUT... -o DIR`.
    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Solve layouts in every configuration of a matrix and write one golden file per layout.",
            discussion: """
                The golden file (DIR/NAME.snapshot.txt) is plain text made for `git diff`: a header naming the \
                layout, its source, its entry, the rules revision and each configuration's container, then one \
                line per element (category, element kind, index path, frame in points rounded to the \
                configuration's pixels). Every layout is solved before any file is written.

                Examples:
                  layoutbench snapshot record feed.yaml -o snapshots                     # the default matrix
                  layoutbench snapshot record feed.yaml -o snapshots --devices iphones --traits ltr,rtl
                  layoutbench snapshot record FeedViewController.swift --items 12,30 -o snapshots
                """)

        @Argument(help: "Layouts: spec files (.yaml, .yml, .json) or Swift layout code (.swift, docs/import.md).")
        var layouts: [String]

        @Option(
            name: .customShort("o"),
            help: ArgumentHelp("The folder of golden files (made if missing).", valueName: "dir"))
        var output: String

        @OptionGroup(title: "Matrix") var matrixOptions: SnapshotMatrixOptions
        @OptionGroup var layoutOptions: SnapshotLayoutOptions

        func run() throws {
            try SnapshotFolder.prepare(output, option: "-o")
            try layoutOptions.checkDistinctGoldens(layouts, in: output)
            let matrix = try matrixOptions.matrix()
            var goldens: [(path: String, file: GoldenFile)] = []
            for path in layouts {
                let loaded = try layoutOptions.load(path, matrix: matrix)
                let golden = try GoldenFile.record(
                    layout: loaded.name, source: path, entry: loaded.entry, layouts: loaded.layouts, matrix: matrix)
                goldens.append((layoutOptions.goldenPath(path, in: output), golden))
            }
            for (path, golden) in goldens {
                try SnapshotFiles.write(golden.text, to: path)
                let elements = golden.blocks.reduce(0) { $0 + $1.frames.elements.count }
                print(
                    "\(golden.source): recorded \(golden.blocks.count) configurations, \(elements) elements "
                        + "→ \(path)")
            }
        }
    }
}

/// The snapshot folder, made before any solve so a folder that cannot be made costs nothing.
enum SnapshotFolder {
    static func prepare(_ path: String, option: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw CLIError.unwritable(path: path, option: option, reason: "it is a file, not a folder")
            }
            guard access(path, W_OK) == 0 else {
                throw CLIError.unwritable(path: path, option: option, reason: String(cString: strerror(errno)))
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CLIError.unwritable(path: path, option: option, reason: error.localizedDescription)
        }
    }
}
