/// What a version 2 `resize` may change besides the size (docs/operations.md, a rotation changes the
/// safe area too): each field nil keeps its value, trait by trait. docs/version-2.md §10.1.
public struct EnvironmentChange: Hashable, Sendable {
    public var safeAreaInsets: EdgeInsets?
    public var layoutMargins: EdgeInsets?
    public var layoutDirection: LayoutDirection?
    public var horizontalSizeClass: UserInterfaceSizeClass?
    public var verticalSizeClass: UserInterfaceSizeClass?
    public var contentSizeCategory: ContentSizeCategory?

    public init(
        safeAreaInsets: EdgeInsets? = nil, layoutMargins: EdgeInsets? = nil, layoutDirection: LayoutDirection? = nil,
        horizontalSizeClass: UserInterfaceSizeClass? = nil, verticalSizeClass: UserInterfaceSizeClass? = nil,
        contentSizeCategory: ContentSizeCategory? = nil
    ) {
        self.safeAreaInsets = safeAreaInsets
        self.layoutMargins = layoutMargins
        self.layoutDirection = layoutDirection
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.contentSizeCategory = contentSizeCategory
    }

    /// Nothing but the size changes (every version 1 resize).
    public static let unchanged = EnvironmentChange()

    public var isEmpty: Bool { self == .unchanged }

    /// Whether a trait is named.
    public var changesTraits: Bool {
        horizontalSizeClass != nil || verticalSizeClass != nil || contentSizeCategory != nil
    }

    /// `container` with the named fields replaced.
    public func applied(to container: LayoutContainer) -> LayoutContainer {
        var c = container
        if let safeAreaInsets { c.safeAreaInsets = safeAreaInsets }
        if let layoutMargins { c.layoutMargins = layoutMargins }
        if let layoutDirection { c.layoutDirection = layoutDirection }
        if let horizontalSizeClass { c.traits.horizontalSizeClass = horizontalSizeClass }
        if let verticalSizeClass { c.traits.verticalSizeClass = verticalSizeClass }
        if let contentSizeCategory { c.traits.preferredContentSizeCategory = contentSizeCategory }
        return c
    }
}
