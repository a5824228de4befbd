import BenchResults
import CompositionalLayout
import SeededRandom

extension Presets {
    /// The container of `adaptive`: an iPhone in portrait with its safe area (notch and home indicator), in
    /// right-to-left (docs/version-2.md §10.1, §10.3).
    static let adaptiveContainer = LayoutContainer(
        width: 390, height: 844, safeAreaInsets: EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0),
        layoutDirection: .rightToLeft)

    /// `adaptive` (version 2): a feed that reads its environment. Section kinds, mixed in seeded runs:
    /// - cards: rows of uniform height (`uniformAcrossSiblings`, §10.4), 2 columns, or 3 when the effective
    ///   width is above 600 or the horizontal size class is regular (§10.5); insets on the layout margins and
    ///   leading and trailing insets computed from the width (`calc`, §10.6);
    /// - list: an inset-grouped list with a header, on the readable width, the header padded as on iOS 15 (§10.8);
    /// - carousel: an orthogonal row of fixed tiles, on the safe area (the layout's reference).
    static func adaptive(name: String, items: Int, seed: UInt64, rng: inout BenchRandom) -> CollectionLayout {
        func cardRow(_ columns: Int) -> LayoutGroup {
            let card = LayoutItem(
                layoutSize: size(.fractionalWidth(1.0 / Double(columns)), .uniformAcrossSiblings(estimate: 180)),
                contentInsets: EdgeInsets(all: 4))
            return .horizontal(layoutSize: size(.fractionalWidth(1), .estimated(180)), subitems: [card])
        }
        var cardFields = fields(
            cardRow(2), insets: EdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0), spacing: 8,
            boundary: [header()])
        cardFields.contentInsetsReference = .layoutMargins
        let cards = Archetype(name: "cards", itemsPerSection: 6...24, fields: cardFields)

        var listFields = SectionFields(
            content: .list(
                ListConfiguration(
                    appearance: .insetGrouped, headerMode: .supplementary, headerTopPadding: .automatic)))
        listFields.contentInsetsReference = .readableContent
        let list = Archetype(name: "list", itemsPerSection: 4...16, fields: listFields)

        let tile = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(0.42), .absolute(140)), subitems: [fillingItem(inset: 4)])
        let carousel = Archetype(
            name: "carousel", itemsPerSection: 6...14,
            fields: fields(
                tile, insets: EdgeInsets(all: 8), orthogonal: .groupPaging))

        var sections = arrange([cards, list, carousel], totalItems: items, rng: &rng)
        var computed: [ComputedValue] = []
        let margin = try! CalcExpression(parsing: "max(4, width * 0.02)")
        for index in sections.indices where sections[index].name?.hasPrefix("cards") ?? false {
            let wide = SectionFields(content: .group(cardRow(3)))
            sections[index].variants = [
                SectionVariant(when: WidthCondition(widthAbove: 600), fields: wide),
                SectionVariant(when: WidthCondition(horizontalSizeClass: .regular), fields: wide),
            ]
            for edge in ["leading", "trailing"] {
                computed.append(
                    ComputedValue(
                        path: "sections[\(index)].contentInsets.\(edge)", expression: margin, range: .nonNegative))
            }
        }
        return CollectionLayout(
            name: name, container: adaptiveContainer, sections: sections,
            selfSizing: model(seed: seed, height: 120...260), computedValues: computed)
    }
}
