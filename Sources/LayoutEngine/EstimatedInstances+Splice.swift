import CompositionalLayout
import SolverKernel

extension EstimatedInstances {
    /// Whether a re-solve of these instances may be spliced (`splice`): the full form, with no leaf lists and
    /// no hosts (which a splice does not carry). O(1).
    var splices: Bool {
        head.pointee.compact == nil && !head.pointee.hasLeafSupplementaries && head.pointee.hosts.isEmpty
    }

    /// New full-form storage from this one's first `prefix` instances, the instances `builder` solved after
    /// them (their first items already the new indices), and this one's instances from `tailFrom` on with
    /// first items moved by `shift`: each region copied once, where building the same storage through the
    /// builder copied the prefix and the tail into it, then out again, and checked it for the compact form.
    /// The query extent is this storage's (a conservative bound, as a re-solve through the builder keeps)
    /// with the new instances'. `splices` must hold, and `builder` must hold no leaf lists nor hosts.
    /// - Complexity: O(items + instances) copied, one allocation.
    func splice(prefix: Int, _ builder: borrowing InstanceBuilder, tailFrom: Int, shift: Int) -> EstimatedInstances {
        builder.withColumns { splice(prefix: prefix, $0, tailFrom: tailFrom, shift: shift) }
    }

    /// `splice` with the new instances as columns (a flow re-solve's own buffers, `FlowSolveBuffer`).
    /// The new storage has room for an eighth more (`growthReserve`), so that the next splices of a section
    /// being edited happen in place (`spliceInPlace`), as an array grows.
    /// - Complexity: O(items + instances) copied, one allocation.
    func splice(prefix: Int, _ solved: InstanceColumns, tailFrom: Int, shift: Int) -> EstimatedInstances {
        precondition(splices && solved.leafSupplementaries.isEmpty && solved.hasNoHosts)
        let oldLayout = layout
        let shape = SpliceShape(self, prefix: prefix, solved, tailFrom: tailFrom)
        let (added, kept, n, items) = (shape.added, shape.kept, shape.count, shape.items)
        let (prefixItems, tailFirst, tailItems) = (shape.prefixItems, shape.tailFirst, shape.tailItems)
        let layout = shape.layout
        // The solved instances' extent, with the old one when some old instance stays (a bound).
        var extent = solved.extent
        if prefix > 0 || kept > 0 { extent.add(head.pointee.extent) }
        let buffer = EstimatedInstances.create(
            minimumCapacity: max(1, layout.total + layout.total / EstimatedInstances.growthReserve)
        ) { _ in
            InstancesHeader(
                count: n, itemCount: items, hasLeafSupplementaries: false, negativeCount: 0, extent: extent,
                supplementaries: solved.supplementaries, hosts: [])
        }
        let storage = unsafeDowncast(buffer, to: EstimatedInstances.self)
        /// Copies `count` values from this storage's region at `from` + `start`, then `middle`, then
        /// `tailCount` from `from` + `tailStart`, into the new storage's region at `to`.
        func copy<T>(
            _: T.Type, from: Int, to: Int, start: Int, count: Int, middle: UnsafeBufferPointer<T>, tailStart: Int,
            tailCount: Int
        ) {
            let source = region(from, T.self), target = storage.region(to, T.self)
            target.initialize(from: source + start, count: count)
            if let base = middle.baseAddress { (target + count).initialize(from: base, count: middle.count) }
            (target + count + middle.count).initialize(from: source + tailStart, count: tailCount)
        }
        copy(
            Rect.self, from: oldLayout.cells, to: layout.cells, start: 0, count: prefixItems, middle: solved.cells,
            tailStart: tailFirst, tailCount: tailItems)
        copy(
            Size.self, from: oldLayout.sizes, to: layout.sizes, start: 0, count: prefix, middle: solved.sizes,
            tailStart: tailFrom, tailCount: kept)
        copy(
            Double.self, from: oldLayout.values, to: layout.values, start: 0, count: prefix, middle: solved.strides,
            tailStart: tailFrom, tailCount: kept)
        copy(
            Int32.self, from: oldLayout.firstItem, to: layout.firstItem, start: 0, count: prefix,
            middle: solved.firstItem,
            tailStart: tailFrom, tailCount: kept)
        if shift != 0 {
            let first = storage.region(layout.firstItem, Int32.self)
            let moved = Int32(truncatingIfNeeded: shift)
            for q in (prefix + added)..<n { first[q] &+= moved }
        }
        storage.withUnsafeMutablePointerToElements { base in
            storage.head.pointee.negativeCount = EstimatedInstances.buildTree(
                base + layout.tree, strides: UnsafePointer(base + layout.values), count: n)
        }
        return storage
    }
}

extension EstimatedInstances {
    /// Writes `solved`'s instances over this storage's from instance `prefix`, in place, when they are as many
    /// as the instances they replace and hold the same items (`solved.cells` are the items from
    /// `firstItem(prefix)` up to the first item of the instance after them): what `splice` with no shift
    /// builds, without a new allocation, the copies of the prefix and the tail, and the old storage's release.
    /// The query extent grows by the new instances' (a bound, as every in-place update keeps it). Returns false,
    /// having written nothing, when the instances or items differ in number. The caller holds the only
    /// reference, `splices` holds, and `solved` has no leaf lists, hosts nor supplementaries.
    /// - Complexity: O(cells + instances × log instances) for the instances written, no allocation.
    func overwrite(from prefix: Int, _ solved: InstanceColumns) -> Bool {
        precondition(splices && solved.leafSupplementaries.isEmpty && solved.hasNoHosts)
        let n = solved.firstItem.count, count = head.pointee.count, itemCount = head.pointee.itemCount
        guard n > 0, prefix >= 0, prefix + n <= count else { return false }
        let first = firstItem(prefix)
        let end = prefix + n < count ? firstItem(prefix + n) : itemCount
        guard Int(solved.firstItem[0]) == first, end - first == solved.cells.count else { return false }
        let layout = self.layout
        region(layout.cells, Rect.self).advanced(by: first).update(from: solved.cells.baseAddress!, count: end - first)
        region(layout.sizes, Size.self).advanced(by: prefix).update(from: solved.sizes.baseAddress!, count: n)
        region(layout.firstItem, Int32.self).advanced(by: prefix).update(from: solved.firstItem.baseAddress!, count: n)
        let strides = region(layout.values, Double.self), tree = region(layout.tree, Double.self)
        for r in 0..<n {
            let q = prefix + r, stride = solved.strides[r]
            let old = strides[q]
            strides[q] = stride
            strideChanged(q, from: old, to: stride, tree: tree)
        }
        head.pointee.extent.add(solved.extent)
        return true
    }
}

extension EstimatedInstances {
    /// A spliced storage's room beyond its contents, as a fraction's denominator (an eighth).
    @inline(__always) static var growthReserve: Int { 8 }

    /// A new full-form storage's room beyond its contents, in doubles: one more item's cell (4) and one more
    /// instance's size, tree node, stride and first item (4.5), so that the first edit that adds a row or an
    /// item splices in place whatever the allocator's size classes leave over.
    @inline(__always) static var editRoom: Int { 9 }

    /// What `splice` builds, written into this storage when its allocation has room for the result: the
    /// prefix stays, the old tail's cells and rows move to their new places, `solved` is written between, and
    /// the tree is built again. A chip's new width that changes its rows' number, or an inserted or removed
    /// chip, then costs no allocation, no copy of the prefix, and no release of the old storage (an allocation
    /// past jemalloc's cached sizes cost about 10k instructions in the counted updates, more than the rows'
    /// own work). The room is what the allocator gave beyond the request (its size classes: up to a quarter
    /// more), what a full-form storage is made with (`editRoom`), and what `splice` reserves when this fails
    /// (`growthReserve`). Returns false, having changed
    /// nothing, when the result does not fit (or `solved` holds supplementary lists). The caller holds the only
    /// reference, `splices` holds, and `solved` has no leaf lists nor hosts.
    /// - Complexity: O(items from the prefix's end + instances), no allocation.
    func spliceInPlace(prefix: Int, _ solved: InstanceColumns, tailFrom: Int, shift: Int) -> Bool {
        precondition(splices && solved.leafSupplementaries.isEmpty && solved.hasNoHosts)
        let oldLayout = layout
        let shape = SpliceShape(self, prefix: prefix, solved, tailFrom: tailFrom)
        let (added, kept, n, items) = (shape.added, shape.kept, shape.count, shape.items)
        let (prefixItems, tailFirst, tailItems) = (shape.prefixItems, shape.tailFirst, shape.tailItems)
        let layout = shape.layout
        // Without leaf lists (`splices`) the supplementary table is never read: the old one stays (assigning
        // the new one cost a metadata lookup, thousands of instructions the first time).
        guard n > 0, layout.total <= capacity, solved.hasNoSupplementaries else { return false }
        let rectBytes = MemoryLayout<Rect>.stride, sizeBytes = MemoryLayout<Size>.stride
        let raw = UnsafeMutableRawPointer(withUnsafeMutablePointerToElements { $0 })
        // The kept parts, in the order they lie in memory, each moved whole (byte offsets; the cells' prefix
        // stays where it is). Their destinations keep that order and do not overlap, so moving the parts that
        // go left from the lowest, then the ones that go right from the highest, never writes over a part
        // before it moved (of the tree only the prefix's nodes are kept; the rest is made again). Written out rather
        // than looped over a buffer, whose generic metadata cost more than the moves.
        let cellsTail = RegionMove(
            from: oldLayout.cells * 8 + tailFirst * rectBytes, to: layout.cells * 8 + (items - tailItems) * rectBytes,
            bytes: tailItems * rectBytes)
        let sizesPrefix = RegionMove(from: oldLayout.sizes * 8, to: layout.sizes * 8, bytes: prefix * sizeBytes)
        let sizesTail = RegionMove(
            from: oldLayout.sizes * 8 + tailFrom * sizeBytes, to: layout.sizes * 8 + (n - kept) * sizeBytes,
            bytes: kept * sizeBytes)
        // The tree's nodes over the prefix alone keep their sums (`FenwickCore.rebuild`); with a negative stride
        // among the old ones, the tree is built whole, so that the count of negatives stays exact.
        let keptNodes = head.pointee.negativeCount == 0 ? prefix : 0
        let treePrefix = RegionMove(
            from: oldLayout.tree * 8, to: layout.tree * 8, bytes: keptNodes > 0 ? (keptNodes + 1) * 8 : 0)
        let stridesPrefix = RegionMove(from: oldLayout.values * 8, to: layout.values * 8, bytes: prefix * 8)
        let stridesTail = RegionMove(
            from: oldLayout.values * 8 + tailFrom * 8, to: layout.values * 8 + (n - kept) * 8, bytes: kept * 8)
        let firstPrefix = RegionMove(from: oldLayout.firstItem * 8, to: layout.firstItem * 8, bytes: prefix * 4)
        let firstTail = RegionMove(
            from: oldLayout.firstItem * 8 + tailFrom * 4, to: layout.firstItem * 8 + (n - kept) * 4, bytes: kept * 4)
        cellsTail.apply(raw, left: true)
        sizesPrefix.apply(raw, left: true)
        sizesTail.apply(raw, left: true)
        treePrefix.apply(raw, left: true)
        stridesPrefix.apply(raw, left: true)
        stridesTail.apply(raw, left: true)
        firstPrefix.apply(raw, left: true)
        firstTail.apply(raw, left: true)
        firstTail.apply(raw, left: false)
        firstPrefix.apply(raw, left: false)
        stridesTail.apply(raw, left: false)
        stridesPrefix.apply(raw, left: false)
        treePrefix.apply(raw, left: false)
        sizesTail.apply(raw, left: false)
        sizesPrefix.apply(raw, left: false)
        cellsTail.apply(raw, left: false)
        /// Writes `middle` into the region at `offset` (in doubles) from element `start` on.
        func write<T>(_ middle: UnsafeBufferPointer<T>, region offset: Int, at start: Int) {
            guard let source = middle.baseAddress else { return }
            (raw + offset * 8).assumingMemoryBound(to: T.self).advanced(by: start).update(
                from: source, count: middle.count)
        }
        write(solved.cells, region: layout.cells, at: prefixItems)
        write(solved.sizes, region: layout.sizes, at: prefix)
        write(solved.strides, region: layout.values, at: prefix)
        write(solved.firstItem, region: layout.firstItem, at: prefix)
        if shift != 0 {
            let first = (raw + layout.firstItem * 8).assumingMemoryBound(to: Int32.self)
            let moved = Int32(truncatingIfNeeded: shift)
            for q in (prefix + added)..<n { first[q] &+= moved }
        }
        if prefix > 0 || kept > 0 {
            head.pointee.extent.add(solved.extent)
        } else {
            head.pointee.extent = solved.extent
        }
        head.pointee.count = n
        head.pointee.itemCount = items
        let strides = UnsafePointer((raw + layout.values * 8).assumingMemoryBound(to: Double.self))
        head.pointee.negativeCount = FenwickCore.rebuild(
            (raw + layout.tree * 8).assumingMemoryBound(to: Double.self), count: n, keeping: keptNodes
        ) { strides[$0] }
        return true
    }
}

extension EstimatedInstances {
    /// What `makeCompact(_:pattern:cellLengths:instanceLengths:strides:extent:)` makes from the same values
    /// (each stride `terms.stride` of its instance's length),
    /// written into this storage, which holds the same `form` (a compact splice, `SectionBuilder.spliceCompact`:
    /// the values are computed apart from it, so nothing read is written over), when its allocation has room:
    /// an insert or a delete in a list or a grid then allocates nothing and releases nothing. Returns false,
    /// having changed nothing, when the values do not fit. The caller holds the only reference. The first
    /// `unchanged` instances have the lengths they had: their tree nodes are kept (`FenwickCore.rebuild`).
    /// - Complexity: O(items + instances), no allocation.
    func rewriteCompact(
        pattern: UnsafeBufferPointer<Rect>, cellLengths: UnsafeBufferPointer<Double>,
        instanceLengths: UnsafeBufferPointer<Double>, unchanged: Int, terms: StrideTerms, extent: RelativeExtent
    ) -> Bool {
        guard let form = head.pointee.compact else { return false }
        let n = instanceLengths.count, items = cellLengths.count, k = form.perInstance
        precondition(pattern.count == k && instanceLengths.count == n && !form.hasLeafPattern && n > 0)
        let layout = CompactLayout(form, count: n, items: items)
        guard layout.total <= capacity else { return false }
        // With no negative stride among the old ones, the count of negatives is the rebuilt nodes' own.
        let kept = head.pointee.negativeCount == 0 ? min(unchanged, head.pointee.count, n) : 0
        let oldTree = CompactLayout(form, count: head.pointee.count, items: head.pointee.itemCount).tree
        withUnsafeMutablePointerToElements { base in
            // The kept nodes move with the tree, before the lengths are written when the tree moves right
            // (the lengths then reach where it was), after them when it moves left (they end before it).
            func moveTree() {
                guard kept > 0, oldTree != layout.tree else { return }
                UnsafeMutableRawPointer(base + layout.tree).copyMemory(
                    from: base + oldTree, byteCount: (kept + 1) * MemoryLayout<Double>.stride)
            }
            if layout.tree > oldTree { moveTree() }
            UnsafeMutableRawPointer(base).assumingMemoryBound(to: Rect.self).update(
                from: pattern.baseAddress!, count: k)
            (base + layout.cellLengths).update(from: cellLengths.baseAddress!, count: items)
            if layout.storesLengths {
                (base + layout.instanceLengths).update(from: instanceLengths.baseAddress!, count: n)
            }
            if layout.tree < oldTree { moveTree() }
            // The strides, derived from the instance lengths as the build reads them (no column of their own).
            let lengths = instanceLengths.baseAddress!
            head.pointee.negativeCount = FenwickCore.rebuild(base + layout.tree, count: n, keeping: kept) {
                terms.stride(lengths[$0])
            }
        }
        head.pointee.count = n
        head.pointee.itemCount = items
        head.pointee.extent = extent
        return true
    }
}

extension EstimatedInstances {
    /// A list's compact splice written where the old values are: a compact storage of one item per instance,
    /// each instance's length its cell's plus `instanceOverCell` (none stored), whose items `at..<at + removed`
    /// became items with lengths `inserted`. The lengths after them move by `inserted.count − removed` (one
    /// memmove), the new ones are written between, the pattern cell takes item 0's length, and the tree is
    /// built again from each instance's stride, derived from its item's length as the compact form derives
    /// it. What `rewriteCompact` writes for the same instances, with no worker columns copied in and out.
    /// Returns false, having changed nothing, when the storage is not such a list or its allocation has no
    /// room. The caller holds the only reference.
    /// - Complexity: O(items), no allocation.
    func spliceListInPlace(
        at: Int, removed: Int, inserted: UnsafeBufferPointer<Double>, extent: RelativeExtent
    ) -> Bool {
        guard let form = head.pointee.compact, form.perInstance == 1, let overCell = form.instanceOverCell,
            !form.hasLeafPattern
        else { return false }
        let oldItems = head.pointee.itemCount
        let m = oldItems - removed + inserted.count
        precondition(at >= 0 && removed >= 0 && at + removed <= oldItems)
        let layout = CompactLayout(form, count: m, items: m)
        guard m > 0, layout.total <= capacity else { return false }
        let varying = form.varying, terms = form.strides
        // The tree's nodes over the instances before `at` (one item each) keep their sums; with no negative
        // stride among the old ones, the count of negatives is the rebuilt nodes' own.
        let kept = head.pointee.negativeCount == 0 ? at : 0
        let oldTree = CompactLayout(form, count: oldItems, items: oldItems).tree
        withUnsafeMutablePointerToElements { base in
            // The item lengths start at the same place in the old and the new layout (after the pattern); the
            // tree, after them, moves as they grow or shrink. Whichever moves right goes first, so that
            // neither writes over what the other has still to move (memmoves: a part may overlap its place).
            func moveTree() {
                guard oldTree != layout.tree else { return }
                UnsafeMutableRawPointer(base + layout.tree).copyMemory(
                    from: base + oldTree, byteCount: (kept + 1) * MemoryLayout<Double>.stride)
            }
            let lengths = base + layout.cellLengths
            if layout.tree > oldTree { moveTree() }
            let tailFrom = at + removed, tailTo = at + inserted.count
            if tailFrom != tailTo, oldItems > tailFrom {
                UnsafeMutableRawPointer(lengths + tailTo).copyMemory(
                    from: lengths + tailFrom, byteCount: (oldItems - tailFrom) * MemoryLayout<Double>.stride)
            }
            if layout.tree < oldTree { moveTree() }
            if !inserted.isEmpty { (lengths + at).update(from: inserted.baseAddress!, count: inserted.count) }
            let pattern = UnsafeMutableRawPointer(base).assumingMemoryBound(to: Rect.self)
            let main = varying.other
            let was = pattern[0]
            pattern[0] = Rect(origin: was.origin, size: Size(main, was.size.length(main), across: lengths[0]))
            head.pointee.negativeCount = FenwickCore.rebuild(base + layout.tree, count: m, keeping: kept) {
                terms.stride(lengths[$0] + overCell)
            }
        }
        head.pointee.count = m
        head.pointee.itemCount = m
        head.pointee.extent = extent
        return true
    }
}

/// The sizes of a splice of `storage` (`EstimatedInstances.splice`, `spliceInPlace`): its first `prefix`
/// instances kept, `solved` after them, and its instances from `tailFrom` on. The header's fields are read one
/// by one: a copy of the header would retain and release its arrays. O(1).
private struct SpliceShape {
    /// Instances: solved, kept from the tail, and in all.
    let added: Int, kept: Int, count: Int
    /// Items: before the solved ones, the old tail's first, in the tail, and in all.
    let prefixItems: Int, tailFirst: Int, tailItems: Int, items: Int
    let layout: EstimatedInstances.Layout

    @inline(__always) init(_ storage: EstimatedInstances, prefix: Int, _ solved: InstanceColumns, tailFrom: Int) {
        let oldCount = storage.count, oldItemCount = storage.itemCount
        added = solved.firstItem.count
        kept = oldCount - tailFrom
        count = prefix + added + kept
        prefixItems = prefix < oldCount ? storage.firstItem(prefix) : oldItemCount
        tailFirst = tailFrom < oldCount ? storage.firstItem(tailFrom) : oldItemCount
        tailItems = oldItemCount - tailFirst
        items = prefixItems + solved.cells.count + tailItems
        layout = EstimatedInstances.Layout(count: count, items: items, hasLeaf: false)
    }
}

/// One part of a storage's buffer moved within it (`EstimatedInstances.spliceInPlace`), in bytes.
private struct RegionMove {
    var from: Int, to: Int, bytes: Int

    /// Moves the part if it goes left (`left`) or right (not `left`).
    @inline(__always) func apply(_ base: UnsafeMutableRawPointer, left: Bool) {
        guard bytes > 0, left ? to < from : to > from else { return }
        // memmove: a part may overlap its own destination.
        (base + to).copyMemory(from: base + from, byteCount: bytes)
    }
}
