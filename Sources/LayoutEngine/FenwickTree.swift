import SolverKernel

/// A Fenwick (binary indexed) tree of lengths: prefix sums and point updates in O(log n), so a change in
/// one section moves everything after it without touching it. The arithmetic is the kernel's
/// `FenwickCore`, shared with the instance strides of `EstimatedInstances`; this type owns the arrays and
/// adds what only section starts need (insert, remove, move).
struct FenwickTree: Sendable {
    private var tree: ContiguousArray<Double>
    /// The values themselves, for O(1) reads and rebuilds.
    private(set) var values: ContiguousArray<Double>
    /// How many values are negative: a search by position needs non-decreasing prefix sums.
    private(set) var negativeCount = 0

    init(count: Int) {
        tree = ContiguousArray(repeating: 0, count: count + 1)
        values = ContiguousArray(repeating: 0, count: count)
    }

    /// A tree over `values`. Complexity: O(n).
    init<S: Sequence>(_ source: S) where S.Element == Double {
        values = ContiguousArray(source)
        tree = ContiguousArray(repeating: 0, count: values.count + 1)
        rebuild()
    }

    var count: Int { values.count }

    /// Rebuilds the tree from `values`. Complexity: O(n).
    private mutating func rebuild() {
        let n = values.count
        negativeCount = tree.withUnsafeMutableBufferPointer { tree in
            values.withUnsafeBufferPointer { values in
                guard let source = values.baseAddress else { tree[0] = 0; return 0 }
                return FenwickCore.build(tree.baseAddress!, values: source, count: n)
            }
        }
    }

    /// Sets value `index`. Complexity: O(log n).
    mutating func set(_ index: Int, _ value: Double) {
        let delta = value - values[index]
        if values[index] < 0 { negativeCount -= 1 }
        if value < 0 { negativeCount += 1 }
        values[index] = value
        guard delta != 0 else { return }
        let n = values.count
        tree.withUnsafeMutableBufferPointer { FenwickCore.add($0.baseAddress!, count: n, at: index, delta) }
    }

    /// The sum of the first `count` values. Complexity: O(log n).
    func prefixSum(_ count: Int) -> Double {
        guard count > 0 else { return 0 }  // the first section's start: nothing to check or sum
        precondition(count < tree.count)
        return tree.withUnsafeBufferPointer { FenwickCore.prefixSum($0.baseAddress!, count) }
    }

    /// The sum of all values. Complexity: O(log n).
    var total: Double { prefixSum(values.count) }

    /// The number of leading values whose sum is at most `position`: with non-negative values, the index
    /// of the entry that contains `position`. Complexity: O(log n).
    func count(upTo position: Double) -> Int {
        precondition(negativeCount == 0, "position search needs non-negative values")
        let n = values.count
        return tree.withUnsafeBufferPointer { FenwickCore.count($0.baseAddress!, count: n, upTo: position) }
    }

    /// Inserts values at `index`. Complexity: O(n).
    mutating func insert<C: Collection>(contentsOf new: C, at index: Int) where C.Element == Double {
        values.insert(contentsOf: new, at: index)
        tree = ContiguousArray(repeating: 0, count: values.count + 1)
        rebuild()
    }

    /// Moves value `from` to index `to` (the values between shift by one). Only the nodes that cover part of
    /// the values between change: those ending inside the range are rebuilt in the order `rebuild` adds (so
    /// they equal a rebuild's), the O(log n) above it that cover only part of it take the difference.
    /// Complexity: O(|to − from| + log² n).
    mutating func move(from: Int, to: Int) {
        guard from != to else { return }
        let lo = min(from, to), hi = max(from, to)
        let old = (lo: values[lo], hi: values[hi])
        // Nodes above the range whose values start strictly inside it: their sum changes by the difference of
        // the prefix sums over [lo, s) before and after (the sum over the whole range is unchanged).
        var j = hi + 1
        j += j & -j
        while j < tree.count {
            let s = j - (j & -j)  // the node covers values s..<j
            if s > lo && s <= hi {
                // New minus old sum of values [lo, s): a move up shifts them down by one, a move down up by one.
                tree[j] -= from < to ? values[s] - old.lo : old.hi - values[s - 1]
            }
            j += j & -j
        }
        values.moveElement(from: from, to: to)
        tree.withUnsafeMutableBufferPointer { tree in
            values.withUnsafeBufferPointer { values in
                // Each node's value, then its children below the range (unchanged, exact) in ascending order,
                // then (below) its children inside the range as they complete: the order of `rebuild`.
                for i in (lo + 1)...(hi + 1) {
                    tree[i] = values[i - 1]
                    let low = i & -i
                    guard i - (low >> 1) <= lo else { continue }  // no child below the range (all but O(log n))
                    var step = low >> 1
                    while step > 0 {
                        if i - step <= lo { tree[i] += tree[i - step] }
                        step >>= 1
                    }
                }
                for i in (lo + 1)...(hi + 1) {
                    let parent = i + (i & -i)
                    if parent <= hi + 1 { tree[parent] += tree[i] }
                }
            }
        }
    }

    /// Removes values. Complexity: O(n).
    mutating func remove(_ range: Range<Int>) {
        values.removeSubrange(range)
        tree = ContiguousArray(repeating: 0, count: values.count + 1)
        rebuild()
    }
}
