import CompositionalLayout
import MarkupText

/// Draws a solved compositional layout as an SVG picture: section bands, cells, supplementaries and
/// decorations in paint order, orthogonal scrollers at their full length with the part beyond the container
/// hatched, the viewport, a title and a legend.
///
/// The output is a pure function of the solve output and the options: elements are drawn in a fixed order,
/// numbers are written with at most two decimals, and all text is XML-escaped.
public enum SVGRenderer {
    /// With no section range, layouts with more elements than this draw only their leading sections.
    public static let defaultElementLimit = 5000

    /// The SVG document for `output`.
    ///
    /// - Complexity: O(elements) to choose what to draw, plus O(d log d) for the d drawn elements (at most
    ///   about `options.elementLimit` when no section range is given).
    public static func render(_ output: SolveOutput, options: RenderOptions = RenderOptions()) -> String {
        render(OutputRenderSource(output), options: options)
    }

    /// The SVG document for the layout `source` solves, fetching only the elements it draws.
    ///
    /// - Complexity: O(sections) and the source's element counts to choose what to draw, plus O(d log d) for
    ///   the d drawn elements (at most about `options.elementLimit` when no section range is given).
    public static func render(_ source: some RenderSource, options: RenderOptions = RenderOptions()) -> String {
        let output = source.outline()
        let selection = RenderSelection(source: source, options: options)
        let region = selection.region
        let axis = selection.scrollAxis
        let unscaledScreens = RenderScreens(
            extent: selection.scrollExtent, screen: output.container.length(axis), columns: options.columns,
            limit: options.screenLimit, axis: axis, acrossLength: region.length(axis.other))
        let scale = RenderCanvas.scale(for: unscaledScreens?.pointSize ?? region, options: options)
        let screens = unscaledScreens?.scaled(scale)
        let drawingWidth =
            screens.map { $0.pixelSize.width + (axis == .y ? RenderCanvas.gutter : 0) }
            ?? RenderCanvas.drawingWidth(region: region, scale: scale, scrollAxis: axis)
        let wrapWidth = max(drawingWidth, 360)
        var screensNote: String? = nil
        if let screens, screens.pieces.count < screens.totalScreens {
            screensNote = "showing screens 1–\(screens.pieces.count) of \(screens.totalScreens)"
        }
        let header = RenderHeader(
            output: output, options: options, selection: selection, scale: scale, wrapWidth: wrapWidth,
            screensNote: screensNote)
        let canvas = RenderCanvas(
            region: region, scale: scale, scrollAxis: axis,
            headerSize: (header.width, header.height(wrapWidth: wrapWidth)), screens: screens)

        var svg = SVGBuilder(reservingCapacity: 8192 + selection.elements.count * 192 * (screens == nil ? 1 : 2))
        let width = svgNumber(canvas.width), height = svgNumber(canvas.height)
        svg.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        svg.raw(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
                + "viewBox=\"0 0 \(width) \(height)\">\n")
        svg.raw("<title>\(markupEscaped(options.title ?? output.spec))</title>\n")
        let drawing = canvas.drawing
        svg.raw(
            SVGStyle.defs(
                clip: PixelRect(
                    x: drawing.x - 2, y: drawing.y - 2, width: drawing.width + 4,
                    height: drawing.height + 4)))
        svg.rect(PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height), class: "bg")
        header.draw(into: &svg, x: RenderCanvas.margin, y: RenderCanvas.margin, wrapWidth: wrapWidth)

        guard let screens else {
            drawContent(selection, canvas, output, options: options, along: selection.scrollExtent, into: &svg)
            drawViewport(selection, canvas, output, into: &svg)
            svg.raw("</svg>\n")
            return svg.text
        }
        for (index, piece) in screens.pieces.enumerated() {
            let (dx, dy) = screens.translation(index)
            // The screen's clip, in the unbroken drawing's coordinates (the group's own, before its move).
            let extent = canvas.px(canvas.rect(along: piece, across: selection.crossExtent))
            let clip =
                axis == .y
                ? PixelRect(
                    x: extent.x - RenderCanvas.gutter, y: extent.y, width: extent.width + RenderCanvas.gutter + 2,
                    height: extent.height)
                : PixelRect(
                    x: extent.x, y: extent.y - RenderCanvas.gutter, width: extent.width,
                    height: extent.height + RenderCanvas.gutter + 2)
            svg.raw("<g class=\"screen\" transform=\"translate(\(svgNumber(dx)) \(svgNumber(dy)))\">\n")
            svg.raw(
                "<clipPath id=\"screen-\(index)\"><rect x=\"\(svgNumber(clip.x))\" y=\"\(svgNumber(clip.y))\" "
                    + "width=\"\(svgNumber(clip.width))\" height=\"\(svgNumber(clip.height))\"/></clipPath>\n")
            svg.raw("<g clip-path=\"url(#screen-\(index))\">\n")
            drawContent(selection, canvas, output, options: options, along: piece, into: &svg)
            svg.raw("</g>\n")
            if index == 0 { drawViewport(selection, canvas, output, into: &svg) }
            let axisName = axis == .y ? "y" : "x"
            let span = "\(svgNumber(piece.lowerBound))–\(svgNumber(piece.upperBound))"
            let tag = "screen \(index + 1) · \(axisName) \(span)"
            let tagX = axis == .y ? extent.x : extent.x + 4
            let tagY = axis == .y ? extent.y - 7 : extent.y - 4
            svg.label(tag, x: tagX, y: tagY, class: "screen-label")
            svg.raw("</g>\n")
        }
        svg.raw("</svg>\n")
        return svg.text
    }

    /// Bands, elements, labels and scrollers (or the device's view's markers) of the part of the drawing
    /// `along` covers on the scroll axis.
    /// Complexity: O(d) for the d drawn elements.
    static func drawContent(
        _ selection: RenderSelection, _ canvas: RenderCanvas, _ output: SolveOutput, options: RenderOptions,
        along: ClosedRange<Double>, into svg: inout SVGBuilder
    ) {
        let part = along == selection.scrollExtent ? selection : selection.cut(along: along)
        drawSectionBands(part, canvas, output, into: &svg)
        svg.raw("<g clip-path=\"url(#region)\">\n")
        drawElementShapes(part, canvas, into: &svg)
        if options.showLabels { drawElementLabels(part, canvas, into: &svg) }
        svg.raw("</g>\n")
        if part.deviceView {
            drawScrollMarkers(part, canvas, output, into: &svg)
        } else {
            drawScrollers(part, canvas, output, into: &svg)
        }
    }
}
