/// Edges of a rectangle, in a left-to-right layout (`NSDirectionalRectEdge`).
public struct DirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    // Computed and inlinable, as `Point.zero`: a stored `static let` is read from other modules through an
    // addressor and a `swift_once` check (every boundary item placed, per section solved and per rect query).
    @inlinable public static var top: DirectionalRectEdge { DirectionalRectEdge(rawValue: 1 << 0) }
    @inlinable public static var leading: DirectionalRectEdge { DirectionalRectEdge(rawValue: 1 << 1) }
    @inlinable public static var bottom: DirectionalRectEdge { DirectionalRectEdge(rawValue: 1 << 2) }
    @inlinable public static var trailing: DirectionalRectEdge { DirectionalRectEdge(rawValue: 1 << 3) }
    @inlinable public static var all: DirectionalRectEdge { DirectionalRectEdge(rawValue: 0b1111) }
}

/// Where a supplementary item attaches to its host (`NSCollectionLayoutAnchor`). docs/layout-rules.md §4.4.
public struct LayoutAnchor: Hashable, Sendable {
    /// How the anchor is moved from the point named by `edges`.
    public enum Offset: Hashable, Sendable {
        /// In points.
        case absolute(Point)
        /// In multiples of the supplementary item's own width and height.
        case fractional(Point)
    }

    public var edges: DirectionalRectEdge
    public var offset: Offset

    public init(edges: DirectionalRectEdge) {
        self.edges = edges
        self.offset = .absolute(.zero)
    }
    public init(edges: DirectionalRectEdge, absoluteOffset: Point) {
        self.edges = edges
        self.offset = .absolute(absoluteOffset)
    }
    public init(edges: DirectionalRectEdge, fractionalOffset: Point) {
        self.edges = edges
        self.offset = .fractional(fractionalOffset)
    }
}

/// How an element with estimated dimensions measures in specs and benchmarks: a deterministic stand-in for
/// Auto Layout. Each axis is a fixed length or a seeded pseudo-random length in `min...max`
/// (docs/spec-format.md, "Self-sizing").
public struct SelfSizing: Hashable, Sendable {
    /// An inclusive range of whole point lengths.
    public struct LengthRange: Hashable, Sendable {
        public var min: Int
        public var max: Int
        public init(min: Int, max: Int) { self.min = min; self.max = max }
        /// A fixed length.
        public init(fixed: Int) { self.init(min: fixed, max: fixed) }
    }

    /// The seed, as two's-complement bits of a 64-bit integer.
    public var seed: UInt64
    public var width: LengthRange?
    public var height: LengthRange?

    /// Version 2 (docs/version-2.md §10.7): measured sizes from a list instead of seeded ranges; element i takes
    /// entry `i mod n` on the axes it names.
    public var cycle: [CycleEntry]?

    /// One entry of a `cycle`: the lengths it gives, each optional.
    public struct CycleEntry: Hashable, Sendable {
        public var width: Double?
        public var height: Double?
        public init(width: Double? = nil, height: Double? = nil) { self.width = width; self.height = height }
        public func length(_ axis: Axis) -> Double? { axis == .x ? width : height }
    }

    public init(seed: Int64 = 0, width: LengthRange? = nil, height: LengthRange? = nil) {
        self.seed = UInt64(bitPattern: seed)
        self.width = width
        self.height = height
        self.cycle = nil
    }

    /// A model measuring from a cycle (§10.7).
    public init(cycle: [CycleEntry]) {
        self.init()
        self.cycle = cycle
    }

    /// Whether this model gives a length on `axis` for some element (a range, or a cycle entry naming it).
    public func measures(_ axis: Axis) -> Bool {
        if let cycle { return cycle.contains { $0.length(axis) != nil } }
        return range(axis) != nil
    }

    /// The largest length this model can give on `axis`, if it measures that axis.
    public func maxLength(_ axis: Axis) -> Double? {
        if let cycle { return cycle.compactMap { $0.length(axis) }.max() }
        return range(axis).map { Double($0.max) }
    }

    /// The measured length of element `item` of section `section` on `axis`, or nil when the model does
    /// not give one (the caller falls back, docs/spec-format.md "Self-sizing"). Complexity: O(1).
    public func length(section: Int, item: Int, axis: Axis) -> Double? {
        if let cycle {
            guard !cycle.isEmpty else { return nil }
            let n = cycle.count
            return cycle[((item % n) + n) % n].length(axis)
        }
        guard let range = range(axis) else { return nil }
        return SelfSizing.length(seed: seed, section: section, item: item, range: range)
    }

    /// The range for `axis`, if this model measures it.
    @inlinable public func range(_ axis: Axis) -> LengthRange? { axis == .x ? width : height }

    /// The measured length of element `item` of section `section` along a measured range:
    /// `min + floor(u * (max - min + 1))` with `u` from splitmix64. Complexity: O(1).
    @inlinable
    public static func length(seed: UInt64, section: Int, item: Int, range: LengthRange) -> Double {
        let key = seed ^ (UInt64(bitPattern: Int64(section)) << 32) ^ UInt64(bitPattern: Int64(item))
        let u = Double(splitmix64(key) >> 11) * 0x1p-53
        let span = Double(range.max - range.min + 1)
        return Double(range.min) + (u * span).rounded(.down)
    }

    /// `length(seed:section:item:range:)` with the range's `Double(min)` and `Double(max - min + 1)` taken
    /// once, for a solver's inner loop. `span` must be in 1..<2^52: then `u * span` is in [0, 2^52), where
    /// truncation is `floor` exactly, and two instructions where `rounded(.down)` is a call into libm
    /// (x86-64 without SSE4.1). Complexity: O(1).
    @inlinable @inline(__always)
    public static func length(seed: UInt64, section: Int, item: Int, minimum: Double, span: Double) -> Double {
        let key = seed ^ (UInt64(bitPattern: Int64(section)) << 32) ^ UInt64(bitPattern: Int64(item))
        let u = Double(splitmix64(key) >> 11) * 0x1p-53
        return minimum + Double(Int64(u * span))
    }

    /// The standard splitmix64 finaliser, wrapping arithmetic.
    @inlinable public static func splitmix64(_ value: UInt64) -> UInt64 {
        var x = value &+ 0x9E37_79B9_7F4A_7C15
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 31)
    }
}

/// A supplementary view anchored to an item or a group (`NSCollectionLayoutSupplementaryItem`): badges,
/// pills. It never moves anything else. docs/layout-rules.md §4.4.
public struct SupplementaryItem: Hashable, Sendable {
    public var layoutSize: LayoutSize
    public var elementKind: String { didSet { internedKind = ElementKind(elementKind) } }
    /// `elementKind` interned, as the elements made from this item carry it (kept equal to it).
    public private(set) var internedKind: ElementKind
    public var containerAnchor: LayoutAnchor
    /// The point of the supplementary that sits on the container anchor; defaults to the container anchor's edges.
    public var itemAnchor: LayoutAnchor?
    /// Defaults to 1 (docs/layout-rules.md §4.6).
    public var zIndex: Int
    /// How its estimated dimensions measure (never the spec's top-level model).
    public var selfSizing: SelfSizing?

    public init(
        layoutSize: LayoutSize, elementKind: String, containerAnchor: LayoutAnchor,
        itemAnchor: LayoutAnchor? = nil, zIndex: Int = 1, selfSizing: SelfSizing? = nil
    ) {
        self.layoutSize = layoutSize
        self.elementKind = elementKind
        self.internedKind = ElementKind(elementKind)
        self.containerAnchor = containerAnchor
        self.itemAnchor = itemAnchor
        self.zIndex = zIndex
        self.selfSizing = selfSizing
    }
}

/// Where a boundary item sits on its section or layout (`NSRectAlignment`).
public enum BoundaryAlignment: String, Hashable, Sendable, CaseIterable {
    case top, bottom, leading, trailing, topLeading, topTrailing, bottomLeading, bottomTrailing

    /// The edges the alignment names.
    public var edges: DirectionalRectEdge {
        switch self {
        case .top: return .top
        case .bottom: return .bottom
        case .leading: return .leading
        case .trailing: return .trailing
        case .topLeading: return [.top, .leading]
        case .topTrailing: return [.top, .trailing]
        case .bottomLeading: return [.bottom, .leading]
        case .bottomTrailing: return [.bottom, .trailing]
        }
    }
}

/// A header or footer of a section or of the whole layout (`NSCollectionLayoutBoundarySupplementaryItem`).
/// docs/layout-rules.md §4.3.
public struct BoundarySupplementaryItem: Hashable, Sendable {
    public var layoutSize: LayoutSize
    public var elementKind: String { didSet { internedKind = ElementKind(elementKind) } }
    /// `elementKind` interned, as the elements made from this item carry it (kept equal to it).
    public private(set) var internedKind: ElementKind
    public var alignment: BoundaryAlignment
    /// Moves the item after placement; extents do not change.
    public var offset: Point
    /// Whether the item adds its length to the section along the scroll axis (default true).
    public var extendsBoundary: Bool
    /// Whether the item sticks to the visible bounds while its section is on screen (queries only).
    public var pinToVisibleBounds: Bool
    /// Defaults to 1 (docs/layout-rules.md §4.6).
    public var zIndex: Int
    public var selfSizing: SelfSizing?

    public init(
        layoutSize: LayoutSize, elementKind: String, alignment: BoundaryAlignment,
        absoluteOffset: Point = .zero, extendsBoundary: Bool = true, pinToVisibleBounds: Bool = false,
        zIndex: Int = 1, selfSizing: SelfSizing? = nil
    ) {
        self.layoutSize = layoutSize
        self.elementKind = elementKind
        self.internedKind = ElementKind(elementKind)
        self.alignment = alignment
        self.offset = absoluteOffset
        self.extendsBoundary = extendsBoundary
        self.pinToVisibleBounds = pinToVisibleBounds
        self.zIndex = zIndex
        self.selfSizing = selfSizing
    }
}

/// A view behind a section, such as a background (`NSCollectionLayoutDecorationItem.background`).
/// docs/layout-rules.md §4.5.
public struct DecorationItem: Hashable, Sendable {
    public var elementKind: String { didSet { internedKind = ElementKind(elementKind) } }
    /// `elementKind` interned, as the elements made from this item carry it (kept equal to it).
    public private(set) var internedKind: ElementKind
    public var contentInsets: EdgeInsets
    /// Defaults to −1: behind the cells (docs/layout-rules.md §4.6).
    public var zIndex: Int

    public init(elementKind: String, contentInsets: EdgeInsets = .zero, zIndex: Int = -1) {
        self.elementKind = elementKind
        self.internedKind = ElementKind(elementKind)
        self.contentInsets = contentInsets
        self.zIndex = zIndex
    }

    /// A background decoration, as `NSCollectionLayoutDecorationItem.background(elementKind:)`.
    public static func background(elementKind: String) -> DecorationItem {
        DecorationItem(elementKind: elementKind)
    }
}
