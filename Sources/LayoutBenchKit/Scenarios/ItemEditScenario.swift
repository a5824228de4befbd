import BenchResults
import CompositionalLayout
import LayoutEngine

/// `insert` and `delete`: one item comes or goes at a random place of a random section, as a data source
/// update does. The next `prepareSample()` undoes it untimed (deletes the inserted item, inserts one where
/// an item was deleted), so the layout keeps its size over any number of samples.
final class ItemEditScenario: BenchScenario {
    let kind: ScenarioKind
    private let context: ScenarioContext
    let engine: LayoutEngine
    private var picker: ItemPicker
    // Read and written by `runSample`, whose instructions are counted: unchecked, so that the harness's own
    // dynamic exclusivity checks (about 75 instructions each) do not count as the engine's work.
    /// The edit the next sample applies, and whether it was applied (then the next `prepareSample` undoes it).
    /// Plain numbers, made into the operation where it is applied: an optional `LayoutOperation` read out of
    /// the property was copied and destroyed through the enum's value witnesses (about 280 instructions of
    /// every counted insert, none of them the engine's).
    @exclusivity(unchecked) private var next: Edit?
    @exclusivity(unchecked) private var applied = false

    /// One item inserted or deleted at `at` of `section`.
    private struct Edit {
        var section: Int, at: Int, inserting: Bool
    }

    init(_ context: ScenarioContext, inserting: Bool) throws {
        self.context = context
        kind = inserting ? .insert : .delete
        engine = try context.makeEngine()
        picker = ItemPicker(seed: context.seed, scenario: kind)
        guard engine.sectionCount > 0, inserting || context.input.items > 0 else {
            throw BenchError.notApplicable(
                scenario: kind.rawValue, spec: context.input.name,
                reason: "no \(inserting ? "section" : "item") to edit")
        }
    }

    var workItems: Int { 1 }
    var footprintItems: Int? { context.input.items }
    var parameters: [String: String] { ["count": "1", "seed": "\(context.seed)"] }

    func prepareSample() throws {
        if applied, let done = next {
            try apply(Edit(section: done.section, at: done.at, inserting: !done.inserting))
        }
        applied = false
        next = nil
        if kind == .insert {
            let section = picker.rng.index(below: engine.sectionCount)
            let at = picker.rng.index(below: engine.itemCount(inSection: section) + 1)
            next = Edit(section: section, at: at, inserting: true)
        } else if let item = picker.item(engine) {
            next = Edit(section: item.section, at: item.item, inserting: false)
        }
    }

    /// Applies the edit alone; working out its undo is left to the next `prepareSample`, untimed.
    func runSample() throws {
        guard let edit = next else { return }
        try apply(edit)
        applied = true
    }

    private func apply(_ edit: Edit) throws {
        if edit.inserting {
            try apply(.insertItems(section: edit.section, at: edit.at, count: 1))
        } else {
            try apply(.deleteItems(section: edit.section, at: edit.at, count: 1))
        }
    }

    private func apply(_ operation: LayoutOperation) throws {
        do {
            try engine.apply(operation)
        } catch {
            throw BenchError.engine(error, scenario: kind.rawValue)
        }
    }
}
