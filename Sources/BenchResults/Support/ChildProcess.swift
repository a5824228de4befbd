import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a child run ended.
public enum ChildOutcome: Hashable, Sendable {
    case exited(code: Int32, stderr: String)
    /// Killed by a signal the daemon did not send (a crash, the OOM killer, a person's `kill -9`).
    case signalled(signal: Int32, stderr: String)
    /// Killed by the daemon because a newer save superseded it, or the daemon stops.
    case cancelled
    /// Killed by the daemon for running past the time limit.
    case timedOut
    case cannotStart(reason: String)
}

/// A child process: the one way LayoutBench runs another program. `start` runs one in the background with a
/// time limit and cancelling (the watch daemon's bench runs: a crash, a hang or a runaway allocation in the
/// child cannot take the daemon down); `run` runs one to its end with its output discarded, captured or
/// logged to a file (ab's and the instruction counter's runs, git).
///
/// Cancelling and the time limit are SIGKILL: the child holds nothing worth saving (its result file is the
/// daemon's temporary and is discarded), and SIGKILL cannot be ignored or delayed, so a cancel takes effect
/// within milliseconds.
public final class ChildProcess: Sendable {
    private struct State {
        var pid: Int32 = 0
        var finished = false
        var cancelled = false
        var timedOut = false
    }

    private let state = Mutex(State())
    private static let stderrLimit = 8 * 1024

    public init() {}

    public var pid: Int32 { state.withLock { $0.pid } }

    /// Starts `executable arguments...` and calls `completion` once (on a background thread) when it ends.
    /// With `onLine`, each whole line the child writes to standard output is handed to it as it comes (on a
    /// background thread), every one before `completion` (the watch's child says so when its first look is
    /// written); without, standard output is discarded.
    public func start(
        executable: String, arguments: [String], timeout: Duration,
        onLine: (@Sendable (String) -> Void)? = nil,
        completion: @escaping @Sendable (ChildOutcome) -> Void
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let output = onLine.map { _ in Pipe() }
        process.standardOutput = output ?? FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            completion(.cannotStart(reason: "\(error)"))
            return
        }
        let pid = process.processIdentifier
        state.withLock { $0.pid = pid }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        // Weak: the timer outlives most runs (120 s by default), and must not keep a finished child's state
        // (and through it the daemon's memory) alive until it fires.
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in
            guard let self else { return }
            let kill = state.withLock { state -> Bool in
                guard !state.finished, !state.cancelled else { return false }
                state.timedOut = true
                return true
            }
            if kill { Self.kill(pid) }
        }
        // Standard output is read on a thread of its own (a line must arrive while the child still runs and
        // writes to standard error); `completion` waits for it, so no line comes after the outcome.
        let linesDone = DispatchSemaphore(value: 0)
        if let output, let onLine {
            Thread {
                Self.readLines(output.fileHandleForReading, onLine); linesDone.signal()
            }.start()
        } else {
            linesDone.signal()
        }
        let owned = process
        let thread = Thread { [self] in
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            owned.waitUntilExit()
            linesDone.wait()
            let stderr = String(decoding: data.suffix(Self.stderrLimit), as: UTF8.self)
            let (cancelled, timedOut) = state.withLock { state in
                state.finished = true
                return (state.cancelled, state.timedOut)
            }
            if cancelled {
                completion(.cancelled)
            } else if timedOut {
                completion(.timedOut)
            } else if owned.terminationReason == .uncaughtSignal {
                completion(.signalled(signal: owned.terminationStatus, stderr: stderr))
            } else {
                completion(.exited(code: owned.terminationStatus, stderr: stderr))
            }
        }
        thread.start()
    }

    /// Hands each whole line read from `handle` to `onLine` until end of file (a last line without a newline
    /// too). Complexity: O(bytes read).
    private static func readLines(_ handle: FileHandle, _ onLine: @Sendable (String) -> Void) {
        var pending = Data()
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 0x0A) {
                onLine(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending = Data(pending[pending.index(after: newline)...])
            }
        }
        if !pending.isEmpty { onLine(String(decoding: pending, as: UTF8.self)) }
    }

    /// Kills the child (if it still runs); its outcome will be `cancelled`.
    public func cancel() {
        let pid = state.withLock { state -> Int32 in
            guard !state.finished, !state.timedOut else { return 0 }
            state.cancelled = true
            return state.pid
        }
        if pid > 0 { Self.kill(pid) }
    }

    private static func kill(_ pid: Int32) {
        #if canImport(Glibc)
        _ = Glibc.kill(pid, SIGKILL)
        #else
        _ = Darwin.kill(pid, SIGKILL)
        #endif
    }
}

extension ChildProcess {
    /// Where a child's standard output and error go when it is run to its end.
    public enum Output: Sendable {
        /// Both discarded.
        case discard
        /// Standard output returned, standard error discarded.
        case capture
        /// Both written to this file (created or truncated).
        case log(path: String)
    }

    /// What a child run to its end did: its exit status (-1 when it could not start; the signal's number
    /// when a signal killed it) and its standard output with `.capture`.
    public struct Completion: Sendable {
        public var status: Int32
        public var output: Data
    }

    /// Runs `executable arguments...` to its end. `environment` nil: this process's.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        output: Output = .discard
    ) -> Completion {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        var pipe: Pipe?
        var log: FileHandle?
        switch output {
        case .discard:
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        case .capture:
            let outputPipe = Pipe()
            pipe = outputPipe
            process.standardOutput = outputPipe
            process.standardError = FileHandle.nullDevice
        case .log(let path):
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            log = FileHandle(forWritingAtPath: path)
            process.standardOutput = log ?? FileHandle.nullDevice
            process.standardError = log ?? FileHandle.nullDevice
        }
        defer { try? log?.close() }
        do {
            try process.run()
        } catch {
            return Completion(status: -1, output: Data())
        }
        // Read before waiting, so a large output cannot block the child.
        let data = pipe?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        process.waitUntilExit()
        return Completion(status: process.terminationStatus, output: data)
    }

    /// This process's executable (the children of `watch` and `bench --metric instructions` run it again):
    /// /proc/self/exe on Linux, immune to a relative argv[0].
    public static var ownExecutable: String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }

    /// Runs a program found on PATH (through `/usr/bin/env`) to its end.
    public static func runOnPath(_ arguments: [String], output: Output = .discard) -> Completion {
        run("/usr/bin/env", arguments, output: output)
    }

    /// The first line a program found on PATH prints, when it exits 0.
    public static func firstLine(_ arguments: [String]) -> String? {
        let completion = runOnPath(arguments, output: .capture)
        guard completion.status == 0 else { return nil }
        return String(decoding: completion.output, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }

    /// The last lines of a log, for an error message.
    public static func tail(_ path: String, lines: Int = 12) -> String {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(lines).joined(separator: "\n")
    }
}
