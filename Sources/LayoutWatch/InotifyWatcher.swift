#if os(Linux)
import Foundation
import Glibc
import Synchronization

/// Watches folders (recursively) with inotify. Folders, not files: an editor's save-by-rename replaces the
/// file (a watch on it would be dropped), while the folder sees `IN_MOVED_TO`. New subfolders get watches
/// as they appear, and the spec files already in them are reported (they may have been written before the
/// watch existed). A queue overflow is reported as `rescanNeeded` and every folder is watched again.
public final class InotifyWatcher: FileWatcher {
    private let folders: [String]
    private let state = Mutex(State())

    private struct State {
        var inotify: Inotify?
        var folderOf: [Int32: String] = [:]
        var wakePipe: (read: Int32, write: Int32) = (-1, -1)
        var handler: (@Sendable (WatchEvent) -> Void)?
    }

    public init(folders: [String]) {
        self.folders = folders
    }

    public func start(handler: @escaping @Sendable (WatchEvent) -> Void) throws(WatchError) {
        let inotify = try Inotify()
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw .cannotInitialise(reason: String(cString: strerror(errno))) }
        let fd = inotify.descriptor
        let wakeRead = pipeEnds[0]
        state.withLock { state in
            state.inotify = inotify
            state.wakePipe = (pipeEnds[0], pipeEnds[1])
            state.handler = handler
        }
        for folder in folders { _ = watchTree(folder) }
        let thread = Thread { [self] in loop(fd: fd, wake: wakeRead) }
        thread.name = "layoutbench-inotify"
        thread.start()
    }

    public func refresh() {
        for folder in folders { _ = watchTree(folder) }
    }

    public func stop() {
        let wake = state.withLock { state -> Int32 in
            state.handler = nil
            return state.wakePipe.write
        }
        if wake >= 0 { var byte: UInt8 = 1; _ = write(wake, &byte, 1) }
    }

    /// Adds watches to `folder` and every folder below it (hidden ones excepted); returns the spec-like
    /// files found, so a new subfolder's files can be reported.
    private func watchTree(_ folder: String) -> [String] {
        var files: [String] = []
        var stack = [folder]
        while let current = stack.popLast() {
            let added: Bool = state.withLock { state in
                guard let inotify = state.inotify else { return false }
                guard let wd = try? inotify.addWatch(current) else { return false }
                state.folderOf[wd] = current
                return true
            }
            guard added, let names = try? FileManager.default.contentsOfDirectory(atPath: current) else { continue }
            for name in names {
                let path = current + "/" + name
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if IgnoreRules.entersFolder(named: name) && !SpecScanner.isSymlink(path) { stack.append(path) }
                } else {
                    files.append(path)
                }
            }
        }
        return files
    }

    private func loop(fd: Int32, wake: Int32) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)
        defer { buffer.deallocate() }
        var fds = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            fds[0].revents = 0; fds[1].revents = 0
            let ready = poll(&fds, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || fds[1].revents != 0 { break }
            guard let inotify = state.withLock({ $0.inotify }) else { break }
            let events = inotify.readEvents(into: buffer)
            for event in events { handle(event) }
        }
        state.withLock { state in
            state.inotify = nil
            close(state.wakePipe.read); close(state.wakePipe.write)
            state.wakePipe = (-1, -1)
        }
    }

    private func handle(_ event: Inotify.Event) {
        let (handler, folder) = state.withLock { state in
            (state.handler, state.folderOf[event.watch])
        }
        guard let handler else { return }
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            refresh()
            handler(.rescanNeeded)
            return
        }
        if event.mask & UInt32(IN_IGNORED) != 0 {
            state.withLock { _ = $0.folderOf.removeValue(forKey: event.watch) }
            return
        }
        guard let folder, !event.name.isEmpty else { return }
        let path = folder + "/" + event.name
        if event.mask & UInt32(IN_ISDIR) != 0 {
            if event.mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0,
                IgnoreRules.entersFolder(named: event.name)
            {
                for file in watchTree(path) { handler(.changed(path: file)) }
            }
            return
        }
        handler(.changed(path: path))
    }
}
#endif
