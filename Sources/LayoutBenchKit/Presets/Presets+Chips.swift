import BenchResults
import CompositionalLayout
import SeededRandom

extension Presets {
    /// `chips`: tag clouds. Chips have an estimated width (measured 40 to 140 pt by a seeded model) and a
    /// fixed height; each row is the full width and holds as many chips as fit (8 or 6 pt apart), so row
    /// breaks depend on every measured width. Two kinds: regular chips under a header, and compact chips on
    /// a background.
    static func chips(name: String, items: Int, seed: UInt64, rng: inout BenchRandom) -> CollectionLayout {
        func cloud(chipHeight: Double, estimate: Double, spacing: Double) -> LayoutGroup {
            let chip = LayoutItem(layoutSize: size(.estimated(estimate), .absolute(chipHeight)))
            return LayoutGroup(
                layoutSize: size(.fractionalWidth(1), .absolute(chipHeight)), arrangement: .horizontal,
                subitems: .repeatingUntilFull([chip.node]), interItemSpacing: .fixed(spacing))
        }
        let regular = Archetype(
            name: "tags", itemsPerSection: 40...160,
            fields: fields(
                cloud(chipHeight: 32, estimate: 72, spacing: 8), insets: EdgeInsets(all: 12), spacing: 8,
                boundary: [header(height: .absolute(36))]))
        let compact = Archetype(
            name: "filters", itemsPerSection: 20...80,
            fields: fields(
                cloud(chipHeight: 26, estimate: 56, spacing: 6), insets: EdgeInsets(all: 8), spacing: 6,
                decorations: [background]))
        let sections = arrange([regular, compact], totalItems: items, rng: &rng)
        return CollectionLayout(
            name: name, container: container, sections: sections,
            selfSizing: model(seed: seed, width: 40...140))
    }
}
