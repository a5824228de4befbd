import ArgumentParser
import CompositionalLayout
import LayoutSpec

/// Options shared by every command that reads a spec and solves it.
struct LayoutOptions: ParsableArguments {
    @Option(help: "Container width in points, instead of the spec's.")
    var width: Double?

    @Option(help: "Container height in points, instead of the spec's.")
    var height: Double?

    @Option(help: "Measure estimated items with the spec's selfSizing model (all) or keep their estimates (none).")
    var measure: MeasureMode = .all

    @Option(name: .customLong("max-items"), help: "The most items a spec may hold.")
    var maxItems: Int = SpecReader.defaultMaxItems

    func validate() throws {
        for (name, value) in [("--width", width), ("--height", height)] {
            if let value, !(value.isFinite && value >= 0 && value <= 1_000_000) {
                throw ValidationError("\(name) must be a number of points from 0 to 1000000, got \(value)")
            }
        }
        if maxItems < 1 { throw ValidationError("--max-items must be at least 1") }
    }

    /// Reads the spec at `path` with the container overrides applied.
    func load(_ path: String) throws -> CollectionLayout {
        try SpecReader.read(contentsOf: path, maxItems: maxItems).withContainer(width: width, height: height)
    }
}

extension MeasureMode: ExpressibleByArgument {}

/// Which solver computes the frames.
enum SolverChoice: String, ExpressibleByArgument, CaseIterable {
    /// The fast, incremental engine (the default).
    case engine
    /// SEMANTICS.md followed literally: the oracle the engine is tested against.
    case reference
}
