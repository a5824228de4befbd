import BenchResults
import CompositionalLayout
import SeededRandom

/// The pieces presets are made of, and the rule that turns a handful of section kinds into a layout of an
/// exact item count with few definitions.
enum Presets {
    /// The container every preset uses: an iPhone in portrait.
    static let container = LayoutContainer(width: 390, height: 844)

    /// A kind of section a preset mixes in, with how many items such a section holds.
    struct Archetype {
        var name: String
        var itemsPerSection: ClosedRange<Int>
        var fields: SectionFields
    }

    /// About this many definitions make a preset, whatever its size: the spec stays small, and sections of
    /// one kind come in runs (`count`), as they do in real screens.
    static let targetDefinitions = 48

    /// Definitions built from `archetypes` whose items total exactly `totalItems`: rounds of the archetypes
    /// in a seeded order, each a run of `count` equal sections with a seeded item count; the last section
    /// takes what remains. Complexity: O(definitions).
    static func arrange(_ archetypes: [Archetype], totalItems: Int, rng: inout BenchRandom) -> [SectionDefinition] {
        precondition(!archetypes.isEmpty)
        let average =
            archetypes.map { Double($0.itemsPerSection.lowerBound + $0.itemsPerSection.upperBound) / 2 }
            .reduce(0, +) / Double(archetypes.count)
        let sections = max(1, Int(Double(totalItems) / max(1, average)))
        let run = max(1, sections / targetDefinitions)
        var definitions: [SectionDefinition] = []
        var remaining = totalItems
        while remaining > 0 {
            var order = Array(archetypes.indices)
            rng.shuffle(&order)
            for index in order where remaining > 0 {
                let archetype = archetypes[index]
                let perSection = rng.index(in: archetype.itemsPerSection)
                var count = rng.index(in: max(1, run / 2)...max(1, run + run / 2))
                count = min(count, remaining / perSection)
                if count == 0 {
                    definitions.append(
                        SectionDefinition(
                            name: "\(archetype.name)-\(definitions.count)", count: 1,
                            items: remaining, fields: archetype.fields))
                    remaining = 0
                } else {
                    definitions.append(
                        SectionDefinition(
                            name: "\(archetype.name)-\(definitions.count)", count: count,
                            items: perSection, fields: archetype.fields))
                    remaining -= count * perSection
                }
            }
        }
        return definitions
    }

    // MARK: Vocabulary, named as UIKit names it

    static func size(_ width: LayoutDimension, _ height: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: width, heightDimension: height)
    }

    /// An item filling its slot, with `inset` points of content insets.
    static func fillingItem(inset: Double = 0) -> LayoutItem {
        LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)), contentInsets: EdgeInsets(all: inset))
    }

    static func header(height: LayoutDimension = .absolute(44), pinned: Bool = false, selfSizing: SelfSizing? = nil)
        -> BoundarySupplementaryItem
    {
        BoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), height), elementKind: "header", alignment: .top,
            pinToVisibleBounds: pinned, selfSizing: selfSizing)
    }

    static func footer(height: LayoutDimension = .absolute(28)) -> BoundarySupplementaryItem {
        BoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), height), elementKind: "footer", alignment: .bottom)
    }

    /// A 22 pt badge on an item's top-trailing corner, nudged inwards.
    static func badge() -> SupplementaryItem {
        SupplementaryItem(
            layoutSize: size(.absolute(22), .absolute(22)), elementKind: "badge",
            containerAnchor: LayoutAnchor(edges: [.top, .trailing], absoluteOffset: Point(x: -4, y: 4)))
    }

    static let background = DecorationItem.background(elementKind: "background")

    /// Section fields for a group.
    static func fields(
        _ group: LayoutGroup, insets: EdgeInsets = .zero, spacing: Double = 0,
        orthogonal: OrthogonalScrollingBehavior = .none, boundary: [BoundarySupplementaryItem] = [],
        decorations: [DecorationItem] = []
    ) -> SectionFields {
        SectionFields(
            content: .group(group), contentInsets: insets, interGroupSpacing: spacing,
            orthogonalScrollingBehavior: orthogonal, boundarySupplementaryItems: boundary,
            decorationItems: decorations)
    }

    /// A self-sizing model from a preset's seed.
    static func model(seed: UInt64, width: ClosedRange<Int>? = nil, height: ClosedRange<Int>? = nil) -> SelfSizing {
        SelfSizing(
            seed: Int64(bitPattern: seed),
            width: width.map { SelfSizing.LengthRange(min: $0.lowerBound, max: $0.upperBound) },
            height: height.map { SelfSizing.LengthRange(min: $0.lowerBound, max: $0.upperBound) })
    }
}
