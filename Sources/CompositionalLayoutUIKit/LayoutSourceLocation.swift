/// Where the user's code built a node: the `#filePath`, `#line` and `#column` of the initialiser or factory
/// call. Not UIKit: the factories take them as defaulted trailing parameters, so code written for UIKit
/// compiles unchanged, and `layoutbench lint` reports an imported layout's findings at these lines
/// (docs/import.md, docs/lint.md).
public struct LayoutSourceLocation: Hashable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}

/// A node of one section and the place that built it: `path` is relative to the section's spec path, written
/// as `LayoutLint` writes paths (`""` the section, `group.horizontal`, `group.horizontal.subitems[1].item`).
public struct LayoutNodeSource: Hashable, Sendable {
    /// The section's index as the section provider is asked (not the spec's definition index).
    public var section: Int
    public var path: String
    public var location: LayoutSourceLocation
}

extension UICollectionViewCompositionalLayout {
    /// Where each section's nodes were built, the provider asked once more per section with `container`'s
    /// environment (the provider returning nil gives no nodes for that section; `collectionLayout` reports it).
    /// - Complexity: one provider call per section and O(nodes) per section.
    public func nodeSources(container: LayoutContainer, itemCounts: [Int]) -> [LayoutNodeSource] {
        let layout = CollectionLayout(
            name: "", container: container,
            configuration: (try? configuration.layoutConfiguration()) ?? LayoutConfiguration(), sections: [])
        let environment = LayoutBenchEnvironment(layout)
        var sources: [LayoutNodeSource] = []
        for index in itemCounts.indices {
            guard let section = section(at: index, environment: environment) else { continue }
            if let location = section.sourceLocation {
                sources.append(LayoutNodeSource(section: index, path: "", location: location))
            }
            Self.collect(
                section.group, path: "group." + Self.arrangementKey(section.group), section: index, into: &sources)
        }
        return sources
    }

    static func arrangementKey(_ group: NSCollectionLayoutGroup) -> String {
        switch group.form {
        case .subitems(let vertical), .dividing(let vertical, _), .repeating(let vertical, _):
            return vertical ? "vertical" : "horizontal"
        case .custom: return "custom"
        }
    }

    static func collect(
        _ item: NSCollectionLayoutItem, path: String, section: Int, into sources: inout [LayoutNodeSource]
    ) {
        if let location = item.sourceLocation {
            sources.append(LayoutNodeSource(section: section, path: path, location: location))
        }
        guard let group = item as? NSCollectionLayoutGroup else { return }
        for (index, child) in group.subitems.enumerated() {
            let key: String
            switch group.form {
            case .subitems: key = "subitems[\(index)]"
            case .dividing: key = "subitem"
            case .repeating: key = "repeatingSubitem"
            case .custom: continue
            }
            let node = (child as? NSCollectionLayoutGroup).map(arrangementKey) ?? "item"
            collect(child, path: path + "." + key + "." + node, section: section, into: &sources)
        }
    }
}
