import CompositionalLayout

/// docs/layout-rules.md §2: resolving dimensions against a container box. `length` is the one place a
/// dimension becomes a length, for both solvers and every fast path of the engine.
public enum DimensionResolver {
    /// A dimension's length against the container box `box`, exact (§1: rounding to pixels happens only on
    /// output); an estimated dimension takes `estimatedLength` (the measured length while measuring, else its
    /// estimate). O(1); inlined, so a caller's closure costs nothing.
    @inlinable @inline(__always)
    public static func length(_ dimension: LayoutDimension, box: Size, container: LayoutContainer,
                               estimatedLength: (Double) -> Double) -> Double {
        switch dimension {
        case .absolute(let v): return v
        case .fractionalWidth(let f): return f * box.width
        case .fractionalHeight(let f): return f * box.height
        // docs/version-2.md §10.4: a uniform dimension measures like an estimated one.
        case .estimated(let v), .uniformAcrossSiblings(let v): return estimatedLength(v)
        }
    }

    /// Both dimensions of `size` against `box`; estimated ones keep their estimates.
    @inlinable
    public static func size(_ size: LayoutSize, box: Size, container: LayoutContainer) -> Size {
        Size(width: length(size.widthDimension, box: box, container: container) { $0 },
             height: length(size.heightDimension, box: box, container: container) { $0 })
    }

    /// §2 "Item content insets": the cell frame is the slot inset by the item's insets, except along an
    /// axis whose dimension is estimated.
    @inlinable
    public static func cellFrame(slot: Rect, item: LayoutItem) -> Rect {
        GroupRules.cellFrame(slot: slot, insets: item.contentInsets,
                             widthEstimated: item.layoutSize.widthDimension.isEstimated,
                             heightEstimated: item.layoutSize.heightDimension.isEstimated)
    }
}
