import CompositionalLayout
import Foundation
import LayoutSpec
import LayoutTestSupport

/// The fixture specs and expected outputs (Tests/Fixtures/specs) that the named tests use.
enum TrapSpecs {
    static let root = Fixtures.specs

    /// A spec, by its path under Tests/Fixtures/specs (`examples/E12.yaml`).
    static func load(_ relative: String) throws -> CollectionLayout {
        try SpecReader.read(contentsOf: root.appendingPathComponent(relative).path)
    }

    /// An expected output, by its path under Tests/Fixtures/specs (`examples/E12.expected.json`).
    static func expected(_ relative: String) throws -> SolveOutput {
        try SolveOutput.decode(json: Data(contentsOf: root.appendingPathComponent(relative)))
    }
}
