/// A change to a solved layout, as an app makes it (docs/operations.md). Sections and items are
/// addressed by their current index at the time of the operation.
public enum LayoutOperation: Hashable, Sendable {
    /// A new container size (rotation, split view); variants are re-selected. Version 2: the safe area,
    /// layout margins, direction and traits may change with it (docs/version-2.md §10.1).
    case resize(width: Double, height: Double, environment: EnvironmentChange = .unchanged)
    /// An item's preferred size arrives; only its estimated axes adopt it.
    case measure(section: Int, item: Int, width: Double, height: Double)
    /// New items at `at ..< at + count`.
    case insertItems(section: Int, at: Int, count: Int)
    case deleteItems(section: Int, at: Int, count: Int)
    /// Remove, then insert at `to.item` of section `to.section` as it is after the removal.
    case moveItem(from: IndexPath, to: IndexPath)
    /// Drop these items' measured sizes; they measure again.
    case reloadItems(section: Int, at: Int, count: Int)
    /// New sections built from a definition, `items` items each.
    case insertSections(at: Int, definition: DefinitionReference, count: Int, items: Int)
    case deleteSections(at: Int, count: Int)
    /// The section at `from` moves to index `to` (of the layout after the move, `0 ..< sections`), with its
    /// items and their measured sizes, as a diffable data source's section move.
    case moveSection(from: Int, to: Int)

    /// A section definition, by its index in the spec's `sections` or by its name.
    public enum DefinitionReference: Hashable, Sendable {
        case index(Int)
        case name(String)
    }
}

/// A section and an item in it.
public struct IndexPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var section: Int
    public var item: Int
    public init(section: Int, item: Int) { self.section = section; self.item = item }
    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        (a.section, a.item) < (b.section, b.item)
    }
    public var description: String { "[\(section), \(item)]" }
}

/// An operation that cannot be applied to the current state.
public struct OperationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
