import BenchResults
import CompositionalLayout
import SeededRandom

extension Presets {
    /// `selfsizing`: every item estimated, measured by a seeded model (heights 40 to 160 pt). Section kinds:
    /// plain lists with a header, inset-grouped lists with a header and a footer, and 2-column card grids
    /// whose rows take the height of their taller card. Every section is estimated, so a solve measures
    /// every item and solves every group instance: O(items).
    static func selfSizing(name: String, items: Int, seed: UInt64, rng: inout BenchRandom) -> CollectionLayout {
        let plain = Archetype(
            name: "list", itemsPerSection: 20...80,
            fields: SectionFields(
                content: .list(ListConfiguration(appearance: .plain, headerMode: .supplementary))))
        let inset = Archetype(
            name: "settings", itemsPerSection: 8...40,
            fields: SectionFields(
                content: .list(
                    ListConfiguration(appearance: .insetGrouped, headerMode: .supplementary, footerMode: .supplementary)
                )))

        let card = LayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(180)))
        let row = LayoutGroup(
            layoutSize: size(.fractionalWidth(1), .estimated(180)), arrangement: .horizontal,
            subitems: .dividing(card.node, count: 2), interItemSpacing: .fixed(8))
        let cards = Archetype(
            name: "cards", itemsPerSection: 20...60,
            fields: fields(
                row, insets: EdgeInsets(all: 8), spacing: 8, boundary: [header(height: .absolute(40))]))

        let sections = arrange([plain, inset, cards], totalItems: items, rng: &rng)
        return CollectionLayout(
            name: name, container: container, sections: sections,
            selfSizing: model(seed: seed, height: 40...160))
    }
}
