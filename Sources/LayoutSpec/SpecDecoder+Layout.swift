import CompositionalLayout

/// The top level of a spec (docs/spec-format.md "Top level"): version, name, container, layout configuration,
/// sections and the layout-wide self-sizing model, and the limit on the whole layout's items.
extension SpecDecoder {
    /// The whole layout; `defaultName` is used when the spec has no `name`.
    func collectionLayout(_ root: SpecNode, defaultName: String) throws(SpecError) -> CollectionLayout {
        let cursor = Cursor(node: root, path: .root)
        guard case .map(let entries) = root.value else {
            throw wrongType(cursor, expected: "a map with version, container and sections")
        }
        // The version first: a file of a later version should hear that, not about keys it does not know.
        guard let versionEntry = entries.first(where: { $0.key == "version" }) else {
            throw error(.missingKey, "missing key 'version'", at: cursor, allowed: "a spec starts with version: 1")
        }
        try version(Cursor(node: versionEntry.value, path: cursor.path.key("version")))
        try rejectUnsupportedFeatures(cursor)
        let map = try map(cursor, SpecKeys.topLevel)

        let name = try map["name"].map { (c: Cursor) throws(SpecError) in try string(c, "name") } ?? defaultName
        let container = try self.container(try required(map, "container"))
        let configuration =
            try map["layout"].map { (c: Cursor) throws(SpecError) in try layoutConfiguration(c) }
            ?? LayoutConfiguration()
        let sectionsCursor = try required(map, "sections")
        let list = try self.list(sectionsCursor, of: "section definitions")
        guard !list.isEmpty else {
            throw error(
                .outOfRange, "sections is empty", at: sectionsCursor,
                allowed: "a spec has at least one section definition")
        }
        var sections: [SectionDefinition] = []
        var total = 0
        for element in list {
            let definition = try sectionDefinition(element)
            let (items, overflow1) = definition.count.multipliedReportingOverflow(by: definition.items)
            let (sum, overflow2) = total.addingReportingOverflow(items)
            if overflow1 || overflow2 || sum > maxItems {
                let held = overflow1 || overflow2 ? "too many" : grouped(Int64(sum))
                throw error(
                    .limitExceeded,
                    "the layout holds \(held) items by this section definition, over the limit of "
                        + grouped(Int64(maxItems)),
                    at: element, allowed: "raise the limit with --max-items (maxItems) or use fewer items")
            }
            total = sum
            sections.append(definition)
        }
        let selfSizing = try map["selfSizing"].map { (c: Cursor) throws(SpecError) in try self.selfSizing(c) }
        return CollectionLayout(
            name: name, container: container, configuration: configuration, sections: sections,
            selfSizing: selfSizing, computedValues: state.computedValues)
    }

    /// Finds any feature of docs/layout-rules.md §8 anywhere in the document before anything else is checked: a spec
    /// written for right-to-left or safe-area layouts learns that first, not that some other key is missing.
    /// Complexity: O(values after alias expansion); recursion is bounded by the nesting limit.
    private func rejectUnsupportedFeatures(_ cursor: Cursor) throws(SpecError) {
        switch cursor.node.value {
        case .map(let entries):
            for entry in entries {
                if state.version < 2, SpecKeys.version2Keys.contains(entry.key) {
                    throw SpecError(
                        code: .unsupportedFeature,
                        message: "'\(entry.key)' needs version: 2; it is not in version 1 of the format",
                        allowed: "write version: 2 to use the keys of docs/version-2.md", file: file,
                        line: entry.line, column: entry.column, path: cursor.path.description)
                }
                if let feature = UnsupportedFeatures.feature(forKey: entry.key) {
                    throw SpecError(
                        code: .unsupportedFeature,
                        message: "'\(entry.key)' (\(feature.name)) is not in version \(state.version) of the format",
                        allowed: feature.explanation, file: file, line: entry.line, column: entry.column,
                        path: cursor.path.description)
                }
                // A name or element kind is the user's own text, not a value: `name: totals-calc(v1)` is a name.
                if SpecKeys.freeTextKeys.contains(entry.key), case .string = entry.value.value { continue }
                try rejectUnsupportedFeatures(Cursor(node: entry.value, path: cursor.path.key(entry.key)))
            }
        case .list(let nodes):
            for (index, node) in nodes.enumerated() {
                try rejectUnsupportedFeatures(Cursor(node: node, path: cursor.path.index(index)))
            }
        case .string(let text):
            if state.version < 2, text.contains("calc(") || text.trimmingSpaces.hasPrefix("uniformAcrossSiblings(") {
                let what = text.contains("calc(") ? "calc" : "uniformAcrossSiblings"
                throw error(
                    .unsupportedFeature, "'\(text)' (\(what)) needs version: 2; it is not in version 1 of the format",
                    at: cursor, allowed: "write version: 2 to use the values of docs/version-2.md")
            }
            if state.version < 2, let open = text.firstIndex(of: "("),
                let feature = UnsupportedFeatures.feature(forDimensionFunction: String(text[..<open]).trimmingSpaces)
            {
                throw error(
                    .unsupportedFeature, "'\(text)' (\(feature.name)) is not in version 1 of the format", at: cursor,
                    allowed: feature.explanation)
            }
        default:
            break
        }
    }

    /// `version: 1`; a larger whole number is a later format this reader does not know.
    private func version(_ cursor: Cursor) throws(SpecError) {
        guard case .number(let number) = cursor.node.value else {
            throw wrongType(cursor, expected: "the format version 1")
        }
        guard let value = number.integer, value == 1 || value == 2 else {
            if let value = number.integer, value > 2 {
                throw error(
                    .unsupportedFeature, "format version \(value) is not supported", at: cursor,
                    allowed: "this reader reads versions 1 and 2")
            }
            throw error(.outOfRange, "version is \(number.text)", at: cursor, allowed: "version is 1 or 2")
        }
        state.version = Int(value)
    }

    /// `{ width, height, displayScale? }`.
    func container(_ cursor: Cursor) throws(SpecError) -> LayoutContainer {
        let map = try map(cursor, SpecKeys.container)
        let width = try number(try required(map, "width"), "container width", lower: .nonNegative)
        let height = try number(try required(map, "height"), "container height", lower: .nonNegative)
        let scale = try map["displayScale"].map { (c: Cursor) throws(SpecError) in
            try number(c, "displayScale", lower: .nonNegative, limit: SpecDecoder.maxDisplayScale, unit: "")
        }
        var container = LayoutContainer(width: width, height: height, displayScale: scale)
        try environment(map, into: &container)
        return container
    }

    /// `{ scrollDirection?, interSectionSpacing?, boundarySupplementaryItems? }`; the layout's own boundary
    /// items have unique kinds among themselves.
    func layoutConfiguration(_ cursor: Cursor) throws(SpecError) -> LayoutConfiguration {
        let map = try map(cursor, SpecKeys.layout)
        var configuration = LayoutConfiguration()
        if let value = map["scrollDirection"] {
            configuration.scrollDirection = try enumeration(
                value, "scrollDirection", LayoutConfiguration.ScrollDirection.self)
        }
        if let value = map["interSectionSpacing"] {
            configuration.interSectionSpacing = try length(value, "interSectionSpacing")
        }
        if let value = map["contentInsetsReference"] {
            configuration.contentInsetsReference = try enumeration(
                value, "contentInsetsReference", ContentInsetsReference.self)
        }
        if let value = map["boundarySupplementaryItems"] {
            var kinds: [KindUse] = []
            configuration.boundarySupplementaryItems = try boundaryItems(value, kinds: &kinds)
            try checkUnique(kinds, context: "among the layout's boundary items")
        }
        return configuration
    }
}
