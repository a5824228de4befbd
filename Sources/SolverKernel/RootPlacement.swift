import CompositionalLayout

/// docs/layout-rules.md §4.1: how a section places its root group's repetitions, over plain values, for
/// both solvers: the stride, the edge spacings, the cross offset, the instance count, the content length
/// (with `partial`) and the "no room" messages. Every function is O(1) and allocation-free.
public struct RootPlacement: Sendable, Equatable {
    /// §4.1 what a stride adds to an instance's length along P; the engine keeps it with every estimated
    /// section's instances, so it is small.
    public let strideTerms: RootStride
    /// The fixed edge spacings of the root group along Q (flexible ones count 0).
    public let eQ1: Double, eQ2: Double
    /// The edge spacings along Q as written, for the cross offset of a non-orthogonal section (§3.4).
    public let preQ: Double, postQ: Double
    public let flexibleEdgesQ: Int
    /// Whether an edge spacing along P is flexible: it counts 0 and the section reports it.
    public let flexibleAlongP: Bool

    /// The section axis P (§1).
    @inlinable public var P: Axis { strideTerms.P }
    /// The fixed edge spacings of the root group along P (flexible ones count 0).
    @inlinable public var eP1: Double { strideTerms.eP1 }
    @inlinable public var eP2: Double { strideTerms.eP2 }
    @inlinable public var interGroupSpacing: Double { strideTerms.interGroupSpacing }

    public init(_ section: LayoutSection, P: Axis) {
        let spacing = section.group.edgeSpacing ?? EdgeSpacing()
        func fixed(_ value: LayoutSpacing?) -> Double { (value?.isFlexible ?? false) ? 0 : (value?.value ?? 0) }
        strideTerms = RootStride(
            P: P, eP1: fixed(spacing.pre(P)), eP2: fixed(spacing.post(P)),
            interGroupSpacing: section.interGroupSpacing)
        eQ1 = fixed(spacing.pre(P.other))
        eQ2 = fixed(spacing.post(P.other))
        let pre = spacing.pre(P.other), post = spacing.post(P.other)
        preQ = pre?.value ?? 0
        postQ = post?.value ?? 0
        flexibleEdgesQ = GroupRules.flexibleEdges(
            preFlexible: pre?.isFlexible ?? false,
            postFlexible: post?.isFlexible ?? false)
        flexibleAlongP = (spacing.pre(P)?.isFlexible ?? false) || (spacing.post(P)?.isFlexible ?? false)
    }

    /// §2 the root group's container box: the container minus the section's insets on its cross axis only
    /// (`preQ`, `postQ`: those insets).
    @inlinable
    public static func box(container: LayoutContainer, P: Axis, preQ: Double, postQ: Double) -> Size {
        Size(P.other, container.size.length(P.other) - preQ - postQ, across: container.size.length(P))
    }

    /// §4.1 stride = eP1 + gP + eP2 + interGroupSpacing (`RootStride.stride`).
    @inlinable @inline(__always)
    public func stride(_ gP: Double) -> Double { strideTerms.stride(gP) }

    /// §4.1 crossOffset of a non-orthogonal section: the root group placed across its box (`qLength` long)
    /// like an item across a group (§3.4).
    @inlinable @inline(__always)
    public func crossOffset(_ gQ: Double, qLength: Double) -> Double {
        GroupRules.crossOffset(
            contentLength: qLength, slotLength: gQ, pre: preQ, post: postQ,
            flexibleEdges: flexibleEdgesQ)
    }

    /// §4.1 G = ceil(C / N), 0 when C or N is 0.
    @inlinable
    public static func instanceCount(items: Int, perInstance n: Int) -> Int {
        (n == 0 || items == 0) ? 0 : (items + n - 1) / n
    }

    /// §4.1 content length along P: the last instance's offset, its fixed edges and length, less `partial`
    /// (the largest slot end along P of all template slots less that of the first r present; 0 when the
    /// last instance is full or the section is estimated, §6).
    @inlinable
    public func contentLength(lastOffset: Double, lastLength: Double, partial: Double = 0) -> Double {
        lastOffset + eP1 + lastLength + eP2 - partial
    }

    /// §3 "no room" of a template: no item fits (`holdsNoItems`), or only a nested group holds none.
    public static func templateNoRoom(itemCount: Int, holdsNoItems: Bool) -> String {
        holdsNoItems
            ? "the root group holds no items at this container size; the section's \(itemCount) items get no cells"
            : "a nested group holds no items at this container size"
    }

    /// §6 "no room" of an estimated instance starting at item `start`: it holds no item, which ends the section.
    public static func instanceNoRoom(start: Int, itemCount: Int) -> String {
        "no item fits in the group instance starting at item \(start); items \(start)..<\(itemCount) get no cells"
    }

    /// §6 a nested group of the instance starting at item `start` holds no items.
    public static func nestedNoRoom(start: Int) -> String {
        "a nested group holds no items in the instance starting at item \(start)"
    }
}

/// §4.1 the terms of a root group instance's stride along the section axis P: its fixed edge spacings along P
/// and the section's inter-group spacing.
public struct RootStride: Sendable, Equatable {
    public let P: Axis
    public let eP1: Double, eP2: Double
    public let interGroupSpacing: Double

    @inlinable
    public init(P: Axis, eP1: Double, eP2: Double, interGroupSpacing: Double) {
        self.P = P; self.eP1 = eP1; self.eP2 = eP2; self.interGroupSpacing = interGroupSpacing
    }

    /// §4.1 stride = eP1 + gP + eP2 + interGroupSpacing, summed in that order.
    @inlinable @inline(__always)
    public func stride(_ gP: Double) -> Double { eP1 + gP + eP2 + interGroupSpacing }
}
