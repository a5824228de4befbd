import Foundation
import Synchronization

/// Watches folders by listing them every `interval` and comparing size, modification time and inode: for
/// platforms without inotify (macOS). Slower to notice and costlier than inotify, but it needs nothing.
public final class PollingWatcher: FileWatcher {
    private let folders: [String]
    private let interval: Duration
    private let running = Mutex<Bool>(false)

    struct Stamp: Hashable {
        var size: Int
        var modified: Date
        var inode: Int
    }

    public init(folders: [String], interval: Duration) {
        self.folders = folders
        self.interval = interval
    }

    public func start(handler: @escaping @Sendable (WatchEvent) -> Void) throws(WatchError) {
        running.withLock { $0 = true }
        let initial = snapshot()
        let thread = Thread { [self] in
            var previous = initial
            while running.withLock({ $0 }) {
                Thread.sleep(
                    forTimeInterval: Double(interval.components.attoseconds) / 1e18
                        + Double(interval.components.seconds))
                guard running.withLock({ $0 }) else { break }
                let current = snapshot()
                for path in Set(previous.keys).union(current.keys).sorted() where previous[path] != current[path] {
                    handler(.changed(path: path))
                }
                previous = current
            }
        }
        thread.name = "layoutbench-poll"
        thread.start()
    }

    public func refresh() {}

    public func stop() {
        running.withLock { $0 = false }
    }

    func snapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        var stack = folders
        while let folder = stack.popLast() {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                let path = folder + "/" + name
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { continue }
                if attributes[.type] as? FileAttributeType == .typeDirectory {
                    if IgnoreRules.entersFolder(named: name) { stack.append(path) }
                    continue
                }
                stamps[path] = Stamp(
                    size: (attributes[.size] as? Int) ?? 0,
                    modified: (attributes[.modificationDate] as? Date) ?? .distantPast,
                    inode: (attributes[.systemFileNumber] as? Int) ?? 0)
            }
        }
        return stamps
    }
}
