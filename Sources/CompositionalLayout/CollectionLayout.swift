/// A compositional layout together with what it lays out: the container it is laid out in, its sections'
/// definitions (and so how many items each holds), and how its self-sizing items measure. This is what a
/// spec file describes; a Swift program builds the same value directly.
public struct CollectionLayout: Hashable, Sendable {
    public var name: String
    public var container: LayoutContainer
    public var configuration: LayoutConfiguration
    public var sections: [SectionDefinition]
    /// The layout-wide self-sizing model for items (never for supplementaries).
    public var selfSizing: SelfSizing?

    public init(name: String, container: LayoutContainer, configuration: LayoutConfiguration = LayoutConfiguration(),
                sections: [SectionDefinition], selfSizing: SelfSizing? = nil) {
        self.name = name
        self.container = container
        self.configuration = configuration
        self.sections = sections
        self.selfSizing = selfSizing
    }

    /// The most items one group instance may place (SPEC-FORMAT.md, "Limits").
    public static let maxItemsPerGroupInstance = 10_000_000

    /// The number of sections (Σ of the definitions' counts). Complexity: O(definitions).
    public var sectionCount: Int { sections.reduce(0) { $0 + $1.count } }

    /// The number of items in all sections. Complexity: O(definitions).
    public var itemCount: Int { sections.reduce(0) { $0 + $1.count * $1.items } }

    /// The same layout in another container.
    public func withContainer(width: Double? = nil, height: Double? = nil) -> CollectionLayout {
        var copy = self
        if let width { copy.container.width = width }
        if let height { copy.container.height = height }
        return copy
    }

    /// Every section as it is solved at the container's width: variants chosen, lists expanded, one entry per
    /// section (definitions expanded by their counts), in order. Complexity: O(sections).
    public func resolvedSections() throws(LayoutError) -> [ResolvedSection] {
        var result: [ResolvedSection] = []
        result.reserveCapacity(sectionCount)
        for (definitionIndex, definition) in sections.enumerated() {
            let section = try definition.section(forWidth: container.width)
            for _ in 0..<definition.count {
                result.append(ResolvedSection(definition: definitionIndex, section: section, itemCount: definition.items))
            }
        }
        return result
    }
}

/// The collection view's visible size.
public struct LayoutContainer: Hashable, Sendable {
    public var width: Double
    public var height: Double
    /// Device pixels per point; fractional lengths snap to pixels when it is set and > 0.
    public var displayScale: Double?

    public init(width: Double, height: Double, displayScale: Double? = nil) {
        self.width = width
        self.height = height
        self.displayScale = displayScale
    }

    public var size: Size { Size(width: width, height: height) }

    /// `snap(v)` of SEMANTICS.md §1: floor to device pixels when a display scale is set.
    @inlinable public func snap(_ value: Double) -> Double {
        guard let scale = displayScale, scale > 0 else { return value }
        return ((value * scale + 1e-6).rounded(.down)) / scale
    }
}

/// One section as it is solved: the layout in force and its item count.
public struct ResolvedSection: Hashable, Sendable {
    /// The index of the definition it comes from in `CollectionLayout.sections`.
    public var definition: Int
    public var section: LayoutSection
    public var itemCount: Int

    public init(definition: Int, section: LayoutSection, itemCount: Int) {
        self.definition = definition
        self.section = section
        self.itemCount = itemCount
    }
}

/// A layout that cannot be solved at all (layout diagnostics such as "no room" are not errors).
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No variant of a definition holds for the width, and the definition has no group or list of its own.
    case noVariantForWidth(definition: String?, width: Double)
    /// A group instance would place more items than the limit (tiny items repeated "until full").
    case tooManyItemsInGroup(section: Int, limit: Int)
    /// The layout holds more items than the limit.
    case tooManyItems(count: Int, limit: Int)

    public var description: String {
        switch self {
        case let .noVariantForWidth(definition, width):
            let name = definition.map { "section definition '\($0)'" } ?? "a section definition"
            return "\(name) has no group or list at width \(formatNumber(width)): no variant's `when` holds and the definition has no `group` or `list` of its own; add a variant without `when` or a `group`"
        case let .tooManyItemsInGroup(section, limit):
            return "section \(section): a group instance would place more than \(limit) items (items too small for their group); give the items a larger size"
        case let .tooManyItems(count, limit):
            return "the layout has \(count) items, over the limit of \(limit); raise it with --max-items"
        }
    }
}

/// A number as people write it: no trailing ".0" on whole numbers.
public func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 {
        return value == 0 ? "0" : String(Int64(value))
    }
    return "\(value)"
}
