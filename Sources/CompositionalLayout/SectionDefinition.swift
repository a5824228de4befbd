/// Sections as a spec declares them: a definition used by `count` consecutive sections of `items` items
/// each, with adaptive variants chosen by the container's width (SEMANTICS.md §4.7).

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

    public init(content: Content? = nil, contentInsets: EdgeInsets? = nil, interGroupSpacing: Double? = nil,
                orthogonalScrollingBehavior: OrthogonalScrollingBehavior? = nil,
                boundarySupplementaryItems: [BoundarySupplementaryItem]? = nil,
                decorationItems: [DecorationItem]? = nil, supplementariesFollowContentInsets: Bool? = nil) {
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
            supplementariesFollowContentInsets: other.supplementariesFollowContentInsets ?? supplementariesFollowContentInsets)
    }

    /// The section these fields describe, or nil without content. A list's own insets replace the
    /// appearance's; its header and footer come before the section's own boundary items (SEMANTICS.md §7).
    public func section() -> LayoutSection? {
        guard let content else { return nil }
        var section: LayoutSection
        switch content {
        case .group(let group):
            section = LayoutSection(group: group)
        case .list(let configuration):
            section = LayoutSection.list(using: configuration)
        }
        if let contentInsets { section.contentInsets = contentInsets }
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

/// When a variant applies: `minWidth <= width < maxWidth`, either bound optional.
public struct WidthCondition: Hashable, Sendable {
    public var minWidth: Double?
    public var maxWidth: Double?
    public init(minWidth: Double? = nil, maxWidth: Double? = nil) {
        self.minWidth = minWidth
        self.maxWidth = maxWidth
    }
    public func holds(forWidth width: Double) -> Bool {
        if let minWidth, width < minWidth { return false }
        if let maxWidth, width >= maxWidth { return false }
        return true
    }
}

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

    public init(name: String? = nil, count: Int = 1, items: Int, fields: SectionFields, variants: [SectionVariant] = []) {
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
            interGroupSpacing: section.interGroupSpacing, orthogonalScrollingBehavior: section.orthogonalScrollingBehavior,
            boundarySupplementaryItems: section.boundarySupplementaryItems, decorationItems: section.decorationItems,
            supplementariesFollowContentInsets: section.supplementariesFollowContentInsets)
        if let list = section.listConfiguration {
            // Keep the list itself so its header and footer are not added twice.
            fields.content = .list(list)
            let listOnly = LayoutSection.list(using: list)
            fields.boundarySupplementaryItems = Array(section.boundarySupplementaryItems.dropFirst(listOnly.boundarySupplementaryItems.count))
        }
        self.init(name: name, count: count, items: items, fields: fields)
    }

    /// The first variant that holds for `width`, if any (SEMANTICS.md §4.7).
    public func variant(forWidth width: Double) -> SectionVariant? {
        variants.first { $0.when?.holds(forWidth: width) ?? true }
    }

    /// The section in force at container width `width`: the definition's fields overridden by the first
    /// variant that holds. Throws when neither gives a group or a list.
    public func section(forWidth width: Double) throws(LayoutError) -> LayoutSection {
        var fields = self.fields
        if let variant = variant(forWidth: width) { fields = fields.overridden(by: variant.fields) }
        guard let section = fields.section() else {
            throw LayoutError(.noVariantForWidth(width: width), definitionName: name)
        }
        return section
    }
}
