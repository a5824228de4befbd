extension UICollectionViewCompositionalLayout {
    /// The model's layout under UIKit's names: a section provider that gives each section its definition's
    /// fields and the variant in force at the environment's effective width and traits (docs/layout-rules.md
    /// §4.7, docs/version-2.md §10.5), computed values evaluated there (§10.6). The model's `selfSizing`,
    /// names and item counts are not part of a UIKit layout: pass them back to `collectionLayout`.
    public convenience init(_ layout: CollectionLayout) {
        var definitionOfSection: [Int] = []
        for (index, definition) in layout.sections.enumerated() {
            definitionOfSection += Array(repeating: index, count: definition.count)
        }
        self.init(
            sectionProvider: { index, environment in
                guard definitionOfSection.indices.contains(index) else { return nil }
                var inForce = layout
                if let environment = environment as? LayoutBenchEnvironment {
                    inForce.container = environment.layout.container
                } else {
                    let size = environment.container.contentSize
                    inForce.container.width = Double(size.width)
                    inForce.container.height = Double(size.height)
                }
                guard let resolved = try? inForce.resolvedForEnvironment() else { return nil }
                let definition = resolved.sections[definitionOfSection[index]]
                guard
                    let section = try? definition.section(
                        width: resolved.effectiveContentSize.width,
                        traits: resolved.container.traits)
                else { return nil }
                return NSCollectionLayoutSection(section)
            }, configuration: UICollectionViewCompositionalLayoutConfiguration(layout.configuration))
        sourceLocation = nil
    }

    /// The layout as the model sees it in `container` with `itemCounts[i]` items in section i: the provider
    /// asked once per section with that container's environment, consecutive equal sections with equal item
    /// counts made one definition with a `count`.
    /// - Throws: `UIKitConversionError` when the provider returns nil for a section (UIKit would stop there)
    ///   or a section holds what the spec format has no key for; the message names the section.
    /// - Complexity: one provider call and one conversion per section.
    public func collectionLayout(
        name: String, container: LayoutContainer, itemCounts: [Int],
        selfSizing: SelfSizing? = nil
    ) throws(UIKitConversionError) -> CollectionLayout {
        var layout = CollectionLayout(
            name: name, container: container,
            configuration: try configuration.layoutConfiguration(), sections: [],
            selfSizing: selfSizing)
        let environment = LayoutBenchEnvironment(layout)
        var definitions: [SectionDefinition] = []
        for (index, items) in itemCounts.enumerated() {
            guard let section = section(at: index, environment: environment) else {
                throw UIKitConversionError(
                    "the section provider returned nil for section \(index), which has "
                        + "\(items) item\(items == 1 ? "" : "s"); return a section for every "
                        + "section that has items, or pass fewer sections with --items")
            }
            let model: LayoutSection
            do {
                model = try section.layoutSection(in: environment)
            } catch {
                throw UIKitConversionError("section \(index): \(error.message)")
            }
            var definition = SectionDefinition(items: items, section: model)
            definition.fields = Self.leavingDefaultsOut(definition.fields)
            if var last = definitions.last, last.items == items, last.fields == definition.fields,
                last.variants.isEmpty, last.name == nil
            {
                last.count += 1
                definitions[definitions.count - 1] = last
            } else {
                definitions.append(definition)
            }
        }
        layout.sections = definitions
        return layout
    }
}

extension UICollectionViewCompositionalLayout {
    /// The fields as a spec reader gives them: a field at its default is not named (docs/spec-format.md).
    static func leavingDefaultsOut(_ fields: SectionFields) -> SectionFields {
        var fields = fields
        if case .group? = fields.content, fields.contentInsets == .zero { fields.contentInsets = nil }
        if fields.interGroupSpacing == 0 { fields.interGroupSpacing = nil }
        if fields.orthogonalScrollingBehavior == OrthogonalScrollingBehavior.none {
            fields.orthogonalScrollingBehavior = nil
        }
        if fields.boundarySupplementaryItems?.isEmpty == true { fields.boundarySupplementaryItems = nil }
        if fields.decorationItems?.isEmpty == true { fields.decorationItems = nil }
        if fields.supplementariesFollowContentInsets == true { fields.supplementariesFollowContentInsets = nil }
        return fields
    }
}

extension UITraitCollection {
    /// The model's traits (size classes other than compact and regular read as compact... never: they are
    /// only made from a container here).
    public var layoutTraits: LayoutTraits {
        LayoutTraits(
            horizontalSizeClass: horizontalSizeClass == .regular ? .regular : .compact,
            verticalSizeClass: verticalSizeClass == .compact ? .compact : .regular,
            preferredContentSizeCategory: UIContentSizeCategory.ordered.first {
                $0.0 == preferredContentSizeCategory
            }?.1 ?? .large)
    }
}
