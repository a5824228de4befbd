import CompositionalLayout
import SolverKernel

/// One section solved into compact data (docs/layout-rules.md §4.1–§4.5, §6), positioned relative to its own start
/// along the scroll axis so that moving it costs nothing: the engine keeps section starts in a Fenwick tree.
struct SectionGeometry: Sendable {
    /// Unchecked: an estimated storage (a `ManagedBuffer`, which is never `Sendable`) is written only by the
    /// worker that creates it, or in place by the engine's thread while it holds the only reference.
    enum Storage: @unchecked Sendable {
        /// Template of the definition's cache; `stride` between instances; `instances` = ceil(C / N).
        case fixed(stride: Double, instances: Int)
        case estimated(EstimatedInstances)
    }

    /// Whether the instances are estimated, in the compact form (`CompactForm`) and without leaf lists: read
    /// without copying the storage out (a retain and a release), for the measure path's first test. O(1).
    var holdsCompactInstances: Bool {
        switch storage {
        case .fixed: return false
        case .estimated(let instances): return instances.isCompactWithoutLeaves
        }
    }

    var definition: Int
    var itemCount: Int
    var orthogonal: Bool
    /// The section axis P (§1).
    var P: Axis
    var extent: Double
    /// Instance 0's origin: along P `pBase` (relative to the section start when P is the scroll axis), across
    /// `qBase` (relative to the section start when Q is the scroll axis) plus a non-orthogonal cross offset.
    var pBase: Double
    var qBase: Double
    var cross: CrossPlacement
    var storage: Storage
    /// Where the section's host (content plus insets) runs along the scroll axis, relative to the section
    /// start: from `boundaryStart` (the extending start items' length) for `boundaryMiddle`. Boundary items
    /// and decorations are placed from these on demand (`forEachSectionElement`), so placing allocates nothing.
    var boundaryStart: Double
    var boundaryMiddle: Double
    /// Whether the section draws its decorations (§4.5: not an orthogonal section without instances).
    var drawsDecorations: Bool
    /// Whether every boundary item extends the section unmoved, at least 0 long, and the host is not negative
    /// (`BoundaryItemsPlacement.extendsWithinSection`): then the start items lie within `[0, boundaryStart]` and
    /// the end items within `[boundaryStart + boundaryMiddle, extent]` along the scroll axis, so a rect query
    /// that reaches neither needs not place them, and they add no overhang.
    var boundaryItemsWithin = false
    /// The boundary items' extent after the content (§4.3) and `BoundaryItemsPlacement.extendsWithinSection`,
    /// as the last `place` found them: what an update of the section's items places again with (its boundary
    /// items do not depend on them), instead of sizing its boundary items again.
    var boundaryEnd = 0.0
    var boundaryExtendsWithin = false
    var orthogonalContentSize: Size?
    /// The section's diagnostics (their `section` is set when the output is assembled).
    var diagnostics: [LayoutDiagnostic]
    /// How far elements reach before the section's start and after its end along the scroll axis.
    var overhangBefore: Double
    var overhangAfter: Double
    /// Whether solving depends on the section's index through supplementary measurement (§6).
    var measuresSupplementariesByIndex: Bool
    /// Lazy measuring (§6): every item before this index is known to be measured, so looking for unmeasured
    /// items near a rect can start there. A lower bound: 0 when unknown, lowered by item operations.
    var measuredPrefix = 0

    /// An empty geometry, overwritten before it is read.
    static let placeholder = SectionGeometry(
        definition: 0, itemCount: 0, orthogonal: false, P: .y, extent: 0, pBase: 0, qBase: 0, cross: .init(),
        storage: .fixed(stride: 0, instances: 0), boundaryStart: 0, boundaryMiddle: 0, drawsDecorations: false,
        orthogonalContentSize: nil,
        diagnostics: [], overhangBefore: 0, overhangAfter: 0, measuresSupplementariesByIndex: false)

    /// Where an instance of a non-orthogonal section sits across (§4.1 crossOffset).
    struct CrossPlacement: Sendable {
        var pre = 0.0, post = 0.0
        var flexibleEdges = 0
        var qLength = 0.0

        init() {}

        init(root: RootPlacement, qLength: Double) {
            pre = root.preQ
            post = root.postQ
            flexibleEdges = root.flexibleEdgesQ
            self.qLength = qLength
        }

        /// The kernel's §3.4 placement across (`GroupRules.crossOffset`), as `RootPlacement.crossOffset`.
        @inline(__always)
        func offset(_ gQ: Double) -> Double {
            GroupRules.crossOffset(
                contentLength: qLength, slotLength: gQ, pre: pre, post: post,
                flexibleEdges: flexibleEdges)
        }
    }
}

/// Where the instances of a section starting at `start` sit (§4.1, `instanceOrigin`): the few plain values of
/// its geometry that placing them reads, so a loop over instances in a function of its own takes them and not
/// the geometry (whose copy retains its storage and diagnostics).
struct InstanceOrigins {
    let orthogonal: Bool
    let P: Axis
    let pBase: Double, qBase: Double
    let cross: SectionGeometry.CrossPlacement
    let start: Double

    init(_ g: SectionGeometry, start: Double) {
        orthogonal = g.orthogonal; P = g.P; pBase = g.pBase; qBase = g.qBase; cross = g.cross
        self.start = start
    }

    /// Section `index`'s origins, its fields read in the array (no copy of the geometry, which retains its
    /// storage and diagnostics). O(1).
    @inline(__always)
    init(_ sections: borrowing [SectionGeometry], _ index: Int, start: Double) {
        orthogonal = sections[index].orthogonal; P = sections[index].P; pBase = sections[index].pBase
        qBase = sections[index].qBase; cross = sections[index].cross
        self.start = start
    }

    /// `origin(offset:gQ:)` for every instance whose length across is `gQ`, as two values: the origin along
    /// P is `along + offset` (the same sums: `start + pBase` is summed first there too), across it is
    /// `across`. O(1).
    @inline(__always)
    func linear(gQ: Double) -> (along: Double, across: Double) {
        orthogonal ? (pBase, start + qBase) : (start + pBase, qBase + cross.offset(gQ))
    }

    /// The origin, in content coordinates, of the instance `offset` after instance 0 along P whose length
    /// across is `gQ`. O(1).
    @inline(__always)
    func origin(offset: Double, gQ: Double) -> Point {
        if orthogonal { return Point.along(P, pBase + offset, across: start + qBase) }
        return Point.along(P, start + pBase + offset, across: qBase + cross.offset(gQ))
    }
}
