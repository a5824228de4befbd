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
    /// - Complexity: O(items + instances) copied, one allocation.
    func splice(prefix: Int, _ solved: InstanceColumns, tailFrom: Int, shift: Int) -> EstimatedInstances {
        precondition(splices && solved.leafSupplementaries.isEmpty && solved.hosts.isEmpty)
        let old = head.pointee, oldLayout = layout
        let added = solved.firstItem.count, kept = old.count - tailFrom
        let n = prefix + added + kept
        let prefixItems = prefix < old.count ? firstItem(prefix) : old.itemCount
        let tailFirst = tailFrom < old.count ? firstItem(tailFrom) : old.itemCount
        let tailItems = old.itemCount - tailFirst
        let items = prefixItems + solved.cells.count + tailItems
        var extent = solved.extent
        if prefix > 0 || kept > 0 { extent.add(old.extent) }
        let layout = Layout(count: n, items: items, hasLeaf: false)
        let buffer = EstimatedInstances.create(minimumCapacity: max(1, layout.total)) { _ in
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
        precondition(splices && solved.leafSupplementaries.isEmpty && solved.hosts.isEmpty)
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
