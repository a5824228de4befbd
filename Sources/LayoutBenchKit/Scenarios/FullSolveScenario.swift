import BenchResults
import CompositionalLayout
import LayoutEngine

/// `full` and `full-materialize`: a solve from the model, as the first layout pass of a screen.
///
/// Each sample builds a new engine (every section solved, every estimated item measured with the spec's
/// model); the previous one is released in `prepareSample()`, untimed. `full-materialize` then writes every
/// cell frame into a preallocated buffer (on the engine's threads), so it adds the O(items) cost of reading
/// the frames out.
final class FullSolveScenario: BenchScenario {
    let kind: ScenarioKind
    private let context: ScenarioContext
    private var engine: LayoutEngine?
    private let buffer: UnsafeMutableBufferPointer<Rect>?
    /// Cells written by the last materialising sample (fewer than items when some have no room).
    private(set) var framesWritten = 0

    init(_ context: ScenarioContext, materialize: Bool) throws {
        self.context = context
        kind = materialize ? .fullMaterialize : .full
        buffer = materialize ? .allocate(capacity: max(1, context.input.items)) : nil
        // One untimed solve, so a layout that cannot be solved fails here, as bad input.
        engine = try context.makeEngine()
    }

    deinit { buffer?.deallocate() }

    var workItems: Int { context.input.items }
    var footprintItems: Int? { context.input.items }
    var measuresLiveBytes: Bool { true }
    var parameters: [String: String] {
        [
            "measure": "all",
            "container":
                "\(formatNumber(context.layout.container.width))x\(formatNumber(context.layout.container.height))",
        ]
    }

    func prepareSample() throws { engine = nil }

    func runSample() throws {
        let solved = try context.makeEngine()
        if let buffer {
            // On the engine's threads, as the solve itself.
            framesWritten = solved.writeCellFrames(into: buffer)
        }
        engine = solved
    }
}
