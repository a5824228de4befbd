/// How long an element is along one axis (`NSCollectionLayoutDimension`). docs/layout-rules.md §2.
public enum LayoutDimension: Hashable, Sendable {
    /// A fraction of the container's width.
    case fractionalWidth(Double)
    /// A fraction of the container's height.
    case fractionalHeight(Double)
    /// A fixed length in points.
    case absolute(Double)
    /// A first guess in points; the element measures itself (self-sizing, docs/layout-rules.md §6).
    case estimated(Double)
    /// An estimate whose measured length is shared with the item's siblings (iOS 17,
    /// `uniformAcrossSiblings(estimate:)`): it behaves as `estimated` and in addition evens out runs of
    /// siblings (docs/version-2.md §10.4). Version 2.
    case uniformAcrossSiblings(estimate: Double)

    /// Whether the element measures itself along this axis (uniform dimensions measure too).
    @inlinable public var isEstimated: Bool {
        switch self {
        case .estimated, .uniformAcrossSiblings: return true
        default: return false
        }
    }

    /// Whether this is `uniformAcrossSiblings` (docs/version-2.md §10.4).
    @inlinable public var isUniform: Bool {
        if case .uniformAcrossSiblings = self { return true }
        return false
    }

    /// The estimate of an estimated or uniform dimension.
    @inlinable public var estimate: Double? {
        switch self {
        case .estimated(let v), .uniformAcrossSiblings(let v): return v
        default: return nil
        }
    }

    /// Whether this dimension is a fraction of the container's length along `axis`
    /// (`fractionalWidth` for x, `fractionalHeight` for y).
    @inlinable public func isFraction(of axis: Axis) -> Bool {
        switch self {
        case .fractionalWidth: return axis == .x
        case .fractionalHeight: return axis == .y
        default: return false
        }
    }
}

/// The two dimensions of an element (`NSCollectionLayoutSize`).
public struct LayoutSize: Hashable, Sendable {
    public var widthDimension: LayoutDimension
    public var heightDimension: LayoutDimension

    public init(widthDimension: LayoutDimension, heightDimension: LayoutDimension) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
    }

    /// The dimension along `axis`.
    @inlinable public func dimension(_ axis: Axis) -> LayoutDimension {
        axis == .x ? widthDimension : heightDimension
    }

    /// Whether either dimension is estimated.
    @inlinable public var hasEstimatedDimension: Bool {
        widthDimension.isEstimated || heightDimension.isEstimated
    }

    /// Whether either dimension is `uniformAcrossSiblings`.
    @inlinable public var hasUniformDimension: Bool {
        widthDimension.isUniform || heightDimension.isUniform
    }
}

/// Insets from the four edges of a rectangle, in points (`NSDirectionalEdgeInsets`; leading is left).
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// The same inset on all four edges.
    public init(all value: Double) { self.init(top: value, leading: value, bottom: value, trailing: value) }

    public static let zero = EdgeInsets()

    /// The inset before the content along `axis`: leading (x) or top (y).
    @inlinable public func pre(_ axis: Axis) -> Double { axis == .x ? leading : top }
    /// The inset after the content along `axis`: trailing (x) or bottom (y).
    @inlinable public func post(_ axis: Axis) -> Double { axis == .x ? trailing : bottom }
    /// Both insets along `axis`.
    @inlinable public func sum(_ axis: Axis) -> Double { pre(axis) + post(axis) }
}

/// Space between elements, fixed or flexible (`NSCollectionLayoutSpacing`). A flexible spacing is at least
/// its value and takes a share of the space left over (docs/layout-rules.md §3.3).
public enum LayoutSpacing: Hashable, Sendable {
    case fixed(Double)
    case flexible(Double)

    /// The spacing's value (its minimum when flexible).
    @inlinable public var value: Double {
        switch self {
        case .fixed(let v), .flexible(let v): return v
        }
    }

    @inlinable public var isFlexible: Bool {
        if case .flexible = self { return true }
        return false
    }
}

/// Spacing outside an item's or group's edges (`NSCollectionLayoutEdgeSpacing`). Absent edges are 0.
public struct EdgeSpacing: Hashable, Sendable {
    public var leading: LayoutSpacing?
    public var top: LayoutSpacing?
    public var trailing: LayoutSpacing?
    public var bottom: LayoutSpacing?

    public init(
        leading: LayoutSpacing? = nil, top: LayoutSpacing? = nil,
        trailing: LayoutSpacing? = nil, bottom: LayoutSpacing? = nil
    ) {
        self.leading = leading; self.top = top; self.trailing = trailing; self.bottom = bottom
    }

    /// The spacing before the element along `axis`: leading (x) or top (y).
    @inlinable public func pre(_ axis: Axis) -> LayoutSpacing? { axis == .x ? leading : top }
    /// The spacing after the element along `axis`: trailing (x) or bottom (y).
    @inlinable public func post(_ axis: Axis) -> LayoutSpacing? { axis == .x ? trailing : bottom }
}
