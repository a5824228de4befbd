import CompositionalLayout

/// One element whose frame is not what the golden says: moved (its origin differs), resized (its size
/// differs), appeared (not in the golden) or vanished (only in the golden).
public struct ElementChange: Hashable, Sendable {
    public var key: ElementKey
    /// The golden's frame; nil when the element appeared.
    public var old: Rect?
    /// The frame solved now; nil when the element vanished.
    public var new: Rect?

    public init(key: ElementKey, old: Rect?, new: Rect?) {
        self.key = key
        self.old = old
        self.new = new
    }

    public var moved: Bool { old != nil && new != nil && (old!.x != new!.x || old!.y != new!.y) }
    public var resized: Bool {
        old != nil && new != nil && (old!.width != new!.width || old!.height != new!.height)
    }

    /// How large the change is, to show the largest first: the largest difference of x, y, width and height
    /// in points; an element that appeared or vanished counts its larger side.
    public var magnitude: Double {
        switch (old, new) {
        case let (old?, new?):
            return max(abs(old.x - new.x), abs(old.y - new.y), abs(old.width - new.width), abs(old.height - new.height))
        case let (old?, nil): return max(old.width, old.height)
        case let (nil, new?): return max(new.width, new.height)
        case (nil, nil): return 0
        }
    }
}

/// What changed in one configuration between its golden and a solve now.
public struct ConfigurationDiff: Hashable, Sendable {
    public var configuration: String
    /// Every changed element, in `ElementKey` order.
    public var changes: [ElementChange]
    public var oldContentSize: Size
    public var newContentSize: Size
    public var oldDiagnostics: [SnapshotDiagnostic]
    public var newDiagnostics: [SnapshotDiagnostic]
    /// How many elements the golden and the solve have in common, unchanged.
    public var unchanged: Int

    public var moved: Int { changes.count { $0.moved } }
    public var resized: Int { changes.count { $0.resized } }
    public var appeared: Int { changes.count { $0.old == nil } }
    public var vanished: Int { changes.count { $0.new == nil } }

    /// Whether the solve matches the golden exactly: frames, content size and diagnostics.
    public var matches: Bool {
        changes.isEmpty && oldContentSize == newContentSize && oldDiagnostics == newDiagnostics
    }

    /// The `count` largest changes, largest first (ties in `ElementKey` order).
    /// - Complexity: O(changes × log changes).
    public func largest(_ count: Int) -> [ElementChange] {
        Array(
            changes.enumerated().sorted { a, b in
                let ma = a.element.magnitude, mb = b.element.magnitude
                return ma != mb ? ma > mb : a.offset < b.offset
            }.prefix(count).map(\.element))
    }

    /// Compares a golden block with a solve, walking both element lists in `ElementKey` order (both are kept
    /// sorted; a list read from a hand-edited golden is sorted first). Frames are compared exactly: both are
    /// rounded to the same pixels and the golden's numbers read back as the Doubles written.
    /// - Complexity: O(elements), plus a sort when a list is out of order.
    public init(configuration: String, old: SnapshotFrames, new: SnapshotFrames) {
        self.configuration = configuration
        oldContentSize = old.contentSize
        newContentSize = new.contentSize
        oldDiagnostics = old.diagnostics
        newDiagnostics = new.diagnostics
        let a = Self.sorted(old.elements), b = Self.sorted(new.elements)
        var changes: [ElementChange] = []
        var same = 0
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i].key < b[j].key) {
                changes.append(ElementChange(key: a[i].key, old: a[i].frame, new: nil))
                i += 1
            } else if i == a.count || b[j].key < a[i].key {
                changes.append(ElementChange(key: b[j].key, old: nil, new: b[j].frame))
                j += 1
            } else {
                if a[i].frame == b[j].frame {
                    same += 1
                } else {
                    changes.append(ElementChange(key: a[i].key, old: a[i].frame, new: b[j].frame))
                }
                i += 1
                j += 1
            }
        }
        self.changes = changes
        unchanged = same
    }

    static func sorted(_ elements: [SnapshotElement]) -> [SnapshotElement] {
        var ordered = true
        for index in elements.indices.dropFirst() where elements[index].key < elements[index - 1].key {
            ordered = false
            break
        }
        return ordered ? elements : elements.sorted { $0.key < $1.key }
    }
}
