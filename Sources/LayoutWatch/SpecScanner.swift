import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The watched roots: which files are specs and whether a path stays inside them. A root is a spec file or
/// a folder (searched recursively). A symlink that leads outside every root is skipped with a warning: the
/// daemon reads only files under the paths it was given.
public struct SpecScanner: Sendable {
    public struct Root: Hashable, Sendable {
        /// As resolved (symlinks followed), absolute.
        public var path: String
        public var isFolder: Bool
    }

    public let roots: [Root]
    public let rules: IgnoreRules

    /// Resolves `paths`; a path that does not exist is an error.
    public init(paths: [String], rules: IgnoreRules) throws(WatchSetupError) {
        var roots: [Root] = []
        for path in paths {
            guard let resolved = Self.realPath(path) else { throw .noSuchPath(path) }
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory)
            roots.append(Root(path: resolved, isFolder: isDirectory.boolValue))
        }
        self.roots = roots
        self.rules = rules
    }

    /// The folders to watch: folder roots, and the parent folder of each file root.
    public var watchedFolders: [String] {
        var folders: [String] = []
        for root in roots {
            let folder = root.isFolder ? root.path : (root.path as NSString).deletingLastPathComponent
            if !folders.contains(folder) { folders.append(folder) }
        }
        return folders
    }

    /// What to do with a path a watcher reported.
    public enum Decision: Hashable, Sendable {
        case spec
        /// Not a spec of ours (an editor temporary, another extension, excluded, outside the roots).
        case ignored
        /// A symlink whose target lies outside every root.
        case outside(target: String)
    }

    public func classify(_ path: String) -> Decision {
        guard let root = roots.first(where: { Self.isInside(path, $0) }) else { return .ignored }
        if !root.isFolder { return path == root.path ? .spec : .ignored }
        let relative = String(path.dropFirst(root.path.count + 1))
        if relative.split(separator: "/").dropLast().contains(where: { !IgnoreRules.entersFolder(named: String($0)) }) {
            return .ignored
        }
        guard rules.accepts(relativePath: relative) else { return .ignored }
        if Self.isSymlink(path), let target = Self.realPath(path), !roots.contains(where: { Self.isInside(target, $0) })
        {
            return .outside(target: target)
        }
        return .spec
    }

    /// Every spec under the roots now, sorted, and the symlinks skipped for leading outside.
    public func scan() -> (specs: [String], outside: [(path: String, target: String)]) {
        var specs: [String] = [], outside: [(String, String)] = []
        for root in roots {
            var candidates: [String] = []
            if root.isFolder {
                var stack = [root.path]
                while let folder = stack.popLast() {
                    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                        let path = folder + "/" + name
                        var isDirectory: ObjCBool = false
                        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                        if isDirectory.boolValue {
                            if IgnoreRules.entersFolder(named: name) && !Self.isSymlink(path) { stack.append(path) }
                        } else {
                            candidates.append(path)
                        }
                    }
                }
            } else {
                candidates = [root.path]
            }
            for path in candidates {
                switch classify(path) {
                case .spec: if !specs.contains(path) { specs.append(path) }
                case .outside(let target): outside.append((path, target))
                case .ignored: break
                }
            }
        }
        return (specs.sorted(), outside)
    }

    static func isSwift(_ path: String) -> Bool { path.lowercased().hasSuffix(".swift") }

    /// The other `.swift` files in the folder of the `.swift` spec `path` that the roots watch, sorted: an
    /// app target compiles a folder's files together, so a layout file is imported with its neighbours (the
    /// helpers, section enums and types it uses). Empty for a spec that is not Swift, or a file root.
    /// - Complexity: one listing of the folder.
    public func swiftNeighbours(of path: String) -> [String] {
        guard Self.isSwift(path) else { return [] }
        let folder = (path as NSString).deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.map { folder + "/" + $0 }
            .filter { $0 != path && Self.isSwift($0) && classify($0) == .spec }
            .sorted()
    }

    /// The path relative to its root (the file name for a file root), for console lines and picture names.
    public func relativePath(_ path: String) -> String {
        guard let root = roots.first(where: { Self.isInside(path, $0) }), root.isFolder else {
            return (path as NSString).lastPathComponent
        }
        return String(path.dropFirst(root.path.count + 1))
    }

    static func isInside(_ path: String, _ root: Root) -> Bool {
        path == root.path || (root.isFolder && path.hasPrefix(root.path + "/"))
    }

    static func isSymlink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Why the daemon cannot start with these arguments: bad input, exit 2.
public enum WatchSetupError: Error, Hashable, Sendable, CustomStringConvertible {
    case noSuchPath(String)
    case noSpecs(paths: [String])
    case badOption(String)
    case cannotOpen(path: String, reason: String)

    public var description: String {
        switch self {
        case .noSuchPath(let path): return "\(path): no such file or folder"
        case .noSpecs(let paths):
            return "no spec file (.yaml, .yml, .json) or layout code (.swift) under \(paths.joined(separator: ", "))"
        case .badOption(let message): return message
        case let .cannotOpen(path, reason): return "cannot open \(path): \(reason)"
        }
    }
}
