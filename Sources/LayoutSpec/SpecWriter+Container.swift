import CompositionalLayout

/// The container of a written spec, with the environment keys of version 2 (docs/version-2.md,
/// docs/version-2.md §10.1) when they differ from their defaults.
extension SpecTextWriter {
    func container(_ container: LayoutContainer) -> String {
        var parts = ["width: " + SpecWriter.number(container.width), "height: " + SpecWriter.number(container.height)]
        if let scale = container.displayScale { parts.append("displayScale: " + SpecWriter.number(scale)) }
        if container.layoutDirection != .leftToRight {
            usesVersion2 = true
            parts.append("layoutDirection: " + container.layoutDirection.rawValue)
        }
        if container.safeAreaInsets != .zero {
            usesVersion2 = true
            parts.append("safeAreaInsets: " + SpecWriter.insets(container.safeAreaInsets))
        }
        if let margins = container.layoutMargins {
            usesVersion2 = true
            parts.append("layoutMargins: " + SpecWriter.insets(margins))
        }
        if container.readableWidth != 672 {
            usesVersion2 = true
            parts.append("readableWidth: " + SpecWriter.number(container.readableWidth))
        }
        if container.traits != .default {
            usesVersion2 = true
            let traits = container.traits
            var t: [String] = []
            if traits.horizontalSizeClass != .compact {
                t.append("horizontalSizeClass: " + traits.horizontalSizeClass.rawValue)
            }
            if traits.verticalSizeClass != .regular {
                t.append("verticalSizeClass: " + traits.verticalSizeClass.rawValue)
            }
            if traits.preferredContentSizeCategory != .large {
                t.append("contentSizeCategory: " + traits.preferredContentSizeCategory.rawValue)
            }
            parts.append("traits: " + SpecWriter.flow(t))
        }
        return SpecWriter.flow(parts)
    }
}
