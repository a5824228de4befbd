import CompositionalLayout
import Testing

@testable import LayoutEngine

/// `FenwickTree.move` rebuilds only the nodes a move changes: every prefix sum must still equal a tree built
/// from the moved values, and the nodes ending inside the range equal a rebuild's exactly.
@Suite("Fenwick tree moves")
struct FenwickTreeTests {
    @Test(
        "move(from:to:) equals a tree built from the moved values", arguments: [1, 2, 3, 7, 8, 64, 100, 1_000, 4_097])
    func moveMatchesRebuild(count: Int) {
        var rng = SplitMix(seed: UInt64(count))
        var values = (0..<count).map { _ in Double(rng.next() % 2_000) / 8 - (rng.next() % 10 == 0 ? 300 : 0) }
        var tree = FenwickTree(values)
        for _ in 0..<200 {
            let from = Int(rng.next() % UInt64(count)), to = Int(rng.next() % UInt64(count))
            tree.move(from: from, to: to)
            values.insert(values.remove(at: from), at: to)
            let fresh = FenwickTree(values)
            #expect(Array(tree.values) == values)
            #expect(tree.negativeCount == fresh.negativeCount)
            for k in 0...count where abs(tree.prefixSum(k) - fresh.prefixSum(k)) > 1e-9 {
                Issue.record(
                    "count \(count), move \(from) -> \(to): prefix \(k) is \(tree.prefixSum(k)), rebuilt \(fresh.prefixSum(k))"
                )
                return
            }
        }
    }

    @Test("Array.moveElement moves one element and shifts those between")
    func arrayMove() {
        var a = ["a", "b", "c", "d", "e"]
        a.moveElement(from: 1, to: 3)
        #expect(a == ["a", "c", "d", "b", "e"])
        a.moveElement(from: 4, to: 0)
        #expect(a == ["e", "a", "c", "d", "b"])
        a.moveElement(from: 2, to: 2)
        #expect(a == ["e", "a", "c", "d", "b"])
    }
}

/// A small deterministic generator for the test above.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
