/// What a section provider learns about where it lays out (UIKit's `NSCollectionLayoutEnvironment`).
public protocol NSCollectionLayoutEnvironment: AnyObject {
    var container: any NSCollectionLayoutContainer { get }
    var traitCollection: UITraitCollection { get }
}

/// The collection view's size and insets (UIKit's `NSCollectionLayoutContainer`). docs/version-2.md §10.1.
public protocol NSCollectionLayoutContainer: AnyObject {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// A size class (UIKit's `UIUserInterfaceSizeClass`).
public enum UIUserInterfaceSizeClass: Int, Hashable, Sendable {
    case unspecified = 0
    case compact = 1
    case regular = 2

    init(_ sizeClass: UserInterfaceSizeClass) { self = sizeClass == .compact ? .compact : .regular }
}

/// UIKit's `UITraitEnvironmentLayoutDirection`.
public enum UITraitEnvironmentLayoutDirection: Int, Hashable, Sendable {
    case unspecified = -1
    case leftToRight = 0
    case rightToLeft = 1
}

/// UIKit's `UIUserInterfaceLayoutDirection`.
public enum UIUserInterfaceLayoutDirection: Int, Hashable, Sendable {
    case leftToRight = 0
    case rightToLeft = 1
}

/// UIKit's `UIUserInterfaceIdiom`: what the traits say the device is. Always `.phone` or `.pad` here, from the
/// horizontal size class (regular: pad).
public enum UIUserInterfaceIdiom: Int, Hashable, Sendable {
    case unspecified = -1
    case phone = 0
    case pad = 1
    case tv = 2
    case carPlay = 3
    case mac = 5
    case vision = 6
}

/// The preferred text size (UIKit's `UIContentSizeCategory`), ordered as UIKit orders it.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = UIContentSizeCategory(
        rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge =
        UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge =
        UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    static let ordered: [(UIContentSizeCategory, ContentSizeCategory)] = [
        (.extraSmall, .extraSmall), (.small, .small), (.medium, .medium), (.large, .large),
        (.extraLarge, .extraLarge), (.extraExtraLarge, .extraExtraLarge),
        (.extraExtraExtraLarge, .extraExtraExtraLarge),
        (.accessibilityMedium, .accessibilityMedium), (.accessibilityLarge, .accessibilityLarge),
        (.accessibilityExtraLarge, .accessibilityExtraLarge),
        (.accessibilityExtraExtraLarge, .accessibilityExtraExtraLarge),
        (.accessibilityExtraExtraExtraLarge, .accessibilityExtraExtraExtraLarge),
    ]

    init(_ category: ContentSizeCategory) { self = Self.ordered.first { $0.1 == category }!.0 }

    var rank: Int { Self.ordered.firstIndex { $0.0 == self } ?? -1 }

    public var isAccessibilityCategory: Bool { rank >= 7 }

    public static func < (a: UIContentSizeCategory, b: UIContentSizeCategory) -> Bool { a.rank < b.rank }
}

/// The traits a layout may read (UIKit's `UITraitCollection`): size classes, text size, layout direction and
/// display scale, from the container (docs/version-2.md §10.1, §10.5).
public final class UITraitCollection: @unchecked Sendable {
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let preferredContentSizeCategory: UIContentSizeCategory
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    public let displayScale: CGFloat
    public let userInterfaceIdiom: UIUserInterfaceIdiom

    public init(
        horizontalSizeClass: UIUserInterfaceSizeClass = .compact,
        verticalSizeClass: UIUserInterfaceSizeClass = .regular,
        preferredContentSizeCategory: UIContentSizeCategory = .large,
        layoutDirection: UITraitEnvironmentLayoutDirection = .leftToRight, displayScale: CGFloat = 0
    ) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.preferredContentSizeCategory = preferredContentSizeCategory
        self.layoutDirection = layoutDirection
        self.displayScale = displayScale
        self.userInterfaceIdiom = horizontalSizeClass == .regular ? .pad : .phone
    }

    /// The traits of a container.
    public convenience init(_ container: LayoutContainer) {
        self.init(
            horizontalSizeClass: UIUserInterfaceSizeClass(container.traits.horizontalSizeClass),
            verticalSizeClass: UIUserInterfaceSizeClass(container.traits.verticalSizeClass),
            preferredContentSizeCategory: UIContentSizeCategory(container.traits.preferredContentSizeCategory),
            layoutDirection: container.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight,
            displayScale: CGFloat(container.displayScale ?? 0))
    }
}

/// The environment of one layout pass over a container: what `UICollectionViewCompositionalLayout` hands its
/// section provider and custom groups' item providers.
public final class LayoutBenchEnvironment: NSCollectionLayoutEnvironment, NSCollectionLayoutContainer {
    /// The layout being converted, with the container in force.
    public let layout: CollectionLayout

    public init(_ layout: CollectionLayout) { self.layout = layout }

    public var container: any NSCollectionLayoutContainer { self }
    public var traitCollection: UITraitCollection { UITraitCollection(layout.container) }

    public var contentSize: CGSize { CGSize(width: layout.container.width, height: layout.container.height) }
    /// docs/version-2.md §10.1: the size less the layout's reference insets.
    public var effectiveContentSize: CGSize {
        let size = layout.effectiveContentSize
        return CGSize(width: size.width, height: size.height)
    }
    public var contentInsets: NSDirectionalEdgeInsets { NSDirectionalEdgeInsets(layout.layoutReferenceInsets) }
    public var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }
}
