/// The look of a picture: one style sheet and the hatch pattern, so each shape only names its class.
/// Element shapes use the class of their category (`cell`, `supplementary`, `decoration`); legend swatches use
/// `key-*` classes, so counting `class="cell"` counts cells.
enum SVGStyle {
    /// The `<defs>` block: style sheet, hatch pattern and the drawing's clip rectangle.
    static func defs(clip: PixelRect) -> String {
        """
        <defs>
        <style>
        text{font-family:'Helvetica Neue',Helvetica,Arial,'DejaVu Sans',sans-serif}
        .bg{fill:#ffffff}
        .band0,.key-band{fill:#f3f4f7}
        .band1{fill:#e8ebf1}
        .gutter-label{fill:#5b6270;font-weight:700}
        .edge{stroke:#9aa1ad;stroke-width:1;stroke-dasharray:2 3}
        .cell,.key-cell{fill:#d5e5ff;stroke:#2f6fde;stroke-width:1}
        .supplementary,.key-supplementary{fill:#ffeccc;fill-opacity:0.92;stroke:#d9822b;stroke-width:1.2;
        stroke-dasharray:4 2}
        .decoration,.key-decoration{fill:#efe7fb;stroke:#b49ae0;stroke-width:1}
        .viewport,.key-viewport{fill:none;stroke:#e0183d;stroke-width:3}
        .scroller{fill:none;stroke:#6f7686;stroke-width:1.2;stroke-dasharray:7 3}
        .cell-label{fill:#1b3d78}
        .supplementary-label{fill:#8a4a06}
        .decoration-label{fill:#6a4fa3;font-style:italic}
        .offscreen-tag{fill:#ffffff;fill-opacity:0.88}
        .beyond{fill:#1b3d78;fill-opacity:0.16}
        .beyond-tag,.key-beyond{fill:#1b3d78}
        .beyond-label{fill:#ffffff;font-size:11px;font-weight:700}
        .screen-label{fill:#5b6270;font-size:12px;font-weight:700}
        .offscreen-label{fill:#3d4350;font-size:11px;font-weight:700}
        .viewport-tag{fill:#e0183d}
        .viewport-label{fill:#ffffff;font-size:12px;font-weight:700}
        .title{fill:#111111;font-size:18px;font-weight:700}
        .subtitle{fill:#444a55;font-size:12px}
        .note{fill:#b3261e;font-size:12px;font-weight:700}
        .diagnostic{fill:#9a5b00;font-size:12px}
        .legend-label{fill:#333944;font-size:12px}
        </style>
        <pattern id="hatch" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="7" height="7" fill="#ffffff" fill-opacity="0.62"/>
        <line x1="0" y1="0" x2="0" y2="7" stroke="#7d8494" stroke-width="1.6"/>
        </pattern>
        <clipPath id="region"><rect x="\(svgNumber(clip.x))" y="\(svgNumber(clip.y))"
        width="\(svgNumber(clip.width))" height="\(svgNumber(clip.height))"/></clipPath>
        </defs>

        """
    }

    /// The fill attribute of hatched ("scrolls sideways") areas.
    static let hatchFill = "fill=\"url(#hatch)\""

    /// Corner radius in px for a shape of this size: `preferred`, or less for small shapes.
    static func radius(_ r: PixelRect, preferred: Double) -> Double {
        max(0, min(preferred, r.width / 4, r.height / 4))
    }

    /// The largest font size (px, in half steps, at most `maximum`) at which `text` fits on one line in `r`,
    /// or nil when that is below `minimum`.
    static func fittingFontSize(_ text: String, in r: PixelRect, maximum: Double, minimum: Double = 6) -> Double? {
        guard !text.isEmpty else { return nil }
        let byWidth = (r.width - 4) / (Double(text.count) * 0.6)
        let size = (min(maximum, r.height * 0.62, byWidth) * 2).rounded(.down) / 2
        return size >= minimum ? size : nil
    }
}
