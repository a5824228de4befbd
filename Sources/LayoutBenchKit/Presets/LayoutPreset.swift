import BenchResults
import CompositionalLayout
import SeededRandom

/// A named, seeded, scalable layout to bench: `grid-10k`, `selfsizing-1m`, `nested-100k`.
///
/// Every preset is a `CollectionLayout` in an iPhone-sized container (390 x 844, vertical) whose items total
/// exactly the size the name gives, built from a few dozen section definitions repeated with `count`, so
/// even a million items make a small spec and the engine's per-definition templates do the rest:
///
/// | preset | what it models | estimated items |
/// | --- | --- | --- |
/// | `grid` | a photo grid: 100-item sections of 4 square columns under a 44 pt header; one definition | none |
/// | `nested` | the App Store: paging feature rows, nested mosaic groups (3 levels), orthogonal charts and icon rows | none |
/// | `selfsizing` | every item estimated: plain and inset-grouped lists, 2-column cards | all (heights) |
/// | `chips` | tag clouds: chips of estimated width, as many per row as fit | all (widths) |
/// | `feed` | a social feed: stories row, posts with badges, headers, footers and backgrounds, comment lists, galleries | most |
/// | `adaptive` | version 2: a safe area, right-to-left, uniform card rows with trait and width variants, calc insets, readable lists | most |
///
/// The seed chooses the order of section kinds, their run lengths and item counts, and the self-sizing
/// model's seed; the same name and seed give the same layout on every machine. (`grid` is one definition
/// and the same for every seed.)
public struct LayoutPreset: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, CaseIterable, Sendable {
        case grid, nested, selfsizing, chips, feed, adaptive

        /// One line for help texts.
        public var summary: String {
            switch self {
            case .grid: return "fixed square cells in 4 columns, a header per section"
            case .nested: return "App Store: nested groups, paging and orthogonal rows"
            case .selfsizing: return "every item estimated: lists and 2-column sections"
            case .chips: return "chips of estimated width, as many per row as fit"
            case .feed: return "a feed: headers, footers, badges, backgrounds, lists"
            case .adaptive: return "version 2: safe area, right-to-left, uniform rows, trait variants, calc insets"
            }
        }
    }

    public var kind: Kind
    /// Items in the layout (exactly).
    public var items: Int
    public var seed: UInt64

    public static let defaultItems = 10_000
    /// What `layoutbench bench` runs when given no spec and no preset.
    public static let `default` = LayoutPreset(kind: .grid, items: defaultItems)
    /// The sizes the names advertise.
    public static let standardSizes = [10_000, 100_000, 1_000_000]

    public init(kind: Kind, items: Int = defaultItems, seed: UInt64 = 0) {
        precondition(items >= 1, "a preset has at least one item")
        self.kind = kind
        self.items = items
        self.seed = seed
    }

    /// Parses `grid`, `grid-10k`, `grid-100k`, `grid-1m`, or any `NAME-<count>[k|m]` (`chips-2500`, `feed-2.5k`).
    public init(parsing name: String, seed: UInt64 = 0) throws(PresetError) {
        let lower = name.lowercased()
        let parts = lower.split(separator: "-", maxSplits: 1).map(String.init)
        guard let first = parts.first, let kind = Kind(rawValue: first) else {
            throw PresetError.unknownPreset(name)
        }
        var items = Self.defaultItems
        if parts.count == 2 {
            guard let parsed = Self.parseSize(parts[1]) else { throw PresetError.badSize(name) }
            items = parsed
        }
        guard items >= 1, items <= 100_000_000 else { throw PresetError.badSize(name) }
        self.init(kind: kind, items: items, seed: seed)
    }

    /// `grid-10k`: the kind and the size as the name writes it.
    public var name: String { "\(kind.rawValue)-\(Self.sizeName(items))" }
    public var description: String { name }

    /// The layout. Complexity: O(definitions) (a few dozen), whatever the item count.
    public func layout() -> CollectionLayout {
        var rng = BenchRandom(seed: seed)
        switch kind {
        case .grid: return Presets.grid(name: name, items: items)
        case .nested: return Presets.nested(name: name, items: items, rng: &rng)
        case .selfsizing: return Presets.selfSizing(name: name, items: items, seed: seed, rng: &rng)
        case .chips: return Presets.chips(name: name, items: items, seed: seed, rng: &rng)
        case .feed: return Presets.feed(name: name, items: items, seed: seed, rng: &rng)
        case .adaptive: return Presets.adaptive(name: name, items: items, seed: seed, rng: &rng)
        }
    }

    /// `10k`, `1m`, `2500`, `2.5k` -> a count; nil if malformed.
    static func parseSize(_ text: String) -> Int? {
        var digits = Substring(text)
        var scale = 1.0
        if digits.hasSuffix("k") {
            scale = 1_000; digits = digits.dropLast()
        } else if digits.hasSuffix("m") {
            scale = 1_000_000; digits = digits.dropLast()
        }
        guard let value = Double(digits), value.isFinite, value > 0 else { return nil }
        let items = (value * scale).rounded()
        guard items == value * scale || abs(items - value * scale) < 1e-6, items <= 1e9 else { return nil }
        return Int(items)
    }

    /// 10,000 -> `10k`, 1,000,000 -> `1m`, 2,500 -> `2500`.
    static func sizeName(_ items: Int) -> String {
        if items >= 1_000_000, items % 1_000_000 == 0 { return "\(items / 1_000_000)m" }
        if items >= 1_000, items % 1_000 == 0 { return "\(items / 1_000)k" }
        return "\(items)"
    }
}

/// A preset name that does not parse.
public enum PresetError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownPreset(String)
    case badSize(String)

    public var description: String {
        let known = LayoutPreset.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        switch self {
        case .unknownPreset(let name):
            return "unknown preset '\(name)'; presets: \(known), each with an optional size such as -10k, -100k, -1m"
        case .badSize(let name):
            return
                "preset '\(name)': the size after '-' must be a count of items from 1 to 100m, such as 10k, 100k, 1m or 2500"
        }
    }
}
