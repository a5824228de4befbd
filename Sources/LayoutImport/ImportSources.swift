import CompositionalLayout
import CompositionalLayoutUIKit

/// Where the user's code built each node of an imported spec, by the node's spec path as LayoutLint writes
/// it (`sections[0].group.horizontal.subitem.item`); docs/import.md.
public struct ImportSources: Hashable, Sendable {
    public var locations: [String: LayoutSourceLocation]

    public init(_ locations: [String: LayoutSourceLocation] = [:]) { self.locations = locations }

    /// The place of the node at `path` or of the nearest node holding it (a path to a field such as
    /// `….item.size.width` gives the item's place); nil when no node on the path was built by the user's code.
    /// - Complexity: O(path length) dictionary look-ups.
    public func location(of path: String) -> LayoutSourceLocation? {
        var path = Substring(path)
        while !path.isEmpty {
            if let found = locations[String(path)] { return found }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return nil }
            path = path[..<cut]
        }
        return nil
    }

    /// The lines `ImportProgram` prints after a spec: per provider section, its nodes' relative paths and
    /// places, the generated files named by the user's paths (nodes built elsewhere are left out).
    static func parse(_ text: Substring, generated: [String: String]) -> [Int: [(path: String, LayoutSourceLocation)]] {
        var sections: [Int: [(path: String, LayoutSourceLocation)]] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false)
            guard fields.count == 5, let section = Int(fields[0]), let l = Int(fields[2]), let c = Int(fields[3]),
                let user = generated[String(fields[4])]
            else { continue }
            sections[section, default: []].append(
                (String(fields[1]), LayoutSourceLocation(file: user, line: l, column: c)))
        }
        return sections
    }

    /// The spec paths of `layout`'s nodes: definition d starts at provider section `start(d)` (the sum of the
    /// earlier counts); its base nodes come from `given`, its variant's (variants[0], written by `variants`)
    /// from `rotated`.
    static func map(
        _ layout: CollectionLayout, given: [Int: [(path: String, LayoutSourceLocation)]],
        rotated: [Int: [(path: String, LayoutSourceLocation)]]
    ) -> ImportSources {
        var locations: [String: LayoutSourceLocation] = [:]
        var start = 0
        for (index, definition) in layout.sections.enumerated() {
            let base = "sections[\(index)]"
            func add(_ nodes: [(path: String, LayoutSourceLocation)]?, under prefix: String) {
                for (path, location) in nodes ?? [] where locations[path.isEmpty ? prefix : prefix + "." + path] == nil
                {
                    locations[path.isEmpty ? prefix : prefix + "." + path] = location
                }
            }
            add(given[start], under: base)
            if !definition.variants.isEmpty { add(rotated[start], under: base + ".variants[0]") }
            start += definition.count
        }
        return ImportSources(locations)
    }

    /// `LINE<TAB>COLUMN<TAB>PATH<TAB>FILE` per node, for the import cache.
    var text: String {
        locations.sorted { $0.key < $1.key }.map {
            "\($0.value.line)\t\($0.value.column)\t\($0.key)\t\($0.value.file)\n"
        }
        .joined()
    }

    init?(text: String) {
        var locations: [String: LayoutSourceLocation] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let l = Int(fields[0]), let c = Int(fields[1]) else { return nil }
            locations[String(fields[2])] = LayoutSourceLocation(file: String(fields[3]), line: l, column: c)
        }
        self.locations = locations
    }
}
