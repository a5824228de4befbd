import CompositionalLayout

/// Writes a layout back as a spec file, so generated layouts (benchmark presets) can be saved, diffed and
/// read again: for every layout the reader accepts, `SpecReader.read(yaml: SpecWriter.yaml(layout)) == layout`.
/// Defaults are left out, numbers are written with the fewest digits that read back as the same Double,
/// and strings are quoted whenever a YAML reader could take them for anything else.
///
/// What the format cannot say is not written: a custom group's subitems (its frames place the items) and an
/// item anchor's offset (SPEC-FORMAT.md gives item anchors edges only).
public enum SpecWriter {
    /// The layout as a YAML spec of format version 1. Complexity: O(size of the layout's description).
    public static func yaml(_ layout: CollectionLayout) -> String {
        var lines = ["version: 1", "name: " + string(layout.name)]
        var container = ["width: " + number(layout.container.width), "height: " + number(layout.container.height)]
        if let scale = layout.container.displayScale { container.append("displayScale: " + number(scale)) }
        lines.append("container: " + flow(container))
        let configuration = layout.configuration
        var layoutLines: [String] = []
        if configuration.scrollDirection != .vertical {
            layoutLines.append("scrollDirection: " + configuration.scrollDirection.rawValue)
        }
        if configuration.interSectionSpacing != 0 {
            layoutLines.append("interSectionSpacing: " + number(configuration.interSectionSpacing))
        }
        if !configuration.boundarySupplementaryItems.isEmpty {
            layoutLines += block("boundarySupplementaryItems", configuration.boundarySupplementaryItems.map(boundaryItem))
        }
        if !layoutLines.isEmpty { lines += ["layout:"] + indent(layoutLines) }
        if let selfSizing = layout.selfSizing { lines.append("selfSizing: " + self.selfSizing(selfSizing)) }
        lines.append("sections:")
        for definition in layout.sections {
            lines += indent(listElement(sectionDefinition(definition)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Sections

    private static func sectionDefinition(_ definition: SectionDefinition) -> [String] {
        var lines: [String] = []
        if let name = definition.name { lines.append("name: " + string(name)) }
        if definition.count != 1 { lines.append("count: \(definition.count)") }
        lines.append("items: \(definition.items)")
        lines += fields(definition.fields)
        if !definition.variants.isEmpty {
            lines.append("variants:")
            for variant in definition.variants {
                var body: [String] = []
                if let when = variant.when {
                    var bounds: [String] = []
                    if let minWidth = when.minWidth { bounds.append("minWidth: " + number(minWidth)) }
                    if let maxWidth = when.maxWidth { bounds.append("maxWidth: " + number(maxWidth)) }
                    body.append("when: " + flow(bounds))
                }
                body += fields(variant.fields)
                lines += indent(listElement(body))
            }
        }
        return lines
    }

    /// The fields that are set, in the order SPEC-FORMAT.md lists them.
    private static func fields(_ fields: SectionFields) -> [String] {
        var lines: [String] = []
        switch fields.content {
        case .group(let group)?: lines += ["group:"] + indent(node(.group(group)))
        case .list(let list)?: lines.append("list: " + listConfiguration(list))
        case nil: break
        }
        if let insets = fields.contentInsets { lines.append("contentInsets: " + self.insets(insets)) }
        if let spacing = fields.interGroupSpacing { lines.append("interGroupSpacing: " + number(spacing)) }
        if let behavior = fields.orthogonalScrollingBehavior { lines.append("orthogonalScrollingBehavior: " + behavior.rawValue) }
        if let items = fields.boundarySupplementaryItems { lines += block("boundarySupplementaryItems", items.map(boundaryItem)) }
        if let items = fields.decorationItems { lines += block("decorationItems", items.map(decorationItem)) }
        if let follow = fields.supplementariesFollowContentInsets {
            lines.append("supplementariesFollowContentInsets: \(follow)")
        }
        return lines
    }

    private static func listConfiguration(_ list: ListConfiguration) -> String {
        var parts = ["appearance: " + list.appearance.rawValue]
        if list.headerMode != .none { parts.append("headerMode: " + list.headerMode.rawValue) }
        if list.footerMode != .none { parts.append("footerMode: " + list.footerMode.rawValue) }
        if let height = list.rowHeight { parts.append("rowHeight: " + dimension(height)) }
        if let height = list.headerHeight { parts.append("headerHeight: " + dimension(height)) }
        if let height = list.footerHeight { parts.append("footerHeight: " + dimension(height)) }
        return flow(parts)
    }

    private static func boundaryItem(_ item: BoundarySupplementaryItem) -> String {
        var parts = ["elementKind: " + string(item.elementKind), "size: " + size(item.layoutSize),
                     "alignment: " + item.alignment.rawValue]
        if item.offset != .zero { parts.append("offset: " + point(item.offset)) }
        if !item.extendsBoundary { parts.append("extendsBoundary: false") }
        if item.pinToVisibleBounds { parts.append("pinToVisibleBounds: true") }
        if item.zIndex != 1 { parts.append("zIndex: \(item.zIndex)") }
        if let selfSizing = item.selfSizing { parts.append("selfSizing: " + self.selfSizing(selfSizing)) }
        return flow(parts)
    }

    private static func decorationItem(_ item: DecorationItem) -> String {
        var parts = ["elementKind: " + string(item.elementKind)]
        if item.contentInsets != .zero { parts.append("contentInsets: " + insets(item.contentInsets)) }
        if item.zIndex != -1 { parts.append("zIndex: \(item.zIndex)") }
        return flow(parts)
    }

    // MARK: Nodes

    /// A node as a block map with its one key.
    private static func node(_ node: LayoutNode) -> [String] {
        switch node {
        case .item(let item):
            var body = ["size: " + size(item.layoutSize)]
            if item.contentInsets != .zero { body.append("contentInsets: " + insets(item.contentInsets)) }
            if let spacing = item.edgeSpacing { body.append("edgeSpacing: " + edgeSpacing(spacing)) }
            if !item.supplementaryItems.isEmpty {
                body += block("supplementaryItems", item.supplementaryItems.map(supplementaryItem))
            }
            if let selfSizing = item.selfSizing { body.append("selfSizing: " + self.selfSizing(selfSizing)) }
            return ["item:"] + indent(body)
        case .group(let group):
            var body = ["size: " + size(group.layoutSize)]
            let key: String
            switch group.arrangement {
            case .custom(let frames):
                body.append("frames:")
                body += indent(frames.map { "- [\(number($0.x)), \(number($0.y)), \(number($0.width)), \(number($0.height))]" })
                return ["custom:"] + indent(body)
            case .horizontal: key = "horizontal"
            case .vertical: key = "vertical"
            }
            if let spacing = group.interItemSpacing { body.append("interItemSpacing: " + self.spacing(spacing)) }
            if group.contentInsets != .zero { body.append("contentInsets: " + insets(group.contentInsets)) }
            if let spacing = group.edgeSpacing { body.append("edgeSpacing: " + edgeSpacing(spacing)) }
            if !group.supplementaryItems.isEmpty {
                body += block("supplementaryItems", group.supplementaryItems.map(supplementaryItem))
            }
            switch group.subitems {
            case .repeatingUntilFull(let nodes):
                body.append("subitems:")
                for child in nodes { body += indent(listElement(self.node(child))) }
            case .repeating(let child, let count):
                body += ["repeatingSubitem:"] + indent(self.node(child)) + ["count: \(count)"]
            case .dividing(let child, let count):
                body += ["subitem:"] + indent(self.node(child)) + ["count: \(count)"]
            }
            return [key + ":"] + indent(body)
        }
    }

    private static func supplementaryItem(_ item: SupplementaryItem) -> String {
        var parts = ["elementKind: " + string(item.elementKind), "size: " + size(item.layoutSize),
                     "containerAnchor: " + anchor(item.containerAnchor, withOffset: true)]
        if let anchor = item.itemAnchor { parts.append("itemAnchor: " + self.anchor(anchor, withOffset: false)) }
        if item.zIndex != 1 { parts.append("zIndex: \(item.zIndex)") }
        if let selfSizing = item.selfSizing { parts.append("selfSizing: " + self.selfSizing(selfSizing)) }
        return flow(parts)
    }

    private static func anchor(_ anchor: LayoutAnchor, withOffset: Bool) -> String {
        let names: [(DirectionalRectEdge, String)] = [(.top, "top"), (.leading, "leading"), (.bottom, "bottom"), (.trailing, "trailing")]
        var parts = ["edges: [" + names.filter { anchor.edges.contains($0.0) }.map(\.1).joined(separator: ", ") + "]"]
        if withOffset {
            switch anchor.offset {
            case .absolute(let offset) where offset != .zero: parts.append("absoluteOffset: " + point(offset))
            case .fractional(let offset): parts.append("fractionalOffset: " + point(offset))
            default: break
            }
        }
        return flow(parts)
    }

    // MARK: Values

    static func dimension(_ dimension: LayoutDimension) -> String {
        switch dimension {
        case .fractionalWidth(let f): return "fractionalWidth(\(number(f)))"
        case .fractionalHeight(let f): return "fractionalHeight(\(number(f)))"
        case .absolute(let v): return "absolute(\(number(v)))"
        case .estimated(let v): return "estimated(\(number(v)))"
        }
    }

    private static func size(_ size: LayoutSize) -> String {
        flow(["width: " + dimension(size.widthDimension), "height: " + dimension(size.heightDimension)])
    }

    private static func spacing(_ spacing: LayoutSpacing) -> String {
        switch spacing {
        case .fixed(let v): return "fixed(\(number(v)))"
        case .flexible(let v): return "flexible(\(number(v)))"
        }
    }

    private static func insets(_ insets: EdgeInsets) -> String {
        if insets.top == insets.leading, insets.top == insets.bottom, insets.top == insets.trailing {
            return number(insets.top)
        }
        let edges = [("top", insets.top), ("leading", insets.leading), ("bottom", insets.bottom), ("trailing", insets.trailing)]
        return flow(edges.filter { $0.1 != 0 }.map { "\($0.0): " + number($0.1) })
    }

    private static func edgeSpacing(_ spacing: EdgeSpacing) -> String {
        let edges = [("leading", spacing.leading), ("top", spacing.top), ("trailing", spacing.trailing), ("bottom", spacing.bottom)]
        return flow(edges.compactMap { name, value in value.map { "\(name): " + self.spacing($0) } })
    }

    private static func point(_ point: Point) -> String {
        flow(["x: " + number(point.x), "y: " + number(point.y)])
    }

    private static func selfSizing(_ model: SelfSizing) -> String {
        var parts: [String] = []
        if model.seed != 0 { parts.append("seed: \(Int64(bitPattern: model.seed))") }
        for (name, range) in [("width", model.width), ("height", model.height)] {
            guard let range else { continue }
            parts.append("\(name): " + (range.min == range.max ? "\(range.min)" : flow(["min: \(range.min)", "max: \(range.max)"])))
        }
        return flow(parts)
    }

    /// The shortest text that reads back as the same Double; whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A plain scalar when nothing can mistake it for another type or for syntax, else a double-quoted one.
    static func string(_ text: String) -> String {
        let reserved: Set<String> = ["null", "true", "false", "yes", "no", "on", "off", "y", "n", "nan", "inf"]
        let scalars = text.unicodeScalars
        let safeFirst = scalars.first.map { $0.isASCII && ($0.properties.isAlphabetic || $0 == "_") } ?? false
        let safeLast = scalars.last.map { $0 != " " } ?? false
        let safeAll = scalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-. ".unicodeScalars.contains($0)) }
        if safeFirst, safeLast, safeAll, !reserved.contains(text.lowercased()) { return text }
        return jsonStringLiteral(text)
    }

    // MARK: Layout of the text

    private static func flow(_ parts: [String]) -> String {
        parts.isEmpty ? "{}" : "{ " + parts.joined(separator: ", ") + " }"
    }

    /// `key:` followed by one `- element` line per element, or `key: []`.
    private static func block(_ key: String, _ elements: [String]) -> [String] {
        elements.isEmpty ? [key + ": []"] : [key + ":"] + indent(elements.map { "- " + $0 })
    }

    /// A list element: `- ` before the first line, two spaces before the others; `- {}` when empty.
    private static func listElement(_ lines: [String]) -> [String] {
        guard let first = lines.first else { return ["- {}"] }
        return ["- " + first] + lines.dropFirst().map { "  " + $0 }
    }

    private static func indent(_ lines: [String]) -> [String] {
        lines.map { "  " + $0 }
    }
}
