import BenchResults
import Foundation
import LayoutStore

@testable import LayoutWatch

#if canImport(Glibc)
import Glibc
#endif

/// Polls `condition` every 20 ms until it holds or `timeout` seconds pass; returns whether it held. Tests wait
/// on the log this way, never on a fixed sleep.
@discardableResult
func waitUntil(timeout: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(20_000)
    }
    return try condition()
}

/// The real `layoutbench watch`, started as a child on a temporary folder with a tiny budget per child run.
final class DaemonHarness {
    let folder: URL
    let specs: URL
    let logPath: String
    let storePath: String
    private(set) var process: Process

    static var binary: URL {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [
            bundleDir, bundleDir.deletingLastPathComponent(), packageRoot.appendingPathComponent(".build/debug"),
        ] {
            let candidate = dir.appendingPathComponent("layoutbench")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug/layoutbench")
    }

    /// A small valid spec; `variant` changes its bytes (a comment), not its layout.
    static func spec(_ variant: Int = 0) -> String {
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

    static func hash(_ text: String) -> String { ContentHash.fnv1a64(Data(text.utf8)) }

    /// A child that runs for seconds: each operation slowed by 20 ms (the bench's test-only knob, which the
    /// children inherit), so even the 300 samples a watch child keeps per scenario take 6 s.
    static let longRun = ["--time-budget", "30", "--rounds", "1"]
    static let longRunEnvironment = ["LAYOUTBENCH_SLOWDOWN_NS": "20000000"]

    init(
        extraArguments: [String] = [], budget: [String] = ["--repetitions", "2", "--rounds", "1"],
        environment: [String: String] = [:]
    ) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-tests-\(UUID().uuidString)")
        specs = folder.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        logPath = folder.appendingPathComponent("watch.jsonl").path
        storePath = folder.appendingPathComponent("results.sqlite").path
        self.extraArguments = extraArguments
        self.budget = budget
        self.environment = environment
        process = Process()
    }

    private let extraArguments: [String]
    private let budget: [String]
    private let environment: [String: String]

    /// Starts (or restarts) the daemon.
    func start() throws {
        process = Process()
        process.executableURL = Self.binary
        process.currentDirectoryURL = folder
        // The daemon's and its children's temporary files in the test's folder: the test can see them, and
        // they go with the folder.
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            .merging(["TMPDIR": temporary.path]) { _, new in new }
        process.arguments =
            [
                "watch", specs.path, "--log", logPath, "--store", storePath, "--debounce", "50",
                "--scenarios", "full", "--log-level", "debug",
            ] + budget + extraArguments
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("stdout.txt").path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: folder.appendingPathComponent("stdout.txt"))
        process.standardError = try FileHandle(
            forUpdating: Self.appendable(folder.appendingPathComponent("stderr.txt")))
        try process.run()
    }

    private static func appendable(_ url: URL) -> URL {
        if !FileManager.default.fileExists(atPath: url.path) {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        return url
    }

    var stderr: String { (try? String(contentsOf: folder.appendingPathComponent("stderr.txt"), encoding: .utf8)) ?? "" }

    /// What the daemon printed for a person (its console blocks).
    var stdout: String { (try? String(contentsOf: folder.appendingPathComponent("stdout.txt"), encoding: .utf8)) ?? "" }

    /// The console lines that begin a block of `name` (`[hh:mm:ss] a.yaml  ...`), oldest first.
    func heads(_ name: String) -> [String] {
        stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("[") && $0.contains("] \(name)  ") }
    }

    func write(_ name: String, _ text: String) throws {
        let url = specs.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)  // a plain write, in place
    }

    func path(_ name: String) -> String {
        SpecScanner.realPathForTests(specs.appendingPathComponent(name).path)
    }

    var log: RunLogReader.Contents {
        (try? RunLogReader.read(path: logPath)) ?? RunLogReader.Contents(records: [], skippedLines: [])
    }

    func records(_ name: String) -> [RunRecord] { log.records.filter { $0.spec == path(name) } }

    /// Waits for a record of `name` matching `match` beyond the first `after` records of that spec.
    @discardableResult
    func waitForRecord(_ name: String, after: Int = 0, timeout: Double = 15, _ match: (RunRecord) -> Bool) -> RunRecord?
    {
        var found: RunRecord?
        waitUntil(timeout: timeout) {
            found = records(name).dropFirst(after).first(where: match)
            return found != nil
        }
        return found
    }

    /// The daemon's children (from /proc: their parent is the daemon).
    func children() -> [Int32] {
        let pid = process.processIdentifier
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { child in
            guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && Int32(fields[1]) == pid && fields[0] != "Z"
        }
    }

    /// The daemon's temporary folder (its `TMPDIR`).
    var temporary: URL { folder.appendingPathComponent("tmp") }

    /// The run folders (`RunFolder`) in the daemon's temporary folder, by name.
    var runFolders: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [])
            .filter { $0.hasPrefix("layoutbench-watch-") }.sorted()
    }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// SIGTERM, as a person's Ctrl-C would, and SIGKILL if the daemon has not exited within 5 s.
    func stop() {
        guard process.isRunning else { return }
        signal(SIGTERM)
        if !waitUntil(timeout: 5, { !process.isRunning }) { signal(SIGKILL) }
        process.waitUntilExit()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

extension SpecScanner {
    static func realPathForTests(_ path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return (realPath(folder) ?? folder) + "/" + (path as NSString).lastPathComponent
    }
}
