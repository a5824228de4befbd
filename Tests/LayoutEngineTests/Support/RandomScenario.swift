import CompositionalLayout
import Foundation
import LayoutSpec
import LayoutTestSupport

/// A random layout and a random operation sequence valid for it, both from one seed, with the trace a
/// failure prints: the seed (which rebuilds both) and the operations up to the failing one as a replay
/// file. With `LAYOUTBENCH_TRACE_DIR` set, a failing scenario is also saved there as `seed-N.yaml` and
/// `seed-N.jsonl`, ready for `layoutbench replay seed-N.yaml seed-N.jsonl --each`.
struct RandomScenario: Sendable, CustomStringConvertible {
    var seed: UInt64
    var layout: CollectionLayout
    var measure: MeasureMode
    var operations: [LayoutOperation]

    /// A display scale that replaces the generated one (nil: the layout's own), so that pixel rounding (§1)
    /// can be tested on every random layout.
    var displayScale: Double?
    /// Whether the layout and the operations carry version 2 features (docs/version-2.md §10, `Version2Features`).
    var version2 = false

    /// The layout of `seed` and `count` operations from a generator seeded from it, optionally with its
    /// container's display scale replaced by `displayScale`.
    /// - Parameter movesSections: draw `moveSection` operations too (off: the sequences of the seeds kept as
    ///   regression nets stay what they were).
    init(
        seed: UInt64, operations count: Int, displayScale: Double? = nil, version2: Bool = false,
        movesSections: Bool = false
    ) {
        self.seed = seed
        self.displayScale = displayScale
        self.version2 = version2
        layout = RandomLayoutGenerator().layout(seed: seed)
        if version2 { layout = Version2Features().decorate(layout, seed: seed) }
        if let displayScale { layout.container.displayScale = displayScale }
        // One scenario in five keeps estimates until `measure` operations arrive (`--measure none`).
        measure = seed % 5 == 4 ? .none : .all
        var options = RandomOperationGenerator.Options()
        options.movesSections = movesSections
        var generator = RandomOperationGenerator(seed: seed ^ 0x5DEE_CE66_D1CE_5EED, options: options)
        operations = generator.operations(from: LayoutState(layout: layout, measure: measure), count: count)
        if version2 { operations = Version2Features().decorate(operations, container: layout.container, seed: seed) }
    }

    var initialState: LayoutState { LayoutState(layout: layout, measure: measure) }

    var description: String { trace(upTo: operations.count) }

    /// How to rebuild the scenario, and its operations 1...`step` (line k is operation k).
    func trace(upTo step: Int) -> String {
        """
        seed \(seed): RandomScenario(seed: \(seed), operations: \(operations.count)\(displayScale.map { ", displayScale: \(formatNumber($0))" } ?? "")\(version2 ? ", version2: true" : "")), --measure \(measure.rawValue); \
        \(layout.sectionCount) sections, container \(formatNumber(layout.container.width)) x \
        \(formatNumber(layout.container.height)), \(layout.configuration.scrollDirection.rawValue); operations 1...\(step):
        \(OperationsWriter.text(Array(operations.prefix(step))))
        """
    }

    /// The trace of a failure after operation `step` (0: before any), saved when `LAYOUTBENCH_TRACE_DIR` is set.
    func trace(failingAt step: Int) -> String {
        var text = trace(upTo: step)
        text += step == 0 ? "(failed before any operation)" : "(failed after operation \(step))"
        if let directory = ProcessInfo.processInfo.environment["LAYOUTBENCH_TRACE_DIR"] {
            let base = URL(fileURLWithPath: directory).appendingPathComponent("seed-\(seed)")
            let spec = base.appendingPathExtension("yaml"), replay = base.appendingPathExtension("jsonl")
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try SpecWriter.yaml(layout).write(to: spec, atomically: true, encoding: .utf8)
                try OperationsWriter.text(Array(operations.prefix(step))).write(
                    to: replay, atomically: true, encoding: .utf8)
                text += "\nsaved: layoutbench replay \(spec.path) \(replay.path) --measure \(measure.rawValue) --each"
            } catch {
                text += "\n(could not save the trace in \(directory): \(error))"
            }
        }
        return text
    }
}
