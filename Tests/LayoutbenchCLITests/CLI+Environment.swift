import Foundation

extension CLI {
    /// Runs the binary with extra environment variables (and `CI=true`, so no progress line is drawn).
    static func run(_ arguments: [String], environment extra: [String: String]) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        environment["GITHUB_STEP_SUMMARY"] = nil
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Whether valgrind is on PATH (the instruction tests need it).
    static var hasValgrind: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/valgrind") }
    }

    /// Tiny bench options for a debug binary: one scenario, one thread, three samples in one round.
    static let tinyBench = ["--preset", "grid-10k", "--scenarios", "full", "--threads", "1", "--repetitions", "3",
                            "--rounds", "1", "--allow-debug"]
}
