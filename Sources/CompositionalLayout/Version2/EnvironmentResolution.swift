/// The version 2 resolution pass (docs/version-2.md §10): before each solve, `calc` values are written in for
/// the container in force (§10.6), variants are chosen by the effective content width and the traits
/// (§10.5), and list sections take their environment defaults (§10.2). A version 1 layout passes through
/// unchanged: no computed values, effective width W, default traits.
extension CollectionLayout {
    /// The variant in force for each definition (nil: none holds or none exists), at the effective content
    /// width and the container's traits (§10.5).
    public func chosenVariants() -> [Int?] {
        let width = effectiveContentSize.width
        return sections.map { $0.variantIndex(width: width, traits: container.traits) }
    }

    /// The layout with every computed value in force evaluated at the effective content size and written in,
    /// and no computed values left (§10.6: a variant not chosen is not evaluated).
    /// - Throws: `LayoutError.invalidComputedValue` naming the value's place and the container.
    public func resolvedForEnvironment() throws(LayoutError) -> CollectionLayout {
        guard !computedValues.isEmpty else { return self }
        var copy = self
        copy.computedValues = []
        let size = effectiveContentSize
        let chosen = chosenVariants()
        for value in computedValues where isInForce(value, chosen: chosen) {
            let v = try value.value(width: size.width, height: size.height)
            try ComputedValueWriter(value: v, path: value.path).apply(&copy, value.components[...])
        }
        return copy
    }

    /// The section definition `index` builds in this environment: the chosen variant's fields over the
    /// definition's, and a list's defaults of §10.2 (reference `none` unless given; insetGrouped, sidebar and
    /// sidebarPlain add the safe area to their leading and trailing insets unless the section gives its own).
    public func section(forDefinition index: Int) throws(LayoutError) -> LayoutSection {
        let definition = sections[index]
        var section = try definition.section(width: effectiveContentSize.width, traits: container.traits)
        var fields = definition.fields
        if let variant = definition.variantIndex(width: effectiveContentSize.width, traits: container.traits) {
            fields = fields.overridden(by: definition.variants[variant].fields)
        }
        if case .list(let list)? = fields.content {
            if fields.contentInsetsReference == nil { section.contentInsetsReference = .none }
            if fields.contentInsets == nil, [.insetGrouped, .sidebar, .sidebarPlain].contains(list.appearance) {
                section.contentInsets.leading += container.safeAreaInsets.leading
                section.contentInsets.trailing += container.safeAreaInsets.trailing
            }
        }
        return section
    }

    /// §10.2: a section's resolved content reference and supplementary reference.
    public func resolvedReferences(of section: LayoutSection) -> (
        content: ContentInsetsReference, supplementary: ContentInsetsReference
    ) {
        let layout = configuration.contentInsetsReference.resolvedForLayout
        let content = section.contentInsetsReference.resolved(in: layout)
        return (content, section.supplementaryContentInsetsReference.resolved(in: content))
    }

    /// §10.2: the reference insets R of a section's content and of its boundary items, on the layout's
    /// cross axis only.
    public func referenceInsets(of section: LayoutSection) -> (content: EdgeInsets, supplementary: EdgeInsets) {
        let references = resolvedReferences(of: section)
        let cross = configuration.scrollDirection.axis.other
        return (
            container.referenceInsets(references.content, crossAxis: cross),
            container.referenceInsets(references.supplementary, crossAxis: cross)
        )
    }
}

extension EdgeInsets {
    /// Edge by edge sum.
    public static func + (a: EdgeInsets, b: EdgeInsets) -> EdgeInsets {
        EdgeInsets(
            top: a.top + b.top, leading: a.leading + b.leading, bottom: a.bottom + b.bottom,
            trailing: a.trailing + b.trailing)
    }
}
