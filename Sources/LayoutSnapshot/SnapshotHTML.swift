import Foundation
import MarkupText
import ResultReport

/// `snapshot check --report FILE.html`: one self-contained page (no scripts, no network, no external styles)
/// in the style of `layoutbench report` (its style sheet, light and dark). Per layout: a line per
/// configuration; per changed configuration its counts, its picture (`SnapshotPicture`: old and new frames
/// over each other) and its largest changes.
public struct SnapshotHTML: Sendable {
    public var checks: [LayoutCheck]
    public var largest: Int
    public var picture = SnapshotPicture()

    public init(checks: [LayoutCheck], largest: Int = 5) {
        self.checks = checks
        self.largest = largest
    }

    /// The page. Complexity: O(elements) per changed configuration drawn.
    public var html: String {
        let failed = checks.filter(\.failed).count
        let title = "layoutbench snapshot check: " + (failed == 0 ? "all match" : "\(failed) changed")
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"color-scheme\" content=\"light dark\">\n"
        out +=
            "<title>\(markupEscaped(title))</title>\n<style>\n\(HTMLReport.css)\(Self.css)</style>\n</head>\n<body>\n"
        out += "<h1>\(markupEscaped(title))</h1>\n"
        out += "<p class=\"lb-legend\"><span class=\"lb-key-old\">old frame (the golden)</span> "
        out += "<span class=\"lb-key-new\">new frame (solved now)</span> "
        out += "<span class=\"lb-key-same\">unchanged</span></p>\n"
        for (index, check) in checks.enumerated() { out += section(check, index: index) }
        return out + "</body>\n</html>\n"
    }

    func section(_ check: LayoutCheck, index: Int) -> String {
        var out = "<section id=\"layout-\(index)\" data-layout=\"\(markupEscaped(check.source))\">\n"
        out += "<h2>\(markupEscaped(check.layout)) <small>\(markupEscaped(check.source))</small></h2>\n"
        out += "<p class=\"note\">\(markupEscaped(SnapshotText.lines(check, largest: 0).first ?? ""))</p>\n"
        out += "<table>\n<thead><tr><th scope=\"col\">configuration</th><th scope=\"col\">result</th>"
        out += "<th scope=\"col\">moved</th><th scope=\"col\">resized</th><th scope=\"col\">appeared</th>"
        out += "<th scope=\"col\">vanished</th></tr></thead>\n<tbody>\n"
        for configuration in check.configurations {
            let diff = configuration.diff
            let cells = [diff?.moved, diff?.resized, diff?.appeared, diff?.vanished].map { $0.map(String.init) ?? "" }
            out += "<tr class=\"lb-row-\(configuration.status.rawValue)\"><td>\(markupEscaped(configuration.id))</td>"
            let result = SnapshotMarkdown.result(configuration, outcome: check.outcome)
            let plain = result.replacingOccurrences(of: "**", with: "")
            out +=
                plain == result
                ? "<td>\(markupEscaped(plain))</td>" : "<td><strong>\(markupEscaped(plain))</strong></td>"
            out += cells.map { "<td>\($0)</td>" }.joined() + "</tr>\n"
        }
        out += "</tbody>\n</table>\n"
        for configuration in check.configurations where configuration.status == .changed {
            guard let diff = configuration.diff else { continue }
            let new = configuration.new
            let container = configuration.configuration.container
            let horizontal =
                (new?.contentSize.width ?? 0) > container.width + 0.5
                && (new?.contentSize.height ?? 0) <= container.height + 0.5
            out += "<figure class=\"lb-change\" data-configuration=\"\(markupEscaped(configuration.id))\">\n"
            var caption = "\(configuration.id): \(SnapshotText.summary(diff))"
            if let drawn = picture.svg(configuration, horizontal: horizontal) {
                out += drawn.svg + "\n"
                if drawn.leftOut > 0 { caption += " (\(drawn.leftOut) unchanged elements in the span not drawn)" }
            }
            out += "<figcaption>\(markupEscaped(caption))</figcaption>\n<ul class=\"lb-changes\">\n"
            for change in diff.largest(largest) {
                out += "<li><code>\(markupEscaped(SnapshotText.describe(change)))</code></li>\n"
            }
            let more = diff.changes.count - min(largest, diff.changes.count)
            if more > 0 { out += "<li>… and \(more) more</li>\n" }
            out += "</ul>\n</figure>\n"
        }
        return out + "</section>\n"
    }

    /// The picture's colours, light and dark, beside the report's own style sheet.
    static let css = """
        :root{--snap-old:#c62828;--snap-new:#1565c0;--snap-same:#9aa1ad;--snap-canvas:#ffffff}
        @media (prefers-color-scheme: dark){:root{--snap-old:#ff6b6b;--snap-new:#7aa7ff;--snap-same:#6b7280;
        --snap-canvas:#1d1f24}}
        .lb-snapshot{max-width:100%;height:auto;border:1px solid var(--grid);display:block}
        .lb-snapshot .lb-canvas{fill:var(--snap-canvas)}
        .lb-snapshot .lb-same{fill:none;stroke:var(--snap-same);stroke-width:0.5;opacity:0.45}
        .lb-snapshot .lb-old{fill:var(--snap-old);fill-opacity:0.08;stroke:var(--snap-old);stroke-width:1.5;
        stroke-dasharray:4 3}
        .lb-snapshot .lb-new{fill:var(--snap-new);fill-opacity:0.15;stroke:var(--snap-new);stroke-width:1.5}
        .lb-snapshot .lb-label{fill:var(--fg);font-size:10px;font-family:ui-monospace,monospace}
        .lb-change{display:block;margin:16px 0}.lb-changes{font-size:13px}
        .lb-legend span{margin-right:16px;padding-left:18px;position:relative}
        .lb-legend span::before{content:"";position:absolute;left:0;top:2px;width:12px;height:12px}
        .lb-key-old::before{border:2px dashed var(--snap-old)}.lb-key-new::before{border:2px solid var(--snap-new)}
        .lb-key-same::before{border:1px solid var(--snap-same)}
        tr.lb-row-changed td,tr.lb-row-notRecorded td,tr.lb-row-notInMatrix td{color:var(--slower)}
        h2 small{color:var(--muted);font-weight:normal;font-size:13px}

        """
}
