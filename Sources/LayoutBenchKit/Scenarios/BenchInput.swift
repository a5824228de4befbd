import BenchResults
import CompositionalLayout
import Foundation
import LayoutSpec

/// A layout to bench and where it came from.
public struct BenchInput: Sendable {
    /// The name results carry: the preset's (`grid-10k`) or the spec's `name`.
    public var name: String
    public var layout: CollectionLayout
    /// `preset:grid-10k` or the spec file's path.
    public var source: String
    /// The spec file to parse in the `parse` scenario (a preset's is written to a temporary file).
    public var specPath: String?
    /// A hash of the spec's content (FNV-1a 64 of its bytes, hex), so results of different layouts that share
    /// a name can be told apart.
    public var contentHash: String

    public init(name: String, layout: CollectionLayout, source: String, specPath: String?, contentHash: String) {
        self.name = name
        self.layout = layout
        self.source = source
        self.specPath = specPath
        self.contentHash = contentHash
    }

    public var items: Int { layout.itemCount }
}

extension BenchInput {
    /// A preset's layout. Its content hash is that of the YAML `SpecWriter` writes for it.
    public static func preset(_ preset: LayoutPreset) -> BenchInput {
        let layout = preset.layout()
        return BenchInput(
            name: preset.name, layout: layout, source: "preset:\(preset.name)", specPath: nil,
            contentHash: ContentHash.fnv1a64(SpecWriter.yaml(layout)))
    }

    /// A spec file, read with every check of docs/spec-format.md.
    public static func spec(path: String, maxItems: Int = SpecReader.defaultMaxItems) throws(BenchError) -> BenchInput {
        // One read: the hash is of the bytes parsed.
        let read: (layout: CollectionLayout, data: Data)
        do {
            read = try SpecReader.readWithBytes(contentsOf: path, maxItems: maxItems)
        } catch {
            throw BenchError.spec(error)
        }
        return BenchInput(
            name: read.layout.name, layout: read.layout, source: path, specPath: path,
            contentHash: ContentHash.fnv1a64(read.data))
    }
}

/// Spec files the bench writes for itself.
enum SpecFiles {
    /// Writes `layout` as YAML to a new file in the temporary directory and returns its path.
    static func writeTemporary(_ layout: CollectionLayout, hash: String) throws(BenchError) -> String {
        let directory = FileManager.default.temporaryDirectory.path
        let path = "\(directory)/layoutbench-\(hash)-\(ProcessInfo.processInfo.processIdentifier).yaml"
        do {
            try SpecWriter.yaml(layout).write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw BenchError.cannotWrite(path: path, reason: "\(error)")
        }
        return path
    }
}
