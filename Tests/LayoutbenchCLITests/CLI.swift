import Foundation
import LayoutTestSupport

/// Runs the built `layoutbench` binary, as a user would.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The repository's spec fixtures.
    static let sharedSpecs = Fixtures.specs

    /// The binary beside the test bundle (same build folder and configuration).
    static var binary: URL {
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [
            bundleDir, bundleDir.deletingLastPathComponent(), packageRoot.appendingPathComponent(".build/debug"),
        ] {
            let candidate = dir.appendingPathComponent("layoutbench")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug/layoutbench")
    }

    /// Runs the binary; `environment` adds to (or overrides) the test's own environment.
    static func run(
        _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
        workingDirectory: String? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        // Without CI=true a terminal would get bench progress lines; the tests read pipes, but say so anyway.
        // GITHUB_STEP_SUMMARY of a CI job running the tests must not get the commands' job summaries.
        var base = ProcessInfo.processInfo.environment
        base["GITHUB_STEP_SUMMARY"] = nil
        process.environment = base.merging(["CI": "true"].merging(environment) { _, new in new }) { _, new in new }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes before waiting so a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary directory for one test.
    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "layoutbench-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
