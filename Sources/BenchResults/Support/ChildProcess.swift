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

/// One child process of the same binary: a crash, a hang or a runaway allocation in it cannot take the daemon
/// down. Cancelling and the time limit are SIGKILL: the child holds nothing worth saving (its result file is
/// the daemon's temporary and is discarded), and SIGKILL cannot be ignored or delayed, so a cancel takes
/// effect within milliseconds.
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
    public func start(executable: String, arguments: [String], timeout: Duration,
                      completion: @escaping @Sendable (ChildOutcome) -> Void) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
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
        let owned = process
        let thread = Thread { [self] in
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            owned.waitUntilExit()
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
