/// Coalesces bursts of events per key: a key is due `delay` after its last event, or `maxWait` after its
/// first one if events keep coming (a file rewritten continuously still runs). Pure logic: the caller passes
/// the time (monotonic nanoseconds), so tests drive it with a clock of their own.
public struct Debouncer<Key: Hashable & Sendable>: Sendable {
    public let delay: UInt64
    public let maxWait: UInt64
    private var firstEvent: [Key: UInt64] = [:]
    private var lastEvent: [Key: UInt64] = [:]

    public init(delayNs: UInt64, maxWaitNs: UInt64? = nil) {
        delay = delayNs
        maxWait = maxWaitNs ?? max(delayNs * 10, delayNs)
    }

    /// Notes an event for `key` at `now`.
    public mutating func note(_ key: Key, at now: UInt64) {
        if firstEvent[key] == nil { firstEvent[key] = now }
        lastEvent[key] = now
    }

    private func deadline(_ key: Key) -> UInt64? {
        guard let first = firstEvent[key], let last = lastEvent[key] else { return nil }
        return min(last &+ delay, first &+ maxWait)
    }

    /// When the next key becomes due, or nil if none waits.
    public var nextDeadline: UInt64? {
        lastEvent.keys.compactMap(deadline).min()
    }

    /// The keys due at `now`, oldest first event first; they are forgotten.
    public mutating func takeDue(at now: UInt64) -> [Key] {
        let due = lastEvent.keys.filter { (deadline($0) ?? .max) <= now }
            .sorted { firstEvent[$0]! < firstEvent[$1]! }
        for key in due {
            firstEvent[key] = nil
            lastEvent[key] = nil
        }
        return due
    }

    public var pendingCount: Int { lastEvent.count }
}
