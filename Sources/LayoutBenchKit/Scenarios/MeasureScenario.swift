import BenchResults
import CompositionalLayout
import LayoutEngine

/// `measure-one` and `measure-batch`: preferred sizes arrive for random items, as cells report their Auto
/// Layout sizes. Only estimated axes adopt them, so on a layout without estimated items the engine has
/// (correctly) almost nothing to do. The items and sizes are drawn in `prepareSample()`, untimed; sizes are
/// whole points in the spec's self-sizing range.
final class MeasureScenario: BenchScenario {
    let kind: ScenarioKind
    private let context: ScenarioContext
    private let engine: LayoutEngine
    private let batch: Int
    private var picker: ItemPicker
    /// Read by `runSample`, whose instructions are counted: unchecked, so that the harness's own dynamic
    /// exclusivity check (about 75 instructions) does not count as the engine's work.
    @exclusivity(unchecked) private var pending: [(IndexPath, Size)] = []

    init(_ context: ScenarioContext, batch: Int) throws {
        self.context = context
        kind = batch == 1 ? .measureOne : .measureBatch
        engine = try context.makeEngine()
        self.batch = max(1, min(batch, context.input.items))
        picker = ItemPicker(seed: context.seed, scenario: kind)
        guard context.input.items > 0 else {
            throw BenchError.notApplicable(
                scenario: kind.rawValue, spec: context.input.name, reason: "no items to measure")
        }
    }

    var workItems: Int { batch }
    var footprintItems: Int? { context.input.items }
    var parameters: [String: String] {
        let ranges = context.layout.benchSizeRanges
        return [
            "batch": "\(batch)", "seed": "\(context.seed)",
            "widths": "\(ranges.width.min)...\(ranges.width.max)",
            "heights": "\(ranges.height.min)...\(ranges.height.max)",
        ]
    }

    func prepareSample() throws {
        let ranges = context.layout.benchSizeRanges
        pending.removeAll(keepingCapacity: true)
        for _ in 0..<batch {
            guard let item = picker.item(engine) else { break }
            pending.append((item, Size(width: picker.length(ranges.width), height: picker.length(ranges.height))))
        }
    }

    func runSample() throws {
        do {
            try engine.measure(pending)
        } catch {
            throw BenchError.engine(error, scenario: kind.rawValue)
        }
    }
}
