// Behind a package trait: compiled only in a build with it (scripts/test.sh enables every trait).
#if Dashboard
import BenchResults
import Foundation
import LayoutWatch
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `layoutbench watch --serve` as a user runs it: the real binary on a temporary folder, its page read by
/// raw sockets and by headless Chromium.
@Suite("layoutbench watch --serve, end to end", .serialized)
struct ServeIntegrationTests {
    static var binary: String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [bundleDir, bundleDir.deletingLastPathComponent(), root.appendingPathComponent(".build/debug")] {
            let candidate = dir.appendingPathComponent("layoutbench").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return root.appendingPathComponent(".build/debug/layoutbench").path
    }

    static var chromium: String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/chromium" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func spec(_ variant: Int) -> String {
        """
        version: 1
        name: tiny
        container: { width: 390, height: 844 }
        sections:
          - items: 12
            group:
              horizontal:
                size: { width: fractionalWidth(1), height: absolute(100) }
                subitem: { item: { size: { width: fractionalWidth(0.25), height: fractionalHeight(1) } } }
                count: 4
        # variant \(variant)

        """
    }

    /// A temporary folder with one spec, and the daemon started on it with `--serve 127.0.0.1:0`.
    final class Served {
        let folder: URL
        let specPath: String
        let process = Process()

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
            let specs = folder.appendingPathComponent("specs")
            try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
            specPath = specs.appendingPathComponent("a.yaml").path
            try Data(ServeIntegrationTests.spec(0).utf8).write(to: URL(fileURLWithPath: specPath))
            process.executableURL = URL(fileURLWithPath: ServeIntegrationTests.binary)
            process.currentDirectoryURL = folder
            // Its run folder goes with the test's folder: SIGKILL at the end leaves it no time to remove it.
            process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": folder.path]) { _, new in new }
            process.arguments = [
                "watch", specs.path, "--log", folder.appendingPathComponent("w.jsonl").path, "--store",
                folder.appendingPathComponent("r.sqlite").path, "--debounce", "50", "--scenarios", "full",
                "--repetitions", "2", "--rounds", "1", "--serve", "127.0.0.1:0",
            ]
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("err.txt").path, contents: nil)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent("err.txt"))
            try process.run()
        }

        var stderr: String {
            (try? String(contentsOf: folder.appendingPathComponent("err.txt"), encoding: .utf8)) ?? ""
        }

        /// The port from the daemon's `url=http://127.0.0.1:PORT/` line.
        var port: Int? {
            guard let range = stderr.range(of: "http://127.0.0.1:") else { return nil }
            return Int(stderr[range.upperBound...].prefix { $0.isNumber })
        }

        var records: [RunRecord] {
            (try? RunLogReader.read(path: folder.appendingPathComponent("w.jsonl").path))?.records ?? []
        }

        func write(_ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: specPath)) }

        deinit {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// The DOM after the page's scripts ran, from headless Chromium (bounded by `timeout`).
    static func dumpDOM(_ chromium: String, port: Int, profile: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            // No --virtual-time-budget: the page's open EventSource keeps virtual time from ever running out,
            // so Chromium would never dump. The DOM is dumped at the load event (server-rendered state).
            "timeout", "30", chromium, "--headless", "--no-sandbox", "--disable-gpu",
            "--user-data-dir=\(profile)", "--dump-dom", "http://127.0.0.1:\(port)/",
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(
        "an edit shows in Chromium, a bad spec its located error; 1,000 malformed requests stop nothing",
        .timeLimit(.minutes(3)))
    func liveInChromium() throws {
        guard let chromium = Self.chromium else {
            Issue.record("chromium is not installed: run scripts/setup.sh as root (apt-get install -y chromium)")
            return
        }
        let served = try Served()
        #expect(waitUntil(timeout: 30) { served.port != nil && served.records.contains { $0.status == .ok } })
        guard let port = served.port else {
            Issue.record("no bound address printed: \(served.stderr)")
            return
        }
        let profile = served.folder.appendingPathComponent("profile").path

        // Robustness first: garbage, bad request lines, truncated headers, then a real request still works.
        for request in RawHTTP.malformedRequests() { _ = RawHTTP.exchange(port: port, request, read: false) }
        #expect(RawHTTP.get(port: port, "/").status == 200, "the server still answers")
        #expect(served.process.isRunning)

        // An edit: a run is logged, and the page shows it.
        let edited = ContentHash.fnv1a64(Data(Self.spec(1).utf8))
        try served.write(Self.spec(1))
        #expect(waitUntil(timeout: 30) { served.records.contains { $0.specHash == edited && $0.status == .ok } })
        let logged = Date()
        #expect(waitUntil(timeout: 2) { RawHTTP.get(port: port, "/fragment").body.contains(edited) })
        let fragmentDelay = Date().timeIntervalSince(logged)
        // Each --dump-dom starts a new Chromium (a second or more on a loaded machine): that is the browser's
        // start, not the dashboard's latency, which `openPageUpdatesInPlace` measures on a page kept open (< 2 s).
        var dom = ""
        #expect(
            try waitUntil(timeout: 20) {
                dom = try Self.dumpDOM(chromium, port: port, profile: profile)
                return dom.contains(edited)
            }, "\(dom.prefix(3000))")
        let pageDelay = Date().timeIntervalSince(logged)
        #expect(fragmentDelay < 2, "the fragment showed the run after \(fragmentDelay) s")
        print("dashboard: fragment after \(fragmentDelay) s, Chromium's DOM after \(pageDelay) s")
        #expect(dom.contains("<h2>a.yaml</h2>") && dom.contains("data-status=\"ok\""))
        #expect(dom.contains("src=\"/spec/0.svg?v=\(edited)\""))
        #expect(
            RawHTTP.get(port: port, "/spec/0.svg").body.hasPrefix("<svg")
                || RawHTTP.get(port: port, "/spec/0.svg").body.contains("<svg"))

        // An invalid spec: its located error shows (file:line:col), the last good results stay.
        try served.write("version: 1\ncontainer: { width: 390, height: 844 }\nsections:\n  - itemz: 3\n")
        #expect(waitUntil(timeout: 30) { served.records.contains { $0.status == .error } })
        #expect(
            try waitUntil(timeout: 30) {
                dom = try Self.dumpDOM(chromium, port: port, profile: profile)
                return dom.contains("data-status=\"error\"")
            }, "\(dom.prefix(3000))")
        #expect(dom.contains("data-location=\"a.yaml:4:"), "\(dom.prefix(3000))")
        #expect(dom.contains("itemz"))
        #expect(served.process.isRunning, "the watch is still running: \(served.stderr.suffix(2000))")
    }

    @Test("--serve on a host other than loopback without --allow-remote, and a bad address, exit 2")
    func refusesRemote() throws {
        for (arguments, expected) in [
            (["--serve", "0.0.0.0:0"], "--allow-remote"), (["--serve", "nope"], "[HOST:]PORT"),
            (["--allow-remote"], "--allow-remote needs --serve"),
        ] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data(Self.spec(0).utf8).write(to: folder.appendingPathComponent("a.yaml"))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.binary)
            process.currentDirectoryURL = folder
            process.arguments =
                [
                    "watch", folder.path, "--log", folder.appendingPathComponent("w.jsonl").path, "--store",
                    folder.appendingPathComponent("r.sqlite").path,
                ] + arguments
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 2, "\(arguments): \(text)")
            #expect(text.contains(expected), "\(arguments): \(text)")
        }
    }

    /// scripts/browser-watch.py: one page kept open in headless Chromium (over its DevTools protocol), whose
    /// live DOM is polled for a text; nil without python3's websocket-client (scripts/setup.sh installs it).
    final class OpenPage {
        let process = Process()
        let input = Pipe(), output = Pipe()
        private var buffer = Data()

        init(chromium: String, url: String) throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", root.appendingPathComponent("scripts/browser-watch.py").path, chromium, url,
            ]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        /// The script's next line (its replies are bounded by its own time limits).
        func line() -> String {
            while true {
                if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[..<newline], as: UTF8.self)
                    buffer.removeSubrange(...newline)
                    return line
                }
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return "" }  // the script ended
                buffer.append(chunk)
            }
        }

        func expect(_ text: String) { input.fileHandleForWriting.write(Data("expect \(text)\n".utf8)) }

        deinit {
            try? input.fileHandleForWriting.close()
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    @Test(
        "the open page updates itself in place (Server-Sent Events) within 2 s of the logged run",
        .timeLimit(.minutes(2)))
    func openPageUpdatesInPlace() throws {
        guard let chromium = Self.chromium else {
            Issue.record("chromium is not installed: run scripts/setup.sh as root (apt-get install -y chromium)")
            return
        }
        let served = try Served()
        #expect(waitUntil(timeout: 30) { served.port != nil && served.records.contains { $0.status == .ok } })
        guard let port = served.port else {
            Issue.record("no bound address printed: \(served.stderr)")
            return
        }
        let page = try OpenPage(chromium: chromium, url: "http://127.0.0.1:\(port)/")
        let ready = page.line()
        try #require(ready == "ready", "browser-watch.py: \(ready) (is python3's websocket-client installed?)")

        let edited = ContentHash.fnv1a64(Data(Self.spec(1).utf8))
        try served.write(Self.spec(1))
        #expect(waitUntil(timeout: 30) { served.records.contains { $0.specHash == edited && $0.status == .ok } })
        let logged = Date()
        page.expect(edited)
        let reply = page.line()
        let delay = Date().timeIntervalSince(logged)
        #expect(reply.hasPrefix("seen "), "the page never showed the run: \(reply)")
        #expect(delay < 2, "the open page showed the run \(delay) s after it was logged")
        // Updated in place: the page's script swapped the fragment in again (1 is its first fill on load).
        #expect((Int(reply.split(separator: " ").last ?? "") ?? 0) >= 2, "\(reply)")
        print("dashboard: the open page showed the run \(delay) s after it was logged (\(reply))")
    }
}
#endif
