/// SplitMix64: a small seeded generator, so every random choice of a bench (the item a size arrives for,
/// the section an edit lands in, a generated layout) repeats for the same seed on every machine.
///
/// `SystemRandomNumberGenerator` would make two runs of the same build differ in what they measure.
public struct BenchRandom: RandomNumberGenerator, Sendable {
    @usableFromInline var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits. Complexity: O(1).
    @inlinable public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0 ..< bound` by multiply-shift (Lemire), without the rejection loop: the bias is below
    /// bound / 2^32, irrelevant for resampling and picking items. Complexity: O(1).
    @inlinable public mutating func index(below bound: Int) -> Int {
        precondition(bound > 0 && bound <= Int(UInt32.max), "index(below:) needs 0 < bound < 2^32")
        return Int((UInt64(bound) &* (next() >> 32)) >> 32)
    }

    /// A number in `range` (both ends included). Complexity: O(1).
    public mutating func index(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + index(below: range.count)
    }

    /// Shuffles `array` in place (Fisher-Yates) with this generator's own draws, not the standard library's
    /// `shuffle(using:)`, whose algorithm may change between Swift versions: a seed must name the same
    /// layout on every toolchain. Complexity: O(n).
    public mutating func shuffle<T>(_ array: inout [T]) {
        guard array.count > 1 else { return }
        for i in stride(from: array.count - 1, to: 0, by: -1) {
            array.swapAt(i, index(below: i + 1))
        }
    }

    /// A generator for a named sub-stream, so adding a random draw in one place does not shift another's.
    public func derived(_ salt: UInt64) -> BenchRandom {
        var copy = BenchRandom(seed: state ^ (salt &* 0x2545_F491_4F6C_DD1D))
        _ = copy.next()
        return copy
    }
}
