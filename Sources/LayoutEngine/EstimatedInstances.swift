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
    /// Set when the instances are stored in their compact form (`CompactForm`).
    var compact: CompactForm? = nil
}

/// An estimated section's solved instances (§6) in ONE allocation: per item its cell relative to its
/// instance's origin, per instance its first item, its size, and its stride in a Fenwick tree (instance q
/// starts `offset(q)` after instance 0). Reads are O(1) except those stated; a uniquely referenced storage
/// is updated in place (`setInstance`, `setCell`), so a measure that keeps its rows' items costs
/// O(rows re-solved × log rows) and allocates nothing.
///
/// The full form's tail holds, in this order: cells (`Rect` × items), sizes (`Size` × instances), the Fenwick
/// tree (`Double` × instances + 1), the strides (`Double` × instances), first items (`Int32` × instances) and
/// the leaf supplementary lists (`UInt16` × items, only when some leaf has one). The compact form (lists and
/// column grids, see `CompactForm`) holds the pattern cells (`Rect` × items per instance), one length per
/// item, one length per instance unless derived, and the tree: 16 to 24 bytes per list item instead of 68.
/// Both forms answer every read alike. The unsafe part is this file and its splices, in place or not
/// (EstimatedInstances+Splice.swift).
final class EstimatedInstances: ManagedBuffer<InstancesHeader, Double> {
    /// The storage of `builder`'s instances, compact when they repeat (`CompactForm.analyse`).
    /// Complexity: O(items + instances), one allocation.
    static func make(_ builder: borrowing InstanceBuilder) -> EstimatedInstances {
        builder.withColumns { make($0) }
    }

    /// The storage of `columns`' instances, compact when they repeat (`CompactForm.analyse`).
    /// Complexity: O(items + instances), one allocation.
    static func make(_ columns: InstanceColumns) -> EstimatedInstances {
        if let form = CompactForm.analyse(columns) { return makeCompact(columns, form) }
        return makeFull(columns)
    }

    private static func makeFull(_ columns: InstanceColumns) -> EstimatedInstances {
        let n = columns.firstItem.count, items = columns.cells.count
        let hasLeaf = !columns.leafSupplementaries.isEmpty
        let layout = Layout(count: n, items: items, hasLeaf: hasLeaf)
        // Room for an edit that adds an item or a row (`spliceInPlace`).
        let buffer = create(minimumCapacity: layout.total + EstimatedInstances.editRoom) { _ in
            InstancesHeader(
                count: n, itemCount: items, hasLeafSupplementaries: hasLeaf, negativeCount: 0,
                extent: columns.extent, supplementaries: columns.supplementaries,
                hosts: columns.hosts)
        }
        let storage = unsafeDowncast(buffer, to: EstimatedInstances.self)
        storage.withUnsafeMutablePointerToElements { base in
            let raw = UnsafeMutableRawPointer(base)
            if items > 0 {
                (raw + layout.cells * 8).bindMemory(to: Rect.self, capacity: items).initialize(
                    from: columns.cells.baseAddress!, count: items)
            }
            let values = base + layout.values
            if n > 0 {
                (raw + layout.sizes * 8).bindMemory(to: Size.self, capacity: n).initialize(
                    from: columns.sizes.baseAddress!, count: n)
                values.initialize(from: columns.strides.baseAddress!, count: n)
                (raw + layout.firstItem * 8).bindMemory(to: Int32.self, capacity: n).initialize(
                    from: columns.firstItem.baseAddress!, count: n)
            }
            if hasLeaf {
                (raw + layout.leaf * 8).bindMemory(to: UInt16.self, capacity: items).initialize(
                    from: columns.leafSupplementaries.baseAddress!, count: items)
            }
            storage.head.pointee.negativeCount = buildTree(base + layout.tree, strides: UnsafePointer(values), count: n)
        }
        return storage
    }

    private static func makeCompact(_ columns: InstanceColumns, _ form: CompactForm) -> EstimatedInstances {
        let n = columns.firstItem.count, items = columns.cells.count, k = form.perInstance
        let layout = CompactLayout(form, count: n, items: items)
        let buffer = create(minimumCapacity: layout.total) { _ in
            InstancesHeader(
                count: n, itemCount: items, hasLeafSupplementaries: form.hasLeafPattern, negativeCount: 0,
                extent: columns.extent, supplementaries: columns.supplementaries, hosts: [], compact: form)
        }
        let storage = unsafeDowncast(buffer, to: EstimatedInstances.self)
        storage.withUnsafeMutablePointerToElements { base in
            let pattern = UnsafeMutableRawPointer(base).bindMemory(to: Rect.self, capacity: k)
            pattern.initialize(from: columns.cells.baseAddress!, count: min(k, items))
            if items < k { (pattern + items).initialize(repeating: .zero, count: k - items) }
            if form.hasLeafPattern {
                let leaf = (UnsafeMutableRawPointer(base) + form.leafPatternOffset * 8).bindMemory(
                    to: UInt16.self, capacity: k)
                for j in 0..<k { leaf[j] = j < items ? columns.leafSupplementaries[j] : 0 }
            }
            let lengths = base + layout.cellLengths
            for i in 0..<items { lengths[i] = columns.cells[i].size.length(form.varying) }
            if layout.storesLengths {
                let instanceLengths = base + layout.instanceLengths
                for q in 0..<n { instanceLengths[q] = columns.sizes[q].length(form.varying) }
            }
            // The tree's leaves are the strides, which the compact form recomputes rather than stores.
            storage.head.pointee.negativeCount = buildTree(
                base + layout.tree, strides: columns.strides.baseAddress!, count: n)
        }
        return storage
    }

    /// The compact storage of instances solved straight into columns (`SectionBuilder.solveCompact`): the
    /// form, the pattern cells of its `perInstance` positions, every item's length along the form's varying
    /// axis, every instance's length (read only when the form does not derive it) and stride. What `make`
    /// gives for the same instances. Complexity: O(items + instances), one allocation.
    static func makeCompact(
        _ form: CompactForm, pattern: UnsafeBufferPointer<Rect>, cellLengths: UnsafeBufferPointer<Double>,
        instanceLengths: UnsafeBufferPointer<Double>, strides: UnsafeBufferPointer<Double>, extent: RelativeExtent
    ) -> EstimatedInstances {
        let n = strides.count, items = cellLengths.count, k = form.perInstance
        precondition(pattern.count == k && instanceLengths.count == n && !form.hasLeafPattern && n > 0)
        let layout = CompactLayout(form, count: n, items: items)
        let buffer = create(minimumCapacity: layout.total) { _ in
            InstancesHeader(
                count: n, itemCount: items, hasLeafSupplementaries: false, negativeCount: 0, extent: extent,
                supplementaries: .empty, hosts: [], compact: form)
        }
        let storage = unsafeDowncast(buffer, to: EstimatedInstances.self)
        storage.withUnsafeMutablePointerToElements { base in
            UnsafeMutableRawPointer(base).bindMemory(to: Rect.self, capacity: k).initialize(
                from: pattern.baseAddress!, count: k)
            (base + layout.cellLengths).initialize(from: cellLengths.baseAddress!, count: items)
            if layout.storesLengths {
                (base + layout.instanceLengths).initialize(from: instanceLengths.baseAddress!, count: n)
            }
            storage.head.pointee.negativeCount = buildTree(base + layout.tree, strides: strides.baseAddress!, count: n)
        }
        return storage
    }

    /// A Fenwick tree over `strides` (the kernel's `FenwickCore`), built bottom-up in O(n); returns how many
    /// strides are negative.
    static func buildTree(_ tree: UnsafeMutablePointer<Double>, strides: UnsafePointer<Double>, count n: Int)
        -> Int
    {
        FenwickCore.build(tree, values: strides, count: n)
    }

    /// The same instances in the full form (for a change the compact form cannot hold). O(items + instances).
    func fullForm() -> EstimatedInstances {
        guard head.pointee.compact != nil else { return self }
        var builder = InstanceBuilder()
        appendPrefix(instances: count, to: &builder)
        builder.strideTerms = nil
        return builder.withColumns { EstimatedInstances.makeFull($0) }
    }

    /// Whether the instances are in the compact form.
    var isCompact: Bool { head.pointee.compact != nil }

    /// Whether the instances are in the compact form with no leaf lists. O(1).
    var isCompactWithoutLeaves: Bool { head.pointee.compact.map { !$0.hasLeafPattern } ?? false }

    /// Where each region of the compact form starts, in 8-byte units.
    struct CompactLayout {
        var cellLengths: Int, instanceLengths: Int, tree: Int, total: Int, storesLengths: Bool
        @inline(__always) init(_ form: CompactForm, count n: Int, items: Int) {
            storesLengths = form.instanceOverCell == nil
            cellLengths = form.lengthsOffset
            instanceLengths = cellLengths + items
            tree = instanceLengths + (storesLengths ? n : 0)
            total = tree + n + 1
        }
    }

    @inline(__always) private var compactLayout: CompactLayout {
        CompactLayout(head.pointee.compact!, count: head.pointee.count, items: head.pointee.itemCount)
    }

    /// Where each region of the full form starts, in 8-byte units.
    struct Layout {
        var cells = 0, sizes: Int, tree: Int, values: Int, firstItem: Int, leaf: Int, total: Int
        @inline(__always) init(count n: Int, items: Int, hasLeaf: Bool) {
            sizes = items * 4
            tree = sizes + n * 2
            values = tree + n + 1
            firstItem = values + n
            leaf = firstItem + (n + 1) / 2
            total = leaf + (hasLeaf ? (items + 3) / 4 : 0)
        }
    }

    /// Where the Fenwick tree starts, in either form.
    @inline(__always) private var treeOffset: Int { head.pointee.compact == nil ? layout.tree : compactLayout.tree }

    @inline(__always) var layout: Layout {
        Layout(count: head.pointee.count, items: head.pointee.itemCount, hasLeaf: head.pointee.hasLeafSupplementaries)
    }

    /// The header, reached through its address: `ManagedBuffer.header` is a class property, and every read
    /// of it paid a dynamic exclusivity check (about 75 instructions; several per query row). The header
    /// lives inline in this object, which never moves, so its address holds while the object is alive.
    @inline(__always)
    var head: UnsafeMutablePointer<InstancesHeader> { withUnsafeMutablePointerToHeader { $0 } }

    @inline(__always)
    func region<T>(_ offset: Int, _: T.Type) -> UnsafeMutablePointer<T> {
        withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0 + offset).assumingMemoryBound(to: T.self) }
    }

    // MARK: Reads

    /// Instances. O(1).
    var count: Int { head.pointee.count }
    /// Items with a cell. O(1).
    var itemCount: Int { head.pointee.itemCount }
    var extent: RelativeExtent { head.pointee.extent }
    var supplementaries: SupplementaryTable { head.pointee.supplementaries }
    var hosts: [[GroupHost]] { head.pointee.hosts }
    /// Lists in the supplementary table, read without copying it. O(1).
    var supplementaryListCount: Int { head.pointee.supplementaries.lists.count }
    /// Whether instances keep host lists. O(1).
    var keepsHosts: Bool { !head.pointee.hosts.isEmpty }
    var hasLeafSupplementaries: Bool { head.pointee.hasLeafSupplementaries }
    var hasNegativeStrides: Bool { head.pointee.negativeCount > 0 }

    /// Item `i`'s cell relative to its instance's origin. O(1).
    @inline(__always) func cell(_ i: Int) -> Rect {
        precondition(i >= 0 && i < head.pointee.itemCount)
        guard let form = head.pointee.compact else { return region(0, Rect.self)[i] }
        let lengths = region(form.lengthsOffset, Double.self)
        return form.cell(pattern: region(0, Rect.self)[i % form.perInstance], length: lengths[i])
    }

    /// Leaf `i`'s supplementary list index (0 = none). O(1).
    func leafSupplementary(_ i: Int) -> UInt16 {
        guard head.pointee.hasLeafSupplementaries else { return 0 }
        precondition(i >= 0 && i < head.pointee.itemCount)
        if let form = head.pointee.compact { return region(form.leafPatternOffset, UInt16.self)[i % form.perInstance] }
        return region(layout.leaf, UInt16.self)[i]
    }

    /// Instance q's size. O(1).
    @inline(__always) func size(_ q: Int) -> Size {
        precondition(q >= 0 && q < head.pointee.count)
        guard let form = head.pointee.compact else { return region(head.pointee.itemCount * 4, Size.self)[q] }
        // Compact: stored after the item lengths, or derived from the instance's one cell.
        let lengths = region(form.lengthsOffset, Double.self)
        if let c = form.instanceOverCell { return form.size(length: lengths[q] + c) }
        return form.size(length: lengths[head.pointee.itemCount + q])
    }

    /// Instance q's stride (what it adds to the offset of the next). O(1).
    func stride(_ q: Int) -> Double {
        precondition(q >= 0 && q < head.pointee.count)
        if let form = head.pointee.compact { return form.strides.stride(size(q)) }
        return region(layout.values, Double.self)[q]
    }

    /// Instance q's first item. O(1).
    func firstItem(_ q: Int) -> Int {
        precondition(q >= 0 && q < head.pointee.count)
        if let form = head.pointee.compact { return q * form.perInstance }
        return Int(region(layout.firstItem, Int32.self)[q])
    }

    /// Where instance q starts after instance 0 (the sum of the strides before it). O(log instances).
    func offset(_ q: Int) -> Double {
        precondition(q >= 0 && q <= head.pointee.count)
        return FenwickCore.prefixSum(region(treeOffset, Double.self), q)
    }

    /// The number of leading strides whose sum is at most `position` (needs no negative stride).
    /// O(log instances).
    func instances(upTo position: Double) -> Int {
        precondition(head.pointee.negativeCount == 0, "position search needs non-negative strides")
        return FenwickCore.count(region(treeOffset, Double.self), count: head.pointee.count, upTo: position)
    }

    /// The instance holding item `item`. O(log instances).
    func instance(of item: Int) -> Int {
        if let form = head.pointee.compact { return min(item / form.perInstance, head.pointee.count - 1) }
        let first = region(layout.firstItem, Int32.self)
        var lo = 0, hi = head.pointee.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if Int(first[mid]) <= item { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The items of instance q. O(1).
    func items(of q: Int) -> Range<Int> {
        let start = firstItem(q)
        let end = q + 1 < head.pointee.count ? firstItem(q + 1) : head.pointee.itemCount
        return start..<end
    }

    /// A reader of instances and cells with the storage's form decided once: what a loop over many instances
    /// reads (a rect query's), where `size`, `stride`, `items(of:)` and `cell` each copy the form out of the
    /// header and check it, per instance and per cell. Valid while this storage is alive and unchanged. O(1).
    @inline(__always) var reader: Reader {
        let h = head.pointee
        let tree = UnsafePointer(region(treeOffset, Double.self))
        guard let form = h.compact else {
            let layout = self.layout
            return Reader(
                count: h.count, itemCount: h.itemCount, extent: h.extent, tree: tree,
                cells: UnsafePointer(region(0, Rect.self)), lengths: nil,
                sizes: UnsafePointer(region(h.itemCount * 4, Size.self)),
                strides: UnsafePointer(region(layout.values, Double.self)),
                firstItems: UnsafePointer(region(layout.firstItem, Int32.self)), form: nil)
        }
        let lengths = UnsafePointer(region(form.lengthsOffset, Double.self))
        return Reader(
            count: h.count, itemCount: h.itemCount, extent: h.extent, tree: tree,
            cells: UnsafePointer(region(0, Rect.self)), lengths: lengths, sizes: nil, strides: nil, firstItems: nil,
            form: form)
    }

    /// The cells (full form) or the pattern cells (compact form), as `reader` has them: one pointer, without
    /// the rest of a reader (whose making costs about 70 instructions). O(1).
    @inline(__always) var cellsPointer: UnsafePointer<Rect> { UnsafePointer(region(0, Rect.self)) }

    /// The compact form, its instance count and its item lengths (as `reader` has them), or nil in the full
    /// form: what a measure of one pattern item reads, without the rest of a reader. O(1).
    @inline(__always) var compactLengths: (form: CompactForm, count: Int, lengths: UnsafePointer<Double>)? {
        guard let form = head.pointee.compact else { return nil }
        return (form, head.pointee.count, UnsafePointer(region(form.lengthsOffset, Double.self)))
    }

    /// See `reader`. Its reads answer as `size`, `stride`, `items(of:)` and `cell` do, bit for bit.
    struct Reader {
        let count: Int, itemCount: Int
        let extent: RelativeExtent
        /// The Fenwick tree of the strides.
        let tree: UnsafePointer<Double>
        /// The cells (full form) or the pattern cells (compact form).
        let cells: UnsafePointer<Rect>
        /// The compact form's item lengths, then (unless derived) its instance lengths; nil in the full form.
        let lengths: UnsafePointer<Double>?
        let sizes: UnsafePointer<Size>?, strides: UnsafePointer<Double>?, firstItems: UnsafePointer<Int32>?
        let form: CompactForm?

        /// Where instance q starts after instance 0, as `offset(_:)`. O(log instances).
        @inline(__always) func offset(_ q: Int) -> Double {
            precondition(q >= 0 && q <= count)
            return FenwickCore.prefixSum(tree, q)
        }

        /// Instance q's items, size and stride. O(1).
        @inline(__always) func instance(_ q: Int) -> (items: Range<Int>, size: Size, stride: Double) {
            precondition(q >= 0 && q < count)
            guard let form, let lengths else {
                let first = Int(firstItems![q]), end = q + 1 < count ? Int(firstItems![q + 1]) : itemCount
                return (first..<end, sizes![q], strides![q])
            }
            let first = q * form.perInstance
            let end = q + 1 < count ? first + form.perInstance : itemCount
            let size =
                form.instanceOverCell.map { form.size(length: lengths[q] + $0) }
                ?? form.size(length: lengths[itemCount + q])
            return (first..<end, size, form.strides.stride(size))
        }

        /// Item `i`'s cell relative to its instance's origin, `leaf` being its position in its instance. O(1).
        @inline(__always) func cell(_ i: Int, leaf: Int) -> Rect {
            guard let form, let lengths else { return cells[i] }
            return form.cell(pattern: cells[leaf], length: lengths[i])
        }
    }

    /// The largest instance length along `axis` (an orthogonal section's band). O(instances).
    func largestLength(_ axis: Axis) -> Double {
        var largest = -Double.infinity
        for q in 0..<head.pointee.count { largest = max(largest, size(q).length(axis)) }
        return head.pointee.count == 0 ? 0 : largest
    }

    /// The lowest and highest instance origin relative to instance 0 along P (strides may be negative).
    /// O(1) with non-negative strides (a prefix sum: O(log instances)), else O(instances).
    func originSpan() -> (low: Double, high: Double) {
        guard head.pointee.count > 0 else { return (0, 0) }
        guard hasNegativeStrides else { return (0, offset(head.pointee.count - 1)) }
        var sum = 0.0, lo = 0.0, hi = 0.0
        for q in 0..<head.pointee.count - 1 { sum += stride(q); lo = min(lo, sum); hi = max(hi, sum) }
        return (lo, hi)
    }

    // MARK: In-place updates (the caller holds the only reference)

    /// Whether instance q can take these cells (items from its first), size and stride in place: always in
    /// the full form; in the compact form when they still repeat its pattern. O(cells).
    func accepts(
        _ q: Int, size: Size, stride: Double, cells: UnsafeBufferPointer<Rect>,
        leafSupplementaries: (Int) -> UInt16
    ) -> Bool {
        guard let form = head.pointee.compact else { return true }
        let pattern = region(0, Rect.self)
        let first = firstItem(q)
        guard form.accepts(size: size, stride: stride, cells: cells, first: first, pattern: { pattern[$0] }) else {
            return false
        }
        for k in cells.indices where leafSupplementaries(k) != leafSupplementary(first + k) { return false }
        return true
    }

    /// Replaces instance q's size and stride, its cells unchanged. O(log instances).
    func setInstance(_ q: Int, size: Size, stride: Double) {
        precondition(q >= 0 && q < head.pointee.count)
        writeInstance(q, size: size, stride: stride, old: self.stride(q))
    }

    /// Replaces instance q's cells (its items from its first, with their leaf supplementary lists), size and
    /// stride; `accepts` must hold. O(cells + log instances).
    func replaceInstance(
        _ q: Int, cells: UnsafeBufferPointer<Rect>, leafSupplementaries: (Int) -> UInt16,
        size: Size, stride: Double
    ) {
        precondition(q >= 0 && q < head.pointee.count)
        // Read before the cells change: a compact instance's stride derives from its cell.
        let old = self.stride(q)
        let first = firstItem(q)
        for (k, cell) in cells.enumerated() { setCell(first + k, cell, leafSupplementary: leafSupplementaries(k)) }
        writeInstance(q, size: size, stride: stride, old: old)
    }

    /// `rewrite` of compact instance q, no leaf lists in play: the form read out of the header once, where
    /// `accepts`, `stride`, `firstItem`, `setCell` and `writeInstance` each copy it (what a measure of one
    /// pattern item writes, `SectionBuilder.remeasurePatternItem`). The same checks and writes. Returns
    /// whether it was written (false in the full form, with a leaf pattern, or off the pattern).
    /// - Complexity: O(cells + log instances).
    func rewriteCompact(
        _ q: Int, cells: UnsafeBufferPointer<Rect>, size: Size, stride: Double, extent: RelativeExtent
    ) -> Bool {
        let h = head.pointee
        guard let form = h.compact, !form.hasLeafPattern else { return false }
        precondition(q >= 0 && q < h.count)
        let first = q * form.perInstance
        precondition(first + cells.count <= h.itemCount)
        let layout = CompactLayout(form, count: h.count, items: h.itemCount)
        let base = withUnsafeMutablePointerToElements { $0 }
        let pattern = UnsafeMutableRawPointer(base).assumingMemoryBound(to: Rect.self)
        guard form.accepts(size: size, stride: stride, cells: cells, first: first, pattern: { pattern[$0] }) else {
            return false
        }
        let lengths = base + layout.cellLengths
        // The old stride as `stride(q)` reads it, before the lengths change (`size(q)`).
        let oldLength = form.instanceOverCell.map { lengths[q] + $0 } ?? lengths[h.itemCount + q]
        let old = form.strides.stride(form.size(length: oldLength))
        for (k, cell) in cells.enumerated() { lengths[first + k] = cell.size.length(form.varying) }
        if layout.storesLengths { lengths[h.itemCount + q] = size.length(form.varying) }
        head.pointee.extent.add(extent)
        strideChanged(q, from: old, to: stride, tree: base + layout.tree)
        return true
    }

    private func writeInstance(_ q: Int, size: Size, stride: Double, old: Double) {
        if let form = head.pointee.compact {
            if form.instanceOverCell == nil {
                region(form.lengthsOffset + head.pointee.itemCount, Double.self)[q] = size.length(form.varying)
            }
        } else {
            region(head.pointee.itemCount * 4, Size.self)[q] = size
            region(layout.values, Double.self)[q] = stride
        }
        strideChanged(q, from: old, to: stride, tree: region(treeOffset, Double.self))
    }

    /// Instance q's stride went from `old` to `stride`: the count of negative strides and the Fenwick tree
    /// (`tree`, this storage's) follow. O(log instances).
    func strideChanged(_ q: Int, from old: Double, to stride: Double, tree: UnsafeMutablePointer<Double>) {
        if old < 0 { head.pointee.negativeCount -= 1 }
        if stride < 0 { head.pointee.negativeCount += 1 }
        let delta = stride - old
        guard delta != 0 else { return }
        FenwickCore.add(tree, count: head.pointee.count, at: q, delta)
    }

    /// Replaces item `i`'s cell and leaf supplementary list. O(1).
    private func setCell(_ i: Int, _ cell: Rect, leafSupplementary: UInt16) {
        precondition(i >= 0 && i < head.pointee.itemCount)
        if let form = head.pointee.compact {
            precondition(
                leafSupplementary == self.leafSupplementary(i), "the compact form keeps one leaf list per position")
            region(form.lengthsOffset, Double.self)[i] = cell.size.length(form.varying)
            return
        }
        region(0, Rect.self)[i] = cell
        if head.pointee.hasLeafSupplementaries { region(layout.leaf, UInt16.self)[i] = leafSupplementary }
    }

    /// Replaces the supplementary table with one that extends it (new lists interned). O(1).
    func setSupplementaries(_ table: SupplementaryTable) { head.pointee.supplementaries = table }

    /// Grows the query extent (it stays a conservative bound). O(1).
    func addExtent(_ extent: RelativeExtent) { head.pointee.extent.add(extent) }

    /// Instance q's hosts (empty when the storage keeps none). O(1): the list is shared, not copied.
    func hosts(of q: Int) -> [GroupHost] { q < head.pointee.hosts.count ? head.pointee.hosts[q] : [] }

    /// Replaces instance q's hosts (only when the storage keeps hosts). O(hosts).
    func setHosts(_ q: Int, _ hosts: [GroupHost]) {
        if head.pointee.hosts.isEmpty && hosts.isEmpty { return }
        if head.pointee.hosts.count < head.pointee.count {
            head.pointee.hosts += Array(repeating: [], count: head.pointee.count - head.pointee.hosts.count)
        }
        head.pointee.hosts[q] = hosts
    }

    /// Appends this storage's instances `from...` to `builder`, their first items shifted by `shift`.
    /// O(items and instances copied).
    func appendTail(fromInstance from: Int, shift: Int, to builder: inout InstanceBuilder) {
        let n = head.pointee.count
        guard from < n else { return }
        builder.extent.add(head.pointee.extent)  // conservative: the extent of every old instance
        if head.pointee.compact != nil {
            // Compact: no leaf lists nor hosts; rebuilt value by value.
            let firstCell = firstItem(from)
            appendCompact(instances: from..<n, shift: shift, cells: firstCell..<head.pointee.itemCount, to: &builder)
            let cellsBefore = builder.cells.count - (head.pointee.itemCount - firstCell)
            if head.pointee.hasLeafSupplementaries {
                builder.padLeafSupplementaries(to: cellsBefore)
                for i in firstCell..<head.pointee.itemCount { builder.leafSupplementaries.append(leafSupplementary(i)) }
            } else if !builder.leafSupplementaries.isEmpty {
                builder.padLeafSupplementaries(to: builder.cells.count)
            }
            return
        }
        let layout = self.layout
        let firstCell = firstItem(from)
        let first = region(layout.firstItem, Int32.self)
        for q in from..<n { builder.firstItem.append(first[q] + Int32(shift)) }
        builder.sizes.append(
            contentsOf: UnsafeBufferPointer(
                start: region(head.pointee.itemCount * 4, Size.self) + from, count: n - from))
        builder.strides.append(
            contentsOf: UnsafeBufferPointer(start: region(layout.values, Double.self) + from, count: n - from))
        let cellCount = head.pointee.itemCount - firstCell
        builder.cells.append(contentsOf: UnsafeBufferPointer(start: region(0, Rect.self) + firstCell, count: cellCount))
        if head.pointee.hasLeafSupplementaries {
            builder.padLeafSupplementaries(to: builder.cells.count - cellCount)
            builder.leafSupplementaries.append(
                contentsOf: UnsafeBufferPointer(start: region(layout.leaf, UInt16.self) + firstCell, count: cellCount))
        } else if !builder.leafSupplementaries.isEmpty {
            builder.padLeafSupplementaries(to: builder.cells.count)
        }
        if !head.pointee.hosts.isEmpty {
            builder.padHosts(to: builder.firstItem.count - (n - from))
            builder.hosts.append(contentsOf: head.pointee.hosts[from...])
        }
    }

    /// The compact form's instances `instances` (first items moved by `shift`: `firstItem`, `size` and
    /// `stride` of each) and cells `cells` (`cell`), appended with the form read once and one growth and
    /// uniqueness check per buffer, where appending value by value paid both per value (an insert copies a
    /// section's instances so). O(instances + cells).
    private func appendCompact(
        instances: Range<Int>, shift: Int, cells: Range<Int>, to builder: inout InstanceBuilder
    ) {
        let form = head.pointee.compact!
        let k = form.perInstance, items = head.pointee.itemCount
        let lengths = UnsafePointer(region(form.lengthsOffset, Double.self))
        let pattern = UnsafePointer(region(0, Rect.self))
        // `size(_:)` of the compact form: from the instance's one cell, or stored after the item lengths.
        func size(_ q: Int) -> Size {
            if let c = form.instanceOverCell { return form.size(length: lengths[q] + c) }
            return form.size(length: lengths[items + q])
        }
        let first = instances.lowerBound
        builder.firstItem.append(count: instances.count, filler: 0) { out in
            for j in out.indices { out[j] = Int32((first + j) * k + shift) }
        }
        builder.sizes.append(count: instances.count, filler: .zero) { out in
            for j in out.indices { out[j] = size(first + j) }
        }
        builder.strides.append(count: instances.count, filler: 0) { out in
            for j in out.indices { out[j] = form.strides.stride(size(first + j)) }
        }
        let firstCell = cells.lowerBound
        builder.cells.append(count: cells.count, filler: .zero) { out in
            for j in out.indices {
                let i = firstCell + j
                out[j] = form.cell(pattern: pattern[i % k], length: lengths[i])
            }
        }
    }

    /// Appends this storage's first `instances` instances to an empty `builder`. O(items and instances copied).
    func appendPrefix(instances: Int, to builder: inout InstanceBuilder) {
        guard instances > 0 else { return }
        let cellCount = firstItem(instances - 1) + items(of: instances - 1).count
        builder.supplementaries = head.pointee.supplementaries
        builder.extent = head.pointee.extent
        if head.pointee.compact != nil {
            appendCompact(instances: 0..<instances, shift: 0, cells: 0..<cellCount, to: &builder)
            if head.pointee.hasLeafSupplementaries {
                for i in 0..<cellCount { builder.leafSupplementaries.append(leafSupplementary(i)) }
            }
            return
        }
        let layout = self.layout
        builder.firstItem.append(
            contentsOf: UnsafeBufferPointer(start: region(layout.firstItem, Int32.self), count: instances))
        builder.sizes.append(
            contentsOf: UnsafeBufferPointer(start: region(head.pointee.itemCount * 4, Size.self), count: instances))
        builder.strides.append(
            contentsOf: UnsafeBufferPointer(start: region(layout.values, Double.self), count: instances))
        builder.cells.append(contentsOf: UnsafeBufferPointer(start: region(0, Rect.self), count: cellCount))
        if head.pointee.hasLeafSupplementaries {
            builder.leafSupplementaries.append(
                contentsOf: UnsafeBufferPointer(start: region(layout.leaf, UInt16.self), count: cellCount))
        }
        builder.supplementaries = head.pointee.supplementaries
        if !head.pointee.hosts.isEmpty { builder.hosts.append(contentsOf: head.pointee.hosts.prefix(instances)) }
        builder.extent = head.pointee.extent
    }
}
