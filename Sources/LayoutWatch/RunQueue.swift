/// Which spec runs next: at most one run per spec, one run at a time (runs of different specs queue in the
/// order they were asked for). Pure logic; the daemon does the running.
public struct RunQueue<Key: Hashable & Sendable>: Sendable {
    public private(set) var pending: [Key] = []
    public private(set) var running: Key?

    public init() {}

    /// What the caller must do after `submit`.
    public enum Action: Hashable, Sendable {
        /// Queued (or already queued: the queued run reads the file when it starts, so it takes the newest
        /// content; the newer save supersedes it).
        case queued
        /// The spec is running on older content: cancel that run; the spec is queued again.
        case cancelRunning
    }

    public mutating func submit(_ key: Key) -> Action {
        if !pending.contains(key) { pending.append(key) }
        return running == key ? .cancelRunning : .queued
    }

    /// The next spec to run, if nothing runs and something waits; it becomes the running one.
    public mutating func startNext() -> Key? {
        guard running == nil, !pending.isEmpty else { return nil }
        let next = pending.removeFirst()
        running = next
        return next
    }

    /// The running spec's run ended (in any way).
    public mutating func finishRunning() {
        running = nil
    }

    /// Forgets a queued spec (its file vanished, the daemon stops).
    public mutating func remove(_ key: Key) {
        pending.removeAll { $0 == key }
    }

    public var isIdle: Bool { running == nil && pending.isEmpty }
}
