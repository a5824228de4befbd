import CompositionalLayout
import LayoutReplay
import LayoutSpec
import LayoutTestSupport
import Testing

/// UIKit's known traps as named tests (issue 3): each replays a few operations with both solvers and checks, after every step, the numbers
/// docs/layout-rules.md gives and that the output equals a fresh reference solve of the same data.
@Suite("UIKit traps")
struct UIKitTrapTests {
    /// docs/layout-rules.md E12: at width 0 no cells and one "no room" per section; the same engine then solved at
    /// width 390 gives exactly a fresh solve's frames. UIKit left stale cells from a reload at width 0.
    @Test(arguments: ReplaySolver.allCases)
    func zeroWidthThenRealWidth(_ solver: ReplaySolver) throws {
        let layout = try TrapSpecs.load("examples/E12.yaml")
        let run = try TrapRun(layout: layout, solver: solver)
        expectNoDifferences(run.output, try TrapSpecs.expected("examples/E12.expected.json"), "E12 at width 0")
        #expect(run.output.diagnostics.map(\.kind) == [.noRoom, .noRoom])
        #expect(run.output.diagnostics.map(\.section) == [0, 1])
        let at390 = try run.apply(.resize(width: 390, height: 844))
        expectNoDifferences(at390, try TrapSpecs.expected("examples/E12.expected.width-390.json"), "E12 at width 390")
        #expect(at390.diagnostics.isEmpty)

        // Data changes while the width is 0, then a real width: still exactly a fresh solve.
        try run.apply(.resize(width: 0, height: 844))
        try run.apply(.insertItems(section: 0, at: 0, count: 3))
        try run.apply(.reloadItems(section: 1, at: 0, count: 12))
        try run.apply(.deleteItems(section: 1, at: 10, count: 2))
        let after = try run.apply(.resize(width: 390, height: 844))
        #expect(after.elements.filter { $0.category == .cell }.count == 15 + 10)
    }

    /// A rotation 390 → 844 → 390 re-selects variants (photo-library: 3 columns, 4 at 600 and wider) and
    /// comes back to exactly the first frames.
    @Test(arguments: ReplaySolver.allCases)
    func rotationReselectsVariants(_ solver: ReplaySolver) throws {
        let layout = try TrapSpecs.load("realistic/photo-library.yaml")
        let run = try TrapRun(layout: layout, solver: solver)
        let portrait = run.output
        let landscape = try run.apply(.resize(width: 844, height: 390))
        // Three columns of 130 (cells inset by 1), then four of 211.
        #expect(cell(portrait, 0, 0).width == 128)
        #expect(cell(landscape, 0, 0).width == 209)
        #expect(abs(cell(landscape, 0, 3).y - cell(landscape, 0, 0).y) < 1e-9, "four columns: item 3 shares row 0")
        let back = try run.apply(.resize(width: 390, height: 844))
        expectNoDifferences(back, portrait, "back to 390 x 844")
        #expect(back.elements.count == portrait.elements.count)
    }

    /// An estimated item measured twice: the second size replaces the first on its estimated axis only,
    /// and the row shrinks back (docs/layout-rules.md E10: rows hold A (model 50) and B (model 80)).
    @Test(arguments: ReplaySolver.allCases)
    func estimatedItemMeasuredTwice(_ solver: ReplaySolver) throws {
        let layout = try TrapSpecs.load("examples/E10.yaml")
        let run = try TrapRun(layout: layout, solver: solver)
        #expect(cell(run.output, 0, 2).y == 80)
        let first = try run.apply(.measure(section: 0, item: 0, width: 100, height: 120))
        #expect(
            cell(first, 0, 0) == Rect(x: 0, y: 0, width: 195, height: 120),
            "width is fractional: only the height adopts")
        #expect(cell(first, 0, 2).y == 120)
        let second = try run.apply(.measure(section: 0, item: 0, width: 100, height: 30))
        #expect(cell(second, 0, 0) == Rect(x: 0, y: 0, width: 195, height: 30))
        #expect(cell(second, 0, 2).y == 80, "row 0 is as tall as B again")
        // Only the last size counts: the same as measuring once.
        var once = LayoutState(layout: layout)
        try once.apply(.measure(section: 0, item: 0, width: 100, height: 30))
        expectNoDifferences(second, try Replayer.solve(once), "measured twice vs once")
    }

    /// Deleting the last item of a partial group: a half-full row keeps its full height until it is empty
    /// (E1: rows of 5), and an orthogonal section's scroller ends at its last present slot (E2).
    @Test(arguments: ReplaySolver.allCases)
    func deletingTheLastItemOfAPartialGroup(_ solver: ReplaySolver) throws {
        let grid = try TrapRun(layout: try TrapSpecs.load("examples/E1.yaml"), solver: solver)
        #expect(grid.output.contentSize.height == 234)
        let eleven = try grid.apply(.deleteItems(section: 0, at: 11, count: 1))
        #expect(eleven.contentSize.height == 234, "row 2 holds one item and keeps its height")
        let ten = try grid.apply(.deleteItems(section: 0, at: 10, count: 1))
        #expect(ten.contentSize.height == 156, "row 2 is gone")
        #expect(ten.elements.count == 10)

        let orthogonal = try TrapRun(layout: try TrapSpecs.load("examples/E2.yaml"), solver: solver)
        let full = try #require(orthogonal.output.sections.first?.orthogonalContentSize)
        let partial = try orthogonal.apply(.insertItems(section: 0, at: 30, count: 1))
        let partialWidth = try #require(partial.sections.first?.orthogonalContentSize).width
        #expect(abs(partialWidth - (full.width + 331.5 * 0.7)) < 1e-6, "the 11th instance holds only its leading item")
        let back = try orthogonal.apply(.deleteItems(section: 0, at: 30, count: 1))
        #expect(back.sections.first?.orthogonalContentSize == full)
    }

    /// An orthogonal section becoming empty: no cells, no band, later sections move up by its height; and
    /// filling it again restores them (E2: five orthogonal sections 337.6 tall).
    @Test(arguments: ReplaySolver.allCases)
    func orthogonalSectionBecomingEmpty(_ solver: ReplaySolver) throws {
        let run = try TrapRun(layout: try TrapSpecs.load("examples/E2.yaml"), solver: solver)
        #expect(abs(cell(run.output, 2, 0).y - (2 * 337.6 + 10)) < 1e-6)
        let empty = try run.apply(.deleteItems(section: 1, at: 0, count: 30))
        #expect(!empty.elements.contains { $0.section == 1 })
        #expect(abs(cell(empty, 2, 0).y - (337.6 + 10)) < 1e-6)
        #expect(abs(empty.contentSize.height - 4 * 337.6) < 1e-6)
        #expect(empty.sections[1].frame.height == 0)
        #expect(empty.sections[1].orthogonalContentSize?.width == 0)
        let refilled = try run.apply(.insertItems(section: 1, at: 0, count: 2))
        #expect(abs(cell(refilled, 2, 0).y - (2 * 337.6 + 10)) < 1e-6)
        try run.apply(.deleteSections(at: 1, count: 1))
        try run.apply(.insertSections(at: 4, definition: .index(0), count: 1, items: 0))
    }

    // MARK: Helpers

    private func cell(_ output: SolveOutput, _ section: Int, _ item: Int) -> Rect {
        output.elements.first { $0.category == .cell && $0.section == section && $0.item == item }?.frame
            ?? Rect(x: .nan, y: .nan, width: .nan, height: .nan)
    }
}

/// A replay through one solver beside an independent `LayoutState`: every step's output must equal a fresh
/// reference solve of that state.
final class TrapRun {
    let replayer: Replayer
    private var state: LayoutState
    private(set) var output: SolveOutput
    private var step = 0

    init(layout: CollectionLayout, measure: MeasureMode = .all, solver: ReplaySolver) throws {
        state = LayoutState(layout: layout, measure: measure)
        replayer = try Replayer(state: state, solver: solver)
        output = replayer.output()
        expectNoDifferences(output, try Replayer.solve(state), "\(solver) before any operation")
    }

    /// Applies `operation` to both, checks the output against a fresh solve, and returns it.
    @discardableResult
    func apply(_ operation: LayoutOperation, sourceLocation: SourceLocation = #_sourceLocation) throws -> SolveOutput {
        step += 1
        try state.apply(operation)
        try replayer.apply(operation, line: step)
        output = replayer.output()
        expectNoDifferences(
            output, try Replayer.solve(state), "\(replayer.solver) after \(OperationsWriter.line(operation))",
            sourceLocation: sourceLocation)
        return output
    }
}

/// Expects `actual` to agree with `expected` (specs/README.md's comparison), listing the differences.
func expectNoDifferences(
    _ actual: SolveOutput, _ expected: SolveOutput, _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let differences = actual.differences(from: expected)
    #expect(differences.isEmpty, "\(context):\n\(differences.joined(separator: "\n"))", sourceLocation: sourceLocation)
    #expect(
        actual.elements.count == expected.elements.count, "\(context): element count", sourceLocation: sourceLocation)
}
