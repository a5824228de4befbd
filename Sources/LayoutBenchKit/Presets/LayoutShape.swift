import BenchResults
import CompositionalLayout
import SeededRandom

/// A layout described by its shape instead of a preset: how many sections of how many items, how deeply
/// groups nest, which share of sections is estimated or scrolls orthogonally, whether there are headers,
/// footers, badges (on every item) and backgrounds. `layoutbench generate` without `--preset` writes one.
///
/// Sections come in runs (about 48 definitions whatever the count), and the ratios choose whole runs:
/// `estimatedRatio` 0.3 makes round(0.3 x runs) runs estimated, so the share of sections is close to, not
/// exactly, 30 %. Groups nest `nesting` levels: the innermost is a row of 3 items, each level above splits
/// its box in two along the other axis, so a group holds 3 x 2^(nesting-1) items.
public struct LayoutShape: Hashable, Sendable {
    public var name: String
    public var sections: Int
    public var itemsPerSection: Int
    public var nesting: Int
    public var estimatedRatio: Double
    public var orthogonalRatio: Double
    public var supplementaries: Bool
    public var seed: UInt64

    public static let maxNesting = 8

    public init(
        name: String = "generated", sections: Int = 100, itemsPerSection: Int = 100, nesting: Int = 1,
        estimatedRatio: Double = 0, orthogonalRatio: Double = 0, supplementaries: Bool = false, seed: UInt64 = 0
    ) {
        self.name = name
        self.sections = sections
        self.itemsPerSection = itemsPerSection
        self.nesting = nesting
        self.estimatedRatio = estimatedRatio
        self.orthogonalRatio = orthogonalRatio
        self.supplementaries = supplementaries
        self.seed = seed
    }

    /// Every value in range, or a message saying which is not.
    public func validate() throws(BenchError) {
        if sections < 1 || sections > 10_000_000 {
            throw .badArgument("--sections must be from 1 to 10000000, got \(sections)")
        }
        if itemsPerSection < 0 || itemsPerSection > 10_000_000 {
            throw .badArgument("--items-per-section must be from 0 to 10000000, got \(itemsPerSection)")
        }
        if sections * itemsPerSection > 100_000_000 {
            throw .badArgument(
                "\(sections) sections of \(itemsPerSection) items is over the 100,000,000 items a spec may hold")
        }
        if nesting < 1 || nesting > Self.maxNesting {
            throw .badArgument("--nesting must be from 1 to \(Self.maxNesting), got \(nesting)")
        }
        for (flag, ratio) in [("--estimated", estimatedRatio), ("--orthogonal", orthogonalRatio)]
        where !(ratio >= 0 && ratio <= 1) {
            throw .badArgument("\(flag) is a share of sections from 0 to 1, got \(ratio)")
        }
    }

    /// The layout. Complexity: O(runs), about 48 definitions.
    public func layout() -> CollectionLayout {
        var rng = BenchRandom(seed: seed)
        let runLength = max(1, sections / Presets.targetDefinitions)
        var runs: [Int] = []
        var left = sections
        while left > 0 {
            runs.append(min(runLength, left))
            left -= runs[runs.count - 1]
        }
        let estimated = Self.choose(Int((estimatedRatio * Double(runs.count)).rounded()), of: runs.count, rng: &rng)
        let orthogonal = Self.choose(Int((orthogonalRatio * Double(runs.count)).rounded()), of: runs.count, rng: &rng)
        let definitions = runs.enumerated().map { index, count in
            SectionDefinition(
                name: "run-\(index)", count: count, items: itemsPerSection,
                fields: fields(estimated: estimated.contains(index), orthogonal: orthogonal.contains(index)))
        }
        return CollectionLayout(
            name: name, container: Presets.container, sections: definitions,
            selfSizing: estimated.isEmpty ? nil : Presets.model(seed: seed, height: 30...120))
    }

    /// `k` distinct indices below `n`, seeded.
    static func choose(_ k: Int, of n: Int, rng: inout BenchRandom) -> Set<Int> {
        var all = Array(0..<n)
        rng.shuffle(&all)
        return Set(all.prefix(max(0, min(k, n))))
    }

    private func fields(estimated: Bool, orthogonal: Bool) -> SectionFields {
        var group = Self.nestedGroup(levels: nesting, estimated: estimated, badges: supplementaries)
        let rows = Double(1 << (nesting / 2))
        group.layoutSize = Presets.size(
            .fractionalWidth(orthogonal ? 0.85 : 1), estimated ? .estimated(60 * rows) : .absolute(60 * rows))
        var boundary: [BoundarySupplementaryItem] = []
        var decorations: [DecorationItem] = []
        if supplementaries {
            boundary = [Presets.header(pinned: true), Presets.footer(height: .absolute(24))]
            decorations = [Presets.background]
        }
        return Presets.fields(
            group, insets: EdgeInsets(top: 0, leading: 8, bottom: 12, trailing: 8), spacing: 8,
            orthogonal: orthogonal ? .continuous : .none, boundary: boundary, decorations: decorations)
    }

    /// Level 1 is a row of 3 items; level k > 1 holds two level k-1 groups along the other axis (vertical
    /// for even k). Fixed groups fill their share of the parent; estimated ones stack (vertical,
    /// `repeatingSubitem`) or split the width (horizontal, `subitem` + `count`) and take their children's
    /// measured height.
    private static func nestedGroup(levels: Int, estimated: Bool, badges: Bool = false) -> LayoutGroup {
        let fill = Presets.size(.fractionalWidth(1), .fractionalHeight(1))
        if levels == 1 {
            var item =
                estimated
                ? LayoutItem(layoutSize: Presets.size(.fractionalWidth(1), .estimated(60)))
                : Presets.fillingItem(inset: 2)
            if badges { item.supplementaryItems = [Presets.badge()] }
            let box = estimated ? Presets.size(.fractionalWidth(1), .estimated(60)) : fill
            return LayoutGroup.horizontal(layoutSize: box, subitem: item, count: 3)
        }
        let child = nestedGroup(levels: levels - 1, estimated: estimated, badges: badges)
        let vertical = levels % 2 == 0
        if estimated {
            let box = Presets.size(.fractionalWidth(1), .estimated(60))
            return vertical
                ? LayoutGroup.vertical(layoutSize: box, repeatingSubitem: child, count: 2)
                : LayoutGroup.horizontal(layoutSize: box, subitem: child, count: 2)
        }
        return vertical
            ? LayoutGroup.vertical(layoutSize: fill, subitem: child, count: 2)
            : LayoutGroup.horizontal(layoutSize: fill, subitem: child, count: 2)
    }
}
