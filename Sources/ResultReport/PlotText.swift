import Foundation
import MarkupText

/// Numbers and escaping for the report's SVG and HTML: deterministic text, always well-formed.
enum PlotText {
    /// A coordinate with at most two decimals, whole numbers without ".0"; non-finite values print as "0".
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let cents = (value * 100).rounded()
        if cents == cents.rounded(.towardZero), cents.truncatingRemainder(dividingBy: 100) == 0 {
            return String(Int64(cents / 100))
        }
        return String(format: "%.2f", cents / 100)
    }

    /// A generous estimate of a text run's width in px in the page's sans-serif font (wide fonts such as DejaVu
    /// Sans average about 0.6 em a character; 0.66 leaves room), for placing labels apart.
    static func width(_ text: String, fontSize: Double) -> Double {
        Double(text.count) * fontSize * 0.66
    }

}

/// The frame every plot shares: a titled, labelled `<svg role="img">` drawn with the page's CSS classes
/// (`lb-*`), so one style sheet with `prefers-color-scheme` colours every plot in light and dark mode.
struct PlotFrame {
    static let width = 640.0
    static let left = 64.0, right = 20.0, top = 30.0, bottom = 40.0

    var height: Double
    var title: String
    var label: String

    var plotWidth: Double { Self.width - Self.left - Self.right }
    var plotBottom: Double { height - Self.bottom }

    /// The `<svg>` element around `body`: `<title>` and `aria-label` name it for screen readers.
    func svg(kind: String, body: String) -> String {
        let w = PlotText.number(Self.width), h = PlotText.number(height)
        return "<svg class=\"lb-plot\" data-plot=\"\(kind)\" role=\"img\" aria-label=\"\(markupEscaped(label))\" "
            + "viewBox=\"0 0 \(w) \(h)\" width=\"\(w)\" height=\"\(h)\">\n"
            + "<title>\(markupEscaped(title))</title>\n"
            + "<text class=\"lb-title\" x=\"\(PlotText.number(Self.left))\" y=\"18\">"
            + "\(markupEscaped(title))</text>\n"
            + body + "</svg>"
    }
}
