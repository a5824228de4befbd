import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which files under a watched folder are specs to run: `.yaml`, `.yml` or `.json` files, and `.swift` layout
/// code (the bench child imports it, docs/import.md), that no editor temporary pattern matches, that `--include` globs match (when given) and no `--exclude` glob matches.
/// Globs match the path relative to the watched root and, failing that, the file name (`*.yaml`, `drafts/*`).
public struct IgnoreRules: Hashable, Sendable {
    public var include: [String]
    public var exclude: [String]

    /// Spec extensions the reader understands, and `swift`: layout code the bench child imports
    /// (docs/import.md). The daemon never parses either; it only hashes the saved bytes.
    public static let specExtensions: Set<String> = ["yaml", "yml", "json", "swift"]

    public init(include: [String] = [], exclude: [String] = []) {
        self.include = include
        self.exclude = exclude
    }

    /// Whether a file name is an editor's temporary: vim's swap files (`.swp`, `.swx`) and its `4913` probe,
    /// backups ending in `~`, Emacs lock files (`.#name`), and `*.tmp` (also what atomic writers use).
    public static func isEditorTemporary(_ name: String) -> Bool {
        name == "4913" || name.hasSuffix("~") || name.hasPrefix(".#") || name.hasPrefix("#")
            || name.hasSuffix(".swp") || name.hasSuffix(".swx") || name.hasSuffix(".swo")
            || name.lowercased().hasSuffix(".tmp")
    }

    /// Whether the file at `relativePath` (relative to its watched root) is a spec to run.
    public func accepts(relativePath: String) -> Bool {
        let name = (relativePath as NSString).lastPathComponent
        if Self.isEditorTemporary(name) || name.hasPrefix(".") { return false }
        guard Self.specExtensions.contains((name as NSString).pathExtension.lowercased()) else { return false }
        if !include.isEmpty && !include.contains(where: { Self.matches($0, relativePath, name) }) { return false }
        return !exclude.contains { Self.matches($0, relativePath, name) }
    }

    /// Whether a folder should be descended into (hidden folders such as `.git` and `.layoutbench` are not).
    public static func entersFolder(named name: String) -> Bool {
        !name.hasPrefix(".")
    }

    static func matches(_ glob: String, _ relativePath: String, _ name: String) -> Bool {
        fnmatch(glob, relativePath, 0) == 0 || fnmatch(glob, name, 0) == 0
    }
}
