import CompositionalLayout
import ReferenceSolver
import Testing

@testable import LayoutEngine

/// A full solve hands the patterns its first worker fitted (`SolveScratch.adoptFlatScratches`) to the engine's
/// own scratch, so the first update of each definition does not fit its pattern again; each pattern stays with
/// the definition it was fitted for, serially and on two workers. The worker's grown flow buffer and builder
/// go with them (`adoptGrownBuffers`), so the first updates do not grow the engine's again.
@Suite("A full solve's fitted patterns serve the updates after it")
struct AdoptedPatternTests {
    static func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }

    /// A list, a card grid and a half-width list whose content boxes are equal (the same width and estimate,
    /// no section insets), so that a pattern left with the wrong definition would be taken as fitted (a
    /// pattern is fitted again only for another box) and place the wrong cells.
    static func layout() -> CollectionLayout {
        let row = LayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(50)))
        let list = LayoutSection(
            group: LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .estimated(50)), subitems: [row]))
        let card = LayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(50)))
        let cards = LayoutSection(
            group: LayoutGroup(
                layoutSize: size(.fractionalWidth(1), .estimated(50)), arrangement: .horizontal,
                subitems: .dividing(card.node, count: 3), interItemSpacing: .fixed(10)))
        var spaced = LayoutSection(
            group: LayoutGroup.horizontal(
                layoutSize: size(.fractionalWidth(1), .estimated(50)),
                subitems: [LayoutItem(layoutSize: size(.fractionalWidth(0.5), .estimated(50)))]))
        spaced.interGroupSpacing = 6
        return CollectionLayout(
            name: "adopted-patterns", container: LayoutContainer(width: 390, height: 844),
            sections: [
                SectionDefinition(count: 40, items: 25, section: list),
                SectionDefinition(count: 40, items: 31, section: cards),
                SectionDefinition(count: 40, items: 18, section: spaced),
            ],
            selfSizing: SelfSizing(seed: 5, height: .init(min: 30, max: 150)))
    }

    /// Whether the engine's output equals a fresh reference solve of its state.
    static func agreesWithReference(_ engine: LayoutEngine) throws -> Bool {
        let reference = try ReferenceSolver.solve(
            engine.state.layout, sections: engine.state.resolvedSections(), sizing: engine.state.sizing())
        return engine.output().differences(from: reference).isEmpty
    }

    @Test(
        "every definition's pattern is held after the full solve, and updates then equal the reference",
        arguments: [1, 2])
    func adopted(threads: Int) throws {
        let engine = try LayoutEngine(layout: Self.layout(), threads: threads, parallelGrain: 1)
        #expect(engine.lastReport.parallelPhases == (threads > 1 ? 1 : 0))
        for definition in 0..<3 {
            let cache = try #require(engine.definitions[definition])
            #expect(engine.scratch.holdsPattern(of: cache), "definition \(definition)")
        }
        // A measure and an insert in sections of every definition, the first update each of them sees.
        for (n, section) in [3, 45, 117, 64, 2, 90].enumerated() {
            let item = (section * 7 + n) % 15
            try engine.measure([(IndexPath(section: section, item: item), Size(width: 80, height: Double(20 + 37 * n)))]
            )
            try engine.apply(.insertItems(section: section, at: item, count: 1))
            #expect(try Self.agreesWithReference(engine), "section \(section), item \(item)")
        }
    }

    /// Chip flows of 60 and 240 items and a nested list (solved through the builder), for the grown buffers.
    static func flowLayout() -> CollectionLayout {
        let chip = LayoutItem(layoutSize: size(.estimated(60), .absolute(32)))
        let row = LayoutGroup(
            layoutSize: size(.fractionalWidth(1), .absolute(32)), arrangement: .horizontal,
            subitems: .repeatingUntilFull([chip.node]), interItemSpacing: .fixed(8))
        var chips = LayoutSection(group: row)
        chips.interGroupSpacing = 8
        let pair = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(60)),
            subitems: [LayoutItem(layoutSize: size(.fractionalWidth(0.5), .absolute(60)))])
        let nested = LayoutSection(
            group: LayoutGroup.vertical(layoutSize: size(.fractionalWidth(1), .estimated(130)), subitems: [pair, pair]))
        return CollectionLayout(
            name: "adopted-buffers", container: LayoutContainer(width: 390, height: 844),
            sections: [
                SectionDefinition(count: 30, items: 60, section: chips),
                SectionDefinition(count: 2, items: 240, section: chips),
                SectionDefinition(count: 10, items: 16, section: nested),
            ],
            selfSizing: SelfSizing(seed: 9, width: .init(min: 40, max: 140)))
    }

    @Test(
        "the full solve's grown flow buffer and builder are the engine's, and its first updates grow neither",
        arguments: [1, 2])
    func adoptedBuffers(threads: Int) throws {
        let engine = try LayoutEngine(layout: Self.flowLayout(), threads: threads, parallelGrain: 1)
        #expect(engine.lastReport.parallelPhases == (threads > 1 ? 1 : 0))
        // Serially, worker 0 solved every section: room for the 240-item flow, and the builder grown by the
        // nested list. On two workers it solved the chunks it took, whichever they were.
        let flow = engine.scratch.flow
        let builderRoom = engine.scratch.builder.cells.capacity
        if threads == 1 {
            #expect(flow.capacity >= 240, "flow buffer room \(flow.capacity)")
            #expect(builderRoom > 0)
        } else {
            #expect(flow.capacity > 0 || builderRoom > 0, "worker 0's buffers were not taken")
        }
        // Measures everywhere, inserts where a section keeps to 240 items or fewer: none needs more room.
        for (n, section) in [3, 31, 12, 30, 35].enumerated() {
            let item = (section * 7 + n) % 15
            if engine.itemCount(inSection: section) < 240 {
                try engine.apply(.insertItems(section: section, at: item, count: 1))
            }
            try engine.measure([
                (IndexPath(section: section, item: item + 1), Size(width: 20 + 29 * Double(n), height: 32))
            ])
            #expect(try Self.agreesWithReference(engine), "section \(section), item \(item)")
        }
        if threads == 1 {
            #expect(engine.scratch.flow === flow && flow.capacity >= 240, "an update replaced or grew the flow buffer")
            #expect(engine.scratch.builder.cells.capacity == builderRoom, "an update grew the builder")
        }
    }
}
