import CompositionalLayout
import LayoutEngine
import ReferenceSolver
import Testing

/// Queries at a scroll offset with a display scale (docs/layout-rules.md §1 "Pixel rounding"): the engine stores exact
/// frames, computes a query exactly (pinning included), returns rounded frames and selects with the rounded
/// frames against the unrounded rect. Layouts of worked examples E13 and E21, built in Swift.
@Suite("Engine queries round frames with a display scale")
struct PixelRoundingQueryTests {
    static func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }

    /// E13: five fractional widths in a 375-point row at @2x.
    static func e13Section() -> LayoutSection {
        let fractions = [
            0.2244798445859886, 0.0999484835067196, 0.2255459136606516, 0.2244798445859886, 0.2255459136606516,
        ]
        var group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(50)),
            subitems: fractions.map { LayoutItem(layoutSize: size(.fractionalWidth($0), .fractionalHeight(1))) })
        group.interItemSpacing = .fixed(0)
        return LayoutSection(group: group)
    }

    /// E21: a `subitem` + count 4 row with item badges and a group supplementary at @3x.
    static func e21Section() -> LayoutSection {
        let badge = SupplementaryItem(
            layoutSize: size(.absolute(15), .absolute(15)), elementKind: "badge",
            containerAnchor: LayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.5, y: -0.5)))
        let item = LayoutItem(
            layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.25)), supplementaryItems: [badge])
        var group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(80)), subitem: item, count: 4)
        group.interItemSpacing = .fixed(16)
        group.contentInsets = EdgeInsets(trailing: 20)
        group.supplementaryItems = [
            SupplementaryItem(
                layoutSize: size(.absolute(20), .absolute(60)), elementKind: "groupTrailing",
                containerAnchor: LayoutAnchor(edges: [.trailing], fractionalOffset: Point(x: 1, y: 0)))
        ]
        return LayoutSection(group: group, contentInsets: EdgeInsets(bottom: 16), interGroupSpacing: 16)
    }

    static func layout(_ section: LayoutSection, items: Int, container: LayoutContainer) -> CollectionLayout {
        CollectionLayout(
            name: "rounding", container: container, sections: [SectionDefinition(items: items, section: section)])
    }

    static func frames(_ elements: [LayoutElement], _ category: ElementCategory, kind: String? = nil) -> [Rect] {
        elements.filter { $0.category == category && $0.kind == kind }.sorted { $0.item < $1.item }.map(\.frame)
    }

    @Test("E13: rect queries and frame(of:) return snapped frames, the slack at the trailing end")
    func e13Queries() throws {
        let engine = try LayoutEngine(
            layout: Self.layout(
                Self.e13Section(), items: 5,
                container: LayoutContainer(width: 375, height: 667, displayScale: 2)))
        let middle = engine.elements(in: Rect(x: 100, y: 0, width: 150, height: 10))
        // docs/layout-rules.md §1.1: the fractional widths are snapped down to 84, 37, 84.5, 84, 84.5.
        #expect(
            Self.frames(middle, .cell) == [
                Rect(x: 84, y: 0, width: 37, height: 50),
                Rect(x: 121, y: 0, width: 84.5, height: 50),
                Rect(x: 205.5, y: 0, width: 84, height: 50),
            ])
        #expect(engine.frame(of: IndexPath(section: 0, item: 4)) == Rect(x: 289.5, y: 0, width: 84.5, height: 50))
        // The slack is at the trailing end: the last cell ends at 374 (exactly solved it would reach 375).
        #expect(engine.elements(in: Rect(x: 374.2, y: 0, width: 0.5, height: 10)).isEmpty)
        #expect(engine.elements(in: Rect(x: 289.5, y: 0, width: 0, height: 10)).map(\.item) == [3, 4])
        #expect(engine.contentSize == Size(width: 375, height: 50))
    }

    @Test("E21 scrolled to its second row: rounded cells, badges and group supplementaries")
    func e21QueriesAtAnOffset() throws {
        let layout = Self.layout(
            Self.e21Section(), items: 8, container: LayoutContainer(width: 375, height: 812, displayScale: 3))
        let engine = try LayoutEngine(layout: layout)
        // Row 1 starts at 80 + 16 = 96; its badges' exact top is 88.5, rounded 88.666….
        let found = engine.elements(in: Rect(x: 0, y: 90, width: 375, height: 100))
        #expect(Self.frames(found, .cell).count == 4)
        for (cell, x) in zip(Self.frames(found, .cell), [0, 278.0 / 3, 556.0 / 3, 278]) {
            #expect(cell == Rect(x: x, y: 96, width: 230.0 / 3, height: 230.0 / 3))
        }
        #expect(Self.frames(found, .supplementary, kind: "badge").map(\.y) == Array(repeating: 266.0 / 3, count: 4))
        #expect(
            Self.frames(found, .supplementary, kind: "groupTrailing") == [Rect(x: 355, y: 106, width: 20, height: 60)])
        // Exactly, the badges would reach up to 88.5 and meet a rect ending at 88.6; rounded they start at 88.666….
        #expect(engine.elements(in: Rect(x: 0, y: 80, width: 375, height: 8.6)).isEmpty)
        #expect(
            engine.frame(of: IndexPath(section: 0, item: 5))
                == Rect(x: 278.0 / 3, y: 96, width: 230.0 / 3, height: 230.0 / 3))
        // Every rect query equals the reference's rounded output filtered by the same rect.
        let reference = try ReferenceSolver.solve(layout)
        for y in stride(from: -10.0, through: 200, by: 7.3) {
            let rect = Rect(x: 0, y: y, width: 375, height: 3.1)
            let wanted = Set(reference.elements.filter { $0.frame.intersects(rect) })
            #expect(Set(engine.elements(in: rect)) == wanted, "rect at y \(y)")
        }
    }

    @Test("a pinned header is pinned exactly, then rounded and selected by its rounded frame")
    func pinnedQueryRounds() throws {
        var section = Self.e13Section()
        section.boundarySupplementaryItems = [
            BoundarySupplementaryItem(
                layoutSize: Self.size(.fractionalWidth(1), .absolute(10.25)), elementKind: "header", alignment: .top,
                pinToVisibleBounds: true)
        ]
        let engine = try LayoutEngine(
            layout: Self.layout(
                section, items: 10, container: LayoutContainer(width: 375, height: 667, displayScale: 2)))
        // At offset 3.3 the header sits exactly at [0, 3.3, 375, 10.25]; rounded [0, 3.5, 375, 10.5].
        let all = engine.elements(in: Rect(x: 0, y: 3.3, width: 375, height: 667), pinnedAt: 3.3)
        #expect(Self.frames(all, .supplementary, kind: "header") == [Rect(x: 0, y: 3.5, width: 375, height: 10.5)])
        // Its exact bottom is 13.55, its rounded bottom 14: a rect from 13.9 meets only the rounded frame.
        let below = engine.elements(in: Rect(x: 0, y: 13.9, width: 375, height: 0.05), pinnedAt: 3.3)
        #expect(below.contains { $0.kind == "header" })
    }
}
