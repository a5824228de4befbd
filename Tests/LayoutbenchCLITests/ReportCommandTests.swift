import Foundation
import Testing

/// `layoutbench report`: exit codes, a page that needs nothing but itself, and the page opened in a real
/// browser (headless Chromium, docs: /work/shared/TOOLCHAIN.md's recipe) with no console error and every plot.
@Suite("layoutbench report")
struct ReportCommandTests {
    /// Two tiny result files of the same spec, base and head.
    static func results(in files: Workspace) throws -> (base: String, head: String) {
        let spec = try files.write(TinyBench.grid, to: "grid.yaml")
        let base = files.path("base.json"), head = files.path("head.json")
        for json in [base, head] {
            let result = try TinyBench.run(spec: spec, json: json)
            #expect(result.status == 0, "\(result.stderr)")
        }
        return (base, head)
    }

    @Test("two result files: exit 0, one self-contained page with a picture, distributions and the comparison")
    func writesASelfContainedPage() throws {
        let files = try Workspace()
        let (base, head) = try Self.results(in: files)
        let output = files.path("report.html")
        let result = try CLI.run(["report", base, head, "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOfFile: output, encoding: .utf8)
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(!html.contains("<script") && !html.contains("<link") && !html.contains("@import"))
        #expect(!html.contains("url("))
        #expect(html.contains("<img alt=\"The layout of") && html.contains("data:image/svg+xml;base64,"))
        #expect(html.components(separatedBy: "data-plot=\"distribution\"").count - 1 == 2)
        #expect(html.components(separatedBy: "data-plot=\"comparison\"").count - 1 == 1)
        #expect(html.contains("prefers-color-scheme: dark"))
        #expect(html.contains("<figcaption>"))
    }

    @Test("a comparison exported by ab or compare (--export-json) draws its base-vs-head plot; a bad one exits 2")
    func exportedComparison() throws {
        let files = try Workspace()
        let (base, head) = try Self.results(in: files)
        let exported = files.path("comparison.json")
        let compared = try CLI.run(["compare", base, head, "--export-json", exported])
        #expect(compared.status == 0 || compared.status == 1, "\(compared.stderr)")
        let output = files.path("report.html")
        for arguments in [[head], []] {
            let result = try CLI.run(["report"] + arguments + ["--comparison", exported, "-o", output])
            #expect(result.status == 0, "\(result.stderr)")
            let html = try String(contentsOfFile: output, encoding: .utf8)
            #expect(html.components(separatedBy: "data-plot=\"comparison\"").count - 1 == 1)
            #expect(html.components(separatedBy: "data-plot=\"distribution\"").count - 1 == arguments.count)
        }
        let notAComparison = try CLI.run(["report", "--comparison", head, "-o", files.path("other.html")])
        #expect(notAComparison.status == 2)
        #expect(notAComparison.stderr.contains("$.report is missing"), "\(notAComparison.stderr)")
        #expect(!files.exists("other.html"))
    }

    @Test("a missing or malformed result file exits 2, naming the file and the JSON path")
    func badInput() throws {
        let files = try Workspace()
        let (base, _) = try Self.results(in: files)
        let output = files.path("report.html")
        let missing = try CLI.run(["report", files.path("missing.json"), "-o", output])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("missing.json: error: no such file"), "\(missing.stderr)")
        var object =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: base))) as! [String: Any]
        var results = object["results"] as! [[String: Any]]
        results[0]["samplesNs"] = "fast"
        object["results"] = results
        let broken = files.path("broken.json")
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: broken))
        let malformed = try CLI.run(["report", base, broken, "-o", output])
        #expect(malformed.status == 2)
        #expect(
            malformed.stderr.contains("broken.json: error:") && malformed.stderr.contains("results[0].samplesNs"),
            "\(malformed.stderr)")
        let noStore = try CLI.run(["report", base, "--store", files.path("none.sqlite"), "-o", output])
        #expect(noStore.status == 2, "\(noStore.stderr)")
        #expect(!files.exists("report.html"))
    }

    @Test("with --store: each scenario's median over the stored runs")
    func trendFromTheStore() throws {
        let files = try Workspace()
        let spec = try files.write(TinyBench.grid, to: "grid.yaml")
        let store = files.path("results.sqlite"), json = files.path("run.json")
        for _ in 0..<2 {
            let run = try CLI.run(TinyBench.arguments(spec: spec) + ["--store", store, "--json", json])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let output = files.path("report.html")
        let result = try CLI.run(["report", json, "--store", store, "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOfFile: output, encoding: .utf8)
        #expect(html.components(separatedBy: "data-plot=\"trend\"").count - 1 == 1, "\(html.prefix(400))")
        #expect(html.contains("medians of 2 runs"))
    }

    /// Chromium from Debian (scripts/setup.sh installs it). Absent, the test fails: it must not pass unseen.
    static var chromium: String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/chromium" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test(
        "the page opens in headless Chromium with no console error and every plot in the DOM", .timeLimit(.minutes(2)))
    func opensInABrowser() throws {
        guard let chromium = Self.chromium else {
            Issue.record("chromium is not installed: run scripts/setup.sh as root (apt-get install -y chromium)")
            return
        }
        let files = try Workspace()
        let (base, head) = try Self.results(in: files)
        let output = files.path("report.html")
        let written = try CLI.run(["report", base, head, "-o", output])
        #expect(written.status == 0, "\(written.stderr)")
        let html = try String(contentsOfFile: output, encoding: .utf8)
        let labels = Self.plotLabels(html)
        #expect(labels.count == 3)
        // `timeout` bounds the browser: a hung Chromium fails the test instead of holding the suite.
        let browser = try Self.run([
            "timeout", "60", chromium, "--headless", "--no-sandbox", "--disable-gpu",
            "--enable-logging=stderr", "--v=0", "--virtual-time-budget=2000",
            "--user-data-dir=\(files.path("profile"))", "--dump-dom",
            URL(fileURLWithPath: output).absoluteString,
        ])
        #expect(browser.status == 0, "chromium exited \(browser.status): \(browser.stderr.suffix(2000))")
        let consoleErrors = browser.stderr.split(separator: "\n").filter {
            ($0.contains("CONSOLE") && ($0.contains(":ERROR:") || $0.lowercased().contains("error")))
                || $0.contains("Uncaught")
        }
        #expect(consoleErrors.isEmpty, "\(consoleErrors)")
        #expect(Self.plotLabels(browser.stdout) == labels, "\(browser.stdout.prefix(2000))")
    }

    /// The aria-labels of the page's plot `<svg>` elements, in order.
    static func plotLabels(_ dom: String) -> [String] {
        dom.components(separatedBy: "<svg class=\"lb-plot\"").dropFirst().compactMap { tail in
            guard let range = tail.range(of: "aria-label=\"") else { return nil }
            return String(tail[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    /// Runs a program through `env`, its standard error kept in a file so neither pipe can fill and block it.
    static func run(_ arguments: [String]) throws -> CLI.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let errPath = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: errPath.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errPath) }
        let errFile = try FileHandle(forWritingTo: errPath)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = errFile
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errFile.close()
        let errData = (try? Data(contentsOf: errPath)) ?? Data()
        return CLI.Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
