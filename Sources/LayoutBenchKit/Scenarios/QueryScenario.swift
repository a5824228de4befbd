import BenchResults
import CompositionalLayout
import LayoutEngine

/// `query`: what a collection view asks on every scroll frame: the elements in a viewport-sized rect.
/// Successive samples sweep the content from its start to its end (at most 1,000 queries a sweep, at least
/// half a viewport apart), then start again half a step further, so the queries visit the whole layout,
/// not only its first screen.
final class QueryScenario: BenchScenario {
    let kind = ScenarioKind.query
    private let context: ScenarioContext
    private let engine: LayoutEngine
    private let axis: Axis
    private let viewport: Size
    private let contentLength: Double
    private let step: Double
    private var offset = 0.0
    private var sweep = 0
    // The three below are read or written by `runSample`, whose instructions are counted: unchecked, so that
    // the harness's own dynamic exclusivity checks (about 75 instructions each) do not count as the engine's.
    @exclusivity(unchecked) private var rect = Rect.zero
    /// Elements found by the samples so far (read so the queries cannot be optimised away).
    @exclusivity(unchecked) private(set) var elementsFound = 0
    @exclusivity(unchecked) private(set) var queries = 0

    init(_ context: ScenarioContext) throws {
        self.context = context
        engine = try context.makeEngine()
        axis = context.layout.configuration.scrollDirection.axis
        viewport = context.layout.container.size
        let content = engine.contentSize
        let viewportLength = viewport.length(axis)
        contentLength = max(0, content.length(axis) - viewportLength)
        step = max(viewportLength / 2, contentLength / 1_000, 1)
    }

    var workItems: Int { 1 }
    var footprintItems: Int? { context.input.items }
    var parameters: [String: String] {
        [
            "viewport": "\(formatNumber(viewport.width))x\(formatNumber(viewport.height))",
            "step": formatNumber((step * 100).rounded() / 100), "content": formatNumber(contentLength.rounded()),
        ]
    }

    /// Average elements a query returned, once samples ran.
    var averageElements: Double { queries == 0 ? 0 : Double(elementsFound) / Double(queries) }

    func prepareSample() throws {
        rect =
            axis == .y
            ? Rect(x: 0, y: offset, width: viewport.width, height: viewport.height)
            : Rect(x: offset, y: 0, width: viewport.width, height: viewport.height)
        offset += step
        if offset > contentLength {
            sweep += 1
            offset = (sweep % 2 == 1) ? step / 2 : 0
        }
    }

    func runSample() throws {
        elementsFound &+= engine.elements(in: rect).count
        queries += 1
    }
}
