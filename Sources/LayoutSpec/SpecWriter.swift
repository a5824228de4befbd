import CompositionalLayout

/// Writes a layout back as a spec file, so generated layouts (benchmark presets) can be saved, diffed and
/// read again: for every layout the reader accepts, `SpecReader.read(yaml: SpecWriter.yaml(layout)) == layout`.
/// Defaults are left out, numbers are written with the fewest digits that read back as the same Double,
/// and strings are quoted whenever a YAML reader could take them for anything else.
///
/// What the format cannot say is not written: a custom group's subitems (its frames place the items) and an
/// item anchor's offset (docs/spec-format.md gives item anchors edges only).
public enum SpecWriter {
    /// The layout as a YAML spec: format version 1, or version 2 when it uses a key of version 2 (docs/spec-format.md
    /// "Version 2"; `calc` values are written at their places). Complexity: O(size of the layout's description).
    public static func yaml(_ layout: CollectionLayout) -> String {
        let writer = SpecTextWriter(computed: layout.computedValues)
        var lines = ["name: " + string(layout.name)]
        lines.append("container: " + writer.container(layout.container))
        let configuration = layout.configuration
        var layoutLines: [String] = []
        if configuration.scrollDirection != .vertical {
            layoutLines.append("scrollDirection: " + configuration.scrollDirection.rawValue)
        }
        if configuration.interSectionSpacing != 0 || writer.isComputed("layout.interSectionSpacing") {
            layoutLines.append(
                "interSectionSpacing: " + writer.length(configuration.interSectionSpacing, "layout.interSectionSpacing")
            )
        }
        if !configuration.boundarySupplementaryItems.isEmpty {
            layoutLines += block(
                "boundarySupplementaryItems",
                configuration.boundarySupplementaryItems.enumerated().map {
                    writer.boundaryItem($0.element, "layout.boundarySupplementaryItems[\($0.offset)]")
                })
        }
        if configuration.contentInsetsReference != .safeArea {
            writer.usesVersion2 = true
            layoutLines.append("contentInsetsReference: " + configuration.contentInsetsReference.rawValue)
        }
        if !layoutLines.isEmpty { lines += ["layout:"] + indent(layoutLines) }
        if let selfSizing = layout.selfSizing { lines.append("selfSizing: " + writer.selfSizing(selfSizing)) }
        lines.append("sections:")
        for (index, definition) in layout.sections.enumerated() {
            lines += indent(listElement(writer.sectionDefinition(definition, "sections[\(index)]")))
        }
        if !layout.computedValues.isEmpty { writer.usesVersion2 = true }
        return (["version: \(writer.usesVersion2 ? 2 : 1)"] + lines).joined(separator: "\n") + "\n"
    }
}

/// The writer of one layout: it knows the layout's computed values by path and notes whether a key of
/// version 2 was written.
final class SpecTextWriter {
    let computed: [String: ComputedValue]
    var usesVersion2 = false

    init(computed: [ComputedValue]) {
        var byPath: [String: ComputedValue] = [:]
        for value in computed { byPath[value.path] = value }
        self.computed = byPath
    }

    func isComputed(_ path: String) -> Bool { computed[path] != nil }

    /// A length, or `calc(EXPR)` (quoted: it may hold a comma) when the path holds a computed value.
    func length(_ value: Double, _ path: String) -> String {
        if let computed = computed[path] { return SpecWriter.calcText(computed.expression) }
        return SpecWriter.number(value)
    }

    // MARK: Sections

    func sectionDefinition(_ definition: SectionDefinition, _ path: String) -> [String] {
        var lines: [String] = []
        if let name = definition.name { lines.append("name: " + SpecWriter.string(name)) }
        if definition.count != 1 { lines.append("count: \(definition.count)") }
        lines.append("items: \(definition.items)")
        lines += fields(definition.fields, path)
        if !definition.variants.isEmpty {
            lines.append("variants:")
            for (index, variant) in definition.variants.enumerated() {
                var body: [String] = []
                if let when = variant.when { body.append("when: " + condition(when)) }
                body += fields(variant.fields, path + ".variants[\(index)]")
                lines += SpecWriter.indent(SpecWriter.listElement(body))
            }
        }
        return lines
    }

    private func condition(_ when: WidthCondition) -> String {
        var bounds: [String] = []
        if let minWidth = when.minWidth { bounds.append("minWidth: " + SpecWriter.number(minWidth)) }
        if let maxWidth = when.maxWidth { bounds.append("maxWidth: " + SpecWriter.number(maxWidth)) }
        if when.usesVersion2 { usesVersion2 = true }
        if let v = when.widthAbove { bounds.append("widthAbove: " + SpecWriter.number(v)) }
        if let v = when.widthAtMost { bounds.append("widthAtMost: " + SpecWriter.number(v)) }
        if let v = when.horizontalSizeClass { bounds.append("horizontalSizeClass: " + v.rawValue) }
        if let v = when.verticalSizeClass { bounds.append("verticalSizeClass: " + v.rawValue) }
        if let v = when.contentSizeCategoryAtLeast { bounds.append("contentSizeCategoryAtLeast: " + v.rawValue) }
        if let v = when.contentSizeCategoryBelow { bounds.append("contentSizeCategoryBelow: " + v.rawValue) }
        return SpecWriter.flow(bounds)
    }

    /// The fields that are set, in the order docs/spec-format.md lists them.
    private func fields(_ fields: SectionFields, _ path: String) -> [String] {
        var lines: [String] = []
        switch fields.content {
        case .group(let group)?: lines += ["group:"] + SpecWriter.indent(node(.group(group), path + ".group"))
        case .list(let list)?: lines.append("list: " + listConfiguration(list, path + ".list"))
        case nil: break
        }
        if let insets = fields.contentInsets {
            lines.append("contentInsets: " + self.insets(insets, path + ".contentInsets"))
        }
        if let spacing = fields.interGroupSpacing {
            lines.append("interGroupSpacing: " + length(spacing, path + ".interGroupSpacing"))
        }
        if let behavior = fields.orthogonalScrollingBehavior {
            lines.append("orthogonalScrollingBehavior: " + behavior.rawValue)
        }
        if let items = fields.boundarySupplementaryItems {
            lines += SpecWriter.block(
                "boundarySupplementaryItems",
                items.enumerated().map {
                    boundaryItem($0.element, path + ".boundarySupplementaryItems[\($0.offset)]")
                })
        }
        if let items = fields.decorationItems {
            lines += SpecWriter.block(
                "decorationItems",
                items.enumerated().map {
                    decorationItem($0.element, path + ".decorationItems[\($0.offset)]")
                })
        }
        if let follow = fields.supplementariesFollowContentInsets {
            lines.append("supplementariesFollowContentInsets: \(follow)")
        }
        if let reference = fields.contentInsetsReference {
            usesVersion2 = true
            lines.append("contentInsetsReference: " + reference.rawValue)
        }
        if let reference = fields.supplementaryContentInsetsReference {
            usesVersion2 = true
            lines.append("supplementaryContentInsetsReference: " + reference.rawValue)
        }
        return lines
    }

    private func listConfiguration(_ list: ListConfiguration, _ path: String) -> String {
        var parts = ["appearance: " + list.appearance.rawValue]
        if list.headerMode != .none { parts.append("headerMode: " + list.headerMode.rawValue) }
        if list.footerMode != .none { parts.append("footerMode: " + list.footerMode.rawValue) }
        if let height = list.rowHeight { parts.append("rowHeight: " + dimension(height, path + ".rowHeight")) }
        if let height = list.headerHeight { parts.append("headerHeight: " + dimension(height, path + ".headerHeight")) }
        if let height = list.footerHeight { parts.append("footerHeight: " + dimension(height, path + ".footerHeight")) }
        switch list.headerTopPadding {
        case .automatic?:
            usesVersion2 = true
            parts.append("headerTopPadding: automatic")
        case .points(let v)?:
            usesVersion2 = true
            parts.append("headerTopPadding: " + length(v, path + ".headerTopPadding"))
        case nil: break
        }
        return SpecWriter.flow(parts)
    }

    func boundaryItem(_ item: BoundarySupplementaryItem, _ path: String) -> String {
        var parts = [
            "elementKind: " + SpecWriter.string(item.elementKind), "size: " + size(item.layoutSize, path + ".size"),
            "alignment: " + item.alignment.rawValue,
        ]
        if item.offset != .zero || isComputed(path + ".offset.x") || isComputed(path + ".offset.y") {
            parts.append("offset: " + point(item.offset, path + ".offset"))
        }
        if !item.extendsBoundary { parts.append("extendsBoundary: false") }
        if item.pinToVisibleBounds { parts.append("pinToVisibleBounds: true") }
        if item.zIndex != 1 { parts.append("zIndex: \(item.zIndex)") }
        if let selfSizing = item.selfSizing { parts.append("selfSizing: " + self.selfSizing(selfSizing)) }
        return SpecWriter.flow(parts)
    }

    private func decorationItem(_ item: DecorationItem, _ path: String) -> String {
        var parts = ["elementKind: " + SpecWriter.string(item.elementKind)]
        if item.contentInsets != .zero || computed.keys.contains(where: { $0.hasPrefix(path + ".contentInsets") }) {
            parts.append("contentInsets: " + insets(item.contentInsets, path + ".contentInsets"))
        }
        if item.zIndex != -1 { parts.append("zIndex: \(item.zIndex)") }
        return SpecWriter.flow(parts)
    }

    // MARK: Nodes

    /// A node as a block map with its one key.
    private func node(_ node: LayoutNode, _ path: String) -> [String] {
        switch node {
        case .item(let item):
            let p = path + ".item"
            var body = ["size: " + size(item.layoutSize, p + ".size")]
            if item.contentInsets != .zero || hasComputed(under: p + ".contentInsets") {
                body.append("contentInsets: " + insets(item.contentInsets, p + ".contentInsets"))
            }
            if let spacing = item.edgeSpacing {
                body.append("edgeSpacing: " + edgeSpacing(spacing, p + ".edgeSpacing"))
            }
            if !item.supplementaryItems.isEmpty {
                body += SpecWriter.block(
                    "supplementaryItems",
                    item.supplementaryItems.enumerated().map {
                        supplementaryItem($0.element, p + ".supplementaryItems[\($0.offset)]")
                    })
            }
            if let selfSizing = item.selfSizing { body.append("selfSizing: " + self.selfSizing(selfSizing)) }
            return ["item:"] + SpecWriter.indent(body)
        case .group(let group):
            let key: String
            switch group.arrangement {
            case .custom(let frames):
                let p = path + ".custom"
                var body = ["size: " + size(group.layoutSize, p + ".size")]
                body.append("frames:")
                body += SpecWriter.indent(
                    frames.enumerated().map { i, f in
                        let q = p + ".frames[\(i)]"
                        return
                            "- [\(length(f.x, q + "[0]")), \(length(f.y, q + "[1]")), \(length(f.width, q + "[2]")), \(length(f.height, q + "[3]"))]"
                    })
                return ["custom:"] + SpecWriter.indent(body)
            case .horizontal: key = "horizontal"
            case .vertical: key = "vertical"
            }
            let p = path + "." + key
            var body = ["size: " + size(group.layoutSize, p + ".size")]
            if let spacing = group.interItemSpacing {
                body.append("interItemSpacing: " + self.spacing(spacing, p + ".interItemSpacing"))
            }
            if group.contentInsets != .zero || hasComputed(under: p + ".contentInsets") {
                body.append("contentInsets: " + insets(group.contentInsets, p + ".contentInsets"))
            }
            if let spacing = group.edgeSpacing {
                body.append("edgeSpacing: " + edgeSpacing(spacing, p + ".edgeSpacing"))
            }
            if !group.supplementaryItems.isEmpty {
                body += SpecWriter.block(
                    "supplementaryItems",
                    group.supplementaryItems.enumerated().map {
                        supplementaryItem($0.element, p + ".supplementaryItems[\($0.offset)]")
                    })
            }
            switch group.subitems {
            case .repeatingUntilFull(let nodes):
                body.append("subitems:")
                for (i, child) in nodes.enumerated() {
                    body += SpecWriter.indent(SpecWriter.listElement(self.node(child, p + ".subitems[\(i)]")))
                }
            case .repeating(let child, let count):
                body +=
                    ["repeatingSubitem:"] + SpecWriter.indent(self.node(child, p + ".repeatingSubitem")) + [
                        "count: \(count)"
                    ]
            case .dividing(let child, let count):
                body += ["subitem:"] + SpecWriter.indent(self.node(child, p + ".subitem")) + ["count: \(count)"]
            }
            return [key + ":"] + SpecWriter.indent(body)
        }
    }

    private func hasComputed(under path: String) -> Bool {
        computed.keys.contains { $0 == path || $0.hasPrefix(path + ".") }
    }

    private func supplementaryItem(_ item: SupplementaryItem, _ path: String) -> String {
        var parts = [
            "elementKind: " + SpecWriter.string(item.elementKind), "size: " + size(item.layoutSize, path + ".size"),
            "containerAnchor: " + anchor(item.containerAnchor, withOffset: true, path + ".containerAnchor"),
        ]
        if let anchor = item.itemAnchor {
            parts.append("itemAnchor: " + self.anchor(anchor, withOffset: false, path + ".itemAnchor"))
        }
        if item.zIndex != 1 { parts.append("zIndex: \(item.zIndex)") }
        if let selfSizing = item.selfSizing { parts.append("selfSizing: " + self.selfSizing(selfSizing)) }
        return SpecWriter.flow(parts)
    }

    private func anchor(_ anchor: LayoutAnchor, withOffset: Bool, _ path: String) -> String {
        let names: [(DirectionalRectEdge, String)] = [
            (.top, "top"), (.leading, "leading"), (.bottom, "bottom"), (.trailing, "trailing"),
        ]
        var parts = ["edges: [" + names.filter { anchor.edges.contains($0.0) }.map(\.1).joined(separator: ", ") + "]"]
        if withOffset {
            switch anchor.offset {
            case .absolute(let offset) where offset != .zero || hasComputed(under: path + ".absoluteOffset"):
                parts.append("absoluteOffset: " + point(offset, path + ".absoluteOffset"))
            case .fractional(let offset): parts.append("fractionalOffset: " + SpecWriter.point(offset))
            default: break
            }
        }
        return SpecWriter.flow(parts)
    }

    // MARK: Values

    func dimension(_ dimension: LayoutDimension, _ path: String) -> String {
        if let computed = computed[path] {
            let text = "calc(\(computed.expression))"
            switch dimension {
            case .estimated: return SpecWriter.quoted("estimated(\(text))")
            case .uniformAcrossSiblings: return SpecWriter.quoted("uniformAcrossSiblings(\(text))")
            default: return SpecWriter.quoted(text)
            }
        }
        if dimension.isUniform { usesVersion2 = true }
        return SpecWriter.dimension(dimension)
    }

    private func size(_ size: LayoutSize, _ path: String) -> String {
        SpecWriter.flow([
            "width: " + dimension(size.widthDimension, path + ".width"),
            "height: " + dimension(size.heightDimension, path + ".height"),
        ])
    }

    private func spacing(_ spacing: LayoutSpacing, _ path: String) -> String {
        if let computed = computed[path] {
            let text = "calc(\(computed.expression))"
            return SpecWriter.quoted(spacing.isFlexible ? "flexible(\(text))" : "fixed(\(text))")
        }
        return SpecWriter.spacing(spacing)
    }

    func insets(_ insets: EdgeInsets, _ path: String) -> String {
        if let computed = computed[path] { return SpecWriter.calcText(computed.expression) }
        let edges = [
            ("top", insets.top), ("leading", insets.leading), ("bottom", insets.bottom), ("trailing", insets.trailing),
        ]
        if !hasComputed(under: path) { return SpecWriter.insets(insets) }
        return SpecWriter.flow(
            edges.filter { $0.1 != 0 || isComputed(path + "." + $0.0) }.map {
                "\($0.0): " + length($0.1, path + "." + $0.0)
            })
    }

    private func edgeSpacing(_ spacing: EdgeSpacing, _ path: String) -> String {
        let edges = [
            ("leading", spacing.leading), ("top", spacing.top), ("trailing", spacing.trailing),
            ("bottom", spacing.bottom),
        ]
        return SpecWriter.flow(
            edges.compactMap { name, value in value.map { "\(name): " + self.spacing($0, path + "." + name) } })
    }

    private func point(_ point: Point, _ path: String) -> String {
        SpecWriter.flow(["x: " + length(point.x, path + ".x"), "y: " + length(point.y, path + ".y")])
    }

    func selfSizing(_ model: SelfSizing) -> String {
        if model.cycle != nil { usesVersion2 = true }
        return SpecWriter.selfSizing(model)
    }
}

extension SpecWriter {
    static func calcText(_ expression: CalcExpression) -> String { quoted("calc(\(expression))") }

    static func quoted(_ text: String) -> String { jsonStringLiteral(text) }

    static func dimension(_ dimension: LayoutDimension) -> String {
        switch dimension {
        case .fractionalWidth(let f): return "fractionalWidth(\(number(f)))"
        case .fractionalHeight(let f): return "fractionalHeight(\(number(f)))"
        case .absolute(let v): return "absolute(\(number(v)))"
        case .estimated(let v): return "estimated(\(number(v)))"
        case .uniformAcrossSiblings(let v): return "uniformAcrossSiblings(\(number(v)))"
        }
    }

    static func spacing(_ spacing: LayoutSpacing) -> String {
        switch spacing {
        case .fixed(let v): return "fixed(\(number(v)))"
        case .flexible(let v): return "flexible(\(number(v)))"
        }
    }

    static func insets(_ insets: EdgeInsets) -> String {
        if insets.top == insets.leading, insets.top == insets.bottom, insets.top == insets.trailing {
            return number(insets.top)
        }
        let edges = [
            ("top", insets.top), ("leading", insets.leading), ("bottom", insets.bottom), ("trailing", insets.trailing),
        ]
        return flow(edges.filter { $0.1 != 0 }.map { "\($0.0): " + number($0.1) })
    }

    static func point(_ point: Point) -> String {
        flow(["x: " + number(point.x), "y: " + number(point.y)])
    }

    static func selfSizing(_ model: SelfSizing) -> String {
        if let cycle = model.cycle {
            let entries = cycle.map { entry in
                flow(
                    [entry.width.map { "width: " + number($0) }, entry.height.map { "height: " + number($0) }]
                        .compactMap { $0 })
            }
            return flow(["cycle: [" + entries.joined(separator: ", ") + "]"])
        }
        var parts: [String] = []
        if model.seed != 0 { parts.append("seed: \(Int64(bitPattern: model.seed))") }
        for (name, range) in [("width", model.width), ("height", model.height)] {
            guard let range else { continue }
            parts.append(
                "\(name): "
                    + (range.min == range.max ? "\(range.min)" : flow(["min: \(range.min)", "max: \(range.max)"])))
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
        let safeAll = scalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-. ".unicodeScalars.contains($0))
        }
        if safeFirst, safeLast, safeAll, !reserved.contains(text.lowercased()) { return text }
        return jsonStringLiteral(text)
    }

    // MARK: Layout of the text

    static func flow(_ parts: [String]) -> String {
        parts.isEmpty ? "{}" : "{ " + parts.joined(separator: ", ") + " }"
    }

    /// `key:` followed by one `- element` line per element, or `key: []`.
    static func block(_ key: String, _ elements: [String]) -> [String] {
        elements.isEmpty ? [key + ": []"] : [key + ":"] + indent(elements.map { "- " + $0 })
    }

    /// A list element: `- ` before the first line, two spaces before the others; `- {}` when empty.
    static func listElement(_ lines: [String]) -> [String] {
        guard let first = lines.first else { return ["- {}"] }
        return ["- " + first] + lines.dropFirst().map { "  " + $0 }
    }

    static func indent(_ lines: [String]) -> [String] {
        lines.map { "  " + $0 }
    }
}
