/// The version 2 pass that turns a definition into the section a solver stores (docs/version-2.md §10.2): the
/// content's reference insets R folded into the section's insets (on the layout's cross axis only), and the
/// insets its boundary items follow. Version 1 sections come out unchanged (R is zero).
public struct EnvironmentSection: Hashable, Sendable {
    /// The section with `contentInsets` = its own insets + the content's R.
    public var section: LayoutSection
    /// §10.2 the boundary container's insets on the layout's cross axis: the supplementary reference's R,
    /// plus the section's own insets when `supplementariesFollowContentInsets`.
    public var boundaryInsets: EdgeInsets
}

extension CollectionLayout {
    /// The section of definition `index` in this environment, with its reference insets folded in. Call it on
    /// a layout whose computed values are written in (`resolvedForEnvironment()`).
    public func environmentSection(forDefinition index: Int) throws(LayoutError) -> EnvironmentSection {
        environmentSection(try section(forDefinition: index))
    }

    /// `section` with its reference insets folded in.
    public func environmentSection(_ section: LayoutSection) -> EnvironmentSection {
        let references = referenceInsets(of: section)
        var folded = section
        folded.contentInsets = section.contentInsets + references.content
        let boundary =
            references.supplementary + (section.supplementariesFollowContentInsets ? section.contentInsets : .zero)
        return EnvironmentSection(section: folded, boundaryInsets: boundary)
    }
}
