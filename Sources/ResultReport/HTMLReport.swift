import BenchResults
import Foundation
import MarkupText

/// One self-contained HTML page of bench results: no network, no scripts, no external styles or fonts, so
/// it opens from disk and can be attached to a CI run. Per spec: its picture, a distribution plot per
/// scenario and thread count, base against head when two results are given, the stored trend when a store
/// is given; then the machine, toolchain, commit and settings of every run.
public struct HTMLReport: Sendable {
    /// A result file and the path it was read from.
    public struct Run: Sendable {
        public var path: String
        public var report: BenchReport
        public init(path: String, report: BenchReport) { self.path = path; self.report = report }
    }

    /// A spec's picture: the SVG `layoutbench render` draws, or why there is none.
    public enum Picture: Sendable {
        case svg(String)
        case missing(String)
    }

    public var runs: [Run]
    /// By spec name.
    public var pictures: [String: Picture] = [:]
    /// Base (the first run) against head (the second), when two runs are given; or a comparison read from a
    /// file that `ab` or `compare` exported (`--export-json`), with any number of runs.
    public var comparison: ComparisonReport?
    /// Why there is no comparison although two runs were given.
    public var comparisonNote: String?
    /// By spec name: one trend per scenario and thread count.
    public var trends: [String: [TrendPlot]] = [:]
    public var notes: [String] = []

    public init(runs: [Run]) { self.runs = runs }

    /// Spec names in the order the runs first name them.
    public var specNames: [String] {
        var seen = Set<String>(), names: [String] = []
        for run in runs {
            for name in run.report.specs.map(\.name) + run.report.results.map(\.spec) where seen.insert(name).inserted {
                names.append(name)
            }
        }
        // A comparison read from a file (`ab` or `compare --export-json`) may name specs no run has.
        for name in comparison?.comparisons.map(\.spec) ?? [] where seen.insert(name).inserted { names.append(name) }
        return names
    }

    /// Every plot's `<svg>`, in page order: what `html` embeds (tests count them).
    public var plotCount: Int { html.components(separatedBy: "<svg class=\"lb-plot\"").count - 1 }

    /// Whether distribution plots use a linear or a log time axis (`auto`: log where the tail matters).
    public var axisScale: DistributionPlot.AxisScale = .auto

    /// The page: the summary table first, then the overview of every scenario, then per spec its picture, the
    /// comparison, the trends and each run's distributions, then the runs' settings.
    /// - Complexity: O(n log n) in the samples of all runs (each plot sorts its samples).
    public var html: String {
        var out =
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            + "<meta name=\"color-scheme\" content=\"light dark\">\n"
            + "<title>\(markupEscaped(pageTitle))</title>\n<style>\n\(Self.css)</style>\n</head>\n<body>\n"
            + "<h1>\(markupEscaped(pageTitle))</h1>\n"
        if let last = runs.indices.last {
            out += SummaryTable.html(run: runs[last], runName: runName(last), comparison: comparison)
        }
        for note in notes { out += "<p class=\"note\">\(markupEscaped(note))</p>\n" }
        out += overviewHTML()
        for (index, spec) in specNames.enumerated() {
            out += "<section id=\"spec-\(index)\">\n<h2>\(markupEscaped(spec))</h2>\n"
            out += pictureHTML(spec, index: index)
            out += comparisonHTML(spec)
            if let plots = trends[spec], !plots.isEmpty {
                out += "<div class=\"plots\">\n"
                for plot in plots { out += Self.figure(plot.svg, caption: plot.textAlternative) }
                out += "</div>\n"
            }
            for runIndex in runs.indices {
                let plots = distributionPlots(spec: spec, run: runIndex)
                guard !plots.isEmpty else { continue }
                if runs.count > 1 { out += "<h3>\(markupEscaped(runName(runIndex)))</h3>\n" }
                out += "<div class=\"plots\">\n"
                for (scenario, plot) in plots {
                    var id = "scenario-\(SummaryTable.anchor(spec, scenario))"
                    if runIndex != runs.count - 1 { id += "-run-\(runIndex + 1)" }
                    out += Self.figure(plot.svg, caption: plot.textAlternative, id: id)
                }
                out += "</div>\n"
            }
            out += "</section>\n"
        }
        out += runsTable() + "</body>\n</html>\n"
        return out
    }

    /// One plot per scenario of `spec` in run `run`, its thread counts as rows, in scenario order.
    func distributionPlots(spec: String, run: Int) -> [(scenario: String, plot: DistributionPlot)] {
        let results = runs[run].report.results.filter { $0.spec == spec }.sorted { $0.key < $1.key }
        var scenarios: [String] = []
        for result in results where !scenarios.contains(result.scenario) { scenarios.append(result.scenario) }
        return scenarios.map { scenario in
            let rows = results.filter { $0.scenario == scenario }
            let title = scenario + (runs.count > 1 ? " · \(runName(run))" : "")
            let plot = DistributionPlot(
                series: rows.map { (label: "\($0.threads) thr", samples: $0.samplesNs) }, title: title,
                axis: axisScale)
            return (scenario, plot)
        }
    }

    /// Small multiples of the newest run: one card per spec and scenario, linked to its full plot.
    func overviewHTML() -> String {
        guard let last = runs.indices.last else { return "" }
        var cards: [String] = []
        for spec in specNames {
            for (scenario, plot) in distributionPlots(spec: spec, run: last) {
                let title = specNames.count > 1 ? "\(spec) · \(scenario)" : scenario
                let link = "scenario-\(SummaryTable.anchor(spec, scenario))"
                cards.append(OverviewPlot(plot: plot, title: title, link: link).svg)
            }
        }
        guard cards.count > 1 else { return "" }
        return "<section id=\"overview\">\n<h2>Every scenario at a glance</h2>\n<div class=\"overview\">\n"
            + cards.joined(separator: "\n") + "\n</div>\n</section>\n"
    }

    var pageTitle: String {
        "layoutbench report: " + specNames.joined(separator: ", ")
    }

    func runName(_ index: Int) -> String {
        let run = runs[index]
        let role = runs.count == 2 ? (index == 0 ? "base" : "head") : "run \(index + 1)"
        return "\(role): \(run.report.label ?? URL(fileURLWithPath: run.path).lastPathComponent)"
    }

    /// The picture at a readable size; a click (a checkbox and its label: the page has no script) opens it at
    /// full size over the page, another click closes it.
    func pictureHTML(_ spec: String, index: Int) -> String {
        switch pictures[spec] {
        case .svg(let svg)?:
            // An <img> of a data: URL keeps the picture's own style sheet and ids out of the page's.
            let data = Data(svg.utf8).base64EncodedString()
            return "<figure class=\"picture\"><input type=\"checkbox\" class=\"zoom\" id=\"zoom-\(index)\">"
                + "<label for=\"zoom-\(index)\" title=\"full size\"><img alt=\"The layout of "
                + "\(markupEscaped(spec)) as `layoutbench render` draws it\" "
                + "src=\"data:image/svg+xml;base64,\(data)\"></label>"
                + "<figcaption>The layout of \(markupEscaped(spec)) as the device shows it (`layoutbench "
                + "render --columns 3`); click it for full size.</figcaption></figure>\n"
        case .missing(let why)?:
            return "<p class=\"note\">No picture: \(markupEscaped(why))</p>\n"
        case nil:
            return ""
        }
    }

    func comparisonHTML(_ spec: String) -> String {
        guard runs.count == 2 || comparison != nil else { return "" }
        guard let comparison else {
            return
                "<p class=\"note\">No comparison: "
                + "\(markupEscaped(comparisonNote ?? "the runs have nothing in common"))</p>\n"
        }
        guard comparison.comparisons.contains(where: { $0.spec == spec }) else { return "" }
        let plot = ComparisonPlot(report: comparison, spec: spec)
        return Self.figure(
            plot.svg,
            caption: plot.textAlternative + ". Intervals at "
                + "\(BenchFormat.fixed(comparison.options.confidence * 100, decimals: 0))% family-wise; "
                + "the band is ±threshold."
        )
    }

    func runsTable() -> String {
        var out = "<section id=\"runs\">\n<h2>Runs</h2>\n<table>\n<thead><tr><th scope=\"col\">run</th>"
        for index in runs.indices { out += "<th scope=\"col\">\(markupEscaped(runName(index)))</th>" }
        out += "</tr></thead>\n<tbody>\n"
        func row(_ name: String, _ value: (BenchReport, String) -> String) {
            out += "<tr><th scope=\"row\">\(name)</th>"
            for run in runs { out += "<td>\(markupEscaped(value(run.report, run.path)))</td>" }
            out += "</tr>\n"
        }
        row("file") { $1 }
        row("created") { r, _ in r.createdAt }
        row("commit") { r, _ in r.gitCommit + (r.gitDirty == true ? " (dirty)" : "") }
        row("machine") { r, _ in
            "\(r.machine.cpu), \(r.machine.cores) cores, \(r.machine.memoryBytes / 1_048_576) MiB"
        }
        row("system") { r, _ in "\(r.machine.os), \(r.machine.kernel)" }
        row("toolchain") { r, _ in "\(r.toolchain.swift) (\(r.toolchain.source))" }
        row("build") { r, _ in r.run.buildConfiguration + (r.run.allocator.map { ", jemalloc \($0)" } ?? "") }
        row("scenarios") { r, _ in r.run.scenarios.joined(separator: ", ") }
        row("threads") { r, _ in r.run.threads.map(String.init).joined(separator: ", ") }
        out += "<tr><th scope=\"row\">settings</th>"
        for run in runs { out += "<td>\(SettingsTable.html(run.report.run.runner))</td>" }
        out += "</tr>\n"
        row("command") { r, _ in r.run.commandLine.joined(separator: " ") }
        return out + "</tbody>\n</table>\n</section>\n"
    }

    static func figure(_ svg: String, caption: String, id: String? = nil) -> String {
        "<figure\(id.map { " id=\"\($0)\"" } ?? "")>\n\(svg)\n<figcaption>\(markupEscaped(caption))</figcaption>\n"
            + "</figure>\n"
    }

    /// Light colours by default, dark ones under `prefers-color-scheme: dark`; plots use the variables. The
    /// live dashboard (`watch --serve`) uses it too, so its plots look the same.
    public static let css = """
        :root{--bg:#ffffff;--fg:#1d1f24;--muted:#5b6270;--grid:#9aa1ad;--bar:#5b8def;--median:#d9822b;
        --p99:#c2185b;--band:#e3ecfb;--faster:#1b7f3b;--slower:#c62828;--same:#5b6270;--inconclusive:#9a6a00}
        @media (prefers-color-scheme: dark){:root{--bg:#16181d;--fg:#e6e8ec;--muted:#a3aab8;--grid:#6b7280;
        --bar:#7aa7ff;--median:#ffb86b;--p99:#ff79b0;--band:#25324a;--faster:#5fd38a;--slower:#ff6b6b;
        --same:#a3aab8;--inconclusive:#f2c94c}}
        body{background:var(--bg);color:var(--fg);font-family:system-ui,sans-serif;margin:16px auto;
        max-width:1320px;padding:0 16px}
        h1{font-size:20px;margin:8px 0}h2{font-size:18px;border-bottom:1px solid var(--grid);padding-bottom:4px}
        h3{font-size:15px;color:var(--muted)}
        figure{margin:12px 0;display:inline-block;vertical-align:top;max-width:100%}
        figcaption{color:var(--muted);font-size:12px;max-width:640px}
        .picture{display:block}
        .picture img{max-width:100%;max-height:80vh;height:auto;background:#fff;border:1px solid var(--grid);
        cursor:zoom-in}
        .zoom{position:absolute;opacity:0;pointer-events:none}
        .zoom:checked+label{position:fixed;inset:0;z-index:10;overflow:auto;background:rgba(0,0,0,.85);
        padding:16px;cursor:zoom-out}
        .zoom:checked+label img{max-width:none;max-height:none;cursor:zoom-out}
        .plots{display:flex;flex-wrap:wrap;gap:8px}
        .overview{display:flex;flex-wrap:wrap;gap:8px}
        .lb-card{display:block;border:1px solid var(--grid);border-radius:6px;text-decoration:none}
        .lb-card:hover{border-color:var(--bar)}
        .note{color:var(--inconclusive)}.muted{color:var(--muted);font-size:11px}
        table{border-collapse:collapse;font-size:13px;max-width:100%}th,td{border:1px solid var(--grid);
        padding:4px 8px;text-align:left;vertical-align:top}td{word-break:break-word;max-width:520px}
        caption{text-align:left;font-weight:600;padding:4px 0}
        .summary-table td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
        .summary-table a{color:inherit}
        .settings{font-size:12px}.settings th,.settings td{border:none;padding:1px 8px 1px 0}
        .settings th{color:var(--muted);font-weight:400}
        td.lb-faster .verdict{color:var(--faster)}td.lb-slower .verdict{color:var(--slower)}
        td.lb-inconclusive .verdict{color:var(--inconclusive)}td.lb-same .verdict{color:var(--same)}
        .lb-plot{max-width:100%;height:auto}
        .lb-plot text{fill:var(--fg);font-size:11px}.lb-plot .lb-title{font-size:13px;font-weight:600}
        .lb-plot .lb-tick{fill:var(--muted)}.lb-plot .lb-note{fill:var(--muted)}
        .lb-axis{stroke:var(--grid);stroke-width:1}.lb-bar{fill:var(--bar)}
        .lb-mark{stroke-width:2}.lb-median{stroke:var(--median)}.lb-p99{stroke:var(--p99);stroke-dasharray:4 2}
        .lb-plot .lb-median-label{fill:var(--median)}.lb-plot .lb-p99-label{fill:var(--p99)}
        .lb-plot .lb-edge-label,.lb-plot .lb-row-label{fill:var(--muted)}
        .lb-change{stroke:var(--slower);stroke-width:1.5;stroke-dasharray:3 2}
        .lb-plot .lb-change-label{fill:var(--slower)}
        .lb-change.lb-faster{stroke:var(--faster)}.lb-plot .lb-change-label.lb-faster{fill:var(--faster)}
        .lb-band{fill:var(--band)}.lb-interval{stroke:var(--fg);stroke-width:3}
        .lb-point{fill:var(--fg)}.lb-trend{fill:none;stroke:var(--bar);stroke-width:2}
        .lb-regression{fill:var(--slower)}
        .lb-faster .lb-verdict,.lb-faster .lb-point{fill:var(--faster)}.lb-faster .lb-interval{stroke:var(--faster)}
        .lb-slower .lb-verdict,.lb-slower .lb-point{fill:var(--slower)}.lb-slower .lb-interval{stroke:var(--slower)}
        .lb-inconclusive .lb-verdict{fill:var(--inconclusive)}.lb-same .lb-verdict{fill:var(--same)}

        """
}
