import ArgumentParser
import CompositionalLayout
import ErrorReporting
import Foundation
import LayoutImport
import LayoutSpec

extension Layoutbench {
    /// `layoutbench import FILE.swift…`: the layout that UIKit code builds, as a spec (docs/import.md).
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Turn the layout that UIKit Swift code builds into a spec." + BuildTrait.importing.helpNote,
            discussion: """
                Slices the layout code out of the files (the entry and what it reaches), compiles it with swiftc \
                against CompositionalLayoutUIKit, runs it at the container and at the rotated one, and writes the \
                spec (differences become variants). Results are cached by content hash. See docs/import.md.

                Example: layoutbench import FeedViewController.swift --items 10,10,10 -o feed.yaml
                """ + BuildTrait.importing.helpParagraph
        )

        @Argument(help: "The Swift files holding the layout code and its helpers.")
        var files: [String]

        @Option(help: "The entry: Type.member or a function's name, when there are several candidates.")
        var entry: String?

        @Option(help: "Items per section: N (one section) or a,b,c (a section each). Default: one section of 20.")
        var items: String?

        @Option(help: "The container as the spec format's mapping, YAML or JSON. Default: 390 × 844 at 3x.")
        var container: String?

        @Option(help: "Container width in points (over --container's).")
        var width: Double?

        @Option(help: "Container height in points (over --container's).")
        var height: Double?

        @Option(name: .customLong("display-scale"), help: "Device pixels per point (over --container's).")
        var displayScale: Double?

        @Option(
            name: [.customShort("o"), .customLong("output")], help: "Where to write the spec; - for standard output.")
        var output: String = OutputPath.standardOutput

        func run() throws {
            if output != OutputPath.standardOutput { try OutputPath.check(output, option: "-o") }
            var request = ImportRequest(files: files, entry: entry)
            if let items { request.itemCounts = try ImportRequest.itemCounts(parsing: items) }
            request.container = try ImportRequest.container(
                parsing: container, width: width, height: height, displayScale: displayScale)
            let result = try Importer.importLayout(request)
            if output == OutputPath.standardOutput {
                print(result.yaml, terminator: "")
            } else {
                try result.yaml.write(toFile: output, atomically: true, encoding: .utf8)
            }
        }
    }
}
