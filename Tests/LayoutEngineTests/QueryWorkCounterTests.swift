import CompositionalLayout
import Testing

@testable import LayoutEngine

/// The work counter of rect queries (`LayoutEngine.queryWork`, debug builds): a viewport-sized query opens the
/// instances near its rect and no more, however long the section, in each storage form a query walks: a flow
/// of chips (the full form), an estimated list (the compact form) and a fixed-size grid (a template). This is
/// what the queries' stated complexity, O(log sections + log instances + k), promises for the walk itself.
@Suite("Rect queries open the instances near the rect, not the section's")
struct QueryWorkCounterTests {
    static func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }

    enum Form: String, CaseIterable, CustomTestStringConvertible {
        case chips, list, grid
        var testDescription: String { rawValue }

        /// Instances a query may open besides the rows its rect reaches: the walk starts where an instance as
        /// long as the section's longest could still reach the rect, one instance earlier, and opens one past
        /// the rect. Rows of chips and of the grid are alike (32 and 100 long, strides 40 and 108): 3. The
        /// list's rows measure 40 to 120 (strides from 48): up to 3 rows within 120 before the rect, so 5.
        var slack: Int { self == .list ? 5 : 3 }

        /// One section of `items` items in this form; chips and list items measure by a seeded model.
        func layout(items: Int) -> CollectionLayout {
            let group: LayoutGroup
            switch self {
            case .chips:
                let chip = LayoutItem(layoutSize: size(.estimated(72), .absolute(32)))
                group = LayoutGroup(
                    layoutSize: size(.fractionalWidth(1), .absolute(32)), arrangement: .horizontal,
                    subitems: .repeatingUntilFull([chip.node]), interItemSpacing: .fixed(8))
            case .list:
                group = LayoutGroup.horizontal(
                    layoutSize: size(.fractionalWidth(1), .estimated(50)),
                    subitems: [LayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(50)))])
            case .grid:
                group = LayoutGroup(
                    layoutSize: size(.fractionalWidth(1), .absolute(100)), arrangement: .horizontal,
                    subitems: .dividing(
                        LayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(100))).node, count: 4))
            }
            var section = LayoutSection(group: group)
            section.interGroupSpacing = 8
            return CollectionLayout(
                name: "query-work-\(rawValue)", container: LayoutContainer(width: 390, height: 844),
                sections: [SectionDefinition(count: 1, items: items, section: section)],
                selfSizing: SelfSizing(seed: 3, width: .init(min: 40, max: 140), height: .init(min: 40, max: 120)))
        }
    }

    /// Instances a query of `rect` opened, and the cells it returned.
    static func query(_ engine: LayoutEngine, _ rect: Rect) -> (opened: Int, cells: Int) {
        let before = engine.queryWork.instancesOpened
        let found = engine.elements(in: rect)
        return (engine.queryWork.instancesOpened - before, found.filter { $0.category == .cell }.count)
    }

    @Test(
        "a viewport opens as many instances in a section of 2,000 items as in one of 50,000", arguments: Form.allCases)
    func independentOfTheSection(form: Form) throws {
        let small = try LayoutEngine(layout: form.layout(items: 2_000))
        let large = try LayoutEngine(layout: form.layout(items: 50_000))
        // The same content rows exist in both: the rect's place is well within the smaller section.
        for y in [0.0, 1_000, 3_337.5, 6_000] {
            let rect = Rect(x: 0, y: y, width: 390, height: 844)
            let (smallOpened, smallCells) = Self.query(small, rect)
            let (largeOpened, largeCells) = Self.query(large, rect)
            #expect(smallCells > 0, "the rect at y \(y) must hold cells")
            #expect(smallCells == largeCells, "y \(y)")
            #expect(
                smallOpened == largeOpened,
                "y \(y): \(smallOpened) instances in the small section, \(largeOpened) in the large")
        }
    }

    @Test(
        "the instances opened are the rows the rect reaches and a few around them, however long the section",
        arguments: Form.allCases)
    func boundedByTheRect(form: Form) throws {
        let engine = try LayoutEngine(layout: form.layout(items: 50_000))
        for y in [0.0, 2_500, 40_000] {
            let rect = Rect(x: 0, y: y, width: 390, height: 844)
            let (opened, _) = Self.query(engine, rect)
            // Rows the rect reaches: the cells' distinct origins along y (every cell of a row shares it).
            let rows = Set(engine.elements(in: rect).filter { $0.category == .cell }.map(\.frame.y)).count
            #expect(rows > 0, "the rect at y \(y) must reach rows")
            #expect(opened >= rows, "y \(y)")
            #expect(opened <= rows + form.slack, "y \(y): \(opened) instances opened for \(rows) rows")
        }
    }
}
