import CompositionalLayout
import ReferenceSolver
import Testing

@testable import LayoutEngine

/// A full solve hands the patterns its first worker fitted (`SolveScratch.adoptFlatScratches`) to the engine's
/// own scratch, so the first update of each definition does not fit its pattern again; each pattern stays with
/// the definition it was fitted for, serially and on two workers.
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
            let reference = try ReferenceSolver.solve(
                engine.state.layout, sections: engine.state.resolvedSections(), sizing: engine.state.sizing())
            #expect(engine.output().differences(from: reference).isEmpty, "section \(section), item \(item)")
        }
    }
}
