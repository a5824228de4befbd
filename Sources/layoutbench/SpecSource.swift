import BenchResults
import CompositionalLayout
import Foundation
import LayoutBenchKit
import LayoutImport
import LayoutLint
import LayoutSpec

/// The one place a command turns a spec path into a layout: a `.swift` file is imported (compiled once, then
/// read from the import cache, docs/import.md) as `importing` says (`SwiftImportOptions`: entry, items,
/// container, helper files; the defaults otherwise); any other path is read as a spec (docs/spec-format.md).
enum SpecSource {
    static func isSwift(_ path: String) -> Bool { path.lowercased().hasSuffix(".swift") }

    /// The import of the `.swift` file at `path` as `template` says.
    static func request(_ path: String, _ template: ImportRequest) -> ImportRequest {
        var request = template
        request.files = [path]
        request.helpers.removeAll { $0 == path }
        return request
    }

    static func layout(
        at path: String, maxItems: Int = SpecReader.defaultMaxItems, importing: ImportRequest = ImportRequest(files: [])
    ) throws -> CollectionLayout {
        guard isSwift(path) else { return try SpecReader.read(contentsOf: path, maxItems: maxItems) }
        let layout = try Importer.importLayout(request(path, importing)).layout
        if layout.itemCount > maxItems {
            throw CLIError.badArgument("\(path): the imported layout has \(layout.itemCount) items, over --max-items")
        }
        return layout
    }

    static func benchInput(path: String, importing: ImportRequest = ImportRequest(files: [])) throws -> BenchInput {
        guard isSwift(path) else { return try BenchInput.spec(path: path) }
        let imported = try Importer.importLayout(request(path, importing))
        return BenchInput(
            name: imported.layout.name, layout: imported.layout, source: path, specPath: nil,
            contentHash: ContentHash.fnv1a64(imported.yaml))
    }

    /// The findings of the layout a `.swift` file builds, each at the Swift line and column that built its
    /// node (or the nearest node holding it); a finding on a node no user code built (a list section's rows)
    /// stays at line 1 of the file.
    static func lintSwift(
        _ path: String, widths: [Double], importing: ImportRequest = ImportRequest(files: [])
    ) throws -> [LintFinding] {
        let imported = try Importer.importLayout(request(path, importing))
        let locator = try? SpecLocator(text: imported.yaml, file: path, format: .yaml)
        return LayoutLinter.lint(imported.layout, file: path, locator: locator, widths: widths).map { finding in
            var finding = finding
            let place = imported.sources.location(of: finding.path)
            finding.file = place?.file ?? path
            finding.line = place?.line ?? 1
            finding.column = place?.column ?? 1
            return finding
        }
    }
}
