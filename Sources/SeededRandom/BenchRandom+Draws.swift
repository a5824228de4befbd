/// The draws the random generators make, on the bench kit's seeded splitmix64 generator. Written out
/// rather than taken from the standard library's `random(in:using:)`, whose algorithm may change between
/// Swift versions: a seed must name the same layout on every toolchain.
extension BenchRandom {
    /// A uniform double in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// An integer in `range` (both ends included). The modulo bias is below 2^-40 for the small ranges used.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        if span == 0 { return Int(truncatingIfNeeded: next()) }
        return range.lowerBound &+ Int(truncatingIfNeeded: next() % span)
    }

    /// A double in `range`.
    public mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// A double in `range` on a grid of `step` from its lower bound, so generated specs read like
    /// hand-written ones.
    public mutating func double(_ range: ClosedRange<Double>, step: Double) -> Double {
        let steps = Int(((range.upperBound - range.lowerBound) / step).rounded(.down))
        return range.lowerBound + Double(int(0...max(0, steps))) * step
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// One element of a non-empty collection.
    public mutating func pick<C: Collection>(_ choices: C) -> C.Element where C.Index == Int {
        choices[choices.startIndex + int(0...(choices.count - 1))]
    }

    /// One of `choices`, each with its weight (weights >= 0, at least one > 0).
    public mutating func weighted<T>(_ choices: [(weight: Double, value: T)]) -> T {
        let total = choices.reduce(0) { $0 + $1.weight }
        var x = unit() * total
        for choice in choices where choice.weight > 0 {
            if x < choice.weight { return choice.value }
            x -= choice.weight
        }
        return choices.last { $0.weight > 0 }!.value
    }
}
