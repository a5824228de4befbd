/// The result of a solve, shared by every solver (SPEC-FORMAT.md, "Solve output"): frames apart from the
/// description that produced them.

/// What an element is.
public enum ElementCategory: String, Hashable, Sendable, Codable, CaseIterable {
    case cell, supplementary, decoration
}

/// What identifies an element across solves: `(category, kind, section, item)`.
public struct ElementKey: Hashable, Sendable, Comparable {
    public var category: ElementCategory
    /// The element kind of supplementaries and decorations; nil for cells.
    public var kind: String?
    /// −1 for the layout's own boundary items.
    public var section: Int
    public var item: Int

    public init(category: ElementCategory, kind: String? = nil, section: Int, item: Int) {
        self.category = category; self.kind = kind; self.section = section; self.item = item
    }

    public static func < (a: ElementKey, b: ElementKey) -> Bool {
        if a.section != b.section { return a.section < b.section }
        if a.category != b.category { return a.category.order < b.category.order }
        if a.kind != b.kind { return (a.kind ?? "") < (b.kind ?? "") }
        return a.item < b.item
    }
}

extension ElementCategory {
    fileprivate var order: Int {
        switch self {
        case .cell: return 0
        case .supplementary: return 1
        case .decoration: return 2
        }
    }
}

/// One laid-out element: a cell, a supplementary view or a decoration.
public struct LayoutElement: Hashable, Sendable {
    public var category: ElementCategory
    public var kind: String?
    public var section: Int
    public var item: Int
    public var frame: Rect
    public var zIndex: Int

    public init(category: ElementCategory, kind: String? = nil, section: Int, item: Int, frame: Rect, zIndex: Int) {
        self.category = category; self.kind = kind; self.section = section; self.item = item
        self.frame = frame; self.zIndex = zIndex
    }

    public var key: ElementKey { ElementKey(category: category, kind: kind, section: section, item: item) }
}

/// A warning about a layout that still solved, such as "no room" (SEMANTICS.md §3).
public struct LayoutDiagnostic: Hashable, Sendable {
    /// −1 for the layout as a whole.
    public var section: Int
    public var message: String
    public init(section: Int, message: String) { self.section = section; self.message = message }
}

/// A section's place: its extent along the scroll axis (boundary items included) by the whole container
/// across, and an orthogonal section's scroller content size.
public struct SectionFrame: Hashable, Sendable {
    public var index: Int
    public var frame: Rect
    public var orthogonalContentSize: Size?
    public init(index: Int, frame: Rect, orthogonalContentSize: Size? = nil) {
        self.index = index; self.frame = frame; self.orthogonalContentSize = orthogonalContentSize
    }
}

/// Everything a solve produces.
public struct SolveOutput: Hashable, Sendable {
    public var spec: String
    public var container: Size
    public var contentSize: Size
    public var elements: [LayoutElement]
    public var sections: [SectionFrame]
    public var diagnostics: [LayoutDiagnostic]
    /// The layout's scroll direction (not in the JSON output; renderers use it).
    public var scrollDirection: LayoutConfiguration.ScrollDirection

    public init(spec: String, container: Size, contentSize: Size, elements: [LayoutElement],
                sections: [SectionFrame], diagnostics: [LayoutDiagnostic],
                scrollDirection: LayoutConfiguration.ScrollDirection = .vertical) {
        self.spec = spec; self.container = container; self.contentSize = contentSize
        self.elements = elements; self.sections = sections; self.diagnostics = diagnostics
        self.scrollDirection = scrollDirection
    }
}
