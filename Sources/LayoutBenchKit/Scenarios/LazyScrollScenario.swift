import BenchResults
import CompositionalLayout
import LayoutEngine

/// `lazy-scroll`: what UIKit does with self-sizing cells. A lazy engine starts with every item at its
/// estimate (built in `prepareSample()`, untimed); a sample scrolls one viewport at a time from the top to
/// the bottom, and at each stop `prepare(visibleRect:measuring:)` measures what came near the viewport and
/// shifts what follows, until the content (which grows or shrinks as items measure) ends.
///
/// Items measure with the spec's top-level self-sizing model (an item's own `selfSizing` is not consulted:
/// the measuring function sees only an index path), else to 100 x 44.
final class LazyScrollScenario: BenchScenario {
    let kind = ScenarioKind.lazyScroll
    private let context: ScenarioContext
    private var engine: LayoutEngine?
    private let axis: Axis
    private let viewport: Size
    /// Stops (prepare calls) in the last sample.
    private(set) var stops = 0

    init(_ context: ScenarioContext) throws {
        self.context = context
        axis = context.layout.configuration.scrollDirection.axis
        viewport = context.layout.container.size
        engine = try context.makeEngine(lazy: true)
    }

    var workItems: Int { context.input.items }
    var footprintItems: Int? { context.input.items }
    var parameters: [String: String] {
        [
            "viewport": "\(formatNumber(viewport.width))x\(formatNumber(viewport.height))", "step": "1 viewport",
            "measuring": context.layout.selfSizing == nil ? "100x44" : "spec selfSizing model",
        ]
    }

    func prepareSample() throws {
        engine = nil
        engine = try context.makeEngine(lazy: true)
    }

    func runSample() throws {
        guard let engine else { return }
        let measuring = Self.measuringFunction(context.layout.selfSizing)
        let length = viewport.length(axis)
        var offset = 0.0
        var stops = 0
        repeat {
            let rect =
                axis == .y
                ? Rect(x: 0, y: offset, width: viewport.width, height: viewport.height)
                : Rect(x: offset, y: 0, width: viewport.width, height: viewport.height)
            engine.prepare(visibleRect: rect, measuring: measuring)
            stops += 1
            offset += length
        } while offset < engine.contentSize.length(axis) && length > 0
        self.stops = stops
    }

    /// The size a cell reports: the model's lengths for the item's origin (its current index path here).
    static func measuringFunction(_ model: SelfSizing?) -> (IndexPath) -> Size {
        { path in
            let width =
                model?.width.map {
                    SelfSizing.length(seed: model!.seed, section: path.section, item: path.item, range: $0)
                } ?? 100
            let height =
                model?.height.map {
                    SelfSizing.length(seed: model!.seed, section: path.section, item: path.item, range: $0)
                } ?? 44
            return Size(width: width, height: height)
        }
    }
}
