import Foundation
import Testing

@testable import LayoutBenchKit

/// Lock-step `ab` pins both workers of a process pair to the same CPUs (`CPUAffinity`).
@Suite("CPUAffinity")
struct CPUAffinityTests {
    @Test("each process pair gets the next CPUs in turn; rows that need every CPU are not pinned")
    func choiceRotates() {
        #expect(CPUAffinity.choose(segment: 0, threads: 1, allowed: [0, 1]) == [0])
        #expect(CPUAffinity.choose(segment: 1, threads: 1, allowed: [0, 1]) == [1])
        #expect(CPUAffinity.choose(segment: 2, threads: 1, allowed: [0, 1]) == [0])
        #expect(CPUAffinity.choose(segment: 1, threads: 2, allowed: [2, 3, 5, 7]) == [5, 7])
        #expect(CPUAffinity.choose(segment: 3, threads: 3, allowed: [0, 1, 2, 3]) == [1, 2, 3])
        #expect(CPUAffinity.choose(segment: 0, threads: 2, allowed: [0, 1]) == nil)
        #expect(CPUAffinity.choose(segment: 0, threads: 1, allowed: [4]) == nil)
    }

    @Test("the method line says how the pairs were pinned")
    func methodLine() {
        #expect(LockstepAB.pinning([], of: 3) == "; workers not pinned")
        #expect(
            LockstepAB.pinning([[0], [1], [0]], of: 3) == "; each pair's two workers on the same CPU (over CPUs 0, 1)")
        #expect(LockstepAB.pinning([[0, 1]], of: 2) == "; 1 pairs' two workers on the same 2 CPUs (over CPUs 0, 1)")
    }

    #if os(Linux)
    @Test("a running child and the threads it starts afterwards are pinned to the CPU given")
    func pinsAChild() throws {
        let allowed = try #require(CPUAffinity.allowed())
        #expect(!allowed.isEmpty)
        let cpu = allowed[allowed.count - 1]
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The shell starts `sleep` only when told to (a line on its input), so the grandchild is started
        // after the pinning and must inherit it.
        child.arguments = ["-c", "read go; sleep 30 & echo $!; wait"]
        let input = Pipe(), output = Pipe()
        child.standardInput = input
        child.standardOutput = output
        try child.run()
        defer {
            if child.isRunning { kill(child.processIdentifier, SIGKILL) }
            child.waitUntilExit()
        }
        #expect(CPUAffinity.pin(process: child.processIdentifier, to: [cpu]))
        input.fileHandleForWriting.write(Data("go\n".utf8))
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let sleeper = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        defer { kill(sleeper, SIGKILL) }
        for pid in [child.processIdentifier, sleeper] {
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            let line = status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }
            #expect(line?.split(separator: "\t").last.map(String.init) == "\(cpu)", "\(pid): \(line ?? "")")
        }
        #expect(!CPUAffinity.pin(process: child.processIdentifier, to: []))
        #expect(!CPUAffinity.pin(process: child.processIdentifier, to: [-1]))
    }
    #endif
}
