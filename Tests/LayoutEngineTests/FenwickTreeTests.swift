import CompositionalLayout
import SolverKernel
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
                let moved = "count \(count), move \(from) -> \(to)"
                Issue.record("\(moved): prefix \(k) is \(tree.prefixSum(k)), rebuilt \(fresh.prefixSum(k))")
                return
            }
        }
    }

    /// `move` relies on the order of `build`'s additions: every node is its own value, then its children
    /// added in ascending order. Floating-point sums depend on that order, so nodes are compared bit for bit.
    @Test(
        "FenwickCore.build adds each node's value, then its children in ascending order",
        arguments: [0, 1, 2, 3, 7, 8, 64, 100, 1_000])
    func buildOrder(count n: Int) {
        var rng = SplitMix(seed: UInt64(n) &+ 17)
        let values = (0..<n).map { _ in Double(rng.next() % 10_000) / 7 - (rng.next() % 8 == 0 ? 900.1 : 0) }
        var expected = [Double](repeating: 0, count: n + 1)
        for i in stride(from: 1, through: n, by: 1) {
            expected[i] = values[i - 1]
            var step = (i & -i) >> 1
            while step > 0 {  // the children i − step, largest step (smallest index) first
                expected[i] += expected[i - step]
                step >>= 1
            }
        }
        var tree = [Double](repeating: .nan, count: n + 1)
        let padded = values + [0]  // a base address even when n is 0
        let negative = tree.withUnsafeMutableBufferPointer { tree in
            padded.withUnsafeBufferPointer { FenwickCore.build(tree.baseAddress!, values: $0.baseAddress!, count: n) }
        }
        #expect(negative == values.filter { $0 < 0 }.count)
        #expect(tree[0] == 0)
        for i in stride(from: 1, through: n, by: 1) where tree[i].bitPattern != expected[i].bitPattern {
            Issue.record("n \(n): node \(i) is \(tree[i]), expected \(expected[i])")
            return
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

    /// `FenwickCore.rebuild` keeps the nodes covering only the first `kept` values (moved there from a tree of
    /// another length, as a splice moves them) and makes the others again: every node is bit for bit what a
    /// whole build of the new values gives, and it counts the negative values it made.
    @Test("rebuild(keeping:) equals a whole build, node for node")
    func rebuildKeepingAPrefix() {
        var rng = SplitMix(seed: 77)
        for _ in 0..<400 {
            let n = Int(rng.next() % 150), oldCount = Int(rng.next() % 150)
            let kept = n == 0 ? 0 : Int(rng.next() % UInt64(min(n, oldCount) + 1))
            func value() -> Double { Double(rng.next() % 4_000) / 7 - (rng.next() % 8 == 0 ? 600 : 0) }
            let new = (0..<n).map { _ in value() }
            let old = Array(new.prefix(kept)) + (kept..<oldCount).map { _ in value() }
            var whole = [Double](repeating: 0, count: n + 1), before = [Double](repeating: 0, count: oldCount + 1)
            let negatives = whole.withUnsafeMutableBufferPointer { tree in
                new.withUnsafeBufferPointer { FenwickCore.build(tree.baseAddress!, values: $0.baseAddress!, count: n) }
            }
            _ = before.withUnsafeMutableBufferPointer { tree in
                old.withUnsafeBufferPointer {
                    FenwickCore.build(tree.baseAddress!, values: $0.baseAddress!, count: oldCount)
                }
            }
            // The kept nodes where the old tree had them, the rest garbage.
            var tree = [Double](repeating: .nan, count: n + 1)
            for i in 0...kept { tree[i] = before[i] }
            let made = tree.withUnsafeMutableBufferPointer { tree in
                FenwickCore.rebuild(tree.baseAddress!, count: n, keeping: kept) { new[$0] }
            }
            #expect(made == new[kept...].filter { $0 < 0 }.count, "n \(n) kept \(kept)")
            #expect(negatives == new.filter { $0 < 0 }.count)
            for i in 0...n where tree[i].bitPattern != whole[i].bitPattern {
                Issue.record("n \(n) kept \(kept): node \(i) is \(tree[i]), a whole build gives \(whole[i])")
                break
            }
        }
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
