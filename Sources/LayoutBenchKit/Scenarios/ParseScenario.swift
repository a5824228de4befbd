import BenchResults
import CompositionalLayout
import Foundation
import LayoutSpec

/// `parse`: read a spec file into the model (YAML or JSON, every check of docs/spec-format.md). A bench of a
/// preset parses the spec `SpecWriter` writes for it, from a temporary file removed afterwards.
final class ParseScenario: BenchScenario {
    let kind = ScenarioKind.parse
    private let context: ScenarioContext
    private let path: String
    private let ownsFile: Bool
    private let bytes: Int
    private var parsed: CollectionLayout?

    init(_ context: ScenarioContext) throws {
        self.context = context
        if let specPath = context.input.specPath {
            path = specPath
            ownsFile = false
        } else {
            path = try SpecFiles.writeTemporary(context.layout, hash: context.input.contentHash)
            ownsFile = true
        }
        bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        try runSample()  // a spec that does not read is bad input, reported before any timing
    }

    deinit {
        if ownsFile { try? FileManager.default.removeItem(atPath: path) }
    }

    var workItems: Int { context.input.items }
    var footprintItems: Int? { nil }
    var parameters: [String: String] {
        ["file": ownsFile ? "(SpecWriter YAML of the preset)" : path, "bytes": "\(bytes)"]
    }

    func prepareSample() throws { parsed = nil }

    func runSample() throws {
        do {
            parsed = try SpecReader.read(contentsOf: path)
        } catch {
            throw BenchError.spec(error)
        }
    }
}
