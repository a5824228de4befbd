import CompositionalLayout

/// The top of a picture: the title (spec name), a line of facts (content size, container, scroll direction,
/// counts, scale), what part is shown, the first diagnostics, and the legend.
struct RenderHeader {
    private struct Line {
        var text: String
        var className: String
        var fontSize: Double
        var height: Double
    }

    private struct LegendEntry {
        var swatchClass: String
        var label: String
        var hatched = false
    }

    private static let maxDiagnostics = 3
    private static let legendRow = 20.0
    private static let swatchWidth = 22.0

    private var lines: [Line] = []
    private var legend: [LegendEntry] = []

    /// Lines longer than `wrapWidth` px (the drawing's width, or 360) wrap, so the header never makes the
    /// picture wider than its drawing.
    init(
        output: SolveOutput, options: RenderOptions, selection: RenderSelection, scale: Double, wrapWidth: Double,
        screensNote: String? = nil
    ) {
        let vertical = selection.scrollAxis == .y
        lines.append(Line(text: options.title ?? output.spec, className: "title", fontSize: 18, height: 24))
        var facts: [String] = []
        if options.title != nil { facts.append("spec \(output.spec)") }
        facts.append("content \(svgNumber(output.contentSize.width))×\(svgNumber(output.contentSize.height)) pt")
        facts.append("container \(svgNumber(output.container.width))×\(svgNumber(output.container.height))")
        facts.append(vertical ? "scrolls vertically" : "scrolls horizontally")
        let sectionCount = selection.sectionCount
        facts.append("\(groupedCount(sectionCount)) section\(sectionCount == 1 ? "" : "s")")
        let elementCount = selection.elementCount
        facts.append("\(groupedCount(elementCount)) element\(elementCount == 1 ? "" : "s")")
        if scale != 1 { facts.append("scale \(svgNumber(scale))") }
        facts.append(selection.deviceView ? "device's view" : "whole extent")
        for text in Self.wrapped(facts, separator: " · ", width: wrapWidth, fontSize: 12) {
            lines.append(Line(text: text, className: "subtitle", fontSize: 12, height: 18))
        }
        if let note = selection.note {
            for text in Self.wrapped(note.split(separator: " ").map(String.init), separator: " ", width: wrapWidth) {
                lines.append(Line(text: text, className: "note", fontSize: 12, height: 18))
            }
        }
        if let screensNote { lines.append(Line(text: screensNote, className: "note", fontSize: 12, height: 18)) }
        for diagnostic in output.diagnostics.prefix(Self.maxDiagnostics) {
            let place = diagnostic.section < 0 ? "layout" : "section \(diagnostic.section)"
            let words = "⚠ \(place): \(diagnostic.message)".split(separator: " ").map(String.init)
            for text in Self.wrapped(words, separator: " ", width: wrapWidth) {
                lines.append(Line(text: text, className: "diagnostic", fontSize: 12, height: 18))
            }
        }
        if output.diagnostics.count > Self.maxDiagnostics {
            let more = output.diagnostics.count - Self.maxDiagnostics
            lines.append(
                Line(
                    text: "⚠ and \(more) more diagnostic\(more == 1 ? "" : "s")", className: "diagnostic",
                    fontSize: 12, height: 18))
        }
        legend = [
            LegendEntry(swatchClass: "key-cell", label: "cell (section.item)"),
            LegendEntry(swatchClass: "key-supplementary", label: "supplementary (kind)"),
            LegendEntry(swatchClass: "key-decoration", label: "decoration"),
            LegendEntry(swatchClass: "key-viewport", label: "viewport (container)"),
            LegendEntry(swatchClass: "key-band", label: "section (s0, s1, …)"),
        ]
        if !selection.markers.isEmpty {
            legend.append(
                LegendEntry(swatchClass: "key-beyond", label: "more beyond the edge (items · points)"))
        } else if !selection.sections.allSatisfy({ $0.orthogonalContentSize == nil }) {
            legend.append(
                LegendEntry(
                    swatchClass: "key-band",
                    label: vertical ? "scrolls sideways" : "scrolls vertically", hatched: true))
        }
    }

    /// `chunks` joined by `separator` into lines of at most `width` px (a chunk longer than that on its own).
    /// Complexity: O(chunks).
    static func wrapped(_ chunks: [String], separator: String, width: Double, fontSize: Double = 12) -> [String] {
        var lines: [String] = []
        var line = ""
        for chunk in chunks {
            let candidate = line.isEmpty ? chunk : line + separator + chunk
            if !line.isEmpty, estimatedTextWidth(candidate, fontSize: fontSize) > width {
                lines.append(line)
                line = chunk
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The widest title line, in px (the legend wraps instead).
    var width: Double {
        lines.map { estimatedTextWidth($0.text, fontSize: $0.fontSize) * ($0.className == "title" ? 1.05 : 1) }
            .max() ?? 0
    }

    /// The header's height in px when the legend wraps at `wrapWidth`.
    func height(wrapWidth: Double) -> Double {
        lines.reduce(0) { $0 + $1.height } + 6 + Double(legendPlacement(wrapWidth: wrapWidth).rows) * Self.legendRow
    }

    /// Writes the header with its top-left corner at (x, y).
    func draw(into svg: inout SVGBuilder, x: Double, y: Double, wrapWidth: Double) {
        var baseline = y
        for line in lines {
            baseline += line.height
            svg.label(line.text, x: x, y: baseline - (line.height - line.fontSize) / 2, class: line.className)
        }
        let top = baseline + 6
        let placement = legendPlacement(wrapWidth: wrapWidth)
        for (entry, spot) in zip(legend, placement.spots) {
            let swatch = PixelRect(
                x: x + spot.x, y: top + Double(spot.row) * Self.legendRow + 3,
                width: Self.swatchWidth, height: 13)
            svg.rect(swatch, class: entry.swatchClass, radius: entry.swatchClass == "key-viewport" ? 0 : 3)
            if entry.hatched { svg.rect(swatch, class: "key-offscreen", extra: SVGStyle.hatchFill) }
            svg.label(entry.label, x: swatch.maxX + 6, y: swatch.y + 11, class: "legend-label")
        }
    }

    /// Where each legend entry goes: its x offset and row, flowing left to right and wrapping at `wrapWidth`.
    private func legendPlacement(wrapWidth: Double) -> (spots: [(x: Double, row: Int)], rows: Int) {
        var spots: [(x: Double, row: Int)] = []
        var x = 0.0, row = 0
        for entry in legend {
            let width = Self.swatchWidth + 6 + estimatedTextWidth(entry.label, fontSize: 12) + 18
            if x > 0, x + width > wrapWidth { x = 0; row += 1 }
            spots.append((x, row))
            x += width
        }
        return (spots, legend.isEmpty ? 0 : row + 1)
    }
}
