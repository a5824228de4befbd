import CompositionalLayout

/// The arithmetic of a group's rules (docs/layout-rules.md, "Groups"), over plain values, written once:
/// `GroupSolver` (the reference, and the engine's general path) and the engine's flat row plan and its
/// pattern path call these, so both solvers add the same numbers in the same order. Every function is O(1),
/// allocation-free and inlined into its caller.
public enum GroupRules {
    /// §1 the fit tolerance: an item fits if the space left after it is at least −0.25 pt.
    @inlinable public static var fitTolerance: Double { 0.25 }

    /// §3.1 whether a candidate needing `need` overflows what is left (`remaining`): then the loop stops.
    @inlinable @inline(__always)
    public static func overflows(remaining: Double, need: Double) -> Bool { remaining - need < -fitTolerance }

    /// §3.1 a candidate's `need`: its main slot length and main edge spacings, plus the inter-item spacing
    /// when it adds one (`addsSpacing`: not the first placed, and not main-dependent in pass 1).
    @inlinable @inline(__always)
    public static func need(
        mainLength: Double, pre: Double, post: Double, spacing: Double,
        addsSpacing: Bool
    ) -> Double {
        var need = mainLength + pre + post
        if addsSpacing { need += spacing }
        return need
    }

    /// §3.1 a node is main-dependent if either dimension is a fraction of the main-axis length.
    @inlinable @inline(__always)
    public static func isMainDependent(_ size: LayoutSize, main: Axis) -> Bool {
        size.widthDimension.isFraction(of: main) || size.heightDimension.isFraction(of: main)
    }

    /// §3.1 pass 2 runs when spacing is positive, pass 1 placed at least two, and one of them is main-dependent.
    @inlinable @inline(__always)
    public static func restartsForSpacing(spacing: Double, placed: Int, anyMainDependent: Bool) -> Bool {
        spacing > 0 && placed >= 2 && anyMainDependent
    }

    /// §3.1 pass 2 and §3.2: the content box with its main length reduced by the spacing between `count` items.
    @inlinable @inline(__always)
    public static func reducedBox(_ content: Size, main: Axis, spacing: Double, count: Int) -> Size {
        Size(main, content.length(main) - spacing * Double(count - 1), across: content.length(main.other))
    }

    /// §3.2 `subitem` + `count`: the equal share, snapped down to the pixel grid before placing.
    @inlinable @inline(__always)
    public static func equalShare(avail: Double, spacing: Double, count: Int, container: LayoutContainer) -> Double {
        container.snapDown((avail - spacing * Double(count - 1)) / Double(count))
    }

    /// §3 a group's content box: its slot size minus its content insets (all four edges).
    @inlinable @inline(__always)
    public static func contentBox(_ size: Size, insets: EdgeInsets) -> Size {
        Size(width: size.width - insets.leading - insets.trailing, height: size.height - insets.top - insets.bottom)
    }

    /// §3.3 `extra`: what each flexible spacing takes of the room left; a group estimated on its main axis
    /// arranges with none (§6).
    @inlinable @inline(__always)
    public static func extra(avail: Double, total: Double, flex: Int, estimatedMain: Bool) -> Double {
        (flex > 0 && !estimatedMain) ? max(0, avail - total) / Double(flex) : 0
    }

    /// §3.3 `total` and `flex`, accumulated item by item: start with `count` placed items, then `add` each.
    @frozen
    public struct Totals {
        public var total: Double
        public var flex: Int

        @inlinable @inline(__always)
        public init(count: Int, spacing: Double, flexibleSpacing: Bool) {
            total = spacing * Double(max(0, count - 1))
            flex = flexibleSpacing ? max(0, count - 1) : 0
        }

        @inlinable @inline(__always)
        public mutating func add(
            mainLength: Double, pre: Double, post: Double, preFlexible: Bool,
            postFlexible: Bool
        ) {
            total += mainLength + pre + post
            flex += (preFlexible ? 1 : 0) + (postFlexible ? 1 : 0)
        }
    }

    /// §3.3 the cursor along the main axis: `place` returns each item's slot origin, in order.
    @frozen
    public struct Cursor {
        public var position: Double
        public let spacing: Double
        public let extra: Double
        public let flexibleSpacing: Bool
        public var placed = 0

        /// Starts at the content box's main origin.
        @inlinable @inline(__always)
        public init(origin: Double, spacing: Double, flexibleSpacing: Bool, extra: Double) {
            position = origin
            self.spacing = spacing
            self.flexibleSpacing = flexibleSpacing
            self.extra = extra
        }

        @inlinable @inline(__always)
        public mutating func place(
            mainLength: Double, pre: Double, post: Double, preFlexible: Bool,
            postFlexible: Bool
        ) -> Double {
            if placed > 0 { position += spacing + (flexibleSpacing ? extra : 0) }
            placed += 1
            position += pre + (preFlexible ? extra : 0)
            let origin = position
            position += mainLength + post + (postFlexible ? extra : 0)
            return origin
        }
    }

    /// §3.4 an item alone across its group (and §4.1 a non-orthogonal root group across its box): the slot's
    /// cross origin, after the pre edge, centred in what is left when the pre edge is flexible (`flexibleEdges`
    /// of them share it; 0 when the pre edge is fixed).
    @inlinable @inline(__always)
    public static func crossOrigin(
        contentOrigin: Double, contentLength: Double, slotLength: Double, pre: Double,
        post: Double, flexibleEdges: Int
    ) -> Double {
        var origin = contentOrigin + pre
        if flexibleEdges > 0 {
            origin += crossShare(
                contentLength: contentLength, slotLength: slotLength, pre: pre,
                post: post, flexibleEdges: flexibleEdges)
        }
        return origin
    }

    /// §3.4 `crossOrigin` from a content origin of 0 (§4.1 a root group across its box), without adding the 0.
    @inlinable @inline(__always)
    public static func crossOffset(
        contentLength: Double, slotLength: Double, pre: Double, post: Double,
        flexibleEdges: Int
    ) -> Double {
        var origin = pre
        if flexibleEdges > 0 {
            origin += crossShare(
                contentLength: contentLength, slotLength: slotLength, pre: pre,
                post: post, flexibleEdges: flexibleEdges)
        }
        return origin
    }

    /// §3.4 what each flexible cross edge gets: the room left across, never negative, shared by `flexibleEdges`.
    @inlinable @inline(__always)
    public static func crossShare(
        contentLength: Double, slotLength: Double, pre: Double, post: Double,
        flexibleEdges: Int
    ) -> Double {
        max(0, contentLength - slotLength - pre - post) / Double(flexibleEdges)
    }

    /// §3.4 how many cross edges share the room when the pre one is flexible (0 when it is not).
    @inlinable @inline(__always)
    public static func flexibleEdges(preFlexible: Bool, postFlexible: Bool) -> Int {
        preFlexible ? 1 + (postFlexible ? 1 : 0) : 0
    }

    /// §6 an estimated group bounds its children: along its main axis the arranged `total` plus its insets,
    /// across the largest slot with its edge spacings (`largestCross`) plus its insets.
    @inlinable @inline(__always)
    public static func boundingSize(
        _ proposed: Size, main: Axis, insets: EdgeInsets, estimatedMain: Bool,
        estimatedCross: Bool, total: Double, largestCross: Double
    ) -> Size {
        var size = proposed
        if estimatedMain { size = Size(main, total + insets.sum(main), across: size.length(main.other)) }
        if estimatedCross { size = Size(main.other, largestCross + insets.sum(main.other), across: size.length(main)) }
        return size
    }

    /// §2 item content insets along one axis: the cell's origin moves by `pre` and its length shrinks by both.
    @inlinable @inline(__always)
    public static func inset(origin: inout Double, length: inout Double, pre: Double, post: Double) {
        origin += pre
        length -= pre + post
    }

    /// §2 the cell frame: the slot inset by the item's insets, except along an axis whose dimension is estimated.
    @inlinable @inline(__always)
    public static func cellFrame(slot: Rect, insets: EdgeInsets, widthEstimated: Bool, heightEstimated: Bool) -> Rect {
        var cell = slot
        if !widthEstimated { inset(origin: &cell.x, length: &cell.width, pre: insets.leading, post: insets.trailing) }
        if !heightEstimated { inset(origin: &cell.y, length: &cell.height, pre: insets.top, post: insets.bottom) }
        return cell
    }
}
