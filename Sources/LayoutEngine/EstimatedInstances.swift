import CompositionalLayout
import SolverKernel

/// What an estimated section keeps besides its flat buffers: counts, the query extent, and the rare
/// supplementary data (shared tables, host lists only when the root group has group supplementaries).
struct InstancesHeader {
    /// Group instances (rows).
    var count: Int
    /// Cells (items that got one).
    var itemCount: Int
    var hasLeafSupplementaries: Bool
    /// Strides that are negative: a search by position needs non-decreasing prefix sums.
    var negativeCount: Int
    var extent: RelativeExtent
    var supplementaries: SupplementaryTable
    /// Per instance, its group hosts (empty when the tree has no group supplementaries).
    var hosts: [[GroupHost]]
}

/// An estimated section's solved instances (§6) in ONE allocation: per item its cell relative to its
/// instance's origin, per instance its first item, its size, and its stride in a Fenwick tree (instance q
/// starts `offset(q)` after instance 0). Reads are O(1) except those stated; a uniquely referenced storage
/// is updated in place (`setInstance`, `setCell`), so a measure that keeps its rows' items costs
/// O(rows re-solved × log rows) and allocates nothing.
///
/// The tail holds, in this order: cells (`Rect` × items), sizes (`Size` × instances), the Fenwick tree
/// (`Double` × instances + 1), the strides (`Double` × instances), first items (`Int32` × instances) and the
/// leaf supplementary lists (`UInt16` × items, only when some leaf has one). The unsafe part is this file.
final class EstimatedInstances: ManagedBuffer<InstancesHeader, Double> {
    /// The storage of `builder`'s instances. Complexity: O(items + instances), one allocation.
    static func make(_ builder: borrowing InstanceBuilder) -> EstimatedInstances {
        let n = builder.firstItem.count, items = builder.cells.count
        let hasLeaf = !builder.leafSupplementaries.isEmpty
        let layout = Layout(count: n, items: items, hasLeaf: hasLeaf)
        let buffer = create(minimumCapacity: max(1, layout.total)) { _ in
            InstancesHeader(count: n, itemCount: items, hasLeafSupplementaries: hasLeaf, negativeCount: 0,
                            extent: builder.extent, supplementaries: builder.supplementaries,
                            hosts: builder.hosts)
        }
        let storage = unsafeDowncast(buffer, to: EstimatedInstances.self)
        storage.withUnsafeMutablePointerToElements { base in
            let raw = UnsafeMutableRawPointer(base)
            let cells = (raw + layout.cells * 8).bindMemory(to: Rect.self, capacity: items)
            builder.cells.withUnsafeBufferPointer { cells.initialize(from: $0.baseAddress!, count: items) }
            let sizes = (raw + layout.sizes * 8).bindMemory(to: Size.self, capacity: n)
            builder.sizes.withUnsafeBufferPointer { if n > 0 { sizes.initialize(from: $0.baseAddress!, count: n) } }
            let values = base + layout.values
            builder.strides.withUnsafeBufferPointer { if n > 0 { values.initialize(from: $0.baseAddress!, count: n) } }
            let first = (raw + layout.firstItem * 8).bindMemory(to: Int32.self, capacity: n)
            builder.firstItem.withUnsafeBufferPointer { if n > 0 { first.initialize(from: $0.baseAddress!, count: n) } }
            if hasLeaf {
                let leaf = (raw + layout.leaf * 8).bindMemory(to: UInt16.self, capacity: items)
                builder.leafSupplementaries.withUnsafeBufferPointer { leaf.initialize(from: $0.baseAddress!, count: items) }
            }
            // The tree, built bottom-up in O(n).
            let tree = base + layout.tree
            tree.initialize(repeating: 0, count: n + 1)
            var negative = 0
            for i in 0..<n {
                tree[i + 1] += values[i]
                if values[i] < 0 { negative += 1 }
                let parent = (i + 1) + ((i + 1) & -(i + 1))
                if parent <= n { tree[parent] += tree[i + 1] }
            }
            storage.header.negativeCount = negative
        }
        return storage
    }

    /// Where each region starts, in 8-byte units.
    private struct Layout {
        var cells = 0, sizes: Int, tree: Int, values: Int, firstItem: Int, leaf: Int, total: Int
        init(count n: Int, items: Int, hasLeaf: Bool) {
            sizes = items * 4
            tree = sizes + n * 2
            values = tree + n + 1
            firstItem = values + n
            leaf = firstItem + (n + 1) / 2
            total = leaf + (hasLeaf ? (items + 3) / 4 : 0)
        }
    }

    private var layout: Layout {
        Layout(count: header.count, items: header.itemCount, hasLeaf: header.hasLeafSupplementaries)
    }

    @inline(__always)
    private func region<T>(_ offset: Int, _: T.Type) -> UnsafeMutablePointer<T> {
        withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0 + offset).assumingMemoryBound(to: T.self) }
    }

    // MARK: Reads

    /// Instances. O(1).
    var count: Int { header.count }
    /// Items with a cell. O(1).
    var itemCount: Int { header.itemCount }
    var extent: RelativeExtent { header.extent }
    var supplementaries: SupplementaryTable { header.supplementaries }
    var hosts: [[GroupHost]] { header.hosts }
    var hasLeafSupplementaries: Bool { header.hasLeafSupplementaries }
    var hasNegativeStrides: Bool { header.negativeCount > 0 }

    /// Item `i`'s cell relative to its instance's origin. O(1).
    @inline(__always) func cell(_ i: Int) -> Rect {
        precondition(i >= 0 && i < header.itemCount)
        return region(0, Rect.self)[i]
    }

    /// Leaf `i`'s supplementary list index (0 = none). O(1).
    func leafSupplementary(_ i: Int) -> UInt16 {
        guard header.hasLeafSupplementaries else { return 0 }
        precondition(i >= 0 && i < header.itemCount)
        return region(layout.leaf, UInt16.self)[i]
    }

    /// Instance q's size. O(1).
    @inline(__always) func size(_ q: Int) -> Size {
        precondition(q >= 0 && q < header.count)
        return region(header.itemCount * 4, Size.self)[q]
    }

    /// Instance q's stride (what it adds to the offset of the next). O(1).
    func stride(_ q: Int) -> Double {
        precondition(q >= 0 && q < header.count)
        return region(layout.values, Double.self)[q]
    }

    /// Instance q's first item. O(1).
    func firstItem(_ q: Int) -> Int {
        precondition(q >= 0 && q < header.count)
        return Int(region(layout.firstItem, Int32.self)[q])
    }

    /// Where instance q starts after instance 0 (the sum of the strides before it). O(log instances).
    func offset(_ q: Int) -> Double {
        precondition(q >= 0 && q <= header.count)
        let tree = region(layout.tree, Double.self)
        var sum = 0.0, i = q
        while i > 0 { sum += tree[i]; i -= i & -i }
        return sum
    }

    /// The number of leading strides whose sum is at most `position` (needs no negative stride).
    /// O(log instances).
    func instances(upTo position: Double) -> Int {
        precondition(header.negativeCount == 0, "position search needs non-negative strides")
        let n = header.count
        let tree = region(layout.tree, Double.self)
        var index = 0, remaining = position, step = 1
        while step * 2 <= n { step *= 2 }
        while step > 0 {
            let next = index + step
            if next <= n && tree[next] <= remaining {
                index = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return index
    }

    /// The instance holding item `item`. O(log instances).
    func instance(of item: Int) -> Int {
        let first = region(layout.firstItem, Int32.self)
        var lo = 0, hi = header.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if Int(first[mid]) <= item { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The items of instance q. O(1).
    func items(of q: Int) -> Range<Int> {
        let start = firstItem(q)
        let end = q + 1 < header.count ? firstItem(q + 1) : header.itemCount
        return start..<end
    }

    /// The largest instance length along `axis` (an orthogonal section's band). O(instances).
    func largestLength(_ axis: Axis) -> Double {
        let sizes = region(header.itemCount * 4, Size.self)
        var largest = -Double.infinity
        for q in 0..<header.count { largest = max(largest, sizes[q].length(axis)) }
        return header.count == 0 ? 0 : largest
    }

    /// The lowest and highest instance origin relative to instance 0 along P (strides may be negative).
    /// O(1) with non-negative strides (a prefix sum: O(log instances)), else O(instances).
    func originSpan() -> (low: Double, high: Double) {
        guard header.count > 0 else { return (0, 0) }
        guard hasNegativeStrides else { return (0, offset(header.count - 1)) }
        let values = region(layout.values, Double.self)
        var sum = 0.0, lo = 0.0, hi = 0.0
        for q in 0..<header.count - 1 { sum += values[q]; lo = min(lo, sum); hi = max(hi, sum) }
        return (lo, hi)
    }

    // MARK: In-place updates (the caller holds the only reference)

    /// Replaces instance q's size and stride. O(log instances).
    func setInstance(_ q: Int, size: Size, stride: Double) {
        precondition(q >= 0 && q < header.count)
        region(header.itemCount * 4, Size.self)[q] = size
        let layout = self.layout
        let values = region(layout.values, Double.self)
        let old = values[q]
        if old < 0 { header.negativeCount -= 1 }
        if stride < 0 { header.negativeCount += 1 }
        values[q] = stride
        let delta = stride - old
        guard delta != 0 else { return }
        let tree = region(layout.tree, Double.self)
        var i = q + 1
        while i <= header.count {
            tree[i] += delta
            i += i & -i
        }
    }

    /// Replaces item `i`'s cell and leaf supplementary list. O(1).
    func setCell(_ i: Int, _ cell: Rect, leafSupplementary: UInt16) {
        precondition(i >= 0 && i < header.itemCount)
        region(0, Rect.self)[i] = cell
        if header.hasLeafSupplementaries { region(layout.leaf, UInt16.self)[i] = leafSupplementary }
    }

    /// Replaces the supplementary table with one that extends it (new lists interned). O(1).
    func setSupplementaries(_ table: SupplementaryTable) { header.supplementaries = table }

    /// Grows the query extent (it stays a conservative bound). O(1).
    func addExtent(_ extent: RelativeExtent) { header.extent.add(extent) }

    /// Replaces instance q's hosts (only when the storage keeps hosts). O(hosts).
    func setHosts(_ q: Int, _ hosts: [GroupHost]) {
        if header.hosts.isEmpty && hosts.isEmpty { return }
        if header.hosts.count < header.count { header.hosts += Array(repeating: [], count: header.count - header.hosts.count) }
        header.hosts[q] = hosts
    }

    /// Appends this storage's instances `from...` to `builder`, their first items shifted by `shift`.
    /// O(items and instances copied).
    func appendTail(fromInstance from: Int, shift: Int, to builder: inout InstanceBuilder) {
        let n = header.count
        guard from < n else { return }
        builder.extent.add(header.extent)  // conservative: the extent of every old instance
        let layout = self.layout
        let firstCell = firstItem(from)
        let first = region(layout.firstItem, Int32.self)
        for q in from..<n { builder.firstItem.append(first[q] + Int32(shift)) }
        builder.sizes.append(contentsOf: UnsafeBufferPointer(start: region(header.itemCount * 4, Size.self) + from, count: n - from))
        builder.strides.append(contentsOf: UnsafeBufferPointer(start: region(layout.values, Double.self) + from, count: n - from))
        let cellCount = header.itemCount - firstCell
        builder.cells.append(contentsOf: UnsafeBufferPointer(start: region(0, Rect.self) + firstCell, count: cellCount))
        if header.hasLeafSupplementaries {
            builder.padLeafSupplementaries(to: builder.cells.count - cellCount)
            builder.leafSupplementaries.append(contentsOf: UnsafeBufferPointer(start: region(layout.leaf, UInt16.self) + firstCell, count: cellCount))
        } else if !builder.leafSupplementaries.isEmpty {
            builder.padLeafSupplementaries(to: builder.cells.count)
        }
        if !header.hosts.isEmpty {
            builder.padHosts(to: builder.firstItem.count - (n - from))
            builder.hosts.append(contentsOf: header.hosts[from...])
        }
    }

    /// Appends this storage's first `instances` instances to an empty `builder`. O(items and instances copied).
    func appendPrefix(instances: Int, to builder: inout InstanceBuilder) {
        guard instances > 0 else { return }
        let layout = self.layout
        let cellCount = firstItem(instances - 1) + items(of: instances - 1).count
        builder.firstItem.append(contentsOf: UnsafeBufferPointer(start: region(layout.firstItem, Int32.self), count: instances))
        builder.sizes.append(contentsOf: UnsafeBufferPointer(start: region(header.itemCount * 4, Size.self), count: instances))
        builder.strides.append(contentsOf: UnsafeBufferPointer(start: region(layout.values, Double.self), count: instances))
        builder.cells.append(contentsOf: UnsafeBufferPointer(start: region(0, Rect.self), count: cellCount))
        if header.hasLeafSupplementaries {
            builder.leafSupplementaries.append(contentsOf: UnsafeBufferPointer(start: region(layout.leaf, UInt16.self), count: cellCount))
        }
        builder.supplementaries = header.supplementaries
        if !header.hosts.isEmpty { builder.hosts.append(contentsOf: header.hosts.prefix(instances)) }
        builder.extent = header.extent
    }
}

/// Buffers an estimated section's instances are solved into before they are frozen in one
/// `EstimatedInstances`: kept per worker and reused for every section, so solving allocates only the
/// frozen storage.
struct InstanceBuilder {
    var firstItem: ContiguousArray<Int32> = []
    var sizes: ContiguousArray<Size> = []
    var strides: ContiguousArray<Double> = []
    var cells: ContiguousArray<Rect> = []
    var leafSupplementaries: ContiguousArray<UInt16> = []
    var supplementaries = SupplementaryTable.empty
    var hosts: [[GroupHost]] = []
    var extent = RelativeExtent()

    /// Room for a section of `items` items (as many instances at most) without growing: one allocation per
    /// buffer instead of one per doubling.
    mutating func reserve(items: Int) {
        firstItem.reserveCapacity(items)
        sizes.reserveCapacity(items)
        strides.reserveCapacity(items)
        cells.reserveCapacity(items)
    }

    /// Empties the buffers, keeping their capacity. O(1) (O(hosts) when there are any).
    mutating func reset() {
        firstItem.removeAll(keepingCapacity: true)
        sizes.removeAll(keepingCapacity: true)
        strides.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
        leafSupplementaries.removeAll(keepingCapacity: true)
        supplementaries = .empty
        if !hosts.isEmpty { hosts = [] }
        extent = RelativeExtent()
    }

    /// Host lists are kept sparse until an instance has one: pad them to `count` instances.
    mutating func padHosts(to count: Int) {
        if hosts.count < count { hosts += Array(repeating: [], count: count - hosts.count) }
    }

    /// Leaf lists are kept sparse until a leaf has one: pad them to `count` cells.
    mutating func padLeafSupplementaries(to count: Int) {
        if leafSupplementaries.count < count {
            leafSupplementaries.append(contentsOf: repeatElement(0, count: count - leafSupplementaries.count))
        }
    }
}
