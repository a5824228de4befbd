/// A Fenwick (binary indexed) tree of lengths: prefix sums and point updates in O(log n), so a change in
/// one section (or group instance) moves everything after it without touching it.
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
        negativeCount = 0
        for i in 0..<n {
            tree[i + 1] = values[i]
            if values[i] < 0 { negativeCount += 1 }
        }
        if n > 0 {
            for i in 1...n {
                let parent = i + (i & -i)
                if parent <= n { tree[parent] += tree[i] }
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
        var i = index + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
    }

    /// The sum of the first `count` values. Complexity: O(log n).
    func prefixSum(_ count: Int) -> Double {
        var sum = 0.0
        var i = count
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }

    /// The sum of all values. Complexity: O(log n).
    var total: Double { prefixSum(values.count) }

    /// The number of leading values whose sum is at most `position`: with non-negative values, the index
    /// of the entry that contains `position`. Complexity: O(log n).
    func count(upTo position: Double) -> Int {
        precondition(negativeCount == 0, "position search needs non-negative values")
        var index = 0
        var remaining = position
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = index + step
            if next < tree.count && tree[next] <= remaining {
                index = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return index
    }

    /// Inserts values at `index`. Complexity: O(n).
    mutating func insert<C: Collection>(contentsOf new: C, at index: Int) where C.Element == Double {
        values.insert(contentsOf: new, at: index)
        tree = ContiguousArray(repeating: 0, count: values.count + 1)
        rebuild()
    }

    /// Moves value `from` to index `to` (the values between shift by one). Complexity: O(n).
    mutating func move(from: Int, to: Int) {
        guard from != to else { return }
        let value = values.remove(at: from)
        values.insert(value, at: to)
        rebuild()
    }

    /// Removes values. Complexity: O(n).
    mutating func remove(_ range: Range<Int>) {
        values.removeSubrange(range)
        tree = ContiguousArray(repeating: 0, count: values.count + 1)
        rebuild()
    }
}
