import Foundation
import Testing

/// The report as a person sees it, measured in headless Chromium on a laptop-sized window: a copy of the page
/// gets a script that reads every text label's bounding box, the bars of every distribution and the page's
/// width, and writes them into the DOM that `--dump-dom` prints.
@Suite("layoutbench report, laid out in a browser")
struct ReportLayoutTests {
    /// Reads the laid-out page: overlapping labels per plot, the share of its axis each distribution's bulk (from
    /// its fastest row's 1% point to its slowest row's 99% point, read off the bars) spans, what follows the
    /// heading, and the page's scroll width.
    static let probe = """
        <script>
        (function () {
          const out = { overlaps: [], shares: [], described: [], first: null, firstTop: -1, scrollWidth: 0,
                        innerWidth: 0,
                        plots: 0 };
          const h1 = document.querySelector('h1');
          const first = h1 ? h1.nextElementSibling : null;
          if (first) { out.first = first.id || first.tagName; out.firstTop = first.getBoundingClientRect().top; }
          document.querySelectorAll('svg.lb-plot').forEach(function (svg, index) {
            out.plots += 1;
            const box = svg.getBoundingClientRect();
            const texts = Array.from(svg.querySelectorAll('text')).map(function (t) {
              const r = t.getBoundingClientRect();
              return { text: t.textContent, x0: r.left, x1: r.right, y0: r.top, y1: r.bottom };
            }).filter(function (b) { return b.x1 > b.x0; });
            for (let a = 0; a < texts.length; a++) {
              const A = texts[a];
              if (A.x0 < box.left - 0.5 || A.x1 > box.right + 0.5) {
                out.overlaps.push([index, A.text, 'leaves the plot']);
              }
              for (let b = a + 1; b < texts.length; b++) {
                const B = texts[b];
                const w = Math.min(A.x1, B.x1) - Math.max(A.x0, B.x0);
                const h = Math.min(A.y1, B.y1) - Math.max(A.y0, B.y0);
                if (w > 0.5 && h > 0.5) { out.overlaps.push([index, A.text, B.text]); }
              }
            }
            if (svg.dataset.plot !== 'distribution') { return; }
            // The plot's bulk: from the fastest row's 1% point to the slowest row's 99% point, each read off its
            // bars (the bar where the row's running count passes 1%, and the one where it reaches 99%).
            let lo = Infinity, hi = -Infinity;
            svg.querySelectorAll('g.lb-series').forEach(function (g) {
              const bars = Array.from(g.querySelectorAll('rect.lb-bar')).map(function (r) {
                return { count: +r.dataset.count, box: r.getBoundingClientRect() };
              }).sort(function (p, q) { return p.box.left - q.box.left; });
              // Samples off either end of the axis count too: they are written at its ends, not drawn.
              const below = +g.dataset.below, beyond = +g.dataset.beyond;
              const total = bars.reduce(function (s, b) { return s + b.count; }, below + beyond);
              let seen = below, low = below > total * 0.01 ? bars[0].box.left : null, high = null;
              bars.forEach(function (b) {
                seen += b.count;
                if (low === null && seen > total * 0.01) { low = b.box.left; }
                if (high === null && seen >= total * 0.99) { high = b.box.right; }
              });
              if (high === null && bars.length > 0) { high = bars[bars.length - 1].box.right; }
              if (low !== null) { lo = Math.min(lo, low); hi = Math.max(hi, high); }
            });
            const axis = svg.querySelector('line.lb-baseline').getBoundingClientRect();
            if (hi > lo) {
              out.shares.push((hi - lo) / axis.width);
              out.described.push(svg.getAttribute('aria-label'));
            }
          });
          out.scrollWidth = document.documentElement.scrollWidth;
          out.innerWidth = window.innerWidth;
          const pre = document.createElement('pre');
          pre.id = 'lb-probe';
          pre.textContent = JSON.stringify(out);
          document.body.appendChild(pre);
        })();
        </script>
        """

    struct Probe: Decodable {
        var overlaps: [[Value]]
        var shares: [Double]
        /// Each measured plot's text alternative, for the message of a failure.
        var described: [String]
        var first: String?
        var firstTop: Double
        var scrollWidth: Double
        var innerWidth: Double
        var plots: Int

        enum Value: Decodable, CustomStringConvertible {
            case int(Int)
            case text(String)
            init(from decoder: Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let value = try? container.decode(Int.self) {
                    self = .int(value)
                } else {
                    self = .text(try container.decode(String.self))
                }
            }
            var description: String {
                switch self {
                case .int(let value): return "\(value)"
                case .text(let value): return value
                }
            }
        }
    }

    /// Benches the tiny grid at 1 and 2 threads, two scenarios, into `json`.
    static func bench(spec: String, json: String) throws {
        let result = try CLI.run([
            "bench", spec, "--allow-debug", "--scenarios", "full,query", "--threads", "1,2", "--repetitions", "200",
            "--rounds", "5", "--warmup", "1", "--no-memory", "--json", json,
        ])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(
        "labels do not overlap, every bulk fills most of its axis, the summary comes first, no sideways scroll",
        .timeLimit(.minutes(3)))
    func laidOut() throws {
        guard let chromium = ReportCommandTests.chromium else {
            Issue.record("chromium is not installed: run scripts/setup.sh as root (apt-get install -y chromium)")
            return
        }
        let files = try Workspace()
        let spec = try files.write(TinyBench.grid, to: "grid.yaml")
        let base = files.path("base.json"), head = files.path("head.json")
        try Self.bench(spec: spec, json: base)
        try Self.bench(spec: spec, json: head)
        let output = files.path("report.html")
        let written = try CLI.run(["report", base, head, "-o", output])
        #expect(written.status == 0, "\(written.stderr)")
        let html = try String(contentsOfFile: output, encoding: .utf8)
        // Threads together: one distribution per scenario and run, each with a row per thread count.
        #expect(html.components(separatedBy: "data-plot=\"distribution\"").count - 1 == 4)
        #expect(html.components(separatedBy: "<g class=\"lb-series\"").count - 1 == 8)
        #expect(html.contains("<table class=\"settings\">") && !html.contains("{\"maxSamples\""))

        let probed = files.path("probed.html")
        try html.replacingOccurrences(of: "</body>", with: Self.probe + "</body>")
            .write(toFile: probed, atomically: true, encoding: .utf8)
        let browser = try ReportCommandTests.run([
            "timeout", "60", chromium, "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1366,768",
            "--virtual-time-budget=2000", "--user-data-dir=\(files.path("profile"))", "--dump-dom",
            URL(fileURLWithPath: probed).absoluteString,
        ])
        #expect(browser.status == 0, "chromium exited \(browser.status): \(browser.stderr.suffix(2000))")
        let dom = browser.stdout
        let start = try #require(dom.range(of: "<pre id=\"lb-probe\">"), "\(dom.suffix(2000))")
        let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
        let json = String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
        let probe = try JSONDecoder().decode(Probe.self, from: Data(json.utf8))

        #expect(probe.plots >= 5)
        #expect(probe.overlaps.isEmpty, "\(probe.overlaps.map { $0.map(\.description) })")
        #expect(probe.shares.count == 4)
        for (share, plot) in zip(probe.shares, probe.described) {
            #expect(share >= 0.5, "a bulk spans \(share) of its axis: \(plot)")
        }
        #expect(probe.first == "summary")
        #expect(probe.firstTop < 120, "the summary starts \(probe.firstTop) px down")
        #expect(probe.scrollWidth <= probe.innerWidth, "the page is \(probe.scrollWidth) px wide")
    }
}
