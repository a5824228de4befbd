/// Sections as a spec declares them: a definition used by `count` consecutive sections of `items` items
/// each, with adaptive variants chosen by the container's width (docs/layout-rules.md §4.7).

/// The fields a section definition or one of its variants sets; absent fields are not named.
public struct SectionFields: Hashable, Sendable {
    /// What the section lays out: a group, or a list configuration.
    public enum Content: Hashable, Sendable {
        case group(LayoutGroup)
        case list(ListConfiguration)
    }

    public var content: Content?
    public var contentInsets: EdgeInsets?
    public var interGroupSpacing: Double?
    public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior?
    public var boundarySupplementaryItems: [BoundarySupplementaryItem]?
    public var decorationItems: [DecorationItem]?
    public var supplementariesFollowContentInsets: Bool?
    /// docs/version-2.md §10.2 (version 2).
    public var contentInsetsReference: ContentInsetsReference?
    public var supplementaryContentInsetsReference: ContentInsetsReference?

    public init(
        content: Content? = nil, contentInsets: EdgeInsets? = nil, interGroupSpacing: Double? = nil,
        orthogonalScrollingBehavior: OrthogonalScrollingBehavior? = nil,
        boundarySupplementaryItems: [BoundarySupplementaryItem]? = nil,
        decorationItems: [DecorationItem]? = nil, supplementariesFollowContentInsets: Bool? = nil,
        contentInsetsReference: ContentInsetsReference? = nil,
        supplementaryContentInsetsReference: ContentInsetsReference? = nil
    ) {
        self.contentInsetsReference = contentInsetsReference
        self.supplementaryContentInsetsReference = supplementaryContentInsetsReference
        self.content = content
        self.contentInsets = contentInsets
        self.interGroupSpacing = interGroupSpacing
        self.orthogonalScrollingBehavior = orthogonalScrollingBehavior
        self.boundarySupplementaryItems = boundarySupplementaryItems
        self.decorationItems = decorationItems
        self.supplementariesFollowContentInsets = supplementariesFollowContentInsets
    }

    /// These fields with those `other` names taking their place.
    public func overridden(by other: SectionFields) -> SectionFields {
        SectionFields(
            content: other.content ?? content,
            contentInsets: other.contentInsets ?? contentInsets,
            interGroupSpacing: other.interGroupSpacing ?? interGroupSpacing,
            orthogonalScrollingBehavior: other.orthogonalScrollingBehavior ?? orthogonalScrollingBehavior,
            boundarySupplementaryItems: other.boundarySupplementaryItems ?? boundarySupplementaryItems,
            decorationItems: other.decorationItems ?? decorationItems,
            supplementariesFollowContentInsets: other.supplementariesFollowContentInsets
                ?? supplementariesFollowContentInsets,
            contentInsetsReference: other.contentInsetsReference ?? contentInsetsReference,
            supplementaryContentInsetsReference: other.supplementaryContentInsetsReference
                ?? supplementaryContentInsetsReference)
    }

    /// The section these fields describe, or nil without content. A list's own insets replace the
    /// appearance's; its header and footer come before the section's own boundary items (docs/layout-rules.md §7).
    public func section() -> LayoutSection? {
        guard let content else { return nil }
        var section: LayoutSection
        switch content {
        case .group(let group):
            section = LayoutSection(group: group)
        case .list(let configuration):
            section = LayoutSection.list(using: configuration)
        }
        if let contentInsets {
            section.contentInsets = contentInsets
            // docs/version-2.md §10.8: with firstItemInSection the header padding adds to the top inset in force.
            if case .list(let list) = content, list.headerMode == .firstItemInSection {
                section.contentInsets.top += list.resolvedHeaderTopPadding
            }
        }
        if let contentInsetsReference { section.contentInsetsReference = contentInsetsReference }
        if let supplementaryContentInsetsReference {
            section.supplementaryContentInsetsReference = supplementaryContentInsetsReference
        }
        if let interGroupSpacing { section.interGroupSpacing = interGroupSpacing }
        if let orthogonalScrollingBehavior { section.orthogonalScrollingBehavior = orthogonalScrollingBehavior }
        if let boundarySupplementaryItems { section.boundarySupplementaryItems += boundarySupplementaryItems }
        if let decorationItems { section.decorationItems = decorationItems }
        if let supplementariesFollowContentInsets {
            section.supplementariesFollowContentInsets = supplementariesFollowContentInsets
        }
        return section
    }
}

/// When a variant applies: `minWidth <= width < maxWidth`, either bound optional; in version 2 also
/// `widthAbove` (width > v), `widthAtMost` (width <= v) and traits (docs/version-2.md §10.5). Every condition
/// named must hold. The width is the effective content width (§10.1; W without reference insets).
public struct WidthCondition: Hashable, Sendable {
    public var minWidth: Double?
    public var maxWidth: Double?
    public var widthAbove: Double?
    public var widthAtMost: Double?
    public var horizontalSizeClass: UserInterfaceSizeClass?
    public var verticalSizeClass: UserInterfaceSizeClass?
    public var contentSizeCategoryAtLeast: ContentSizeCategory?
    public var contentSizeCategoryBelow: ContentSizeCategory?

    public init(
        minWidth: Double? = nil, maxWidth: Double? = nil, widthAbove: Double? = nil, widthAtMost: Double? = nil,
        horizontalSizeClass: UserInterfaceSizeClass? = nil, verticalSizeClass: UserInterfaceSizeClass? = nil,
        contentSizeCategoryAtLeast: ContentSizeCategory? = nil, contentSizeCategoryBelow: ContentSizeCategory? = nil
    ) {
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.widthAbove = widthAbove
        self.widthAtMost = widthAtMost
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.contentSizeCategoryAtLeast = contentSizeCategoryAtLeast
        self.contentSizeCategoryBelow = contentSizeCategoryBelow
    }

    public func holds(forWidth width: Double) -> Bool { holds(width: width, traits: .default) }

    public func holds(width: Double, traits: LayoutTraits) -> Bool {
        if let minWidth, width < minWidth { return false }
        if let maxWidth, width >= maxWidth { return false }
        if let widthAbove, !(width > widthAbove) { return false }
        if let widthAtMost, !(width <= widthAtMost) { return false }
        if let horizontalSizeClass, traits.horizontalSizeClass != horizontalSizeClass { return false }
        if let verticalSizeClass, traits.verticalSizeClass != verticalSizeClass { return false }
        if let contentSizeCategoryAtLeast, traits.preferredContentSizeCategory < contentSizeCategoryAtLeast {
            return false
        }
        if let contentSizeCategoryBelow, !(traits.preferredContentSizeCategory < contentSizeCategoryBelow) {
            return false
        }
        return true
    }

    /// Whether a condition of version 2 is named.
    public var usesVersion2: Bool {
        widthAbove != nil || widthAtMost != nil || horizontalSizeClass != nil || verticalSizeClass != nil
            || contentSizeCategoryAtLeast != nil || contentSizeCategoryBelow != nil
    }
}

/// UIKit-flavoured name of a variant's condition.
public typealias VariantCondition = WidthCondition

/// An adaptive override of a section definition.
public struct SectionVariant: Hashable, Sendable {
    /// nil: always holds.
    public var when: WidthCondition?
    public var fields: SectionFields
    public init(when: WidthCondition? = nil, fields: SectionFields) {
        self.when = when
        self.fields = fields
    }
}

/// A section definition: `count` consecutive sections of `items` items each.
public struct SectionDefinition: Hashable, Sendable {
    public var name: String?
    public var count: Int
    public var items: Int
    public var fields: SectionFields
    public var variants: [SectionVariant]

    public init(name: String? = nil, count: Int = 1, items: Int, fields: SectionFields, variants: [SectionVariant] = [])
    {
        self.name = name
        self.count = count
        self.items = items
        self.fields = fields
        self.variants = variants
    }

    /// A definition of sections that all use `section`.
    public init(name: String? = nil, count: Int = 1, items: Int, section: LayoutSection) {
        var fields = SectionFields(
            content: .group(section.group), contentInsets: section.contentInsets,
            interGroupSpacing: section.interGroupSpacing,
            orthogonalScrollingBehavior: section.orthogonalScrollingBehavior,
            boundarySupplementaryItems: section.boundarySupplementaryItems, decorationItems: section.decorationItems,
            supplementariesFollowContentInsets: section.supplementariesFollowContentInsets,
            contentInsetsReference: section.contentInsetsReference == .automatic ? nil : section.contentInsetsReference,
            supplementaryContentInsetsReference: section.supplementaryContentInsetsReference == .automatic
                ? nil : section.supplementaryContentInsetsReference)
        if let list = section.listConfiguration {
            // Keep the list itself so its header and footer are not added twice.
            fields.content = .list(list)
            let listOnly = LayoutSection.list(using: list)
            // The list's own insets (header padding included) are not the section's own (docs/version-2.md §10.8).
            if section.contentInsets == listOnly.contentInsets { fields.contentInsets = nil }
            fields.boundarySupplementaryItems = Array(
                section.boundarySupplementaryItems.dropFirst(listOnly.boundarySupplementaryItems.count))
        }
        self.init(name: name, count: count, items: items, fields: fields)
    }

    /// The first variant that holds for `width`, if any (docs/layout-rules.md §4.7).
    public func variant(forWidth width: Double) -> SectionVariant? {
        variantIndex(width: width, traits: .default).map { variants[$0] }
    }

    /// The index of the first variant that holds for `width` and `traits` (docs/layout-rules.md §4.7, §10.5).
    public func variantIndex(width: Double, traits: LayoutTraits) -> Int? {
        variants.firstIndex { $0.when?.holds(width: width, traits: traits) ?? true }
    }

    /// The section in force at container width `width`: the definition's fields overridden by the first
    /// variant that holds. Throws when neither gives a group or a list.
    public func section(forWidth width: Double) throws(LayoutError) -> LayoutSection {
        try section(width: width, traits: .default)
    }

    /// The section in force at effective width `width` with `traits` (docs/version-2.md §10.5).
    public func section(width: Double, traits: LayoutTraits) throws(LayoutError) -> LayoutSection {
        var fields = self.fields
        if let index = variantIndex(width: width, traits: traits) {
            fields = fields.overridden(by: variants[index].fields)
        }
        guard let section = fields.section() else {
            throw LayoutError(.noVariantForWidth(width: width), definitionName: name)
        }
        return section
    }
}
