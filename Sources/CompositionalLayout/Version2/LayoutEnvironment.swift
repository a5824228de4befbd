/// The environment a layout is solved in (docs/version-2.md §10.1): safe area, layout margins, readable content
/// insets, the layout direction and the traits. Version 1 layouts leave all of it at its default, which
/// changes no frame.

/// The direction of the user interface (`UIUserInterfaceLayoutDirection`). docs/version-2.md §10.3.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
    case leftToRight, rightToLeft
}

/// A size class (`UIUserInterfaceSizeClass`).
public enum UserInterfaceSizeClass: String, Hashable, Sendable, CaseIterable {
    case compact, regular
}

/// The preferred text size (`UIContentSizeCategory`), in UIKit's order (docs/version-2.md §10.1).
public enum ContentSizeCategory: String, Hashable, Sendable, CaseIterable, Comparable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge

    /// The position in UIKit's order.
    public var rank: Int { ContentSizeCategory.allCases.firstIndex(of: self)! }

    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool { lhs.rank < rhs.rank }
}

/// The traits variants may test (`UITraitCollection`). They are never derived from the size (§10.1).
public struct LayoutTraits: Hashable, Sendable {
    public var horizontalSizeClass: UserInterfaceSizeClass
    public var verticalSizeClass: UserInterfaceSizeClass
    public var preferredContentSizeCategory: ContentSizeCategory

    public init(
        horizontalSizeClass: UserInterfaceSizeClass = .compact, verticalSizeClass: UserInterfaceSizeClass = .regular,
        preferredContentSizeCategory: ContentSizeCategory = .large
    ) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.preferredContentSizeCategory = preferredContentSizeCategory
    }

    /// compact, regular, large.
    public static let `default` = LayoutTraits()
}

/// Where a section's insets are measured from (`UIContentInsetsReference`). docs/version-2.md §10.2.
public enum ContentInsetsReference: String, Hashable, Sendable, CaseIterable {
    case automatic, none, safeArea, layoutMargins, readableContent
}

extension LayoutContainer {
    /// docs/version-2.md §10.1: layout margins from the view's edges: the given ones, or 8 on top and bottom and
    /// m (20 from W 414, else 16: our choice) on leading and trailing, each plus the safe area on its edge.
    public var effectiveLayoutMargins: EdgeInsets {
        if let layoutMargins { return layoutMargins }
        let m = width >= 414 ? 20.0 : 16.0
        return EdgeInsets(
            top: 8 + safeAreaInsets.top, leading: m + safeAreaInsets.leading,
            bottom: 8 + safeAreaInsets.bottom, trailing: m + safeAreaInsets.trailing)
    }

    /// docs/version-2.md §10.1: on each of leading and trailing, max(the margin on that edge, (W − r) / 2); top
    /// and bottom those of the margins.
    public var readableContentInsets: EdgeInsets {
        let margins = effectiveLayoutMargins
        let side = (width - readableWidth) / 2
        return EdgeInsets(
            top: margins.top, leading: max(margins.leading, side), bottom: margins.bottom,
            trailing: max(margins.trailing, side))
    }

    /// The reference insets R of a resolved reference (never `automatic`), only on `crossAxis` (the layout's
    /// cross axis), each at least 0; the scroll-axis edges are 0 (docs/version-2.md §10.2).
    public func referenceInsets(_ reference: ContentInsetsReference, crossAxis: Axis) -> EdgeInsets {
        let full: EdgeInsets
        switch reference {
        case .automatic, .none: return .zero
        case .safeArea: full = safeAreaInsets
        case .layoutMargins: full = effectiveLayoutMargins
        case .readableContent: full = readableContentInsets
        }
        if crossAxis == .x {
            return EdgeInsets(leading: max(0, full.leading), trailing: max(0, full.trailing))
        }
        return EdgeInsets(top: max(0, full.top), bottom: max(0, full.bottom))
    }
}

extension ContentInsetsReference {
    /// A layout's reference: `automatic` and `none` resolve to none (docs/version-2.md §10.2).
    public var resolvedForLayout: ContentInsetsReference { self == .automatic ? .none : self }

    /// A section's reference: `automatic` takes `parent` (already resolved).
    public func resolved(in parent: ContentInsetsReference) -> ContentInsetsReference {
        self == .automatic ? parent : self
    }
}

extension CollectionLayout {
    /// The layout's own reference insets R (docs/version-2.md §10.2).
    public var layoutReferenceInsets: EdgeInsets {
        container.referenceInsets(
            configuration.contentInsetsReference.resolvedForLayout,
            crossAxis: configuration.scrollDirection.axis.other)
    }

    /// UIKit's `effectiveContentSize` (docs/version-2.md §10.1): W and H less the layout's reference insets on the
    /// layout's cross axis. Not clamped: it can be negative.
    public var effectiveContentSize: Size {
        let r = layoutReferenceInsets
        return Size(width: container.width - r.leading - r.trailing, height: container.height - r.top - r.bottom)
    }
}
