import BenchResults
import CompositionalLayout
import LayoutEngine

/// `resize`: a rotation. One sample resizes the container to its transpose (390 x 844 becomes 844 x 390)
/// and back, so every sample starts from the same state; variants are chosen again at each width, and every
/// fractional length changes, so the whole layout is solved twice. A layout with a safe area rotates it too
/// (docs/version-2.md §10.1: the notch moves from the top to the leading and trailing edges).
final class ResizeScenario: BenchScenario {
    let kind = ScenarioKind.resize
    private let context: ScenarioContext
    private let engine: LayoutEngine
    private let portrait: Size
    private let landscape: Size
    /// The safe areas of both orientations; nil for a layout without one (a version 1 rotation).
    private let safeAreas: (portrait: EdgeInsets, landscape: EdgeInsets)?

    init(_ context: ScenarioContext) throws {
        self.context = context
        engine = try context.makeEngine()
        portrait = context.layout.container.size
        landscape = Size(width: portrait.height, height: portrait.width)
        let safe = context.layout.container.safeAreaInsets
        safeAreas =
            safe == .zero
            ? nil
            : (
                safe,
                EdgeInsets(
                    top: 0, leading: max(safe.top, safe.leading), bottom: min(safe.bottom, 21),
                    trailing: max(safe.top, safe.trailing))
            )
        // An untimed rotation: a layout without a variant for the other width is bad input, not a crash.
        do {
            try rotate()
        } catch let error as BenchError {
            if case let .engine(.layout(layoutError), _) = error {
                throw BenchError.layout(
                    layoutError, source: context.input.source,
                    context: "rotated to \(formatNumber(landscape.width)) wide")
            }
            throw error
        }
    }

    var workItems: Int { 2 * context.input.items }
    var footprintItems: Int? { context.input.items }
    var parameters: [String: String] {
        [
            "from": "\(formatNumber(portrait.width))x\(formatNumber(portrait.height))",
            "to": "\(formatNumber(landscape.width))x\(formatNumber(landscape.height))", "resizesPerSample": "2",
            "safeArea": safeAreas == nil ? "none" : "rotated",
        ]
    }

    func prepareSample() throws {}

    func runSample() throws { try rotate() }

    private func rotate() throws {
        do {
            let (toLandscape, toPortrait) =
                safeAreas.map {
                    (EnvironmentChange(safeAreaInsets: $0.landscape), EnvironmentChange(safeAreaInsets: $0.portrait))
                } ?? (.unchanged, .unchanged)
            try engine.apply(.resize(width: landscape.width, height: landscape.height, environment: toLandscape))
            try engine.apply(.resize(width: portrait.width, height: portrait.height, environment: toPortrait))
        } catch {
            throw BenchError.engine(error, scenario: kind.rawValue)
        }
    }
}
