import CompositionalLayout
import LayoutEngine
import ReferenceSolver
import Testing

/// docs/layout-rules.md §1.1 "Pixel rounding" and worked example E23: with a display scale every fractional length
/// is snapped down to the pixel grid when it is resolved, a fraction of its parent's already snapped box; positions
/// add the snapped lengths, so the slack stays at each trailing end. Both solvers, 1 and 2 threads, and resizes.
@Suite("Fractions on the pixel grid (E23)")
struct PixelGridFractionTests {
    static func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }

    /// E23: root 1w × absolute(60) of [group 0.8w × 1h of A 0.65w × 1h and B 0.35w × 1h, then C 0.2w × 1h].
    static func layout(width: Double = 414) -> CollectionLayout {
        let a = LayoutItem(layoutSize: size(.fractionalWidth(0.65), .fractionalHeight(1)))
        let b = LayoutItem(layoutSize: size(.fractionalWidth(0.35), .fractionalHeight(1)))
        let inner = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(0.8), .fractionalHeight(1)),
            subitems: [a, b])
        let c = LayoutItem(layoutSize: size(.fractionalWidth(0.2), .fractionalHeight(1)))
        let root = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(60)),
            subitems: [inner, c])
        return CollectionLayout(
            name: "E23", container: LayoutContainer(width: width, height: 896, displayScale: 3),
            sections: [SectionDefinition(items: 6, section: LayoutSection(group: root))])
    }

    /// The cells of two rows (items 0–5) with `row` the frames of A, B and C in the first.
    static func rows(_ row: [Rect]) -> [Rect] {
        row + row.map { Rect(x: $0.x, y: $0.y + 60, width: $0.width, height: $0.height) }
    }

    static func cells(_ output: SolveOutput) -> [Rect] {
        output.elements.filter { $0.category == .cell }.sorted { $0.item < $1.item }.map(\.frame)
    }

    /// At 414 @3x: the group 0.8 × 414 = 331.2 → 331 (993 / 3); A 0.65 × 331 = 215.15 → 215 (not 0.65 × 331.2 =
    /// 215.28 → 215.333…); B 0.35 × 331 = 115.85 → 115.666… (347 / 3);
    /// C 0.2 × 414 = 82.8 → 82.666… (248 / 3).
    /// A at x 0, B at 215 (ends at 330.666…, a third before the group's 331), C at 331 (ends at 413.666…).
    static let at414 = rows([
        Rect(x: 0, y: 0, width: 215, height: 60),
        Rect(x: 215, y: 0, width: 347.0 / 3, height: 60),
        Rect(x: 331, y: 0, width: 248.0 / 3, height: 60),
    ])

    /// At 375 @3x: the group 0.8 × 375 = 300 (on the grid); A 0.65 × 300 = 195; B 0.35 × 300 = 105;
    /// C 0.2 × 375 = 75. A [0, 0, 195, 60], B [195, 0, 105, 60], C [300, 0, 75, 60]: no slack.
    static let at375 = rows([
        Rect(x: 0, y: 0, width: 195, height: 60),
        Rect(x: 195, y: 0, width: 105, height: 60),
        Rect(x: 300, y: 0, width: 75, height: 60),
    ])

    @Test("E23 at 414 @3x: both solvers give the hand-worked frames")
    func bothSolvers() throws {
        let reference = try ReferenceSolver.solve(Self.layout())
        #expect(Self.cells(reference) == Self.at414)
        #expect(reference.contentSize == Size(width: 414, height: 120))
        for threads in [1, 2] {
            let engine = try LayoutEngine(layout: Self.layout(), threads: threads, parallelGrain: 1)
            #expect(engine.output() == reference, "engine, \(threads) threads")
        }
    }

    @Test("E23 resized to 375 re-snaps, and back to 414 gives the first frames again", arguments: [1, 2])
    func resize(threads: Int) throws {
        let engine = try LayoutEngine(layout: Self.layout(), threads: threads, parallelGrain: 1)
        try engine.apply(.resize(width: 375, height: 896))
        #expect(Self.cells(engine.output()) == Self.at375)
        #expect(engine.output() == (try ReferenceSolver.solve(Self.layout(width: 375))))
        try engine.apply(.resize(width: 414, height: 896))
        #expect(Self.cells(engine.output()) == Self.at414)
        #expect(engine.output() == (try ReferenceSolver.solve(Self.layout())))
    }

    @Test("without a display scale nothing is snapped: the exact fractions")
    func noScale() throws {
        var layout = Self.layout()
        layout.container.displayScale = nil
        let cells = Self.cells(try ReferenceSolver.solve(layout))
        #expect(abs(cells[0].width - 0.65 * 331.2) < 1e-9 && abs(cells[2].x - 331.2) < 1e-9)
        #expect(try LayoutEngine(layout: layout).output() == (try ReferenceSolver.solve(layout)))
    }
}
