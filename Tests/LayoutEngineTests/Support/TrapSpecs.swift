import CompositionalLayout
import Foundation
import LayoutSpec

/// The shared specs and expected outputs under ../shared/specs that the named tests use.
enum TrapSpecs {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // LayoutEngineTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/specs")

    /// A spec, by its path under shared/specs (`examples/E12.yaml`).
    static func load(_ relative: String) throws -> CollectionLayout {
        try SpecReader.read(contentsOf: root.appendingPathComponent(relative).path)
    }

    /// An expected output, by its path under shared/specs (`examples/E12.expected.json`).
    static func expected(_ relative: String) throws -> SolveOutput {
        try SolveOutput.decode(json: Data(contentsOf: root.appendingPathComponent(relative)))
    }
}
