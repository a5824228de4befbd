import CompositionalLayout
import MarkupText

/// One changed configuration drawn once, as SVG: the golden's frames and the frames solved now over each
/// other, the changed elements marked (the old frame dashed, the new one solid; an element that appeared
/// drawn new only, one that vanished old only) and the unchanged ones faint. The drawing covers the span of
/// the changes along the scroll axis and the whole container across, scaled to fit `maxWidth` ×
/// `maxHeight` pixels. Each changed element is a `<g class="lb-changed" data-element="cell 2.3">`, so a
/// browser's DOM says which elements were drawn as changed. Colours come from CSS classes the page styles
/// for light and dark (`SnapshotHTML`).
public struct SnapshotPicture: Sendable {
    public var maxWidth = 420.0
    public var maxHeight = 900.0
    /// The most unchanged elements drawn faint; beyond it they are left out and the caption says so.
    public var unchangedLimit = 4_000

    public init() {}

    /// The SVG of `check` (a changed configuration), or nil when it has no diff to draw.
    /// - Complexity: O(elements) to find the unchanged ones in the span, O(changes) to draw the rest.
    public func svg(_ check: ConfigurationCheck, horizontal: Bool = false) -> (svg: String, leftOut: Int)? {
        guard let diff = check.diff, !diff.changes.isEmpty, let new = check.new else { return nil }
        let container = check.configuration.container
        let changed = diff.changes.flatMap { [$0.old, $0.new].compactMap { $0 } }
        var box = changed.dropFirst().reduce(changed[0]) { union($0, $1) }
        let margin = 24.0
        if horizontal {
            box = union(box, Rect(x: box.x, y: 0, width: box.width, height: container.height))
            box.x = max(0, box.x - margin)
            box.width += 2 * margin
        } else {
            box = union(box, Rect(x: 0, y: box.y, width: container.width, height: box.height))
            box.y = max(0, box.y - margin)
            box.height += 2 * margin
        }
        let scale = min(maxWidth / max(box.width, 1), maxHeight / max(box.height, 1), 2)
        let width = (box.width * scale).rounded(.up), height = (box.height * scale).rounded(.up)
        func frame(_ r: Rect) -> String {
            let x = (r.x - box.x) * scale, y = (r.y - box.y) * scale
            return "x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(max(r.width * scale, 0.5)))\" "
                + "height=\"\(n(max(r.height * scale, 0.5)))\""
        }
        let label = "\(check.id): \(SnapshotText.summary(diff))"
        var out = "<svg class=\"lb-snapshot\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" "
        out += "height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" "
        out += "aria-label=\"\(markupEscaped(label))\">\n"
        out += "<rect class=\"lb-canvas\" x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\"/>\n"
        let changedKeys = Set(diff.changes.map(\.key))
        var drawn = 0, leftOut = 0
        for element in new.elements where !changedKeys.contains(element.key) && element.frame.intersects(box) {
            guard drawn < unchangedLimit else {
                leftOut += 1
                continue
            }
            out += "<rect class=\"lb-same lb-\(element.key.category.rawValue)\" \(frame(element.frame))/>\n"
            drawn += 1
        }
        for change in diff.changes {
            let name = SnapshotText.label(change.key)
            let kind = change.old == nil ? "lb-appeared" : change.new == nil ? "lb-vanished" : "lb-moved"
            out += "<g class=\"lb-changed \(kind)\" data-element=\"\(markupEscaped(name))\">"
            out += "<title>\(markupEscaped(SnapshotText.describe(change)))</title>"
            if let old = change.old { out += "<rect class=\"lb-old\" \(frame(old))/>" }
            if let new = change.new { out += "<rect class=\"lb-new\" \(frame(new))/>" }
            // The index path inside the frame it has now (or had), where it fits.
            if let place = change.new ?? change.old, place.width * scale >= 28, place.height * scale >= 14 {
                let x = (place.x - box.x) * scale + 3, y = (place.y - box.y) * scale + 12
                out += "<text class=\"lb-label\" x=\"\(n(x))\" y=\"\(n(y))\">"
                out += "\(change.key.section).\(change.key.item)</text>"
            }
            out += "</g>\n"
        }
        return (out + "</svg>", leftOut)
    }

    func union(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        let x1 = max(a.x + a.width, b.x + b.width), y1 = max(a.y + a.height, b.y + b.height)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// A pixel coordinate with at most two decimals.
    func n(_ value: Double) -> String { SnapshotText.short(value) }

}
