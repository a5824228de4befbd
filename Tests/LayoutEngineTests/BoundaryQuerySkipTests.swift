import CompositionalLayout
import Testing

@testable import LayoutEngine

/// A rect query leaves a section's boundary items unplaced when they all extend the section unmoved and the
/// rect reaches neither where the start items lie nor where the end items lie (`boundaryItemsWithin`). Rects
/// that touch each header's and footer's edges exactly, stop just short of them, or cover them, with and
/// without a display scale (fractional lengths rounded to pixels), select exactly the boundary items the
/// engine's own output says they intersect.
@Suite("Rect queries skip boundary items only where none can be selected")
struct BoundaryQuerySkipTests {
    static func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }

    static func layout(scale: Double?, headerHeight: Double) -> CollectionLayout {
        let plain = LayoutSection.list(using: ListConfiguration(appearance: .plain, headerMode: .supplementary))
        let inset = LayoutSection.list(
            using: ListConfiguration(appearance: .insetGrouped, headerMode: .supplementary, footerMode: .supplementary))
        let card = LayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(180)))
        let row = LayoutGroup(
            layoutSize: size(.fractionalWidth(1), .estimated(180)), arrangement: .horizontal,
            subitems: .dividing(card.node, count: 2), interItemSpacing: .fixed(8))
        var cards = LayoutSection(group: row)
        cards.contentInsets = EdgeInsets(all: 8)
        cards.boundarySupplementaryItems = [
            BoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(headerHeight)), elementKind: "header",
                alignment: .top),
            BoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(headerHeight / 2)), elementKind: "footer",
                alignment: .bottom),
        ]
        cards.decorationItems = [DecorationItem(elementKind: "background", contentInsets: EdgeInsets(all: 4))]
        var container = LayoutContainer(width: 390, height: 844)
        container.displayScale = scale
        return CollectionLayout(
            name: "boundary-skip", container: container,
            sections: [
                SectionDefinition(count: 2, items: 5, section: plain),
                SectionDefinition(count: 2, items: 4, section: inset),
                SectionDefinition(count: 2, items: 5, section: cards),
            ],
            selfSizing: SelfSizing(seed: 5, height: .init(min: 30, max: 90)))
    }

    @Test(
        "rects touching, missing and covering every header and footer, at scales nil, 2 and 3",
        arguments: [(nil, 40.0), (2.0, 40.25), (3.0, 40.3)] as [(Double?, Double)])
    func edges(scale: Double?, headerHeight: Double) throws {
        let engine = try LayoutEngine(layout: Self.layout(scale: scale, headerHeight: headerHeight))
        let output = engine.output()
        let boundary = output.elements.filter { $0.category == .supplementary }
        #expect(boundary.count == 2 + 4 + 4)
        var skipped = 0
        for element in boundary {
            let top = element.frame.minY, bottom = element.frame.maxY
            let rects = [
                Rect(x: 0, y: top - 5, width: 390, height: 5), Rect(x: 0, y: bottom, width: 390, height: 5),
                Rect(x: 0, y: top - 5, width: 390, height: 4.5), Rect(x: 0, y: bottom + 0.5, width: 390, height: 5),
                Rect(x: 0, y: top + 1, width: 390, height: 0), Rect(x: 0, y: top - 20, width: 390, height: 100),
            ]
            for rect in rects {
                let expected = Set(boundary.filter { $0.frame.intersects(rect) }.map(\.key))
                let found = Set(engine.elements(in: rect).filter { $0.category == .supplementary }.map(\.key))
                #expect(found == expected, "\(element.key) rect \(rect)")
                if expected.isEmpty { skipped += 1 }
            }
        }
        #expect(skipped > 0)
        for index in engine.sections.indices { #expect(engine.sections[index].boundaryItemsWithin) }
    }
}
