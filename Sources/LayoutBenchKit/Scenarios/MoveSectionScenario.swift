import BenchResults
import CompositionalLayout
import LayoutEngine

/// `move-section`: one section moves to another place, as a diffable data source applies a section move
/// (`moveSection`: the section keeps its items and their measured sizes). The section count stays the same,
/// so samples do not drift.
final class MoveSectionScenario: BenchScenario {
    let kind = ScenarioKind.moveSection
    private let context: ScenarioContext
    let engine: LayoutEngine
    private var picker: ItemPicker
    private var batch: [LayoutOperation] = []

    init(_ context: ScenarioContext) throws {
        self.context = context
        engine = try context.makeEngine()
        picker = ItemPicker(seed: context.seed, scenario: kind)
        guard engine.sectionCount >= 2 else {
            throw BenchError.notApplicable(
                scenario: kind.rawValue, spec: context.input.name, reason: "fewer than 2 sections")
        }
    }

    /// Items in an average section: what one move carries.
    var workItems: Int { max(1, context.input.items / max(1, context.layout.sectionCount)) }
    var footprintItems: Int? { context.input.items }
    var parameters: [String: String] { ["sections": "\(context.layout.sectionCount)", "seed": "\(context.seed)"] }

    func prepareSample() throws {
        let count = engine.sectionCount
        let from = picker.rng.index(below: count)
        var to = picker.rng.index(below: count)  // an index in the layout after the removal: 0 ..< count
        if to == from { to = (to + 1) % count }
        batch = [.moveSection(from: from, to: to)]
    }

    func runSample() throws {
        do {
            try engine.apply(batch: batch)
        } catch {
            throw BenchError.engine(error, scenario: kind.rawValue)
        }
    }
}
