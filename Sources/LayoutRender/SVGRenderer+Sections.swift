import CompositionalLayout

/// Sections (docs/layout-rules.md §4.2): light bands numbered in the gutter, and for orthogonal sections the scroller
/// at its full length with the part beyond the container hatched ("scrolls sideways").
extension SVGRenderer {
    /// The section bands behind everything: each section's extent along the scroll axis, from the gutter to
    /// the container's far edge (or to the end of its scroller).
    static func drawSectionBands(
        _ selection: RenderSelection, _ canvas: RenderCanvas, _ output: SolveOutput,
        into svg: inout SVGBuilder
    ) {
        let axis = selection.scrollAxis, across = axis.other
        let containerAcross = output.container.length(across)
        for section in selection.sections {
            let lo = max(section.frame.origin(axis), selection.scrollExtent.lowerBound)
            let hi = min(section.frame.end(axis), selection.scrollExtent.upperBound)
            guard hi > lo else { continue }
            var crossEnd = containerAcross
            if section.orthogonalContentSize != nil { crossEnd = selection.crossExtent.upperBound }
            let content = canvas.px(canvas.rect(along: lo...hi, across: 0...max(0, crossEnd)))
            let band: PixelRect
            if axis == .y {
                let left = canvas.originX - RenderCanvas.gutter
                band = PixelRect(x: left, y: content.y, width: content.maxX - left, height: content.height)
            } else {
                let top = canvas.originY - RenderCanvas.gutter
                band = PixelRect(x: content.x, y: top, width: content.width, height: content.maxY - top)
            }
            var tooltip = "section \(section.index) · \(frameText(section.frame))"
            if let scroller = section.orthogonalContentSize {
                tooltip += " · scroller \(svgNumber(scroller.width))×\(svgNumber(scroller.height))"
            }
            svg.rect(band, class: section.index % 2 == 0 ? "band0" : "band1", tooltip: tooltip)
            let name = "s\(section.index)"
            let size = min(11, ((RenderCanvas.gutter - 6) / (Double(name.count) * 0.6) * 2).rounded(.down) / 2)
            if axis == .y, band.height >= size + 3 {
                svg.label(name, x: band.x + 3, y: band.y + size + 2, class: "gutter-label", fontSize: size)
            } else if axis == .x, band.width >= estimatedTextWidth(name, fontSize: size) + 8 {
                svg.label(name, x: band.x + 4, y: band.y + size + 2, class: "gutter-label", fontSize: size)
            }
        }
    }

    /// Over the elements of each orthogonal section: the hatch beyond the container, the scroller's outline
    /// and a note saying which way it scrolls.
    static func drawScrollers(
        _ selection: RenderSelection, _ canvas: RenderCanvas, _ output: SolveOutput,
        into svg: inout SVGBuilder
    ) {
        let axis = selection.scrollAxis, across = axis.other
        let containerAcross = output.container.length(across)
        let orthogonal = selection.sections.filter { $0.orthogonalContentSize != nil }
        guard !orthogonal.isEmpty else { return }
        var cellSpans: [Int: ClosedRange<Double>] = [:]
        let indices = Set(orthogonal.map(\.index))
        for element in selection.elements where element.category == .cell && indices.contains(element.section) {
            let lo = element.frame.origin(axis), hi = max(lo, element.frame.end(axis))
            let span = cellSpans[element.section]
            cellSpans[element.section] = span.map { min($0.lowerBound, lo)...max($0.upperBound, hi) } ?? lo...hi
        }
        for section in orthogonal {
            let scroller = section.orthogonalContentSize!
            let band = scrollerBand(section, length: scroller.length(axis), cells: cellSpans[section.index], axis: axis)
            let lo = max(band.lowerBound, selection.scrollExtent.lowerBound)
            let hi = min(band.upperBound, selection.scrollExtent.upperBound)
            guard hi > lo else { continue }
            let along = lo...hi
            let crossLo = selection.crossExtent.lowerBound, crossHi = selection.crossExtent.upperBound
            if crossHi > containerAcross {
                svg.rect(
                    canvas.px(canvas.rect(along: along, across: containerAcross...crossHi)), class: "offscreen",
                    extra: SVGStyle.hatchFill)
            }
            if crossLo < 0 {
                svg.rect(
                    canvas.px(canvas.rect(along: along, across: crossLo...0)), class: "offscreen",
                    extra: SVGStyle.hatchFill)
            }
            let length = selection.fullScrollerSections.contains(section.index) ? scroller.length(across) : crossHi
            let outline = canvas.px(canvas.rect(along: along, across: 0...max(0, length)))
            svg.rect(
                outline, class: "scroller", radius: 4,
                tooltip:
                    "scroller of section \(section.index): "
                    + "\(svgNumber(scroller.width))×\(svgNumber(scroller.height)) pt"
            )
            let beyond = canvas.px(canvas.rect(along: along, across: containerAcross...max(containerAcross, crossHi)))
            let texts = [
                axis == .y ? "scrolls sideways →" : "scrolls vertically ↓",
                "scroller \(svgNumber(scroller.width))×\(svgNumber(scroller.height))",
            ]
            for (row, text) in texts.enumerated() {
                let width = estimatedTextWidth(text, fontSize: 11) + 8
                if beyond.width >= width + 6, beyond.height >= Double(row + 1) * 15 + 4 {
                    let y = beyond.y + 4 + Double(row) * 15
                    svg.rect(
                        PixelRect(x: beyond.x + 4, y: y, width: width, height: 14), class: "offscreen-tag", radius: 3)
                    svg.label(text, x: beyond.x + 8, y: y + 11, class: "offscreen-label")
                }
            }
        }
    }

    /// The device's view: at each edge an orthogonal section scrolls past, a shaded strip and a tag saying how
    /// many items and how many points lie beyond ("12 more · 2,980 pt →").
    /// Complexity: O(orthogonal sections drawn).
    static func drawScrollMarkers(
        _ selection: RenderSelection, _ canvas: RenderCanvas, _ output: SolveOutput,
        into svg: inout SVGBuilder
    ) {
        let axis = selection.scrollAxis, across = axis.other
        let edge = output.container.length(across)
        for marker in selection.markers {
            let lo = max(marker.along.lowerBound, selection.scrollExtent.lowerBound)
            let hi = min(marker.along.upperBound, selection.scrollExtent.upperBound)
            guard hi > lo else { continue }
            let band = canvas.px(canvas.rect(along: lo...hi, across: 0...edge))
            let tooltip =
                "section \(marker.section) scrolled to \(svgNumber(marker.offset)) "
                + "of \(svgNumber(marker.maxOffset)) pt; "
                + "\(marker.itemsBefore) item\(marker.itemsBefore == 1 ? "" : "s") before, "
                + "\(marker.itemsAfter) beyond"
            for trailing in [false, true] {
                let distance = trailing ? marker.distanceAfter : marker.distanceBefore
                guard distance > 0.5 else { continue }
                let items = trailing ? marker.itemsAfter : marker.itemsBefore
                let count = items > 0 ? "\(groupedCount(items)) \(trailing ? "more" : "before") · " : ""
                let arrow = axis == .y ? (trailing ? "→" : "←") : (trailing ? "↓" : "↑")
                let body = "\(count)\(groupedCount(Int(distance.rounded()))) pt"
                let text = trailing ? "\(body) \(arrow)" : "\(arrow) \(body)"
                let strip: PixelRect
                let tagWidth = estimatedTextWidth(text, fontSize: 11) * 1.08 + 10
                let tag: PixelRect
                if axis == .y {
                    strip = PixelRect(x: trailing ? band.maxX - 12 : band.x, y: band.y, width: 12, height: band.height)
                    // Near the top of the shelf, where its cells' centred labels are not.
                    tag = PixelRect(
                        x: trailing ? band.maxX - 4 - tagWidth : band.x + 4,
                        y: band.height >= 40 ? band.y + 6 : band.midY - 9, width: tagWidth, height: 18)
                } else {
                    strip = PixelRect(x: band.x, y: trailing ? band.maxY - 12 : band.y, width: band.width, height: 12)
                    tag = PixelRect(
                        x: band.midX - tagWidth / 2, y: trailing ? band.maxY - 22 : band.y + 4, width: tagWidth,
                        height: 18)
                }
                svg.rect(strip, class: "beyond")
                svg.rect(tag, class: "beyond-tag", radius: 4, tooltip: tooltip)
                svg.label(text, x: tag.x + 5, y: tag.y + 13, class: "beyond-label")
            }
        }
    }

    /// Where an orthogonal section's scroller lies along the layout's scroll axis: a span of the scroller's
    /// cross length (`length`) inside the section that holds all its cells, as late as possible (boundary
    /// items are usually headers before it). The output does not say where exactly; the section frame
    /// includes its boundary items.
    static func scrollerBand(
        _ section: SectionFrame, length: Double, cells: ClosedRange<Double>?,
        axis: Axis
    ) -> ClosedRange<Double> {
        let start = section.frame.origin(axis), end = section.frame.end(axis)
        guard length < end - start else { return start...end }
        var lo = end - length
        if let cells { lo = min(lo, cells.lowerBound) }
        lo = max(lo, start)
        return lo...(lo + length)
    }

    /// The container's far edge as a dashed line along the whole drawing, and the viewport (the container
    /// at the drawn scroll offset) with its tag.
    static func drawViewport(
        _ selection: RenderSelection, _ canvas: RenderCanvas, _ output: SolveOutput,
        into svg: inout SVGBuilder
    ) {
        let axis = selection.scrollAxis, across = axis.other
        let drawing = canvas.drawing
        let edge = output.container.length(across)
        if selection.deviceView {
            // The drawing ends at the container's edge: no dashed line needed.
        } else if axis == .y {
            let x = canvas.px(x: edge)
            svg.raw(
                "<line class=\"edge\" x1=\"\(svgNumber(x))\" y1=\"\(svgNumber(drawing.y))\" "
                    + "x2=\"\(svgNumber(x))\" y2=\"\(svgNumber(drawing.maxY))\"/>\n"
            )
        } else {
            let y = canvas.px(y: edge)
            svg.raw(
                "<line class=\"edge\" x1=\"\(svgNumber(drawing.x))\" y1=\"\(svgNumber(y))\" "
                    + "x2=\"\(svgNumber(drawing.maxX))\" y2=\"\(svgNumber(y))\"/>\n"
            )
        }
        let offset = selection.viewportOffset
        let viewport = canvas.px(
            canvas.rect(along: offset...(offset + output.container.length(axis)), across: 0...edge))
        svg.raw("<g clip-path=\"url(#region)\">\n")
        svg.rect(viewport, class: "viewport", radius: 2)
        svg.raw("</g>\n")
        var text = "viewport \(svgNumber(output.container.width))×\(svgNumber(output.container.height))"
        if offset != 0 { text += " at \(axis == .y ? "y" : "x") \(svgNumber(offset))" }
        let tagWidth = estimatedTextWidth(text, fontSize: 12) * 1.05 + 12
        // Above the viewport's top-trailing corner: in the tag room of a vertical drawing, in the lower half of
        // a horizontal drawing's gutter (section numbers sit in its upper half).
        let tag = PixelRect(
            x: max(viewport.maxX - tagWidth, RenderCanvas.margin), y: viewport.y - 20,
            width: tagWidth, height: 18)
        svg.rect(tag, class: "viewport-tag", radius: 3)
        svg.label(text, x: tag.x + 6, y: tag.y + 13, class: "viewport-label")
    }

    /// "[x, y, w, h]" with compact numbers.
    static func frameText(_ r: Rect) -> String {
        "[\(svgNumber(r.x)), \(svgNumber(r.y)), \(svgNumber(r.width)), \(svgNumber(r.height))]"
    }
}
