#if os(Linux)
import Glibc

/// The few inotify calls the watcher needs, over Glibc. Written here because no served package wraps inotify
/// and the API is three calls and one record layout; a dependency would be larger than this file.
final class Inotify: @unchecked Sendable {  // immutable: only the descriptor
    let descriptor: Int32

    /// One event as the kernel wrote it.
    struct Event {
        var watch: Int32
        var mask: UInt32
        var name: String
    }

    /// Directory events that can change which spec files exist or what they hold. `IN_CLOSE_WRITE` rather
    /// than `IN_MODIFY`: a file is run when its writer has closed it, not after each partial write.
    static let folderMask: UInt32 =
        UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM)
        | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

    init() throws(WatchError) {
        let fd = inotify_init1(Int32(O_CLOEXEC) | Int32(O_NONBLOCK))
        guard fd >= 0 else { throw .cannotInitialise(reason: String(cString: strerror(errno))) }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Watches the folder at `path`; returns the watch descriptor.
    func addWatch(_ path: String) throws(WatchError) -> Int32 {
        let wd = inotify_add_watch(descriptor, path, Self.folderMask)
        guard wd >= 0 else { throw .cannotWatch(path: path, reason: String(cString: strerror(errno))) }
        return wd
    }

    func removeWatch(_ wd: Int32) {
        _ = inotify_rm_watch(descriptor, wd)
    }

    /// Reads the events waiting (none if there are none: the descriptor does not block).
    func readEvents(into buffer: UnsafeMutableRawBufferPointer) -> [Event] {
        let count = read(descriptor, buffer.baseAddress, buffer.count)
        guard count > 0 else { return [] }
        // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }: the flexible name
        // array is not imported into Swift, so the record is read field by field.
        var events: [Event] = []
        var offset = 0
        while offset + 16 <= count {
            let wd = buffer.load(fromByteOffset: offset, as: Int32.self)
            let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
            let nameBytes = UnsafeRawBufferPointer(
                rebasing: buffer[(offset + 16)..<min(count, offset + 16 + length)])
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            events.append(Event(watch: wd, mask: mask, name: name))
            offset += 16 + length
        }
        return events
    }
}
#endif
