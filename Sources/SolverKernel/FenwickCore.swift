/// The Fenwick (binary indexed) tree arithmetic, over a raw buffer, for both trees of the engine: the section
/// starts (`FenwickTree`, an array) and the instance strides of an estimated section (`EstimatedInstances`,
/// a region of its one allocation). `tree` holds n + 1 entries; entry 0 is unused and entry i sums the values
/// `i - lowbit(i) ..< i`. Allocation-free; every function is inlined into its caller.
public enum FenwickCore {
    /// Builds the tree over `values` (n of them) bottom-up: each node takes its own value, then its children
    /// in ascending order (the order `move` relies on). Returns how many values are negative.
    /// - Complexity: O(n).
    @inlinable @inline(__always)
    public static func build(
        _ tree: UnsafeMutablePointer<Double>, values: UnsafePointer<Double>,
        count n: Int
    ) -> Int {
        // Written out rather than through `build(_:count:value:)`: the full solve builds a tree per section,
        // and that form compiled to about 0.2% more instructions for its lists (selfsizing, feed full).
        // Wrapping arithmetic: indices stay below n + 1 of an allocated buffer (the overflow checks were most
        // of a list's per-instance cost here).
        var negative = 0
        tree[0] = 0
        for i in 0..<n {
            tree[i &+ 1] = values[i]
            if values[i] < 0 { negative &+= 1 }
        }
        var i = 1
        while i <= n {
            let parent = i &+ (i & (0 &- i))
            if parent <= n { tree[parent] += tree[i] }
            i &+= 1
        }
        return negative
    }

    /// `build(_:values:count:)` over values made by `value(i)` as the build reads them, for values derived from
    /// others (a list's strides from its item lengths) without a buffer of their own. The same nodes, summed in
    /// the same order. Complexity: O(n) calls of `value`.
    @inlinable @inline(__always)
    public static func build(
        _ tree: UnsafeMutablePointer<Double>, count n: Int, value: (Int) -> Double
    ) -> Int {
        tree[0] = 0
        return rebuild(tree, count: n, keeping: 0, value: value)
    }

    /// `build(_:count:value:)` for a tree whose first `kept` values are unchanged and whose nodes `0...kept`
    /// already hold what a build over them gives (each covers only those values): only the nodes past `kept`
    /// are made again, each its own value and then its children in ascending order, as `build` makes them,
    /// so every node is bit for bit what a whole build gives. Returns how many of the values from `kept` on
    /// are negative (the caller knows those before). An insert into a list rebuilds the instances from the
    /// new one on, not all.
    /// - Complexity: O(n − kept + log kept) calls and additions.
    @inlinable @inline(__always)
    public static func rebuild(
        _ tree: UnsafeMutablePointer<Double>, count n: Int, keeping kept: Int, value: (Int) -> Double
    ) -> Int {
        // Wrapping arithmetic: indices stay below n + 1 of an allocated buffer (the overflow checks were most
        // of a list's per-instance cost here).
        var negative = 0
        var i = kept &+ 1
        while i <= n {
            let v = value(i &- 1)
            tree[i] = v
            if v < 0 { negative &+= 1 }
            i &+= 1
        }
        // The kept nodes whose parents lie past `kept` are those of `kept`'s prefix sum; ascending, they are
        // the prefixes of its binary digits from the top (for 6: 4, then 6).
        var rest = kept, node = 0
        while rest != 0 {
            let top = 1 &<< (Int.bitWidth &- 1 &- rest.leadingZeroBitCount)
            node &+= top
            rest &-= top
            let parent = node &+ top  // `top` is the node's lowest set bit
            if parent <= n { tree[parent] += tree[node] }
        }
        i = kept &+ 1
        while i <= n {
            let parent = i &+ (i & (0 &- i))
            if parent <= n { tree[parent] += tree[i] }
            i &+= 1
        }
        return negative
    }

    /// The sum of the first `count` values. Complexity: O(log n).
    @inlinable @inline(__always)
    public static func prefixSum(_ tree: UnsafePointer<Double>, _ count: Int) -> Double {
        var sum = 0.0
        var i = count
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }

    /// Adds `delta` to value `index` of n. Complexity: O(log n).
    @inlinable @inline(__always)
    public static func add(_ tree: UnsafeMutablePointer<Double>, count n: Int, at index: Int, _ delta: Double) {
        var i = index + 1
        while i <= n {
            tree[i] += delta
            i += i & -i
        }
    }

    /// The number of leading values (of n) whose sum is at most `position`: with non-negative values, the
    /// index of the entry that contains `position`. Complexity: O(log n).
    @inlinable @inline(__always)
    public static func count(_ tree: UnsafePointer<Double>, count n: Int, upTo position: Double) -> Int {
        var index = 0
        var remaining = position
        // The largest power of two at most n (1 when n is 0), from its top bit rather than by doubling.
        var step = n > 0 ? 1 << (Int.bitWidth - 1 - n.leadingZeroBitCount) : 1
        while step > 0 {
            let next = index + step
            if next <= n && tree[next] <= remaining {
                index = next
                remaining -= tree[next]
            }
            step >>= 1
        }
        return index
    }
}
