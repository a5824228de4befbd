import CompositionalLayout

/// What the decoder learns while it reads: the spec's version and the `calc` values met so far.
final class SpecDecoderState {
    var version = 1
    var computedValues: [ComputedValue] = []
}

/// The keys and values of docs/version-2.md (docs/version-2.md §10): lengths that may be `calc(EXPR)`,
/// the container's environment, insets references, trait conditions, cycles and the header top padding.
extension SpecDecoder {
    /// Whether a string is (or holds, as a function argument) a `calc(…)`.
    func isCalc(_ text: String) -> Bool { text.trimmingSpaces.hasPrefix("calc(") }

    /// A length in points: a number, or in version 2 `calc(EXPR)` (docs/version-2.md §10.6), recorded with its
    /// place and evaluated before each solve; the layout holds 0 there until then.
    func length(_ cursor: Cursor, _ what: String, lower: Lower = .any) throws(SpecError) -> Double {
        if case .string(let text) = cursor.node.value, isCalc(text) {
            let range: ComputedValue.Range = lower == .any ? .any : (lower == .positive ? .positive : .nonNegative)
            return try calc(text, at: cursor, what, range: range)
        }
        return try number(cursor, what, lower: lower)
    }

    /// Parses the `calc(…)` in `text` (alone or as the argument of a dimension or spacing function) and
    /// records it at the cursor's path. A version 1 spec names the version it needs; an expression that does
    /// not parse is located at its offending character.
    func calc(_ text: String, at cursor: Cursor, _ what: String, range: ComputedValue.Range) throws(SpecError) -> Double
    {
        guard state.version >= 2 else {
            throw error(
                .unsupportedFeature, "'\(text)' (calc) needs version: 2; it is not in version 1 of the format",
                at: cursor,
                allowed: "write version: 2 to compute values from the environment")
        }
        let chars = Array(text)
        guard let start = text.range(of: "calc(") else {
            throw error(.invalidValue, "'\(text)' is not a calc(…) value", at: cursor, allowed: "calc(EXPR)")
        }
        let open = text.distance(from: text.startIndex, to: start.upperBound)
        // The matching parenthesis of `calc(`.
        var depth = 1
        var close: Int? = nil
        var i = open
        while i < chars.count {
            if chars[i] == "(" { depth += 1 }
            if chars[i] == ")" { depth -= 1; if depth == 0 { close = i; break } }
            i += 1
        }
        guard let close else {
            throw calcError(
                CalcSyntaxError(offset: chars.count - open, message: "calc( is not closed"), text: text, open: open,
                at: cursor, what)
        }
        let expression: CalcExpression
        do {
            expression = try CalcExpression(parsing: String(chars[open..<close]))
        } catch {
            throw calcError(error, text: text, open: open, at: cursor, what)
        }
        state.computedValues.append(ComputedValue(path: cursor.path.description, expression: expression, range: range))
        return range == .positive ? 1 : 0
    }

    private func calcError(_ syntax: CalcSyntaxError, text: String, open: Int, at cursor: Cursor, _ what: String)
        -> SpecError
    {
        let character = open + syntax.offset
        return SpecError(
            code: .invalidValue,
            message: "\(what): '\(text)' does not parse: \(syntax.message) at character \(character + 1)",
            allowed: "calc takes numbers, width, height, + - * /, parentheses, min(a, b) and max(a, b)",
            file: file, line: cursor.node.line, column: cursor.node.column + character,
            path: cursor.path.description)
    }

    /// The container's keys of version 2 (docs/version-2.md §10.1), on top of width, height and displayScale.
    func environment(_ map: MapCursor, into container: inout LayoutContainer) throws(SpecError) {
        if let value = map["layoutDirection"] {
            container.layoutDirection = try enumeration(value, "layoutDirection", LayoutDirection.self)
        }
        if let value = map["safeAreaInsets"] { container.safeAreaInsets = try insets(value, "safeAreaInsets") }
        if let value = map["layoutMargins"] { container.layoutMargins = try insets(value, "layoutMargins") }
        if let value = map["readableWidth"] {
            container.readableWidth = try number(value, "readableWidth", lower: .positive)
        }
        if let value = map["traits"] {
            let traits = try self.map(value, SpecKeys.traits)
            if let c = traits["horizontalSizeClass"] {
                container.traits.horizontalSizeClass = try enumeration(
                    c, "horizontalSizeClass", UserInterfaceSizeClass.self)
            }
            if let c = traits["verticalSizeClass"] {
                container.traits.verticalSizeClass = try enumeration(
                    c, "verticalSizeClass", UserInterfaceSizeClass.self)
            }
            if let c = traits["contentSizeCategory"] {
                container.traits.preferredContentSizeCategory = try enumeration(
                    c, "contentSizeCategory", ContentSizeCategory.self)
            }
        }
    }

    /// `contentInsetsReference` and `supplementaryContentInsetsReference` of a definition or a variant.
    func references(_ map: MapCursor, into fields: inout SectionFields) throws(SpecError) {
        if let value = map["contentInsetsReference"] {
            fields.contentInsetsReference = try enumeration(
                value, "contentInsetsReference", ContentInsetsReference.self)
        }
        if let value = map["supplementaryContentInsetsReference"] {
            fields.supplementaryContentInsetsReference = try enumeration(
                value, "supplementaryContentInsetsReference",
                ContentInsetsReference.self)
        }
    }

    /// The conditions of a variant's `when` that version 2 adds (docs/version-2.md §10.5).
    func traitConditions(_ bounds: MapCursor, into condition: inout WidthCondition) throws(SpecError) {
        if let c = bounds["widthAbove"] { condition.widthAbove = try number(c, "widthAbove", lower: .nonNegative) }
        if let c = bounds["widthAtMost"] { condition.widthAtMost = try number(c, "widthAtMost", lower: .nonNegative) }
        if let c = bounds["horizontalSizeClass"] {
            condition.horizontalSizeClass = try enumeration(c, "horizontalSizeClass", UserInterfaceSizeClass.self)
        }
        if let c = bounds["verticalSizeClass"] {
            condition.verticalSizeClass = try enumeration(c, "verticalSizeClass", UserInterfaceSizeClass.self)
        }
        if let c = bounds["contentSizeCategoryAtLeast"] {
            condition.contentSizeCategoryAtLeast = try enumeration(
                c, "contentSizeCategoryAtLeast", ContentSizeCategory.self)
        }
        if let c = bounds["contentSizeCategoryBelow"] {
            condition.contentSizeCategoryBelow = try enumeration(
                c, "contentSizeCategoryBelow", ContentSizeCategory.self)
        }
    }

    /// `list.headerTopPadding`: a length >= 0 or `automatic` (docs/version-2.md §10.8).
    func headerTopPadding(_ cursor: Cursor) throws(SpecError) -> ListConfiguration.HeaderTopPadding {
        if case .string(let text) = cursor.node.value, text == "automatic" { return .automatic }
        if case .string(let text) = cursor.node.value, !isCalc(text) {
            throw error(
                .invalidValue, "headerTopPadding is '\(text)'", at: cursor, allowed: "a number >= 0 or automatic",
                suggestion: Suggestions.nearest(to: text, in: ["automatic"]))
        }
        return .points(try length(cursor, "headerTopPadding", lower: .nonNegative))
    }

    /// `cycle: [{ width?, height? }, ...]`, at least one entry, each length >= 0 (docs/version-2.md §10.7); instead
    /// of `seed`, `width` and `height`.
    func cycle(_ map: MapCursor) throws(SpecError) -> [SelfSizing.CycleEntry] {
        let cursor = map["cycle"]!
        if let other = map.entries.first(where: { $0.key != "cycle" }) {
            throw error(
                .contradictoryKeys, "'cycle' and '\(other.key)' cannot be used together", at: other, in: map,
                allowed: "a selfSizing measures from a cycle, or from seeded ranges")
        }
        let entries = try list(cursor, of: "cycle entries { width?, height? }")
        guard !entries.isEmpty else {
            throw error(.outOfRange, "cycle is empty", at: cursor, allowed: "a cycle has at least one entry")
        }
        var result: [SelfSizing.CycleEntry] = []
        for entry in entries {
            let lengths = try self.map(entry, SpecKeys.cycleEntry)
            result.append(
                SelfSizing.CycleEntry(
                    width: try lengths["width"].map { (c: Cursor) throws(SpecError) in
                        try number(c, "cycle width", lower: .nonNegative)
                    },
                    height: try lengths["height"].map { (c: Cursor) throws(SpecError) in
                        try number(c, "cycle height", lower: .nonNegative)
                    }))
        }
        return result
    }
}
