import CompositionalLayout

/// The value forms of docs/spec-format.md "Values": dimensions, sizes, insets, spacings, points, edges, and the
/// self-sizing model.
extension SpecDecoder {
    static let dimensionForms =
        "a dimension is fractionalWidth(f), fractionalHeight(f), absolute(v), estimated(v) or a number (absolute)"
    static let spacingForms = "a spacing is fixed(v), flexible(v) or a number (fixed)"

    /// `fractionalWidth(f)`, `fractionalHeight(f)` (f a decimal or `a/b`, 0 < f <= 1000), `absolute(v)`
    /// (v >= 0), `estimated(v)` (v > 0), or a bare number (absolute).
    func dimension(_ cursor: Cursor, _ what: String) throws(SpecError) -> LayoutDimension {
        switch cursor.node.value {
        case .number(let number):
            return .absolute(
                try check(
                    number.double, text: number.text, at: cursor, what, lower: .nonNegative,
                    limit: SpecDecoder.maxLength, unit: " points"))
        case .string(let text):
            if isCalc(text) {
                // §10.6: a bare calc(…) is absolute(calc(…)).
                return .absolute(try calc(text, at: cursor, what, range: .nonNegative))
            }
            let (name, argument) = try function(
                text, at: cursor, what, names: SpecValues.dimensionFunctions(version: state.version),
                forms: SpecDecoder.dimensionForms)
            switch name {
            case "fractionalWidth", "fractionalHeight":
                guard let f = fraction(argument) else {
                    throw error(
                        .invalidValue, "'\(text)' has no valid fraction", at: cursor,
                        allowed: "f is a decimal such as 0.25 or a fraction such as 1/3")
                }
                let value = try check(
                    f, text: argument, at: cursor, "the fraction of \(what)", lower: .positive,
                    limit: SpecDecoder.maxFraction, unit: "")
                return name == "fractionalWidth" ? .fractionalWidth(value) : .fractionalHeight(value)
            default:
                if isCalc(argument) {
                    let range: ComputedValue.Range = name == "absolute" ? .nonNegative : .positive
                    let v = try calc(text, at: cursor, what, range: range)
                    switch name {
                    case "estimated": return .estimated(v)
                    case "uniformAcrossSiblings": return .uniformAcrossSiblings(estimate: v)
                    default: return .absolute(v)
                    }
                }
                guard let v = decimal(argument) else {
                    throw error(
                        .invalidValue, "'\(text)' has no valid length", at: cursor,
                        allowed: "v is a decimal number of points such as 44 or 12.5")
                }
                let estimated = name == "estimated" || name == "uniformAcrossSiblings"
                let value = try check(
                    v, text: argument, at: cursor, "the length of \(what)",
                    lower: estimated ? .positive : .nonNegative, limit: SpecDecoder.maxLength, unit: " points")
                if name == "uniformAcrossSiblings" { return .uniformAcrossSiblings(estimate: value) }
                return estimated ? .estimated(value) : .absolute(value)
            }
        default:
            throw error(
                .wrongType, "expected a dimension (\(what)), found \(cursor.node.kindDescription)", at: cursor,
                allowed: SpecDecoder.dimensionForms)
        }
    }

    /// `fixed(v)`, `flexible(v)` or a bare number (fixed), v >= 0.
    func spacing(_ cursor: Cursor, _ what: String) throws(SpecError) -> LayoutSpacing {
        switch cursor.node.value {
        case .number:
            return .fixed(try number(cursor, what, lower: .nonNegative))
        case .string(let text):
            if isCalc(text) { return .fixed(try calc(text, at: cursor, what, range: .nonNegative)) }
            let (name, argument) = try function(
                text, at: cursor, what, names: SpecValues.spacingFunctions,
                forms: SpecDecoder.spacingForms)
            if isCalc(argument) {
                let v = try calc(text, at: cursor, what, range: .nonNegative)
                return name == "fixed" ? .fixed(v) : .flexible(v)
            }
            guard let v = decimal(argument) else {
                throw error(
                    .invalidValue, "'\(text)' has no valid length", at: cursor,
                    allowed: "v is a decimal number of points such as 8")
            }
            let value = try check(
                v, text: argument, at: cursor, what, lower: .nonNegative, limit: SpecDecoder.maxLength,
                unit: " points")
            return name == "fixed" ? .fixed(value) : .flexible(value)
        default:
            throw error(
                .wrongType, "expected a spacing (\(what)), found \(cursor.node.kindDescription)", at: cursor,
                allowed: SpecDecoder.spacingForms)
        }
    }

    /// Splits `name(argument)` and checks the name against `names` (suggesting the nearest when misspelt).
    private func function(
        _ text: String, at cursor: Cursor, _ what: String, names: [String],
        forms: String
    ) throws(SpecError) -> (String, String) {
        let trimmed = text.trimmingSpaces
        guard let open = trimmed.firstIndex(of: "("), trimmed.last == ")" else {
            if SpecNumber(literal: trimmed, allowYAMLForms: false) != nil {
                throw error(
                    .wrongType, "expected \(what), found the string '\(text)'", at: cursor,
                    allowed: "write numbers without quotes; \(forms)")
            }
            throw error(
                .invalidValue, "'\(text)' is not a valid form for \(what)", at: cursor, allowed: forms,
                suggestion: Suggestions.nearest(to: trimmed, in: names))
        }
        let name = String(trimmed[..<open]).trimmingSpaces
        let argument = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
            .trimmingSpaces
        if state.version < 2, let feature = UnsupportedFeatures.feature(forDimensionFunction: name) {
            throw error(
                .unsupportedFeature, "'\(name)' (\(feature.name)) is not in version 1 of the format", at: cursor,
                allowed: feature.explanation)
        }
        guard names.contains(name) else {
            throw error(
                .invalidValue, "unknown function '\(name)' in '\(text)' for \(what)", at: cursor, allowed: forms,
                suggestion: Suggestions.nearest(to: name, in: names))
        }
        return (name, argument)
    }

    /// A decimal such as `0.25`, or `a/b` of two decimals.
    private func fraction(_ text: String) -> Double? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let a = decimal(String(parts[0]).trimmingSpaces), let b = decimal(String(parts[1]).trimmingSpaces),
                b != 0
            else { return nil }
            return a / b
        }
        return decimal(text)
    }

    private func decimal(_ text: String) -> Double? {
        SpecNumber(literal: text, allowYAMLForms: false)?.double
    }

    /// `{ width, height }`, both dimensions.
    func size(_ cursor: Cursor, _ what: String) throws(SpecError) -> LayoutSize {
        let map = try map(cursor, SpecKeys.size)
        let width = try dimension(try required(map, "width"), "the width of \(what)")
        let height = try dimension(try required(map, "height"), "the height of \(what)")
        return LayoutSize(widthDimension: width, heightDimension: height)
    }

    /// A number (all four edges) or `{ top, leading, bottom, trailing }` (missing edges 0), each >= 0.
    func insets(_ cursor: Cursor, _ what: String) throws(SpecError) -> EdgeInsets {
        if case .number = cursor.node.value {
            return EdgeInsets(all: try number(cursor, what, lower: .nonNegative))
        }
        if case .string(let text) = cursor.node.value, isCalc(text) {
            return EdgeInsets(all: try length(cursor, what, lower: .nonNegative))
        }
        guard case .map = cursor.node.value else {
            throw error(
                .wrongType, "expected insets (\(what)), found \(cursor.node.kindDescription)", at: cursor,
                allowed: "insets are a number or a map of top, leading, bottom, trailing")
        }
        let map = try map(cursor, SpecKeys.insets)
        func edge(_ key: String) throws(SpecError) -> Double {
            guard let value = map[key] else { return 0 }
            return try length(value, "\(what) \(key)", lower: .nonNegative)
        }
        return EdgeInsets(
            top: try edge("top"), leading: try edge("leading"), bottom: try edge("bottom"),
            trailing: try edge("trailing"))
    }

    /// `{ leading?, top?, trailing?, bottom? }`, each a spacing.
    func edgeSpacing(_ cursor: Cursor) throws(SpecError) -> EdgeSpacing {
        let map = try map(cursor, SpecKeys.edgeSpacing)
        func edge(_ key: String) throws(SpecError) -> LayoutSpacing? {
            guard let value = map[key] else { return nil }
            return try spacing(value, "edgeSpacing \(key)")
        }
        return EdgeSpacing(
            leading: try edge("leading"), top: try edge("top"), trailing: try edge("trailing"),
            bottom: try edge("bottom"))
    }

    /// `{ x, y }`, finite.
    func point(_ cursor: Cursor, _ what: String, lengths: Bool = true) throws(SpecError) -> Point {
        let map = try map(cursor, SpecKeys.point)
        if !lengths {
            return Point(
                x: try number(try required(map, "x"), "\(what) x"), y: try number(try required(map, "y"), "\(what) y"))
        }
        return Point(
            x: try length(try required(map, "x"), "\(what) x"), y: try length(try required(map, "y"), "\(what) y"))
    }

    /// A list of `top`, `leading`, `bottom`, `trailing`, with no contradictory pair.
    func edges(_ cursor: Cursor) throws(SpecError) -> DirectionalRectEdge {
        var edges: DirectionalRectEdge = []
        var seen: [String] = []
        for item in try list(cursor, of: "edges (top, leading, bottom, trailing)") {
            let name = try string(item, "an edge")
            let edge: DirectionalRectEdge
            switch name {
            case "top": edge = .top
            case "leading": edge = .leading
            case "bottom": edge = .bottom
            case "trailing": edge = .trailing
            default:
                throw error(
                    .invalidValue, "unknown edge '\(name)'", at: item,
                    allowed: "edges are top, leading, bottom, trailing",
                    suggestion: Suggestions.nearest(to: name, in: SpecValues.edges))
            }
            let opposite = ["top": "bottom", "bottom": "top", "leading": "trailing", "trailing": "leading"][name]!
            if seen.contains(opposite) {
                throw error(
                    .contradictoryKeys, "edges '\(opposite)' and '\(name)' contradict each other", at: item,
                    allowed: "name at most one of top and bottom, and one of leading and trailing")
            }
            seen.append(name)
            edges.insert(edge)
        }
        return edges
    }

    /// `{ seed?, width?, height? }`, each axis a whole number of points or `{ min, max }` with min <= max.
    func selfSizing(_ cursor: Cursor) throws(SpecError) -> SelfSizing {
        let map = try map(cursor, SpecKeys.selfSizing)
        if map.has("cycle") { return SelfSizing(cycle: try cycle(map)) }
        let seed = try map["seed"].map { (c: Cursor) throws(SpecError) in try integer(c, "seed") } ?? 0
        func range(_ key: String) throws(SpecError) -> SelfSizing.LengthRange? {
            guard let value = map[key] else { return nil }
            let limit = Int64(SpecDecoder.maxLength)
            if case .number = value.node.value {
                return .init(fixed: Int(try integer(value, "selfSizing \(key)", in: 0...limit, upperIsLimit: true)))
            }
            guard case .map = value.node.value else {
                throw error(
                    .wrongType,
                    "expected a whole number or { min, max } (selfSizing \(key)), found \(value.node.kindDescription)",
                    at: value)
            }
            let bounds = try self.map(value, SpecKeys.lengthRange)
            let minCursor = try required(bounds, "min")
            let maxCursor = try required(bounds, "max")
            let low = try integer(minCursor, "selfSizing \(key) min", in: 0...limit, upperIsLimit: true)
            let high = try integer(maxCursor, "selfSizing \(key) max", in: 0...limit, upperIsLimit: true)
            guard low <= high else {
                throw error(
                    .outOfRange, "selfSizing \(key) has min \(low) above max \(high)", at: maxCursor,
                    allowed: "min <= max")
            }
            return .init(min: Int(low), max: Int(high))
        }
        return SelfSizing(seed: seed, width: try range("width"), height: try range("height"))
    }

    /// A zIndex: any whole number that fits an `Int`.
    func zIndex(_ cursor: Cursor) throws(SpecError) -> Int {
        Int(try integer(cursor, "zIndex"))
    }

    /// An element kind: a non-empty string.
    func elementKind(_ cursor: Cursor) throws(SpecError) -> String {
        let kind = try string(cursor, "elementKind")
        guard !kind.isEmpty else {
            throw error(
                .outOfRange, "elementKind is empty", at: cursor, allowed: "an element kind names its views, like header"
            )
        }
        return kind
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let end = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[start...end])
    }
}
