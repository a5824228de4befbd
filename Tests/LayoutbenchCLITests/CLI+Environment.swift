import Foundation

extension CLI {
    /// Whether valgrind is on PATH (the instruction tests need it).
    static var hasValgrind: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/valgrind") }
    }

    /// Tiny bench options for a debug binary: one scenario, one thread, three samples in one round.
    static let tinyBench = [
        "--preset", "grid-10k", "--scenarios", "full", "--threads", "1", "--repetitions", "3",
        "--rounds", "1", "--allow-debug",
    ]
}
