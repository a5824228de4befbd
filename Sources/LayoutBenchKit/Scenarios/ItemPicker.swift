import BenchResults
import CompositionalLayout
import LayoutEngine
import SeededRandom

/// Seeded random choices of sections and items in an engine's current data, shared by the scenarios that
/// edit or measure. An item is picked by first picking a non-empty section uniformly, then an item in it,
/// so small sections are picked as often as large ones (as a user's edits land on whatever is on screen).
struct ItemPicker {
    var rng: BenchRandom

    init(seed: UInt64, scenario: ScenarioKind) {
        var salt: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in scenario.rawValue.utf8 { salt = (salt ^ UInt64(byte)) &* 0x100_0000_01B3 }
        rng = BenchRandom(seed: seed).derived(salt)
    }

    /// A random section with at least one item, or nil if every section is empty.
    /// Complexity: O(1) expected while most sections hold items; O(sections) at worst.
    mutating func nonEmptySection(_ engine: LayoutEngine) -> Int? {
        let count = engine.sectionCount
        guard count > 0 else { return nil }
        for _ in 0..<64 {
            let s = rng.index(below: count)
            if engine.itemCount(inSection: s) > 0 { return s }
        }
        let candidates = (0..<count).filter { engine.itemCount(inSection: $0) > 0 }
        return candidates.isEmpty ? nil : candidates[rng.index(below: candidates.count)]
    }

    /// A random existing item, or nil if there is none.
    mutating func item(_ engine: LayoutEngine) -> IndexPath? {
        guard let s = nonEmptySection(engine) else { return nil }
        return IndexPath(section: s, item: rng.index(below: engine.itemCount(inSection: s)))
    }

    /// A random whole length in `range`.
    mutating func length(_ range: SelfSizing.LengthRange) -> Double {
        Double(range.min + rng.index(below: max(1, range.max - range.min + 1)))
    }
}

extension CollectionLayout {
    /// The lengths the scenarios give items that measure: the spec's top-level model where it has one,
    /// else a range around common cell sizes.
    var benchSizeRanges: (width: SelfSizing.LengthRange, height: SelfSizing.LengthRange) {
        (
            selfSizing?.width ?? SelfSizing.LengthRange(min: 40, max: 160),
            selfSizing?.height ?? SelfSizing.LengthRange(min: 40, max: 160)
        )
    }
}
