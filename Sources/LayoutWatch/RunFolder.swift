import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The daemon's own folder for its children's files (results, snapshots, lock-step changes), made by `mkdtemp`
/// under the temporary folder and removed when the daemon stops.
///
/// Why a folder of its own: the files used to be named by the daemon's process id in the shared temporary
/// folder. A daemon stopped by SIGKILL leaves its files there, and a later daemon given the same process id
/// (ids wrap at 32768 on Linux) found them: its kept snapshot could not be moved onto the stale one, so the
/// next run had nothing to time against in lock-step (a CI failure of 2026-11-28), and a stale change file
/// could be read as the new run's. A name `mkdtemp` chose is unique among the living and the dead.
struct RunFolder: Sendable {
    let path: String

    /// - Throws: `WatchSetupError.cannotOpen` when the temporary folder does not take a new folder.
    init(parent: String = FileManager.default.temporaryDirectory.path) throws(WatchSetupError) {
        var template = Array((parent + "/layoutbench-watch-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!) }
        guard made != nil else {
            throw .cannotOpen(
                path: parent, reason: "cannot make a folder for the runs' files: \(String(cString: strerror(errno)))")
        }
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Run `number`'s result file; the child's other files are named after it (`WatchConfiguration`).
    func resultFile(run number: Int) -> String { path + "/run-\(number).json" }

    /// Removes the folder and everything in it.
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
