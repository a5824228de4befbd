// The server and what it serves: only in a build with the Dashboard trait (README "Optional parts").
#if Dashboard
import BenchResults
import LayoutWatch
import MarkupText
import ResultReport

/// The dashboard's HTML: the page (`/`) and the fragment the page's script fetches to replace its specs in
/// place (`/fragment`). O(specs × scenarios × trend length) per render.
public enum DashboardPage {
    /// The whole page: the fragment inside, and the script that listens on `/events`.
    public static func page(_ specs: [DashboardSpec], version: Int) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>layoutbench watch</title>
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <style>
        \(HTMLReport.css)
        body { font: 14px system-ui, sans-serif; margin: 1.5em; }
        .spec { border: 1px solid #ccc; border-radius: 6px; padding: 1em; margin-bottom: 1em; }
        .spec img { max-width: 320px; max-height: 480px; border: 1px solid #eee; float: right; margin-left: 1em; }
        .error { color: #a00; font-family: ui-monospace, monospace; white-space: pre-wrap; }
        table { border-collapse: collapse; } td, th { padding: 2px 8px; text-align: right; }
        .slower { color: #a00; } .faster { color: #070; } .spec::after { content: ""; display: block; clear: both; }
        </style></head>
        <body><h1>layoutbench watch</h1>
        <p id="status">live: the page updates itself when a save is solved and when its run ends</p>
        <main id="specs" data-version="\(version)">\(fragment(specs))</main>
        <script>
        (function () {
          const main = document.getElementById('specs');
          let refreshes = 0;
          async function refresh() {
            const response = await fetch('/fragment', { cache: 'no-store' });
            if (!response.ok) return;
            main.innerHTML = await response.text();
            refreshes += 1;
            main.dataset.refreshed = String(refreshes);
          }
          const events = new EventSource('/events');
          events.addEventListener('open', refresh);
          events.addEventListener('run', refresh);
          events.addEventListener('invalid', refresh);
          events.addEventListener('picture', refresh);
          events.addEventListener('error', function () {
            document.getElementById('status').textContent = 'disconnected: retrying';
          });
        })();
        </script></body></html>
        """
    }

    /// Every spec, in the order they were first run.
    public static func fragment(_ specs: [DashboardSpec]) -> String {
        if specs.isEmpty { return "<p class=\"empty\">no run yet</p>" }
        return specs.map(section).joined(separator: "\n")
    }

    static func section(_ spec: DashboardSpec) -> String {
        var html = "<section class=\"spec\" id=\"spec-\(spec.index)\" data-status=\"\(spec.last.status.rawValue)\">"
        html += "<h2>\(markupEscaped(spec.name))</h2>"
        if spec.pictureSVG != nil {
            let tag = spec.pictureTag
            html +=
                "<img src=\"/spec/\(spec.index).svg?v=\(markupEscaped(tag))\" "
                + "alt=\"the layout of \(markupEscaped(spec.name))\">"
        }
        html += "<p>last run \(markupEscaped(spec.last.time)): <strong>\(spec.last.status.rawValue)</strong></p>"
        if spec.last.status != .ok, let error = spec.last.error {
            html += "<p class=\"error\" data-location=\"\(markupEscaped(location(error, name: spec.name)))\">"
            html += markupEscaped(location(error, name: spec.name)) + ": " + markupEscaped(error.message) + "</p>"
            if spec.lastOK != nil { html += "<p>the last good results:</p>" }
        }
        if let ok = spec.lastOK, let results = ok.results {
            html += "<table><tr><th>scenario</th><th>items</th><th>median</th><th>p99</th><th>change</th></tr>"
            for summary in results {
                let change = summary.change.map {
                    "<td class=\"\($0.verdict.rawValue)\">\($0.verdict.rawValue) ×\(format($0.ratio))</td>"
                }
                html +=
                    "<tr><td>\(markupEscaped(DashboardState.key(summary)))</td><td>\(summary.items)</td>"
                    + "<td>\(BenchFormat.duration(ns: summary.summaryNs.median))</td>"
                    + "<td>\(BenchFormat.duration(ns: summary.summaryNs.p99))</td>"
                    + (change ?? "<td>first run</td>") + "</tr>"
            }
            html += "</table>"
        }
        for key in spec.medians.keys.sorted() {
            let medians = spec.medians[key] ?? []
            guard medians.count > 1 else { continue }
            // The same change points as `history` and the report (E-Divisive means over the run medians).
            let changes = ChangePointDetector().detect(medians.map(Double.init))
            let shifts = Dictionary(uniqueKeysWithValues: changes.map { ($0.index, $0.relativeShift) })
            let points = medians.enumerated().map { offset, median in
                TrendPlot.Point(
                    label: "#\(offset + 1)", medianNs: median, regression: false,
                    change: shifts[offset].map { shift in (shift, "#\(offset + 1)") })
            }
            html += TrendPlot(points: points, title: key).svg
        }
        return html + "</section>"
    }

    /// `file:line:col` of an error (the relative name when it points at the spec itself).
    static func location(_ error: RecordedError, name: String) -> String {
        var text = name
        if let line = error.line {
            text += ":\(line)"
            if let column = error.column { text += ":\(column)" }
        }
        return text
    }

    static func format(_ ratio: Double) -> String {
        let hundredths = (ratio * 100).rounded()
        return "\(Int(hundredths) / 100).\(String(format2: Int(hundredths) % 100))"
    }

}

extension String {
    fileprivate init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}
#endif
