import ArgumentParser
import CompositionalLayout
import Foundation
import LayoutImport
import LayoutSpec

/// How a `.swift` layout given where a spec goes is imported: the same entry, items, container and helper
/// files as `layoutbench import` takes (docs/import.md). Every command that reads specs has them; a spec
/// file ignores them.
struct SwiftImportOptions: ParsableArguments {
    @Option(help: "For .swift layouts: the entry, Type.member or a function's name, when a file has several.")
    var entry: String?

    @Option(help: "For .swift layouts: items per section, N (one section) or a,b,c. Default: one section of 20.")
    var items: String?

    @Option(
        help: "For .swift layouts: the container as the spec format's mapping, YAML or JSON. Default: 390 × 844 at 3x."
    )
    var container: String?

    @Option(
        name: .customLong("with"),
        help: "For .swift layouts: a Swift file whose declarations the layout code uses (repeatable).")
    var helpers: [String] = []

    /// How to import any `.swift` file given (`SpecSource` fills in `files`), with the container's width and
    /// height replaced where given (`--width`, `--height` of the command).
    func template(width: Double? = nil, height: Double? = nil) throws -> ImportRequest {
        var request = ImportRequest(files: [], helpers: helpers, entry: entry)
        if let items { request.itemCounts = try ImportRequest.itemCounts(parsing: items) }
        request.container = try ImportRequest.container(parsing: container, width: width, height: height)
        return request
    }

    /// These options as command-line words, for a child `bench` (watch) to import the same way.
    var arguments: [String] {
        var words: [String] = []
        if let entry { words += ["--entry", entry] }
        if let items { words += ["--items", items] }
        if let container { words += ["--container", container] }
        for helper in helpers { words += ["--with", helper] }
        return words
    }
}
