import Foundation

/// Writing goldens and reports: atomically (a temporary file beside the target, then a rename), so a
/// check that stops halfway never leaves half a golden.
public enum SnapshotFiles {
    /// Writes `text` to `path`, creating the folder when `createFolder` says so (a snapshot folder named
    /// with `-o` may be new; a report's folder must exist).
    /// - Throws: `SnapshotWriteError` naming the path and the system's reason.
    public static func write(_ text: String, to path: String, createFolder: Bool = false) throws(SnapshotWriteError) {
        let url = URL(fileURLWithPath: path)
        do {
            if createFolder {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw SnapshotWriteError(path: path, reason: error.localizedDescription)
        }
    }

    /// Whether a file exists at `path` (a folder does not count).
    public static func exists(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
