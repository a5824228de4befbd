import BenchResults
import ErrorReporting
import Foundation
import LayoutBenchKit

/// Progress on standard error: one line rewritten in place with an ETA on a terminal; plain lines (one per
/// finished scenario) when standard error is a file or a CI log.
enum ProgressOutput {
    static func reporter(environment: [String: String]) -> ProgressReporter {
        let started = BenchClock.monotonicNs()
        if ProgressReporter.isInteractive(isTerminal: isatty(STDERR_FILENO) != 0, environment: environment) {
            return ProgressReporter(
                write: { line in
                    FileHandle.standardError.write(Data(("\r\u{1B}[K" + line + "\n").utf8))
                },
                advance: { step in
                    let seconds = Double(BenchClock.monotonicNs() &- started) / 1e9
                    let text =
                        "\r\u{1B}[K" + ProgressLine.text(step, elapsedSeconds: seconds)
                        + (step.done == step.total ? "\r\u{1B}[K" : "")
                    FileHandle.standardError.write(Data(text.utf8))
                })
        }
        return ProgressReporter { Failure.printError($0) }
    }
}
