import Foundation
import Testing

/// Lock-step `ab` (the default method) and its worker, `_serve-bench`, against the real debug binary.
@Suite("layoutbench ab lock-step")
struct AbLockstepTests {
    static let tiny = ["--preset", "grid-10k", "--scenarios", "full", "--threads", "1", "--allow-debug"]

    @Test("the same build against itself in 10 s: exit 0, a lock-step method line, no row slower")
    func sameBuild() throws {
        let binary = CLI.binary.path
        let dir = try CLI.temporaryDirectory()
        let markdown = dir.appendingPathComponent("ab.md").path
        let result = try CLI.run(
            ["ab", binary, binary, "--max-time", "10", "--threshold", "20%", "--export-markdown", markdown] + Self.tiny,
            environment: [:])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("lock-step workers ("))
        #expect(result.stdout.contains("Student's t interval over process pairs"))
        #if os(Linux)
        // Both workers of each pair on one CPU (this machine has at least two; one thread a row).
        if ProcessInfo.processInfo.activeProcessorCount > 1 {
            #expect(result.stdout.contains("; each pair's two workers on the same CPU (over CPUs "))
        }
        #endif
        let row = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("grid-10k") })
        #expect(row.hasSuffix("same") || row.hasSuffix("inconclusive"))
        // Several short-lived worker pairs ran, each reported once at the end.
        let count = try #require(
            result.stderr.split(separator: "\n").first { $0.hasPrefix("ab: ") && $0.contains(" worker pairs in ") })
        #expect((Int(count.split(separator: " ")[1]) ?? 0) >= 2, "\(count)")
        #expect(try String(contentsOfFile: markdown, encoding: .utf8).contains("| grid-10k | full |"))
    }

    @Test("the worker answers each line: ok for warm and batch, error for a bad line, and goes on")
    func workerProtocol() throws {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["_serve-bench"] + Self.tiny
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("warm 0\nbatch 0 2\nnonsense\nbatch 7 1\nbatch 0 x\nquit\n".utf8))
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = text.split(separator: "\n").map(String.init)
        #expect(process.terminationStatus == 0)
        try #require(lines.count == 6, "\(lines)")
        #expect(
            lines[0]
                == #"ready {"build":"debug","knobs":[],"rows":[{"scenario":"full","spec":"grid-10k","threads":1}]}"#)
        #expect(lines[1].hasPrefix("ok ") && lines[1].split(separator: " ").count == 3)
        #expect(lines[2].hasPrefix("ok ") && Double(lines[2].dropFirst(3)).map { $0 > 0 } == true)
        #expect(lines[3] == "error unknown command 'nonsense': expected warm ROW, batch ROW N or quit")
        #expect(lines[4] == "error no row '7': rows are 0 to 0")
        #expect(lines[5] == "error batch size 'x' is not a whole number >= 1")
    }

    @Test("a worker that dies after 3 batches: exit 2 naming the side, its exit status and what it was doing")
    func crashedWorker() throws {
        let binary = CLI.binary.path
        let result = try CLI.run(
            ["ab", binary, binary, "--max-time", "10", "--base-env", "LAYOUTBENCH_WORKER_CRASH_AFTER=3"] + Self.tiny,
            environment: [:])
        #expect(result.status == 2, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stderr.contains("error: the base worker died (exit 3) while timing a batch of"))
        #expect(!result.stdout.contains("layoutbench ab:"))
    }

    @Test("a worker that stops answering: exit 2 within the reply timeout, naming the side")
    func hungWorker() throws {
        let binary = CLI.binary.path
        let start = Date()
        let result = try CLI.run(
            [
                "ab", binary, binary, "--max-time", "10", "--reply-timeout", "2", "--head-env",
                "LAYOUTBENCH_WORKER_HANG_AFTER=3",
            ] + Self.tiny, environment: [:])
        #expect(result.status == 2, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stderr.contains("error: the head worker hung: no reply within 2.0 s while timing a batch"))
        // Start-up and warm-up (debug) plus one 2 s timeout: well under the 10 s the run could take.
        #expect(Date().timeIntervalSince(start) < 9)
    }

    @Test("bad input exits 2: a binary that prints garbage, a preset no worker knows, --pairs without --method runs")
    func badInput() throws {
        let binary = CLI.binary.path
        let garbage = try CLI.run(["ab", "/bin/echo", binary, "--max-time", "5"] + Self.tiny, environment: [:])
        #expect(garbage.status == 2)
        #expect(garbage.stderr.contains("error: the base worker printed '_serve-bench --preset grid-10k"))
        let unknown = try CLI.run(
            ["ab", binary, binary, "--max-time", "5", "--preset", "nosuch-10k", "--allow-debug"], environment: [:])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("worker died (exit 2) while starting"))
        let pairs = try CLI.run(["ab", binary, binary, "--pairs", "4"] + Self.tiny, environment: [:])
        #expect(pairs.status == 2)
        #expect(pairs.stderr.contains("--pairs counts whole runs: add --method runs"))
    }
}
