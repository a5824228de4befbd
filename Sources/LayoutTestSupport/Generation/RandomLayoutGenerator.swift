import CompositionalLayout
import SeededRandom

/// Random compositional layouts from a seed, covering every feature of docs/layout-rules.md §2–§7 (checked by
/// `LayoutFeature.census(of:)` in the tests): every dimension kind, display scales, nested groups to depth
/// 3 in all three forms and custom groups, spacings, insets, boundary items of every alignment, anchored
/// supplementaries, decorations, every orthogonal behaviour, lists of every appearance, variants chosen by
/// width, horizontal layouts, layout boundary items, estimated sections, empty sections and small containers
/// down to width 0. The same seed gives the same layout on every toolchain.
///
/// Sizes stay sane so that every layout solves fast: at most `Options.sections` sections of at most
/// `Options.itemsPerSection` items, and a fixed-size section's template is bounded (its subitems cannot be
/// tiny against their group), so no group instance repeats more than `Options.maxTemplateLeaves` items.
/// Every section definition solves at every width (a definition without its own group ends its variants
/// with one that always holds), and element kinds are unique within a definition.
public struct RandomLayoutGenerator: Sendable {
    /// Bounds on what is generated.
    public struct Options: Sendable, Hashable {
        /// Sections in the whole layout (Σ of the definitions' counts).
        public var sections: ClosedRange<Int> = 1...6
        /// Items in each section.
        public var itemsPerSection: ClosedRange<Int> = 0...40
        /// The deepest nesting of groups inside a root group.
        public var maxNestingDepth = 3
        /// The most leaf items one instance of a fixed-size root group may place.
        public var maxTemplateLeaves = 1500
        /// The largest container length, also the bound used for sizes (resizes stay below it).
        public var maxContainerLength = 1400.0

        public init() {}
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// The layout of `seed`. Complexity: O(sections × template size).
    public func layout(seed: UInt64) -> CollectionLayout {
        var builder = LayoutBuilder(rng: BenchRandom(seed: seed), options: options)
        return builder.layout(name: "random-\(seed)")
    }

    /// The layout of `seed` with the default options.
    public static func layout(seed: UInt64) -> CollectionLayout {
        RandomLayoutGenerator().layout(seed: seed)
    }
}

/// The state of one generation: the random stream and the element-kind counter.
struct LayoutBuilder {
    var rng: BenchRandom
    let options: RandomLayoutGenerator.Options
    /// The layout's scroll axis (y for vertical layouts).
    var scrollAxis: Axis = .y
    /// Numbers element kinds so that they are unique within the layout (so within every section).
    var kindCounter = 0

    init(rng: BenchRandom, options: RandomLayoutGenerator.Options) {
        self.rng = rng
        self.options = options
    }

    mutating func layout(name: String) -> CollectionLayout {
        let direction: LayoutConfiguration.ScrollDirection = rng.chance(0.2) ? .horizontal : .vertical
        scrollAxis = direction.axis
        let container = self.container()
        var configuration = LayoutConfiguration(scrollDirection: direction)
        configuration.interSectionSpacing = rng.weighted([
            (0.5, 0), (0.35, rng.double(0...40, step: 0.5)), (0.15, -rng.double(0.5...20, step: 0.5)),
        ])
        if rng.chance(0.2) {
            configuration.boundarySupplementaryItems = (0..<rng.int(1...2)).map { _ in
                boundaryItem(estimatedAllowed: true)
            }
        }
        let selfSizing: SelfSizing? = rng.chance(0.4) ? self.selfSizing(bothAxesLikely: true) : nil

        var definitions: [SectionDefinition] = []
        var remaining = rng.int(options.sections)
        var names: [String] = []
        while remaining > 0 {
            let count = rng.chance(0.7) ? 1 : rng.int(1...min(3, remaining))
            remaining -= count
            var definition = self.definition(count: count)
            if rng.chance(0.5) {
                // Sometimes a name used twice: operations must then address the definition by index.
                let name =
                    (!names.isEmpty && rng.chance(0.1))
                    ? rng.pick(names)
                    : rng.pick(["photos", "feed", "grid", "list", "banner", "chips", "shelf", "tags"])
                        + "\(definitions.count)"
                names.append(name)
                definition.name = name
            }
            definitions.append(definition)
        }
        return CollectionLayout(
            name: name, container: container, configuration: configuration,
            sections: definitions, selfSizing: selfSizing)
    }

    /// Phones and tablets mostly, sometimes tiny or zero-width containers, sometimes a display scale.
    mutating func container() -> LayoutContainer {
        let width: Double = rng.weighted([
            (0.06, 0),
            (0.08, rng.double(1...60, step: 0.5)),
            (0.5, rng.pick([320, 375, 390, 393, 414, 430])),
            (0.2, rng.pick([744, 768, 820, 834, 1024, 1194])),
            (0.16, rng.double(100...1200, step: 0.5)),
        ])
        let height: Double = rng.weighted([
            (0.03, 0),
            (0.06, rng.double(1...60, step: 0.5)),
            (0.6, rng.pick([568, 667, 736, 812, 844, 852, 932, 1024])),
            (0.31, rng.double(100...1200, step: 0.5)),
        ])
        let scale: Double? = rng.chance(0.25) ? rng.pick([1, 2, 3]) : nil
        return LayoutContainer(width: width, height: height, displayScale: scale)
    }

    // MARK: Section definitions

    /// A definition: a group (sometimes estimated), a list, or only variants; with or without variants.
    mutating func definition(count: Int) -> SectionDefinition {
        let bounds = options.itemsPerSection
        // Empty sections one time in ten, when the bounds allow them.
        let items =
            bounds.lowerBound == 0 && rng.chance(0.1)
            ? 0 : rng.int(max(1, bounds.lowerBound)...max(1, bounds.upperBound))
        let variantsOnly = rng.chance(0.1)
        var fields = variantsOnly ? SectionFields() : sectionFields(contentRequired: true)
        var variants: [SectionVariant] = []
        if variantsOnly || rng.chance(0.25) {
            let thresholds: [Double] = [0, 1, 320, 400, 500, 600, 700, 800, 1000]
            for index in 0..<rng.int(1...3) {
                var when = WidthCondition()
                switch rng.int(0...2) {
                case 0: when.minWidth = rng.pick(thresholds)
                case 1: when.maxWidth = rng.pick(thresholds.dropFirst().map { $0 })
                default:
                    let a = rng.int(0...(thresholds.count - 2)), b = rng.int((a + 1)...(thresholds.count - 1))
                    when.minWidth = thresholds[a]
                    when.maxWidth = thresholds[b]
                }
                let catchAll = index > 0 && rng.chance(0.2)
                variants.append(
                    SectionVariant(when: catchAll ? nil : when, fields: sectionFields(contentRequired: variantsOnly)))
            }
        }
        if fields.content == nil, !variants.contains(where: { $0.when == nil }) {
            // Without content of its own the definition needs a variant that always holds.
            variants.append(SectionVariant(when: nil, fields: sectionFields(contentRequired: true)))
        }
        if rng.chance(0.15) {
            // Fields of the definition that variants may override, next to variant-only content.
            fields.contentInsets = insets(max: 20)
        }
        return SectionDefinition(count: count, items: items, fields: fields, variants: variants)
    }

    /// The fields of a definition or a variant.
    mutating func sectionFields(contentRequired: Bool) -> SectionFields {
        var fields = SectionFields()
        if contentRequired || rng.chance(0.6) {
            if rng.chance(0.22) {
                fields.content = .list(listConfiguration())
            } else {
                let estimated = rng.chance(0.35)
                let depth = rng.weighted([(0.3, 0), (0.35, 1), (0.2, 2), (0.15, 3)])
                fields.content = .group(rootGroup(estimated: estimated, depth: min(depth, options.maxNestingDepth)))
            }
        }
        let variantChance = contentRequired ? 1.0 : 0.4
        if rng.chance(0.5 * variantChance) { fields.contentInsets = insets(max: 24) }
        if rng.chance(0.5 * variantChance) {
            fields.interGroupSpacing =
                rng.chance(0.15) ? -rng.double(0.5...10, step: 0.5) : rng.double(0...20, step: 0.5)
        }
        if rng.chance(0.25 * variantChance) {
            fields.orthogonalScrollingBehavior = rng.pick(OrthogonalScrollingBehavior.allCases)
        }
        if rng.chance(0.4 * variantChance) {
            fields.boundarySupplementaryItems = (0..<rng.int(1...3)).map { _ in boundaryItem(estimatedAllowed: true) }
        }
        if rng.chance(0.25 * variantChance) {
            fields.decorationItems = (0..<rng.int(1...2)).map { _ in decorationItem() }
        }
        if rng.chance(0.15 * variantChance) {
            fields.supplementariesFollowContentInsets = rng.chance(0.8) ? false : true
        }
        return fields
    }

    mutating func listConfiguration() -> ListConfiguration {
        var list = ListConfiguration(
            appearance: rng.pick(ListConfiguration.Appearance.allCases),
            headerMode: rng.pick(ListConfiguration.HeaderMode.allCases),
            footerMode: rng.pick(ListConfiguration.FooterMode.allCases))
        if rng.chance(0.35) {
            list.rowHeight =
                rng.chance(0.5) ? .absolute(rng.double(30...80, step: 1)) : .estimated(rng.double(30...60, step: 1))
        }
        if rng.chance(0.2) {
            list.headerHeight =
                rng.chance(0.5) ? .absolute(rng.double(20...60, step: 1)) : .estimated(rng.double(20...50, step: 1))
        }
        if rng.chance(0.2) {
            list.footerHeight =
                rng.chance(0.5) ? .absolute(rng.double(20...60, step: 1)) : .estimated(rng.double(20...50, step: 1))
        }
        return list
    }

    // MARK: Small values

    /// Insets: one number for all edges, or four (some 0).
    mutating func insets(max: Double) -> EdgeInsets {
        if rng.chance(0.4) { return EdgeInsets(all: rng.double(0...max, step: 0.5)) }
        func edge(_ rng: inout BenchRandom) -> Double { rng.chance(0.3) ? 0 : rng.double(0...max, step: 0.5) }
        return EdgeInsets(top: edge(&rng), leading: edge(&rng), bottom: edge(&rng), trailing: edge(&rng))
    }

    mutating func spacing(max: Double) -> LayoutSpacing {
        let value = rng.chance(0.2) ? 0 : rng.double(0...max, step: 0.5)
        return rng.chance(0.3) ? .flexible(value) : .fixed(value)
    }

    mutating func edgeSpacing() -> EdgeSpacing {
        var edges = EdgeSpacing()
        if rng.chance(0.5) { edges.leading = spacing(max: 10) }
        if rng.chance(0.5) { edges.top = spacing(max: 10) }
        if rng.chance(0.5) { edges.trailing = spacing(max: 10) }
        if rng.chance(0.5) { edges.bottom = spacing(max: 10) }
        if edges == EdgeSpacing() { edges.leading = spacing(max: 10) }
        return edges
    }

    /// A self-sizing model for one or both axes, with whole-point bounds.
    mutating func selfSizing(bothAxesLikely: Bool) -> SelfSizing {
        func range(_ rng: inout BenchRandom, _ low: ClosedRange<Int>, span: ClosedRange<Int>) -> SelfSizing.LengthRange
        {
            if rng.chance(0.25) { return SelfSizing.LengthRange(fixed: rng.int(low)) }
            let min = rng.int(low)
            return SelfSizing.LengthRange(min: min, max: min + rng.int(span))
        }
        let seed = Int64(bitPattern: rng.next())
        let which = rng.int(0...(bothAxesLikely ? 3 : 2))
        let width = which != 1 ? range(&rng, 10...80, span: 0...120) : nil
        let height = which != 0 ? range(&rng, 10...60, span: 0...100) : nil
        return SelfSizing(seed: which == 3 ? 0 : seed, width: width, height: height)
    }

    /// A fresh element kind, unique in the layout.
    mutating func kind(_ prefix: String) -> String {
        kindCounter += 1
        return "\(prefix)\(kindCounter)"
    }
}
