import CompositionalLayout
import ReferenceSolver
import Testing

@testable import LayoutEngine

/// A flow whose rows add nothing but their cells' lengths and the spacing (`FlowSection.placesPlainly`: no
/// edge spacing, flexible spacing or insets, a group of fixed size) places each cell where the last ended
/// plus the spacing. Its frames must be the reference solver's bit for bit (the general path's sums, with
/// their zero terms left out), scrolling either way, with fractional spacings and section insets whose sums
/// round; a flow with any of those terms takes the general placement.
@Suite("Plainly placed flow rows equal the reference bit for bit")
struct PlainFlowPlacementTests {
    static func layout(vertical: Bool, spacing: Double, edges: EdgeSpacing? = nil) -> CollectionLayout {
        func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
            LayoutSize(widthDimension: w, heightDimension: h)
        }
        let chip = LayoutItem(
            layoutSize: vertical ? size(.estimated(61.3), .absolute(31.7)) : size(.absolute(31.7), .estimated(61.3)),
            edgeSpacing: edges)
        var section = LayoutSection(
            group: LayoutGroup(
                layoutSize: vertical
                    ? size(.fractionalWidth(1), .absolute(31.7)) : size(.absolute(31.7), .fractionalHeight(1)),
                arrangement: vertical ? .horizontal : .vertical, subitems: .repeatingUntilFull([chip.node]),
                interItemSpacing: .fixed(spacing)))
        section.contentInsets = EdgeInsets(top: 11.3, leading: 9.7, bottom: 5.1, trailing: 13.9)
        section.interGroupSpacing = 6.1
        return CollectionLayout(
            name: "plain-flow",
            container: LayoutContainer(width: vertical ? 377.3 : 600, height: vertical ? 800 : 377.3),
            configuration: LayoutConfiguration(scrollDirection: vertical ? .vertical : .horizontal),
            sections: [SectionDefinition(count: 1, items: 90, section: section)],
            selfSizing: SelfSizing(
                seed: 11, width: vertical ? .init(min: 20, max: 150) : nil,
                height: vertical ? nil : .init(min: 20, max: 150)))
    }

    @Test(
        "fresh solves and measures equal the reference exactly; edge spacing takes the general placement",
        arguments: [true, false], [7.3, 0.1, 0])
    func plainRows(vertical: Bool, spacing: Double) throws {
        for edges in [nil, EdgeSpacing(leading: .fixed(1.3), top: nil, trailing: nil, bottom: nil)] {
            let engine = try LayoutEngine(layout: Self.layout(vertical: vertical, spacing: spacing, edges: edges))
            let flow = try #require(engine.definitions[0]?.flow)
            #expect(flow.placesPlainly == (edges == nil))
            func reference() throws -> SolveOutput {
                try ReferenceSolver.solve(
                    engine.state.layout, sections: engine.state.resolvedSections(), sizing: engine.state.sizing())
            }
            #expect(engine.output().elements == (try reference()).elements, "solve")
            // Measures that reflow rows (wider and narrower chips), each checked against a fresh reference.
            for (item, length) in [(3, 149.0), (10, 21.0), (40, 88.5), (0, 150.0), (89, 20.0)] {
                let size = vertical ? Size(width: length, height: 31.7) : Size(width: 31.7, height: length)
                _ = try engine.measure([(IndexPath(section: 0, item: item), size)])
                #expect(engine.output().elements == (try reference()).elements, "measure item \(item) to \(length)")
            }
        }
    }
}
