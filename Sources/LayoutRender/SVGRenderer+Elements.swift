import CompositionalLayout

/// Cells, supplementaries and decorations: shapes in paint order, then their labels on top.
extension SVGRenderer {
    /// One shape per drawn element, each with a tooltip giving its key, frame and zIndex.
    static func drawElementShapes(_ selection: RenderSelection, _ canvas: RenderCanvas, into svg: inout SVGBuilder) {
        for element in selection.elements {
            let r = canvas.px(element.frame)
            let tooltip = "\(elementName(element)) · \(frameText(element.frame)) · z\(element.zIndex)"
            switch element.category {
            case .cell:
                svg.rect(r, class: "cell", radius: SVGStyle.radius(r, preferred: 6), tooltip: tooltip)
            case .supplementary:
                svg.rect(r, class: "supplementary", radius: SVGStyle.radius(r, preferred: 4), tooltip: tooltip)
            case .decoration:
                svg.rect(r, class: "decoration", radius: SVGStyle.radius(r, preferred: 10), tooltip: tooltip)
            }
        }
    }

    /// Labels over the shapes: "s.i" centred in cells, the kind (with the index path when it fits) centred in
    /// supplementaries, the kind in a decoration's top-trailing corner. A label that would not fit is left out.
    static func drawElementLabels(_ selection: RenderSelection, _ canvas: RenderCanvas, into svg: inout SVGBuilder) {
        for element in selection.elements {
            let r = canvas.px(element.frame)
            switch element.category {
            case .cell:
                let text = "\(element.section).\(element.item)"
                if let fit = fitLabel([text], in: r, preferred: 14) {
                    svg.centredLabel(fit, in: r, class: "cell-label")
                }
            case .supplementary:
                let kind = element.kind ?? "supplementary"
                // Layout-wide items (section −1) are named by their kind alone.
                let candidates = element.section < 0 ? [kind] : ["\(kind) \(element.section).\(element.item)", kind]
                if let fit = fitLabel(candidates, in: r, preferred: 10) {
                    svg.centredLabel(fit, in: r, class: "supplementary-label")
                }
            case .decoration:
                let text = element.kind ?? "decoration"
                let corner = PixelRect(x: r.x, y: r.y, width: r.width - 4, height: min(r.height, 12))
                if r.height >= 12, let size = SVGStyle.fittingFontSize(text, in: corner, maximum: 10, minimum: 7) {
                    svg.label(
                        text, x: r.maxX - 6, y: r.y + 2 + size, class: "decoration-label", fontSize: size,
                        anchor: "end")
                }
            }
        }
    }

    /// The first candidate that fits `r` at the preferred size (flat, or turned when `r` is tall); otherwise
    /// the candidate and orientation giving the largest size of at least 6 px. Nil when none fits.
    static func fitLabel(_ candidates: [String], in r: PixelRect, preferred: Double) -> LabelFit? {
        let turned = PixelRect(x: r.x, y: r.y, width: r.height, height: r.width)
        let tall = r.height > r.width
        for text in candidates {
            if SVGStyle.fittingFontSize(text, in: r, maximum: preferred, minimum: preferred) != nil {
                return LabelFit(text: text, size: preferred, turned: false)
            }
            if tall, SVGStyle.fittingFontSize(text, in: turned, maximum: preferred, minimum: preferred) != nil {
                return LabelFit(text: text, size: preferred, turned: true)
            }
        }
        var best: LabelFit? = nil
        for text in candidates {
            if let size = SVGStyle.fittingFontSize(text, in: r, maximum: preferred), size > (best?.size ?? 0) {
                best = LabelFit(text: text, size: size, turned: false)
            }
            if tall, let size = SVGStyle.fittingFontSize(text, in: turned, maximum: preferred), size > (best?.size ?? 0)
            {
                best = LabelFit(text: text, size: size, turned: true)
            }
        }
        return best
    }

    /// How a tooltip names an element: "cell 0.3", "supplementary header 0.0", "decoration background 1.0".
    static func elementName(_ element: LayoutElement) -> String {
        let path = "\(element.section).\(element.item)"
        switch element.category {
        case .cell: return "cell \(path)"
        case .supplementary: return "supplementary \(element.kind ?? "?") \(path)"
        case .decoration: return "decoration \(element.kind ?? "?") \(path)"
        }
    }
}

/// A label chosen to fit a shape: its text, font size in px, and whether it reads bottom to top.
struct LabelFit: Hashable {
    var text: String
    var size: Double
    var turned: Bool
}

extension SVGBuilder {
    /// Writes a fitted label centred in `r`, turned a quarter counter-clockwise when the fit says so.
    mutating func centredLabel(_ fit: LabelFit, in r: PixelRect, class className: String) {
        let turn = fit.turned ? "transform=\"rotate(-90 \(svgNumber(r.midX)) \(svgNumber(r.midY)))\"" : ""
        label(
            fit.text, x: r.midX, y: r.midY + fit.size * 0.35, class: className, fontSize: fit.size,
            anchor: "middle", extra: turn)
    }
}
