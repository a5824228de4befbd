import BenchResults
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The coordinator's end of one `_serve-bench` worker: its standard input and output as pipes, its standard
/// error in a log (its tail goes into the error when it dies), each reply awaited with a time limit (`poll`).
final class WorkerConnection {
    let side: ABPlan.Side
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let log: String
    private var buffer: [UInt8] = []
    private let replyTimeout: Double

    init(
        side: ABPlan.Side, binary: String, arguments: [String], environment: [String: String], log: String,
        replyTimeout: Double
    ) throws(LockstepError) {
        self.side = side
        self.log = log
        self.replyTimeout = replyTimeout
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: log) ?? FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .cannotStart(side: side, binary: binary, reason: "\(error)")
        }
    }

    var pid: Int32 { process.processIdentifier }

    /// Sends `command` and returns the reply's words after `ok`; `doing` names the step for an error.
    func ask(_ command: String, doing: String) throws(LockstepError) -> [Substring] {
        try send(command, doing: doing)
        let line = try readLine(doing: doing)
        guard line.hasPrefix("ok") else {
            if line.hasPrefix("error ") { throw .workerRefused(side: side, command: command, reply: line) }
            throw .garbage(side: side, doing: doing, line: line)
        }
        return line.split(separator: " ").dropFirst().map { $0 }
    }

    func send(_ command: String, doing: String) throws(LockstepError) {
        let bytes = Array((command + "\n").utf8)
        let fd = input.fileHandleForWriting.fileDescriptor
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                Darwin.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written <= 0 { throw died(doing: doing) }
            offset += written
        }
    }

    /// The next line, waiting at most `replyTimeout` seconds for it.
    func readLine(doing: String) throws(LockstepError) -> String {
        let fd = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(replyTimeout)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                kill()
                throw .hung(side: side, doing: doing, seconds: replyTimeout)
            }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining * 1000, 1000).rounded(.up)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw died(doing: doing) }
            buffer += chunk[..<count]
            if buffer.count > 1 << 20 {
                let text = String(decoding: buffer.prefix(200), as: UTF8.self)
                kill()
                throw .garbage(side: side, doing: doing, line: text)
            }
        }
    }

    /// The error for a worker whose output ended: its exit status and the tail of its standard error.
    private func died(doing: String) -> LockstepError {
        process.waitUntilExit()
        let status =
            process.terminationReason == .uncaughtSignal
            ? "killed by signal \(process.terminationStatus)" : "exit \(process.terminationStatus)"
        return .crashed(side: side, doing: doing, status: status, stderr: ChildProcess.tail(log))
    }

    /// Asks the worker to quit and waits for it (killing it if it does not go within the reply timeout).
    func quit() {
        try? send("quit", doing: "quitting")
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(replyTimeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill() }
    }

    func kill() {
        guard process.isRunning else { return }
        #if canImport(Glibc)
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        #else
        _ = Darwin.kill(process.processIdentifier, SIGKILL)
        #endif
        process.waitUntilExit()
    }
}

/// Why lock-step `ab` could not finish (exit 2): a worker that would not start, crashed, hung, printed
/// something that is not a reply, or serves other rows than the other build.
public enum LockstepError: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotStart(side: ABPlan.Side, binary: String, reason: String)
    case crashed(side: ABPlan.Side, doing: String, status: String, stderr: String)
    case hung(side: ABPlan.Side, doing: String, seconds: Double)
    case garbage(side: ABPlan.Side, doing: String, line: String)
    case workerRefused(side: ABPlan.Side, command: String, reply: String)
    case differentRows(base: [String], head: [String])
    case noRows

    public var description: String {
        switch self {
        case let .cannotStart(side, binary, reason):
            return "the \(side.rawValue) worker (\(binary) _serve-bench) could not start: \(reason)"
        case let .crashed(side, doing, status, stderr):
            return
                "the \(side.rawValue) worker died (\(status)) while \(doing); its last lines:\n\(stderr.isEmpty ? "(no output)" : stderr)"
        case let .hung(side, doing, seconds):
            return
                "the \(side.rawValue) worker hung: no reply within \(BenchFormat.fixed(seconds, decimals: 1)) s while \(doing) (killed; raise --reply-timeout if its batches are that slow)"
        case let .garbage(side, doing, line):
            return
                "the \(side.rawValue) worker printed '\(line)' while \(doing), not a reply ('ok ...'); is it a layoutbench with _serve-bench?"
        case let .workerRefused(side, command, reply):
            return "the \(side.rawValue) worker refused '\(command)': \(reply)"
        case let .differentRows(base, head):
            return
                "the two builds serve different rows, so they cannot be compared: base has \(base.joined(separator: ", ")); head has \(head.joined(separator: ", "))"
        case .noRows:
            return "no (spec, scenario, threads) row to compare: check --scenarios and --threads"
        }
    }
}
