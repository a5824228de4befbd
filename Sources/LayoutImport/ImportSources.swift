import CompositionalLayout

/// A place in the user's Swift code: the file as the user named it, line and column (1-based).
public struct SwiftLocation: Hashable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}

/// Where the user's code built each node of an imported spec, by the node's spec path as LayoutLint writes
/// it (`sections[0].group.horizontal.subitem.item`); docs/import.md.
public struct ImportSources: Hashable, Sendable {
    public var locations: [String: SwiftLocation]

    public init(_ locations: [String: SwiftLocation] = [:]) { self.locations = locations }

    /// The place of the node at `path` or of the nearest node holding it (a path to a field such as
    /// `….item.size.width` gives the item's place); nil when no node on the path was built by the user's code.
    /// - Complexity: O(path length) dictionary look-ups.
    public func location(of path: String) -> SwiftLocation? {
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
    static func parse(_ text: Substring, generated: [String: String]) -> [Int: [(path: String, SwiftLocation)]] {
        var sections: [Int: [(path: String, SwiftLocation)]] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false)
            guard fields.count == 5, let section = Int(fields[0]), let l = Int(fields[2]), let c = Int(fields[3]),
                let user = generated[String(fields[4])]
            else { continue }
            sections[section, default: []].append((String(fields[1]), SwiftLocation(file: user, line: l, column: c)))
        }
        return sections
    }

    /// The spec paths of `layout`'s nodes: definition d starts at provider section `start(d)` (the sum of the
    /// earlier counts); its base nodes come from `given`, its variant's (variants[0], written by `variants`)
    /// from `rotated`.
    static func map(
        _ layout: CollectionLayout, given: [Int: [(path: String, SwiftLocation)]],
        rotated: [Int: [(path: String, SwiftLocation)]]
    ) -> ImportSources {
        var locations: [String: SwiftLocation] = [:]
        var start = 0
        for (index, definition) in layout.sections.enumerated() {
            let base = "sections[\(index)]"
            func add(_ nodes: [(path: String, SwiftLocation)]?, under prefix: String) {
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
        var locations: [String: SwiftLocation] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let l = Int(fields[0]), let c = Int(fields[1]) else { return nil }
            locations[String(fields[2])] = SwiftLocation(file: String(fields[3]), line: l, column: c)
        }
        self.locations = locations
    }
}
