import CompositionalLayout
import ErrorReporting
import Foundation
import LayoutSpec

/// The layouts Swift code builds in several containers at once: what `layoutbench snapshot` needs, since an
/// app's section provider may read anything of its environment (the width, the traits, the safe area), so
/// each configuration of a snapshot matrix gets the layout the code builds there, as UIKit would ask it.
public struct ImportedLayouts: Sendable {
    /// One layout per container, in the order given.
    public var layouts: [CollectionLayout]
    /// The entry's name (`FeedViewController.createLayout`).
    public var entry: String
    /// Whether they came from the cache (nothing compiled).
    public var cached: Bool
}

extension Importer {
    /// The marker between the cached specs of one multi-container import.
    static let layoutsSeparator = "# --- layoutbench-import next container\n"

    /// Imports the entry of `request` once and runs it in every container of `containers` (the request's own
    /// container is not used): one compile, one run, one layout per container with no variants (each is
    /// exactly what the code built there). Cached like `importLayout`, keyed by the containers too.
    /// - Throws: `ImportError` as `importLayout` does, at the user's file and line.
    /// - Complexity: one compile and one run of the program (a provider call per section and container) when
    ///   not cached; reading the cached specs otherwise.
    public static func importLayouts(
        _ request: ImportRequest, containers: [LayoutContainer], cache: ImportCache = .standard(),
        toolchain given: SwiftToolchain? = nil
    ) throws(ImportError) -> ImportedLayouts {
        #if Import
        return try sliceAndRun(request, containers: containers, cache: cache, toolchain: given)
        #else
        throw missingTrait(request)
        #endif
    }
}

#if Import
extension Importer {
    /// `importLayouts` in a build with the slicer.
    static func sliceAndRun(
        _ request: ImportRequest, containers: [LayoutContainer], cache: ImportCache, toolchain given: SwiftToolchain?
    ) throws(ImportError) -> ImportedLayouts {
        let sources = try readSources(request)
        let toolchain: SwiftToolchain
        if let given { toolchain = given } else { toolchain = try SwiftToolchain.locate() }
        let itemCounts = request.itemCounts ?? ImportRequest.defaultItems
        var keyParts = [cacheVersion, "containers", toolchain.fingerprint, request.entry ?? "", "\(itemCounts)"]
        keyParts += containers.map(ImportProgram.literal)
        for source in sources { keyParts += [source.path, source.text] }
        let key = ImportCache.key(keyParts)
        let slicer = SwiftSlicer(files: sources)
        let entry = try chooseEntry(
            slicer.candidates().filter { request.files.contains($0.place.file) }, request: request, slicer: slicer)
        if let text = cache.spec(key) {
            let chunks = text.components(separatedBy: layoutsSeparator)
            let layouts = chunks.compactMap { try? SpecReader.read(yaml: $0, file: request.files[0]) }
            if layouts.count == containers.count {
                return ImportedLayouts(layouts: layouts, entry: entry.displayName, cached: true)
            }
        }
        let work = cache.directory + "/work-" + key
        defer { try? FileManager.default.removeItem(atPath: work) }
        let (output, _) = try compileAndRun(
            slicer.slice(entry: entry).files,
            program: ImportProgram.source(entry: entry, containers: containers, itemCounts: itemCounts),
            entry: entry, toolchain: toolchain, work: work)
        var texts: [String] = []
        var layouts: [CollectionLayout] = []
        for whole in output.components(separatedBy: ImportProgram.specMarker + "\n").dropFirst() {
            var text = whole.components(separatedBy: ImportProgram.sourcesMarker + "\n")[0]
            do {
                var layout = try SpecReader.read(yaml: text, file: entry.place.file)
                layout.name = entry.displayName
                text = SpecWriter.yaml(layout)
                layouts.append(layout)
                texts.append(text)
            } catch {
                throw ImportError(
                    file: entry.place.file, line: entry.place.line, column: entry.place.column,
                    message: "the layout \(entry.displayName) builds cannot be written as a spec: \(error)")
            }
        }
        guard layouts.count == containers.count else {
            throw ImportError(
                file: entry.place.file, line: entry.place.line,
                message: "the layout program printed \(layouts.count) specs for \(containers.count) containers")
        }
        cache.store(texts.joined(separator: layoutsSeparator), sources: "", key: key)
        return ImportedLayouts(layouts: layouts, entry: entry.displayName, cached: false)
    }
}
#endif
