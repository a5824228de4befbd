import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a picture could not be written.
public struct RenderWriteError: Error, CustomStringConvertible, Sendable {
    /// The file that was to be written.
    public var path: String
    /// What failed, with the system's reason.
    public var reason: String

    public var description: String { "cannot write \(path): \(reason)" }
}

extension SVGRenderer {
    /// Writes `svg` to `path` atomically: into a temporary file in the same directory, then renamed over
    /// `path`, so a reader (a browser, the watch daemon) never sees half a picture.
    public static func write(_ svg: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary =
            directory + "/." + url.lastPathComponent + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(svg.utf8)) else {
            throw RenderWriteError(path: path, reason: "cannot create \(temporary)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw RenderWriteError(path: path, reason: reason)
        }
    }
}
