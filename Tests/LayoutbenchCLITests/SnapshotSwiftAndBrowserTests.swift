import ErrorReporting
import Foundation
import Testing

/// `layoutbench snapshot` on `.swift` layout code through import, and its HTML report opened in Chromium.
@Suite("layoutbench snapshot: Swift layout code and the HTML report", .serialized)
struct SnapshotSwiftAndBrowserTests {
    @Test(
        "a .swift layout: its provider asked in each configuration; an edit shows as a change", .timeLimit(.minutes(5)),
        .enabled(if: BuildTrait.importing.isBuilt, "needs the Import trait"))
    func swiftLayout() throws {
        let files = try Workspace()
        let source = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/import/AdaptiveGrid.swift").path
        let code = try String(contentsOfFile: source, encoding: .utf8)
        let path = try files.write(code, to: "AdaptiveGrid.swift")
        let environment = ["LAYOUTBENCH_CACHE_DIR": files.path("cache")]
        let matrix = ["--devices", "iphone-16,ipad-mini:portrait", "--items", "8"]
        let recorded = try CLI.run(
            ["snapshot", "record", path, "-o", files.path("s")] + matrix, environment: environment)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let golden = try String(contentsOfFile: files.path("s/AdaptiveGrid.snapshot.txt"), encoding: .utf8)
        #expect(golden.contains("\nlayout: Layouts.adaptiveGrid()\nsource: \(path)\nentry: Layouts.adaptiveGrid()\n"))
        // Two columns at 393 wide; four at iPhone 16's landscape effective width 852 − 2 × 59 = 734 and at the
        // iPad mini's 744 (the code switches above 600).
        #expect(golden.contains("[iphone-16/portrait] content 393 480\ncell 0.0 0 0 196.33333333333334 120\n"))
        #expect(golden.contains("[iphone-16/landscape] content 852 240\ncell 0.0 59 0 183.33333333333334 120\n"))
        #expect(golden.contains("[ipad-mini/portrait] content 744 240\ncell 0.0 0 0 186 120\n"))
        let same = try CLI.run(
            ["snapshot", "check", path, "--snapshots", files.path("s"), "--items", "8"], environment: environment)
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        try files.write(
            code.replacingOccurrences(of: ".absolute(120)", with: ".absolute(150)"), to: "AdaptiveGrid.swift")
        let changed = try CLI.run(
            ["snapshot", "check", path, "--snapshots", files.path("s"), "--items", "8"], environment: environment)
        #expect(changed.status == 1, "\(changed.stderr)")
        #expect(
            changed.stdout.contains("  iphone-16/portrait: 6 moved, 8 resized, 0 appeared, 0 vanished"),
            "\(changed.stdout)")
    }

    static var chromium: String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/chromium" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test(
        "the HTML report renders in headless Chromium and draws as changed exactly the elements the check reported",
        .timeLimit(.minutes(3)))
    func reportInChromium() throws {
        guard let chromium = Self.chromium else {
            Issue.record("chromium is not installed: run scripts/setup.sh as root (apt-get install -y chromium)")
            return
        }
        let files = try Workspace()
        let spec = try files.write(SnapshotCommandTests.cards(), to: "cards.yaml")
        let matrix = ["--devices", "iphone-se-3:portrait,ipad-air-11"]
        #expect(try CLI.run(["snapshot", "record", spec, "-o", files.path("s")] + matrix).status == 0)
        // One more item and a wider leading inset: cells move, the header moves, a cell appears.
        let edited = SnapshotCommandTests.cards(leading: 28).replacingOccurrences(of: "items: 6", with: "items: 7")
        try files.write(edited, to: "cards.yaml")
        let report = files.path("report.html")
        let checked = try CLI.run([
            "snapshot", "check", spec, "--snapshots", files.path("s"), "--show", "100", "--report", report,
        ])
        #expect(checked.status == 1)
        // What the check reported, per configuration: the element named at the start of each change line.
        var reported: [String: Set<String>] = [:]
        var current = ""
        for line in checked.stdout.split(separator: "\n").map(String.init) {
            if line.hasPrefix("  "), !line.hasPrefix("    "), let colon = line.firstIndex(of: ":") {
                current = String(line.dropFirst(2)[..<colon])
            } else if line.hasPrefix("    "), let colon = line.firstIndex(of: ":") {
                reported[current, default: []].insert(String(line.dropFirst(4)[..<colon]))
            }
        }
        #expect(reported.keys.sorted() == ["ipad-air-11/landscape", "ipad-air-11/portrait", "iphone-se-3/portrait"])
        #expect(reported["iphone-se-3/portrait"]?.count == 8)
        let browser = try ReportCommandTests.run([
            "timeout", "60", chromium, "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr",
            "--v=0", "--user-data-dir=\(files.path("profile"))", "--dump-dom",
            URL(fileURLWithPath: report).absoluteString,
        ])
        #expect(browser.status == 0, "chromium exited \(browser.status): \(browser.stderr.suffix(2000))")
        let consoleErrors = browser.stderr.split(separator: "\n").filter {
            ($0.contains("CONSOLE") && $0.lowercased().contains("error")) || $0.contains("Uncaught")
        }
        #expect(consoleErrors.isEmpty, "\(consoleErrors)")
        // The DOM Chromium built: per figure, the elements drawn as changed.
        var drawn: [String: Set<String>] = [:]
        for figure in browser.stdout.components(separatedBy: "<figure class=\"lb-change\" data-configuration=\"")
            .dropFirst()
        {
            let id = String(figure.prefix { $0 != "\"" })
            let body = figure.components(separatedBy: "</figure>")[0]
            #expect(body.contains("<svg class=\"lb-snapshot\""))
            let names = body.components(separatedBy: "data-element=\"").dropFirst().map {
                String($0.prefix { $0 != "\"" })
            }
            #expect(Set(names).count == names.count, "each changed element drawn once")
            drawn[id] = Set(names)
        }
        #expect(drawn == reported)
    }
}
