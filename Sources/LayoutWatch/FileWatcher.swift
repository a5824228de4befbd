import Foundation

/// What a watcher reports. Paths are absolute; the daemon decides which ones are specs (`IgnoreRules`).
public enum WatchEvent: Hashable, Sendable {
    /// Something happened to this file (written, renamed over, created, deleted).
    case changed(path: String)
    /// Events were lost (the kernel's queue overflowed): every spec must be looked at again.
    case rescanNeeded
}

/// Why watching could not start.
public enum WatchError: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotInitialise(reason: String)
    case cannotWatch(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotInitialise(reason): return "cannot start watching files: \(reason)"
        case let .cannotWatch(path, reason): return "cannot watch \(path): \(reason)"
        }
    }
}

/// Reports changes to the files under some folders. One protocol over inotify (Linux) and polling (other
/// platforms), so the daemon does not know which it has.
public protocol FileWatcher: AnyObject, Sendable {
    /// Starts reporting to `handler` (called on the watcher's own thread).
    func start(handler: @escaping @Sendable (WatchEvent) -> Void) throws(WatchError)
    /// Looks at the folders again (new roots or subfolders that appeared while events were lost).
    func refresh()
    /// Stops reporting; returns once no more events will be delivered.
    func stop()
}

/// The watcher this platform has: inotify on Linux, polling elsewhere (decided at build time).
public enum PlatformWatcher {
    public static func make(folders: [String], pollInterval: Duration = .milliseconds(250)) -> any FileWatcher {
        #if os(Linux)
        return InotifyWatcher(folders: folders)
        #else
        return PollingWatcher(folders: folders, interval: pollInterval)
        #endif
    }
}
