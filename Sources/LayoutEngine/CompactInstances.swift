import CompositionalLayout
import SolverKernel

/// What an instance's stride adds to its length along the section axis P (§4.1): the kernel's root stride,
/// whose `stride` `InstanceRun` solved with, so a stride recomputed from a size is bit for bit the one solved.
typealias StrideTerms = RootStride

extension RootStride {
    @inline(__always) func stride(_ size: Size) -> Double { stride(size.length(P)) }
}

/// The compact form of an estimated section's instances, used when the solved data repeats as it does in
/// lists and column grids: every instance but the last holds `perInstance` items, item j of every instance
/// sits where item j of instance 0 does and has its length across `varying`, and only lengths along
/// `varying` differ from item to item. Then an item costs one `Double` (its length along `varying`, the
/// measured size that must survive) instead of a `Rect`, and an instance costs its Fenwick node (plus its
/// length when it cannot be derived from its one cell), instead of a size, a stride and a first item.
///
/// `analyse` checks every value bit for bit, so reading the compact form gives exactly what was solved;
/// anything else (leaf supplementaries, hosts, items placed by width as chips are) keeps the full form.
struct CompactForm: Sendable {
    /// Items per instance (`k`): instance q holds items `q*k ..< min((q+1)*k, items)`.
    var perInstance: Int
    /// The axis along which cell and instance lengths vary.
    var varying: Axis
    /// Every instance's length across `varying`.
    var instanceAcross: Double
    /// With one item per instance: instance length along `varying` = cell length + this (then no
    /// per-instance column is stored). nil: the lengths are stored.
    var instanceOverCell: Double?
    var strides: StrideTerms
    /// Whether cells carry leaf supplementary lists: one per position (`perInstance` of them, stored after
    /// the pattern cells), the same in every instance.
    var hasLeafPattern = false

    /// Where the pattern's leaf lists start, in 8-byte units (after the pattern cells).
    var leafPatternOffset: Int { perInstance * 4 }
    /// Where the item lengths start, in 8-byte units.
    var lengthsOffset: Int { perInstance * 4 + (hasLeafPattern ? (perInstance + 3) / 4 : 0) }

    /// The compact form of `columns`' instances, or nil when they do not repeat so. Complexity: O(items +
    /// instances), reading only.
    static func analyse(_ columns: InstanceColumns) -> CompactForm? {
        guard let terms = columns.strideTerms, columns.hasNoHosts else { return nil }
        let n = columns.firstItem.count, m = columns.cells.count
        guard n > 0, m > 0, columns.firstItem[0] == 0 else { return nil }
        let k = n > 1 ? Int(columns.firstItem[1]) : m
        guard k >= 1, m > (n - 1) * k, m <= n * k else { return nil }
        // This runs once per instance of every estimated section a solve freezes.
        var expected: Int32 = 0
        let step = Int32(truncatingIfNeeded: k)
        for q in 0..<n {
            if columns.firstItem[q] != expected { return nil }
            expected &+= step
        }
        // Leaf lists (padded to every cell when there are any) must repeat per position too.
        let leaf = columns.leafSupplementaries
        let hasLeaf = !leaf.isEmpty
        if hasLeaf {
            guard leaf.count == m else { return nil }
            for i in k..<m where leaf[i] != leaf[i % k] { return nil }
        }
        // Lengths vary along the section axis (lists, grids) or across it; no array of the two (an allocation).
        guard
            var form = analyse(columns, perInstance: k, varying: terms.P, terms: terms)
                ?? analyse(columns, perInstance: k, varying: terms.P.other, terms: terms)
        else { return nil }
        form.hasLeafPattern = hasLeaf
        return form
    }

    private static func analyse(
        _ columns: InstanceColumns, perInstance k: Int, varying: Axis, terms: StrideTerms
    ) -> CompactForm? {
        let n = columns.firstItem.count, m = columns.cells.count
        let across = varying.other
        // Cells: origins and lengths across repeat per position; lengths along `varying` are free. The axis is
        // decided once, outside the loops (`Rect.length(_:)` would test it per cell).
        let cells = columns.cells.baseAddress!
        if k == 1 {
            let p = cells[0]
            let pAcross = across == .x ? p.width : p.height
            for i in 1..<m {
                let cell = cells[i]
                guard cell.x == p.x, cell.y == p.y, (across == .x ? cell.width : cell.height) == pAcross else {
                    return nil
                }
            }
        } else {
            var i = k
            while i < m {
                for j in 0..<min(k, m - i) {
                    let cell = cells[i + j], pattern = cells[j]
                    guard cell.x == pattern.x, cell.y == pattern.y,
                        cell.size.length(across) == pattern.size.length(across)
                    else { return nil }
                }
                i += k
            }
        }
        let sizes = columns.sizes.baseAddress!, strides = columns.strides.baseAddress!
        let instanceAcross = sizes[0].length(across)
        var overCell: Double? = nil
        if k == 1 { overCell = sizes[0].length(varying) - cells[0].size.length(varying) }
        var c = overCell ?? 0
        var derives = overCell != nil
        for q in 0..<n {
            let size = sizes[q]
            guard size.length(across) == instanceAcross, strides[q] == terms.stride(size) else { return nil }
            if derives, size.length(varying) != cells[q].size.length(varying) + c {
                derives = false
                c = 0
            }
        }
        if !derives { overCell = nil }
        return CompactForm(
            perInstance: k, varying: varying, instanceAcross: instanceAcross, instanceOverCell: overCell,
            strides: terms)
    }

    /// Item `i`'s cell from its position's pattern cell and its own length. O(1).
    @inline(__always) func cell(pattern: Rect, length: Double) -> Rect {
        Rect(origin: pattern.origin, size: Size(varying, length, across: pattern.size.length(varying.other)))
    }

    /// Instance size from its length along `varying`. O(1).
    @inline(__always) func size(length: Double) -> Size { Size(varying, length, across: instanceAcross) }

    /// Whether a re-solved instance still fits this form: its cells (items `first...`) on their positions'
    /// patterns, its size across unchanged, its stride the one its size gives. O(cells).
    func accepts(
        size: Size, stride: Double, cells: UnsafeBufferPointer<Rect>, first: Int,
        pattern: (Int) -> Rect
    ) -> Bool {
        guard size.length(varying.other) == instanceAcross, stride == strides.stride(size) else { return false }
        let across = varying.other
        for (k, cell) in cells.enumerated() {
            let p = pattern((first + k) % perInstance)
            guard cell.x == p.x, cell.y == p.y, cell.size.length(across) == p.size.length(across) else { return false }
        }
        if let c = instanceOverCell, let only = cells.first, size.length(varying) != only.size.length(varying) + c {
            return false
        }
        return true
    }
}
