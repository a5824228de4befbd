/// The result of a solve, shared by every solver (docs/spec-format.md, "Solve output"): frames apart from the
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
    // Stored in this order so that the category packs into the same word as the optional kind: 64 bytes an
    // element, not 72 with the category first (a rect query writes one word less per element).
    /// The element kind of supplementaries and decorations, interned; nil for cells. Held as an `ElementKind`,
    /// not a `String?`, so that an element has nothing to release: an array of them is freed without a call
    /// per element. Its default lets `init(cellInSection:)` leave it unassigned.
    public var internedKind: ElementKind? = nil
    public var category: ElementCategory
    public var section: Int
    public var item: Int
    public var frame: Rect
    public var zIndex: Int

    /// The element kind's name (`internedKind`'s). Reading it takes the kind table's lock (none for cells);
    /// setting it interns the name.
    public var kind: String? {
        get { internedKind?.name }
        set { internedKind = newValue.map(ElementKind.init) }
    }

    /// An element whose kind is named: the name is interned (a lock and a hash lookup), so solvers that make
    /// many elements of one kind make the `ElementKind` once and use `init(category:internedKind:...)`.
    public init(category: ElementCategory, kind: String? = nil, section: Int, item: Int, frame: Rect, zIndex: Int) {
        self.init(
            category: category, internedKind: kind.map(ElementKind.init), section: section, item: item, frame: frame,
            zIndex: zIndex)
    }

    public init(
        category: ElementCategory, internedKind: ElementKind?, section: Int, item: Int, frame: Rect, zIndex: Int
    ) {
        self.category = category; self.internedKind = internedKind; self.section = section; self.item = item
        self.frame = frame; self.zIndex = zIndex
    }

    /// A cell: the same as `init(category: .cell, internedKind: nil, ...)`.
    public init(cellInSection section: Int, item: Int, frame: Rect, zIndex: Int = 0) {
        category = .cell; self.section = section; self.item = item; self.frame = frame; self.zIndex = zIndex
    }

    public var key: ElementKey { ElementKey(category: category, kind: kind, section: section, item: item) }
}

/// A warning about a layout that still solved, such as "no room" (layout rules §3). Code decides on its
/// `kind`; the `message` is for people and its wording may change.
public struct LayoutDiagnostic: Hashable, Sendable {
    /// What went wrong, as code tells diagnostics apart.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A group holds no items at this container size (§3): some or all of the section's items get no cells.
        /// The message contains the words "no room", as the solve output format promises.
        case noRoom
        /// A flexible edge spacing of a section's root group along the section axis counts as 0 (§4.1).
        case flexibleEdgeSpacingIgnored
        /// Read from a solve output written elsewhere whose message names no kind this package knows.
        case unclassified
    }

    /// −1 for the layout as a whole.
    public var section: Int
    public var kind: Kind
    public var message: String

    public init(section: Int, kind: Kind, message: String) {
        self.section = section; self.kind = kind; self.message = message
    }

    /// The diagnostic of `kind` with its standard message; `detail` says what happened in this section.
    public init(section: Int, _ kind: Kind, detail: String? = nil) {
        let base: String
        switch kind {
        case .noRoom: base = "no room for group"
        case .flexibleEdgeSpacingIgnored:
            base = "flexible edge spacing of the root group along the section axis counts as 0"
        case .unclassified: base = "diagnostic"
        }
        self.init(section: section, kind: kind, message: detail.map { "\(base): \($0)" } ?? base)
    }
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

    public init(
        spec: String, container: Size, contentSize: Size, elements: [LayoutElement],
        sections: [SectionFrame], diagnostics: [LayoutDiagnostic],
        scrollDirection: LayoutConfiguration.ScrollDirection = .vertical
    ) {
        self.spec = spec; self.container = container; self.contentSize = contentSize
        self.elements = elements; self.sections = sections; self.diagnostics = diagnostics
        self.scrollDirection = scrollDirection
    }
}
