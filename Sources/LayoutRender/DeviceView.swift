import CompositionalLayout

/// What one orthogonal section hides beyond the container's edges in the device's view: how many items and how
/// far the section scrolls each way from the offset drawn.
struct ScrollMarker: Hashable {
    /// The section's index.
    var section: Int
    /// Where the section's scroller lies along the layout's scroll axis (content coordinates).
    var along: ClosedRange<Double>
    /// The scroll offset drawn, in points (0 is the scroller's leading end).
    var offset: Double
    /// The largest offset the scroller reaches: its length less the container's.
    var maxOffset: Double
    /// Items wholly before the leading edge at this offset.
    var itemsBefore: Int
    /// Items wholly beyond the trailing edge at this offset.
    var itemsAfter: Int

    /// How far the section scrolls back, in points.
    var distanceBefore: Double { offset }
    /// How far the section scrolls on, in points.
    var distanceAfter: Double { max(0, maxOffset - offset) }
}

/// The device's view of the drawn elements (docs/layout-rules.md §4.2): what the container shows. Every
/// orthogonal section's content is moved by its scroll offset across the scroll axis, and what then lies
/// wholly outside the container across is dropped; each such section gets a `ScrollMarker`.
///
/// UIKit scrolls an orthogonal section's items and the supplementaries attached to them; the section's boundary
/// items (a shelf's header) and its decorations stay put. The output does not say which supplementary is
/// which, so a supplementary inside the scroller's band (`SVGRenderer.scrollerBand`) scrolls, one outside it
/// (before or after the items) stays.
enum DeviceView {
    /// - Complexity: O(e) for the e drawn elements.
    static func apply(
        elements: [LayoutElement], sections: [SectionFrame], containerAcross: Double, axis: Axis,
        offsets: [Int: Double]
    ) -> (elements: [LayoutElement], markers: [ScrollMarker]) {
        let across = axis.other
        let orthogonal = sections.filter { $0.orthogonalContentSize != nil }
        var cellSpans: [Int: ClosedRange<Double>] = [:]
        for element in elements where element.category == .cell {
            guard orthogonal.contains(where: { $0.index == element.section }) else { continue }
            let lo = element.frame.origin(axis), hi = max(lo, element.frame.end(axis))
            let span = cellSpans[element.section]
            cellSpans[element.section] = span.map { min($0.lowerBound, lo)...max($0.upperBound, hi) } ?? lo...hi
        }
        var bands: [Int: ClosedRange<Double>] = [:]
        var shifts: [Int: Double] = [:]
        var markers: [Int: ScrollMarker] = [:]
        for section in orthogonal {
            let scroller = section.orthogonalContentSize!
            let band = SVGRenderer.scrollerBand(
                section, length: scroller.length(axis), cells: cellSpans[section.index], axis: axis)
            let maxOffset = max(0, scroller.length(across) - containerAcross)
            let wanted = offsets[section.index] ?? 0
            let offset = wanted.isFinite ? min(max(0, wanted), maxOffset) : 0
            bands[section.index] = band
            shifts[section.index] = offset
            markers[section.index] = ScrollMarker(
                section: section.index, along: band, offset: offset, maxOffset: maxOffset, itemsBefore: 0,
                itemsAfter: 0)
        }
        var shown: [LayoutElement] = []
        shown.reserveCapacity(elements.count)
        for var element in elements {
            if let shift = shifts[element.section], let band = bands[element.section] {
                let scrolls =
                    element.category == .cell
                    || (element.category == .supplementary && overlaps(element.frame, band, along: axis))
                if scrolls {
                    element.frame = moved(element.frame, by: -shift, along: across)
                    if element.category == .cell {
                        if element.frame.end(across) <= 0 {
                            markers[element.section]!.itemsBefore += 1
                        } else if element.frame.origin(across) >= containerAcross {
                            markers[element.section]!.itemsAfter += 1
                        }
                    }
                }
            }
            let lo = element.frame.origin(across), hi = element.frame.end(across)
            let outside = hi > lo ? (hi <= 0 || lo >= containerAcross) : (lo < 0 || lo > containerAcross)
            if !outside { shown.append(element) }
        }
        return (shown, orthogonal.compactMap { markers[$0.index] })
    }

    private static func moved(_ frame: Rect, by delta: Double, along axis: Axis) -> Rect {
        var frame = frame
        if axis == .x { frame.x += delta } else { frame.y += delta }
        return frame
    }
}
