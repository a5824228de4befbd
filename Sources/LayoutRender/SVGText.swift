import MarkupText

/// The text of an SVG document: compact numbers, XML escaping (MarkupText) and an append-only buffer. Everything the
/// renderer writes goes through here, so the output is deterministic and always well-formed.

/// Formats a coordinate or length compactly: whole numbers without ".0", otherwise at most two decimals
/// (rounded half away from zero, trailing zeros dropped). Non-finite values print as "0".
func svgNumber(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let clamped = min(max(value, -1e13), 1e13)
    let cents = Int64((clamped * 100).rounded())
    if cents == 0 { return "0" }
    let sign = cents < 0 ? "-" : ""
    let magnitude = cents.magnitude
    let whole = magnitude / 100, fraction = magnitude % 100
    if fraction == 0 { return "\(sign)\(whole)" }
    if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
    return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
}

/// A count with thousands separators ("1,000,000"), for titles.
func groupedCount(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (index, character) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
        out.append(character)
    }
    return value < 0 ? "-" + out : out
}

/// An estimate of a text run's width in px for the sans-serif fonts the renderer asks for; used to decide
/// whether a label fits and to lay out the legend (no font metrics are available to a pure function).
func estimatedTextWidth(_ text: String, fontSize: Double) -> Double {
    Double(text.count) * fontSize * 0.6
}

/// An append-only SVG document under construction.
struct SVGBuilder {
    private(set) var text = ""

    init(reservingCapacity capacity: Int = 0) { text.reserveCapacity(capacity) }

    /// Appends raw markup (already escaped).
    mutating func raw(_ markup: String) { text += markup }

    /// A rectangle in px with a class, optional corner radius, extra attributes and a hover tooltip.
    mutating func rect(
        _ r: PixelRect, class className: String, radius: Double = 0, extra: String = "",
        tooltip: String? = nil
    ) {
        text +=
            "<rect class=\"\(className)\" x=\"\(svgNumber(r.x))\" y=\"\(svgNumber(r.y))\" width=\"\(svgNumber(r.width))\" height=\"\(svgNumber(r.height))\""
        if radius > 0 { text += " rx=\"\(svgNumber(radius))\"" }
        if !extra.isEmpty { text += " " + extra }
        if let tooltip {
            text += "><title>\(markupEscaped(tooltip))</title></rect>\n"
        } else {
            text += "/>\n"
        }
    }

    /// A text run at (x, y) (the baseline), escaped; `anchor` is start, middle or end.
    mutating func label(
        _ content: String, x: Double, y: Double, class className: String, fontSize: Double? = nil,
        anchor: String = "start", extra: String = ""
    ) {
        text += "<text class=\"\(className)\" x=\"\(svgNumber(x))\" y=\"\(svgNumber(y))\""
        if let fontSize { text += " font-size=\"\(svgNumber(fontSize))\"" }
        if anchor != "start" { text += " text-anchor=\"\(anchor)\"" }
        if !extra.isEmpty { text += " " + extra }
        text += ">\(markupEscaped(content))</text>\n"
    }
}

/// A rectangle in SVG px (after translation and scaling).
struct PixelRect: Hashable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var maxX: Double { x + width }
    var maxY: Double { y + height }
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }
}
