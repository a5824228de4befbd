import MarkupText

/// A text label placed in a lane above a plot row: its box is known before drawing (estimated from the text),
/// so labels are placed where they overlap nothing.
struct PlacedLabel: Hashable {
    var text: String
    var className: String
    var lane: Int
    /// The box's left and right edges, in the SVG's user units.
    var x0: Double
    var x1: Double
    var tooltip: String?

    /// A `<text>` at baseline `y`, its box starting at `x0`.
    func svg(y: Double) -> String {
        "<text class=\"\(className)\" x=\"\(PlotText.number(x0))\" y=\"\(PlotText.number(y))\">"
            + (tooltip.map { "<title>\(markupEscaped($0))</title>" } ?? "") + "\(markupEscaped(text))</text>\n"
    }
}

/// Lanes of labels: each label goes into the first lane where its box, kept within [left, right], overlaps no
/// label already there (with a gap), so no two labels ever overlap; a new lane opens when every lane is taken.
/// Complexity: O(labels²), a handful per row.
struct LabelLanes {
    static let fontSize = 11.0
    static let gap = 6.0
    static let laneHeight = 14.0

    let left: Double
    let right: Double
    private(set) var placed: [PlacedLabel] = []

    init(left: Double, right: Double) { self.left = left; self.right = right }

    /// Places `text` with its right edge at `x`; when that would start before `left`, on the other side of `x`
    /// instead (its mark, a line at x, is then not written over), within [left, right].
    mutating func place(_ text: String, className: String, endingAt x: Double, tooltip: String? = nil) {
        let width = PlotText.width(text, fontSize: Self.fontSize)
        let x0 = x - width >= left ? x - width : min(x + 6, right - width)
        add(text, className: className, x0: max(left, x0), width: width, tooltip: tooltip)
    }

    /// Places `text` with its left edge at `x`; when that would end past `right`, on the other side of `x`
    /// instead, within [left, right].
    mutating func place(_ text: String, className: String, startingAt x: Double, tooltip: String? = nil) {
        let width = PlotText.width(text, fontSize: Self.fontSize)
        let x0 = x + width <= right ? x : max(left, x - 6 - width)
        add(text, className: className, x0: min(x0, right - width), width: width, tooltip: tooltip)
    }

    private mutating func add(_ text: String, className: String, x0: Double, width: Double, tooltip: String?) {
        var lane = 0
        while placed.contains(where: { $0.lane == lane && $0.x0 < x0 + width + Self.gap && x0 < $0.x1 + Self.gap }) {
            lane += 1
        }
        placed.append(
            PlacedLabel(text: text, className: className, lane: lane, x0: x0, x1: x0 + width, tooltip: tooltip))
    }
}
