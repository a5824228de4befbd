import CompositionalLayout

/// docs/layout-rules.md §2: resolving dimensions against a container box.
package enum DimensionResolver {
    /// A dimension's length against the container box `box`, exact (§1: rounding to pixels happens only on
    /// output); an estimated dimension takes `estimatedLength` (the measured length while measuring, else its
    /// estimate).
    package static func length(_ dimension: LayoutDimension, box: Size, container: LayoutContainer,
                       estimatedLength: (Double) -> Double) -> Double {
        switch dimension {
        case .absolute(let v): return v
        case .fractionalWidth(let f): return f * box.width
        case .fractionalHeight(let f): return f * box.height
        case .estimated(let v), .uniformAcrossSiblings(let v): return estimatedLength(v)  // §10.4: measures like estimated
        }
    }

    /// Both dimensions of `size` against `box`; estimated ones keep their estimates.
    package static func size(_ size: LayoutSize, box: Size, container: LayoutContainer) -> Size {
        Size(width: length(size.widthDimension, box: box, container: container) { $0 },
             height: length(size.heightDimension, box: box, container: container) { $0 })
    }

    /// §2 "Item content insets": the cell frame is the slot inset by the item's insets, except along an
    /// axis whose dimension is estimated.
    package static func cellFrame(slot: Rect, item: LayoutItem) -> Rect {
        let insets = item.contentInsets
        var cell = slot
        if !item.layoutSize.widthDimension.isEstimated {
            cell.x += insets.leading
            cell.width -= insets.leading + insets.trailing
        }
        if !item.layoutSize.heightDimension.isEstimated {
            cell.y += insets.top
            cell.height -= insets.top + insets.bottom
        }
        return cell
    }
}
