import CompositionalLayout
import ReferenceSolver
import Testing

@testable import LayoutEngine

/// The measure fast path (`SectionBuilder.remeasureInstance`): in a section whose rows keep their items
/// whatever they measure (lists, column grids), a measure re-solves the one instance holding the item, in
/// place, and the frames still equal a fresh reference solve, rows growing and shrinking, at the first and the
/// last item, with headers, footers and backgrounds placed again.
@Suite("A measure re-solves one row in place")
struct RemeasureInstanceTests {
    static func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }

    /// Plain lists with a header, inset-grouped lists with a header and a footer, and 2-column cards with a
    /// header, insets and a background: the sections of the `selfsizing` preset, a few items each.
    static func layout() -> CollectionLayout {
        let plain = LayoutSection.list(using: ListConfiguration(appearance: .plain, headerMode: .supplementary))
        let inset = LayoutSection.list(
            using: ListConfiguration(appearance: .insetGrouped, headerMode: .supplementary, footerMode: .supplementary))
        let card = LayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(180)))
        let row = LayoutGroup(
            layoutSize: size(.fractionalWidth(1), .estimated(180)), arrangement: .horizontal,
            subitems: .dividing(card.node, count: 2), interItemSpacing: .fixed(8))
        var cards = LayoutSection(group: row)
        cards.contentInsets = EdgeInsets(all: 8)
        cards.interGroupSpacing = 8
        cards.boundarySupplementaryItems = [
            BoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(40)), elementKind: "header", alignment: .top)
        ]
        cards.decorationItems = [DecorationItem(elementKind: "background", contentInsets: EdgeInsets(all: 4))]
        return CollectionLayout(
            name: "remeasure", container: LayoutContainer(width: 390, height: 844),
            sections: [
                SectionDefinition(count: 2, items: 6, section: plain),
                SectionDefinition(count: 2, items: 5, section: inset),
                SectionDefinition(count: 2, items: 7, section: cards),
            ],
            selfSizing: SelfSizing(seed: 3, height: .init(min: 40, max: 160)))
    }

    static func storage(_ engine: LayoutEngine, _ section: Int) -> EstimatedInstances? {
        guard case .estimated(let storage) = engine.sections[section].storage else { return nil }
        return storage
    }

    func matchesReference(_ engine: LayoutEngine) throws -> Bool {
        let reference = try ReferenceSolver.solve(
            engine.state.layout, sections: engine.state.resolvedSections(), sizing: engine.state.sizing())
        return engine.output().differences(from: reference).isEmpty
    }

    @Test(
        "first, middle and last items of lists and cards, taller then shorter: one row in place, equal to the reference"
    )
    func growAndShrink() throws {
        let engine = try LayoutEngine(layout: Self.layout())
        #expect(try matchesReference(engine))
        // (section, item): the first and last items of each kind, a middle one, and the odd last card alone
        // in its row.
        let items = [(0, 0), (1, 5), (1, 2), (2, 0), (3, 4), (3, 2), (4, 0), (4, 3), (5, 6), (5, 5)]
        for height in [300.0, 12.0, 0.0, 95.5] {
            for (section, item) in items {
                // An identity only: holding the storage would make it shared, and the update would copy it.
                let before = Self.storage(engine, section).map(ObjectIdentifier.init)
                let report = try engine.measure([
                    (IndexPath(section: section, item: item), Size(width: 100, height: height))
                ])
                #expect(report.sectionsSolved == 1 && report.instancesSolved == 1, "\(section), \(item): \(report)")
                #expect(report.sectionsPlaced == 0 && report.itemsMeasured == 1)
                #expect(Self.storage(engine, section).map(ObjectIdentifier.init) == before, "not in place")
                #expect(engine.frame(of: IndexPath(section: section, item: item))?.height == height)
                #expect(try matchesReference(engine), "\(section), \(item) at \(height)")
            }
        }
        for section in 0..<6 { #expect(Self.storage(engine, section)?.isCompact == true) }
    }

    @Test("a measure spanning two rows takes the general path, from the first row holding a measured item")
    func twoRows() throws {
        let engine = try LayoutEngine(layout: Self.layout())
        let report = try engine.measure([
            (IndexPath(section: 4, item: 1), Size(width: 100, height: 250)),
            (IndexPath(section: 4, item: 4), Size(width: 100, height: 20)),
        ])
        // Rows 0, 1 and 2: the row before the first measured item is not solved again.
        #expect(report.sectionsSolved == 1 && report.instancesSolved == 3, "\(report)")
        #expect(try matchesReference(engine))
    }

    @Test(
        "one measured item of a list row or a full card row is solved from its size and its neighbours' stored lengths"
    )
    func patternItemFromStoredLengths() throws {
        let engine = try LayoutEngine(layout: Self.layout())
        // Every list row, every card of a full row (the odd last card is alone in a row off the pattern), by
        // `measure` and by `apply(.measure)`, taller then shorter.
        let pattern = [(0, 0), (1, 5), (2, 2), (3, 4), (4, 0), (4, 3), (5, 5), (5, 4)]
        for (round, height) in [260.0, 7.0, 0.0, 131.25].enumerated() {
            for (section, item) in pattern {
                let before = engine.updateWork.patternItemsRemeasured
                let size = Size(width: 100, height: height + Double(item))
                let report =
                    round % 2 == 0
                    ? try engine.measure([(IndexPath(section: section, item: item), size)])
                    : try engine.apply(
                        .measure(section: section, item: item, width: size.width, height: size.height))
                #expect(engine.updateWork.patternItemsRemeasured == before + 1, "\(section), \(item)")
                #expect(report.sectionsSolved == 1 && report.instancesSolved == 1, "\(report)")
                #expect(engine.frame(of: IndexPath(section: section, item: item))?.height == size.height)
                #expect(try matchesReference(engine), "\(section), \(item) at \(size.height)")
            }
            // The last card, alone in its row: the general path, the same frames.
            let before = engine.updateWork.patternItemsRemeasured
            _ = try engine.measure([(IndexPath(section: 5, item: 6), Size(width: 100, height: height))])
            #expect(engine.updateWork.patternItemsRemeasured == before)
            #expect(try matchesReference(engine))
        }
        for section in 0..<6 { #expect(Self.storage(engine, section)?.isCompact == true) }
    }
}
