import CompositionalLayout

/// docs/layout-rules.md §2: resolving dimensions against a container box. `length` is the one place a
/// dimension becomes a length, for both solvers and every fast path of the engine.
public enum DimensionResolver {
    /// A dimension's length against the container box `box`; an estimated dimension takes `estimatedLength` (the
    /// measured length while measuring, else its estimate). docs/layout-rules.md §1.1: with a display scale, a
    /// fractional length is snapped down to the pixel grid here, and only here, for every solver and fast path;
    /// `box` is itself already snapped when it came from a fraction. Other lengths stay as given. O(1); inlined,
    /// so a caller's closure costs nothing, and the scale is only read for fractions.
    @inlinable @inline(__always)
    public static func length(
        _ dimension: LayoutDimension, box: Size, container: LayoutContainer,
        estimatedLength: (Double) -> Double
    ) -> Double {
        switch dimension {
        case .absolute(let v): return v
        case .fractionalWidth(let f): return container.snapDown(f * box.width)
        case .fractionalHeight(let f): return container.snapDown(f * box.height)
        // docs/version-2.md §10.4: a uniform dimension measures like an estimated one.
        case .estimated(let v), .uniformAcrossSiblings(let v): return estimatedLength(v)
        }
    }

    /// Both dimensions of `size` against `box`; estimated ones keep their estimates.
    @inlinable
    public static func size(_ size: LayoutSize, box: Size, container: LayoutContainer) -> Size {
        Size(
            width: length(size.widthDimension, box: box, container: container) { $0 },
            height: length(size.heightDimension, box: box, container: container) { $0 })
    }

    /// §2 "Item content insets": the cell frame is the slot inset by the item's insets, except along an
    /// axis whose dimension is estimated.
    @inlinable
    public static func cellFrame(slot: Rect, item: LayoutItem) -> Rect {
        GroupRules.cellFrame(
            slot: slot, insets: item.contentInsets,
            widthEstimated: item.layoutSize.widthDimension.isEstimated,
            heightEstimated: item.layoutSize.heightDimension.isEstimated)
    }
}
