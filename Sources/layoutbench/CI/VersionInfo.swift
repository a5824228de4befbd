import BenchResults
import Foundation
import LayoutBenchKit

/// What `layoutbench --version` prints: the package version and the commit the binary was built from.
///
/// SwiftPM cannot pass a value into the compile (no build-time defines with values, and a generated source
/// file would dirty the work tree it describes), and reading git at run time describes whatever folder the
/// binary happens to run in, not its source. So the commit comes from a stamp file beside the binary,
/// `layoutbench.commit`, that `scripts/stamp-version.sh` writes after a build (and that travels with the
/// binary when both are copied); without it the commit is "unknown", never a guess.
enum VersionInfo {
    static let packageVersion = "0.1.0"
    static let stampName = "layoutbench.commit"

    static var text: String {
        "\(packageVersion) (commit \(stampedCommit ?? "unknown"); \(BuildCheck.configuration) build)"
    }

    /// The first line of the stamp file beside the executable, if any.
    static var stampedCommit: String? {
        let executable = URL(fileURLWithPath: ChildProcess.ownExecutable)
        let stamp = executable.deletingLastPathComponent().appendingPathComponent(stampName)
        guard let text = try? String(contentsOf: stamp, encoding: .utf8),
            let line = text.split(separator: "\n").first?.trimmingCharacters(in: .whitespaces), !line.isEmpty
        else { return nil }
        return line
    }
}
