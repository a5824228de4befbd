import CompositionalLayout
import LayoutEngine

/// One element of a snapshot: what it is and its frame in points, rounded to the configuration's pixels as
/// the solve output rounds it (docs/layout-rules.md §1.1).
public struct SnapshotElement: Hashable, Sendable {
    public var key: ElementKey
    public var frame: Rect

    public init(key: ElementKey, frame: Rect) {
        self.key = key
        self.frame = frame
    }
}

/// A diagnostic as a snapshot keeps it: its section and kind (the message's wording may change between
/// releases, so it is not compared).
public struct SnapshotDiagnostic: Hashable, Sendable, Comparable {
    public var section: Int
    public var kind: String

    public init(section: Int, kind: String) {
        self.section = section
        self.kind = kind
    }

    public static func < (a: SnapshotDiagnostic, b: SnapshotDiagnostic) -> Bool {
        (a.section, a.kind) < (b.section, b.kind)
    }
}

/// Everything a snapshot records of one configuration: the content size, every element in the stable order
/// of `ElementKey` (section, then cells, supplementaries and decorations, then kind, then item), and the
/// diagnostics.
public struct SnapshotFrames: Hashable, Sendable {
    public var contentSize: Size
    public var elements: [SnapshotElement]
    public var diagnostics: [SnapshotDiagnostic]

    public init(contentSize: Size, elements: [SnapshotElement], diagnostics: [SnapshotDiagnostic] = []) {
        self.contentSize = contentSize
        self.elements = elements
        self.diagnostics = diagnostics
    }

    /// The frames of a solve output, sorted. Complexity: O(elements × log elements).
    public init(_ output: SolveOutput) {
        contentSize = output.contentSize
        elements = output.elements.map { SnapshotElement(key: $0.key, frame: $0.frame) }
        elements.sort { $0.key < $1.key }
        diagnostics = output.diagnostics.map { SnapshotDiagnostic(section: $0.section, kind: $0.kind.rawValue) }
            .sorted()
    }

    /// The layout solved in `configuration`: its container replaces the layout's own, the engine solves it
    /// (estimated items measured with the layout's `selfSizing` model, as `layoutbench solve` does) and the
    /// frames come rounded to the configuration's pixels.
    /// - Throws: `LayoutError` when the layout cannot be solved in this container (no variant for its width).
    /// - Complexity: one engine solve and output: O(sections + items), then the sort.
    public static func solve(_ layout: CollectionLayout, in configuration: SnapshotConfiguration)
        throws(LayoutError) -> SnapshotFrames
    {
        var placed = layout
        placed.container = configuration.container
        return SnapshotFrames(try LayoutEngine(layout: placed, measure: .all, threads: 1).output())
    }
}
