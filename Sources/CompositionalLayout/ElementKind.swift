import Synchronization

/// An element kind ("header", "background") as a small number: the same name is always the same number in a
/// process, so comparing and hashing kinds compares numbers, and a `LayoutElement` holding one has nothing to
/// retain or release. A rect query returns dozens of elements per frame; with the kind held as a `String?`,
/// destroying the returned array called the string's destructor once per element, about a quarter of a chip
/// cloud's query (docs/engine-instructions.md).
///
/// The names live in one process-wide table behind a lock (`ElementKind.table`). It only grows: a layout has a
/// handful of kinds, and an edited spec adds at most the names it was ever given. Making a kind from a name
/// takes the lock and a hash lookup; reading `name` takes the lock. Solvers make their kinds once per layout
/// (the definitions hold them: `SupplementaryItem.internedKind` and its siblings), never per element.
public struct ElementKind: Hashable, Sendable, CustomStringConvertible {
    /// The name's index in the table.
    let index: UInt32

    /// The kind named `name`, added to the table the first time. Complexity: O(name's length) and the lock.
    public init(_ name: String) {
        index = Self.table.withLock { table in
            if let known = table.indices[name] { return known }
            let index = UInt32(table.names.count)
            table.names.append(name)
            table.indices[name] = index
            return index
        }
    }

    /// The kind's name, as it was made. Complexity: O(1) and the lock.
    public var name: String { Self.table.withLock { $0.names[Int(index)] } }

    public var description: String { name }

    /// Every kind named so far, in the order they were first named.
    private struct Table {
        var names: [String] = []
        var indices: [String: UInt32] = [:]
    }

    /// The process's one table: shared state, so it sits behind its lock, and it is only ever appended to.
    private static let table = Mutex(Table())
}
