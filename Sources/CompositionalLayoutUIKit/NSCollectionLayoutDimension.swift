/// A length along one axis (UIKit's `NSCollectionLayoutDimension`). docs/layout-rules.md §2.
public final class NSCollectionLayoutDimension: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The model's dimension this one stands for.
    public let layoutDimension: LayoutDimension

    public init(_ dimension: LayoutDimension) { self.layoutDimension = dimension }

    public static func fractionalWidth(_ fractionalWidth: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.fractionalWidth(Double(fractionalWidth)))
    }
    public static func fractionalHeight(_ fractionalHeight: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.fractionalHeight(Double(fractionalHeight)))
    }
    public static func absolute(_ absoluteDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.absolute(Double(absoluteDimension)))
    }
    public static func estimated(_ estimatedDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.estimated(Double(estimatedDimension)))
    }
    /// iOS 17; version 2 of the spec format (docs/version-2.md §10.4).
    public static func uniformAcrossSiblings(estimate estimatedDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.uniformAcrossSiblings(estimate: Double(estimatedDimension)))
    }

    public var isFractionalWidth: Bool { if case .fractionalWidth = layoutDimension { true } else { false } }
    public var isFractionalHeight: Bool { if case .fractionalHeight = layoutDimension { true } else { false } }
    public var isAbsolute: Bool { if case .absolute = layoutDimension { true } else { false } }
    public var isEstimated: Bool { if case .estimated = layoutDimension { true } else { false } }
    public var isUniformAcrossSiblings: Bool { layoutDimension.isUniform }

    /// The fraction, the points or the estimate.
    public var dimension: CGFloat {
        switch layoutDimension {
        case .fractionalWidth(let v), .fractionalHeight(let v), .absolute(let v), .estimated(let v),
            .uniformAcrossSiblings(let v):
            return CGFloat(v)
        }
    }

    public static func == (a: NSCollectionLayoutDimension, b: NSCollectionLayoutDimension) -> Bool {
        a.layoutDimension == b.layoutDimension
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(layoutDimension) }
    public var description: String { "\(layoutDimension)" }
}

/// A width and a height dimension (UIKit's `NSCollectionLayoutSize`).
public final class NSCollectionLayoutSize: Hashable, @unchecked Sendable {
    public let widthDimension: NSCollectionLayoutDimension
    public let heightDimension: NSCollectionLayoutDimension

    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension)
    {
        self.widthDimension = width
        self.heightDimension = height
    }
    public convenience init(_ size: LayoutSize) {
        self.init(
            widthDimension: NSCollectionLayoutDimension(size.widthDimension),
            heightDimension: NSCollectionLayoutDimension(size.heightDimension))
    }

    /// The model's size.
    public var layoutSize: LayoutSize {
        LayoutSize(widthDimension: widthDimension.layoutDimension, heightDimension: heightDimension.layoutDimension)
    }

    public static func == (a: NSCollectionLayoutSize, b: NSCollectionLayoutSize) -> Bool {
        a.layoutSize == b.layoutSize
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(layoutSize) }
}

/// Fixed or flexible space (UIKit's `NSCollectionLayoutSpacing`). docs/layout-rules.md §3.3.
public final class NSCollectionLayoutSpacing: Hashable, @unchecked Sendable {
    public let layoutSpacing: LayoutSpacing

    public init(_ spacing: LayoutSpacing) { self.layoutSpacing = spacing }

    public static func fixed(_ fixedSpacing: CGFloat) -> NSCollectionLayoutSpacing {
        NSCollectionLayoutSpacing(.fixed(Double(fixedSpacing)))
    }
    public static func flexible(_ flexibleSpacing: CGFloat) -> NSCollectionLayoutSpacing {
        NSCollectionLayoutSpacing(.flexible(Double(flexibleSpacing)))
    }

    public var spacing: CGFloat { CGFloat(layoutSpacing.value) }
    public var isFixedSpacing: Bool { !layoutSpacing.isFlexible }
    public var isFlexibleSpacing: Bool { layoutSpacing.isFlexible }

    public static func == (a: NSCollectionLayoutSpacing, b: NSCollectionLayoutSpacing) -> Bool {
        a.layoutSpacing == b.layoutSpacing
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(layoutSpacing) }
}

/// Spacing outside an item's edges (UIKit's `NSCollectionLayoutEdgeSpacing`).
public final class NSCollectionLayoutEdgeSpacing: Hashable, @unchecked Sendable {
    public let leading: NSCollectionLayoutSpacing?
    public let top: NSCollectionLayoutSpacing?
    public let trailing: NSCollectionLayoutSpacing?
    public let bottom: NSCollectionLayoutSpacing?

    public init(
        leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?,
        trailing: NSCollectionLayoutSpacing?, bottom: NSCollectionLayoutSpacing?
    ) {
        self.leading = leading; self.top = top; self.trailing = trailing; self.bottom = bottom
    }
    public convenience init(_ spacing: EdgeSpacing) {
        self.init(
            leading: spacing.leading.map(NSCollectionLayoutSpacing.init),
            top: spacing.top.map(NSCollectionLayoutSpacing.init),
            trailing: spacing.trailing.map(NSCollectionLayoutSpacing.init),
            bottom: spacing.bottom.map(NSCollectionLayoutSpacing.init))
    }

    public var edgeSpacing: EdgeSpacing {
        EdgeSpacing(
            leading: leading?.layoutSpacing, top: top?.layoutSpacing, trailing: trailing?.layoutSpacing,
            bottom: bottom?.layoutSpacing)
    }

    public static func == (a: NSCollectionLayoutEdgeSpacing, b: NSCollectionLayoutEdgeSpacing) -> Bool {
        a.edgeSpacing == b.edgeSpacing
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(edgeSpacing) }
}
