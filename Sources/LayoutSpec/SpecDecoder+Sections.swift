import CompositionalLayout

/// Section definitions, their fields and variants, list configurations, boundary and decoration items
/// (docs/spec-format.md "Section definitions", "Boundary items (headers and footers)",
/// "Decoration items (backgrounds)", "Lists").
extension SpecDecoder {
    /// One entry of `sections`.
    func sectionDefinition(_ cursor: Cursor) throws(SpecError) -> SectionDefinition {
        let map = try map(cursor, SpecKeys.sectionDefinition)
        let name = try map["name"].map { (c: Cursor) throws(SpecError) in try string(c, "name") }
        let count =
            try map["count"].map { (c: Cursor) throws(SpecError) in
                Int(try integer(c, "count", in: 1...SpecDecoder.maxCount, upperIsLimit: true))
            } ?? 1
        let items = Int(
            try integer(try required(map, "items"), "items", in: 0...SpecDecoder.maxCount, upperIsLimit: true))
        let (fields, kinds) = try sectionFields(map)
        var variants: [SectionVariant] = []
        var variantKinds: [FieldKinds] = []
        if let list = map["variants"] {
            for element in try self.list(list, of: "variants") {
                let (variant, kinds) = try variant(element)
                variants.append(variant)
                variantKinds.append(kinds)
            }
        }
        if fields.content == nil, !variants.contains(where: { $0.fields.content != nil }) {
            throw error(
                .missingKey, "section definition has no 'group' or 'list', and none of its variants has one",
                at: cursor,
                allowed: "give the definition a group or a list, directly or through a variant")
        }
        try checkElementKinds(own: kinds, variants: variantKinds)
        return SectionDefinition(name: name, count: count, items: items, fields: fields, variants: variants)
    }

    /// `{ when?: { minWidth?, maxWidth? }, ...section fields }`.
    func variant(_ cursor: Cursor) throws(SpecError) -> (SectionVariant, FieldKinds) {
        let map = try map(cursor, SpecKeys.variant)
        var condition: WidthCondition?
        if let when = map["when"] {
            let bounds = try self.map(when, SpecKeys.when)
            var when = WidthCondition(
                minWidth: try bounds["minWidth"].map { (c: Cursor) throws(SpecError) in
                    try number(c, "minWidth", lower: .nonNegative)
                },
                maxWidth: try bounds["maxWidth"].map { (c: Cursor) throws(SpecError) in
                    try number(c, "maxWidth", lower: .nonNegative)
                })
            try traitConditions(bounds, into: &when)
            condition = when
        }
        let (fields, kinds) = try sectionFields(map)
        return (SectionVariant(when: condition, fields: fields), kinds)
    }

    /// The fields a definition and a variant share; only those present are set.
    func sectionFields(_ map: MapCursor) throws(SpecError) -> (SectionFields, FieldKinds) {
        var fields = SectionFields()
        var kinds = FieldKinds()
        if let group = map.entry("group"), let list = map.entry("list") {
            let second =
                group.line > list.line || (group.line == list.line && group.column > list.column) ? group : list
            throw error(
                .contradictoryKeys, "'group' and 'list' cannot be used together", at: second, in: map,
                allowed: "a section lays out a group or a list")
        }
        if let value = map["group"] {
            var content: [KindUse] = []
            let node = try self.node(value, kinds: &content)
            guard case .group(let group) = node else {
                throw error(
                    .wrongType, "a section's group is an item", at: value,
                    allowed: "the root is a group: horizontal, vertical or custom (wrap the item in one)")
            }
            fields.content = .group(group)
            kinds.content = content
        }
        if let value = map["list"] {
            var content: [KindUse] = []
            fields.content = .list(try listConfiguration(value, kinds: &content))
            kinds.content = content
        }
        if let value = map["contentInsets"] { fields.contentInsets = try insets(value, "section contentInsets") }
        if let value = map["interGroupSpacing"] { fields.interGroupSpacing = try length(value, "interGroupSpacing") }
        if let value = map["orthogonalScrollingBehavior"] {
            fields.orthogonalScrollingBehavior = try enumeration(
                value, "orthogonalScrollingBehavior", OrthogonalScrollingBehavior.self)
        }
        if let value = map["boundarySupplementaryItems"] {
            var boundary: [KindUse] = []
            fields.boundarySupplementaryItems = try boundaryItems(value, kinds: &boundary)
            kinds.boundary = boundary
        }
        if let value = map["decorationItems"] {
            var decoration: [KindUse] = []
            fields.decorationItems = try decorationItems(value, kinds: &decoration)
            kinds.decoration = decoration
        }
        if let value = map["supplementariesFollowContentInsets"] {
            fields.supplementariesFollowContentInsets = try bool(value, "supplementariesFollowContentInsets")
        }
        try references(map, into: &fields)
        return (fields, kinds)
    }

    /// `{ appearance, headerMode?, footerMode?, rowHeight?, headerHeight?, footerHeight? }`; a supplementary
    /// header or footer declares the kinds `header` and `footer` (docs/layout-rules.md §7).
    func listConfiguration(_ cursor: Cursor, kinds: inout [KindUse]) throws(SpecError) -> ListConfiguration {
        let map = try map(cursor, SpecKeys.list)
        var list = ListConfiguration(
            appearance: try enumeration(
                try required(map, "appearance"), "appearance",
                ListConfiguration.Appearance.self))
        if let value = map["headerMode"] {
            list.headerMode = try enumeration(value, "headerMode", ListConfiguration.HeaderMode.self)
            if list.headerMode == .supplementary {
                kinds.append(
                    KindUse(
                        kind: LayoutSection.listHeaderKind, cursor: value,
                        role: "list header (headerMode: supplementary)"))
            }
        }
        if let value = map["footerMode"] {
            list.footerMode = try enumeration(value, "footerMode", ListConfiguration.FooterMode.self)
            if list.footerMode == .supplementary {
                kinds.append(
                    KindUse(
                        kind: LayoutSection.listFooterKind, cursor: value,
                        role: "list footer (footerMode: supplementary)"))
            }
        }
        if let value = map["rowHeight"] { list.rowHeight = try dimension(value, "rowHeight") }
        if let value = map["headerHeight"] { list.headerHeight = try dimension(value, "headerHeight") }
        if let value = map["footerHeight"] { list.footerHeight = try dimension(value, "footerHeight") }
        if let value = map["headerTopPadding"] { list.headerTopPadding = try headerTopPadding(value) }
        return list
    }

    /// A list of `{ elementKind, size, alignment, offset?, extendsBoundary?, pinToVisibleBounds?, zIndex?, selfSizing? }`.
    func boundaryItems(_ cursor: Cursor, kinds: inout [KindUse]) throws(SpecError) -> [BoundarySupplementaryItem] {
        var items: [BoundarySupplementaryItem] = []
        for element in try list(cursor, of: "boundary items") {
            let map = try map(element, SpecKeys.boundaryItem)
            let kindCursor = try required(map, "elementKind")
            let kind = try elementKind(kindCursor)
            var item = BoundarySupplementaryItem(
                layoutSize: try size(try required(map, "size"), "the boundary item '\(kind)'"), elementKind: kind,
                alignment: try enumeration(try required(map, "alignment"), "alignment", BoundaryAlignment.self))
            if let value = map["offset"] { item.offset = try point(value, "offset") }
            if let value = map["extendsBoundary"] { item.extendsBoundary = try bool(value, "extendsBoundary") }
            if let value = map["pinToVisibleBounds"] { item.pinToVisibleBounds = try bool(value, "pinToVisibleBounds") }
            if let value = map["zIndex"] { item.zIndex = try zIndex(value) }
            if let value = map["selfSizing"] { item.selfSizing = try selfSizing(value) }
            kinds.append(KindUse(kind: kind, cursor: kindCursor, role: "boundary item"))
            items.append(item)
        }
        return items
    }

    /// A list of `{ elementKind, contentInsets?, zIndex? }` (zIndex −1 unless given).
    func decorationItems(_ cursor: Cursor, kinds: inout [KindUse]) throws(SpecError) -> [DecorationItem] {
        var items: [DecorationItem] = []
        for element in try list(cursor, of: "decoration items") {
            let map = try map(element, SpecKeys.decorationItem)
            let kindCursor = try required(map, "elementKind")
            var item = DecorationItem(elementKind: try elementKind(kindCursor))
            if let value = map["contentInsets"] { item.contentInsets = try insets(value, "decoration contentInsets") }
            if let value = map["zIndex"] { item.zIndex = try zIndex(value) }
            kinds.append(KindUse(kind: item.elementKind, cursor: kindCursor, role: "decoration item"))
            items.append(item)
        }
        return items
    }
}
