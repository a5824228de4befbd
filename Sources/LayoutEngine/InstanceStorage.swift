import CompositionalLayout
import SolverKernel

/// The compact results of solving group instances (docs/layout-rules.md §3, §4.1, §6): frames relative to an
/// instance's origin in flat buffers, never one object per item.

/// The supplementaries declared on leaf items, interned so each leaf stores a small index (0 = none).
struct SupplementaryTable: Sendable {
    private(set) var lists: [[SupplementaryItem]] = [[]]
    private var index: [[SupplementaryItem]: UInt16] = [[]: 0]

    /// The index of a leaf's list. Complexity: O(1) amortised (hashing the list).
    mutating func intern(_ list: [SupplementaryItem]) -> UInt16 {
        if list.isEmpty { return 0 }
        if let known = index[list] { return known }
        let new = UInt16(lists.count)
        lists.append(list)
        index[list] = new
        return new
    }

    var isEmpty: Bool { lists.count == 1 }

    /// The table without lists, shared: starting from it allocates nothing until a list is interned.
    static let empty = SupplementaryTable()
}

/// The extent of an instance's elements relative to its origin, for rect queries: cells, and anchored
/// supplementaries at the largest size they can take.
struct RelativeExtent: Sendable {
    var minP = Double.infinity, maxP = -Double.infinity
    var minQ = Double.infinity, maxQ = -Double.infinity

    /// Adds a rectangle; a negative length (a container too small for its insets) runs backwards.
    /// `lower` and `upper` rather than `min` and `max`: one `minsd` or `maxsd` each, where the standard
    /// `max` compiles to a five-instruction blend (they differ only for NaN, which no cell holds: every
    /// length is validated finite), and this runs for every cell a solve writes.
    @inline(__always)
    mutating func add(_ rect: Rect, P: Axis) {
        let p0 = rect.origin(P), p1 = rect.end(P), q0 = rect.origin(P.other), q1 = rect.end(P.other)
        minP = Self.lower(minP, Self.lower(p0, p1)); maxP = Self.upper(maxP, Self.upper(p0, p1))
        minQ = Self.lower(minQ, Self.lower(q0, q1)); maxQ = Self.upper(maxQ, Self.upper(q0, q1))
    }

    @inline(__always) private static func lower(_ a: Double, _ b: Double) -> Double { b < a ? b : a }
    @inline(__always) private static func upper(_ a: Double, _ b: Double) -> Double { b > a ? b : a }

    @inline(__always)
    mutating func add(_ other: RelativeExtent) {
        minP = Self.lower(minP, other.minP); maxP = Self.upper(maxP, other.maxP)
        minQ = Self.lower(minQ, other.minQ); maxQ = Self.upper(maxQ, other.maxQ)
    }

    /// Grows the extent by the reach of supplementaries anchored to hosts inside it (a conservative margin).
    mutating func grow(by margin: Double) {
        guard margin > 0, minP <= maxP else { return }
        minP -= margin; maxP += margin; minQ -= margin; maxQ += margin
    }
}

/// The largest distance an anchored supplementary can reach beyond its host: its largest size plus its offset.
func supplementaryReach(_ lists: [[SupplementaryItem]], hostSize: Size) -> Double {
    var reach = 0.0
    for list in lists {
        for s in list {
            func largest(_ axis: Axis) -> Double {
                switch s.layoutSize.dimension(axis) {
                case .absolute(let v): return v
                case .fractionalWidth(let f): return f * max(abs(hostSize.width), 1)
                case .fractionalHeight(let f): return f * max(abs(hostSize.height), 1)
                case .estimated(let v), .uniformAcrossSiblings(let v): return max(v, s.selfSizing?.maxLength(axis) ?? 0)
                }
            }
            let w = abs(largest(.x)), h = abs(largest(.y))
            var offset = 0.0
            switch s.containerAnchor.offset {
            case .absolute(let p): offset = max(abs(p.x), abs(p.y))
            case .fractional(let p): offset = max(abs(p.x) * w, abs(p.y) * h)
            }
            reach = max(reach, w + h + offset)
        }
    }
    return reach
}

extension Size {
    /// The larger of each length, by magnitude (a box whose insets exceed its slot has a negative length).
    func atLeast(_ other: Size) -> Size {
        Size(width: Swift.max(width, abs(other.width)), height: Swift.max(height, abs(other.height)))
    }
}

/// The largest host size for `supplementaryReach`: `base`, grown to every group host's box (whose length is
/// negative when its insets exceed its slot, so it counts by magnitude).
func largestHostSize(_ hosts: [GroupHost], atLeast base: Size) -> Size {
    hosts.reduce(base) { Size(width: max($0.width, abs($1.box.width)), height: max($0.height, abs($1.box.height))) }
}

/// A fixed-size section's root group solved once (§4.1): item k is cell `k mod N` of instance `k div N`.
struct Template: Sendable {
    var size: Size
    var cells: ContiguousArray<Rect>
    /// Per leaf, its supplementary list in `supplementaries` (empty when no leaf has any).
    var leafSupplementaries: ContiguousArray<UInt16>
    var supplementaries: SupplementaryTable
    var hosts: [GroupHost]
    /// `prefixMaxEnd[r]`: the largest slot end along P among the first r placed slots (§4.1 `partial`).
    var prefixMaxEnd: ContiguousArray<Double>
    /// The largest slot end along P over all N slots, placed or only counted (§4.1 `partial`).
    var allMaxEnd: Double
    /// N: the slots per instance (§4.1), placed or only counted; `cells` holds the placed ones.
    let count: Int
    var noRoom: Bool
    var extent: RelativeExtent

    init(_ node: SolvedNode, P: Axis) {
        size = node.size
        cells = ContiguousArray(node.leaves.map(\.cell))
        var table = SupplementaryTable()
        let indices = node.leaves.map { table.intern($0.item.supplementaryItems) }
        leafSupplementaries = table.isEmpty ? [] : ContiguousArray(indices)
        supplementaries = table
        hosts = node.hosts
        var prefix = ContiguousArray<Double>([-Double.infinity])
        prefix.reserveCapacity(node.leaves.count + 1)
        for leaf in node.leaves { prefix.append(max(prefix.last!, leaf.slot.end(P))) }
        prefixMaxEnd = prefix
        allMaxEnd = max(prefix.last!, node.unplacedReach.length(P))
        count = node.slotCount
        noRoom = node.noRoom
        var extent = RelativeExtent()
        for cell in cells { extent.add(cell, P: P) }
        for host in hosts { extent.add(host.box, P: P) }
        let largestCell = cells.reduce(Size.zero) {
            Size(width: max($0.width, $1.width), height: max($0.height, $1.height))
        }
        let largestHost = largestHostSize(
            hosts,
            atLeast: Size(width: max(largestCell.width, size.width), height: max(largestCell.height, size.height)))
        extent.grow(by: supplementaryReach(table.lists + hosts.map(\.supplementaries), hostSize: largestHost))
        self.extent = extent
    }

}
