import CompositionalLayout

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
        let scale = RenderCanvas.scale(for: region, options: options)
        let header = RenderHeader(output: output, options: options, selection: selection, scale: scale)
        let wrapWidth = max(
            RenderCanvas.drawingWidth(region: region, scale: scale, scrollAxis: selection.scrollAxis),
            header.width, 360)
        let canvas = RenderCanvas(
            region: region, scale: scale, scrollAxis: selection.scrollAxis,
            headerSize: (header.width, header.height(wrapWidth: wrapWidth)))

        var svg = SVGBuilder(reservingCapacity: 8192 + selection.elements.count * 192)
        let width = svgNumber(canvas.width), height = svgNumber(canvas.height)
        svg.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        svg.raw(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
        )
        svg.raw("<title>\(xmlEscaped(options.title ?? output.spec))</title>\n")
        let drawing = canvas.drawing
        svg.raw(
            SVGStyle.defs(
                clip: PixelRect(
                    x: drawing.x - 2, y: drawing.y - 2, width: drawing.width + 4,
                    height: drawing.height + 4)))
        svg.rect(PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height), class: "bg")
        header.draw(into: &svg, x: RenderCanvas.margin, y: RenderCanvas.margin, wrapWidth: wrapWidth)

        drawSectionBands(selection, canvas, output, into: &svg)
        svg.raw("<g clip-path=\"url(#region)\">\n")
        drawElementShapes(selection, canvas, into: &svg)
        if options.showLabels { drawElementLabels(selection, canvas, into: &svg) }
        svg.raw("</g>\n")
        drawScrollers(selection, canvas, output, into: &svg)
        drawViewport(selection, canvas, output, into: &svg)
        svg.raw("</svg>\n")
        return svg.text
    }
}
