import CompositionalLayout

/// A value being decoded and where it sits in the document.
struct Cursor: Sendable {
    var node: SpecNode
    var path: SpecPath
}

/// A map whose keys have been checked against its `SpecKeys`: everything left is allowed.
struct MapCursor: Sendable {
    var cursor: Cursor
    var entries: [SpecEntry]
    var keys: SpecKeys

    /// The value of `key`, if the map has it.
    subscript(_ key: String) -> Cursor? {
        entries.first { $0.key == key }.map { Cursor(node: $0.value, path: cursor.path.key(key)) }
    }

    func has(_ key: String) -> Bool { entries.contains { $0.key == key } }

    /// The entry of `key` (for errors that point at the key itself).
    func entry(_ key: String) -> SpecEntry? { entries.first { $0.key == key } }
}

/// Turns the intermediate tree of either format into the model, checking every rule of docs/spec-format.md on
/// the way and throwing the first error found, located and explained. The rules live in the extensions:
/// values (`+Values`), nodes (`+Nodes`), sections (`+Sections`), element kinds (`+ElementKinds`) and the
/// top level (`+Layout`).
struct SpecDecoder {
    /// The file as the caller named it, for errors.
    let file: String
    /// The most items the whole layout may hold (docs/spec-format.md "Limits": 100,000,000 unless raised).
    let maxItems: Int
    /// The spec's version and the `calc` values met so far (docs/version-2.md).
    let state = SpecDecoderState()

    init(file: String, maxItems: Int) {
        self.file = file
        self.maxItems = maxItems
    }

    /// Largest magnitude of a length in points.
    static let maxLength = 1_000_000.0
    /// Largest fraction in a fractional dimension.
    static let maxFraction = 1_000.0
    /// Largest `count` and `items`.
    static let maxCount: Int64 = 10_000_000
    static let maxDisplayScale = 10.0

    // MARK: Errors

    func error(
        _ code: SpecError.Code, _ message: String, at cursor: Cursor, allowed: String? = nil,
        suggestion: String? = nil
    ) -> SpecError {
        SpecError(
            code: code, message: message, allowed: allowed, file: file, line: cursor.node.line,
            column: cursor.node.column, path: cursor.path.description, suggestion: suggestion)
    }

    func error(
        _ code: SpecError.Code, _ message: String, at entry: SpecEntry, in map: MapCursor, allowed: String? = nil,
        suggestion: String? = nil
    ) -> SpecError {
        SpecError(
            code: code, message: message, allowed: allowed, file: file, line: entry.line, column: entry.column,
            path: map.cursor.path.description, suggestion: suggestion)
    }

    func wrongType(_ cursor: Cursor, expected: String) -> SpecError {
        error(.wrongType, "expected \(expected), found \(cursor.node.kindDescription)", at: cursor)
    }

    // MARK: Maps and lists

    /// The value as a map of allowed keys. Keys naming a feature of docs/layout-rules.md §8 are unsupported; other
    /// unknown keys get the nearest allowed key as a suggestion, and a note when they belong elsewhere.
    func map(_ cursor: Cursor, _ keys: SpecKeys) throws(SpecError) -> MapCursor {
        guard case .map(let entries) = cursor.node.value else {
            throw wrongType(cursor, expected: "a map (\(keys.what))")
        }
        let map = MapCursor(cursor: cursor, entries: entries, keys: keys)
        for entry in entries where !keys.keys.contains(entry.key) {
            throw unknownKey(entry, in: map)
        }
        return map
    }

    private func unknownKey(_ entry: SpecEntry, in map: MapCursor) -> SpecError {
        // A version 1 spec hears of version 1's keys only (its messages are those of version 1).
        var keys = map.keys
        if state.version < 2 { keys.keys.removeAll { SpecKeys.version2Keys.contains($0) } }
        let allowed = "allowed keys: " + keys.keys.joined(separator: ", ")
        if let feature = UnsupportedFeatures.feature(forKey: entry.key) {
            return error(
                .unsupportedFeature,
                "'\(entry.key)' (\(feature.name)) is not in version \(state.version) of the format",
                at: entry, in: map, allowed: feature.explanation)
        }
        if keys.what == SpecKeys.variant.what, SpecKeys.sectionDefinition.keys.contains(entry.key) {
            return error(
                .unknownKey, "'\(entry.key)' cannot be set in a variant", at: entry, in: map,
                allowed: "count, items and name stay outside variants; \(allowed)")
        }
        let suggestion = Suggestions.nearest(to: entry.key, in: keys.keys)
        var message = "unknown key '\(entry.key)' in \(keys.what)"
        if suggestion == nil {
            let owners = SpecKeys.all.filter { $0.what != keys.what && $0.keys.contains(entry.key) }.map(\.what)
            if !owners.isEmpty {
                message += " (it is a key of \(owners.prefix(3).joined(separator: ", ")))"
            }
        }
        return error(.unknownKey, message, at: entry, in: map, allowed: allowed, suggestion: suggestion)
    }

    /// The value of a key the map must have.
    func required(_ map: MapCursor, _ key: String) throws(SpecError) -> Cursor {
        guard let value = map[key] else {
            throw error(
                .missingKey, "missing key '\(key)' in \(map.keys.what)", at: map.cursor,
                allowed: "\(map.keys.what) needs '\(key)'")
        }
        return value
    }

    /// The value as a list, each element with its path.
    func list(_ cursor: Cursor, of what: String) throws(SpecError) -> [Cursor] {
        guard case .list(let nodes) = cursor.node.value else {
            throw wrongType(cursor, expected: "a list of \(what)")
        }
        return nodes.enumerated().map { Cursor(node: $0.element, path: cursor.path.index($0.offset)) }
    }

    // MARK: Scalars

    func string(_ cursor: Cursor, _ what: String) throws(SpecError) -> String {
        guard case .string(let value) = cursor.node.value else {
            throw wrongType(cursor, expected: "a string (\(what))")
        }
        return value
    }

    func bool(_ cursor: Cursor, _ what: String) throws(SpecError) -> Bool {
        guard case .bool(let value) = cursor.node.value else {
            throw wrongType(cursor, expected: "true or false (\(what))")
        }
        return value
    }

    /// What a number must be above or at.
    enum Lower {
        case any
        case nonNegative
        case positive
    }

    /// A finite number within `lower` and the magnitude `limit` (a limit of docs/spec-format.md "Limits").
    func number(
        _ cursor: Cursor, _ what: String, lower: Lower = .any, limit: Double = SpecDecoder.maxLength,
        unit: String = " points"
    ) throws(SpecError) -> Double {
        guard case .number(let number) = cursor.node.value else {
            if case .string(let text) = cursor.node.value, SpecNumber(literal: text, allowYAMLForms: false) != nil {
                throw error(
                    .wrongType, "expected a number (\(what)), found the string '\(text)'", at: cursor,
                    allowed: "write numbers without quotes")
            }
            throw wrongType(cursor, expected: "a number (\(what))")
        }
        return try check(number.double, text: number.text, at: cursor, what, lower: lower, limit: limit, unit: unit)
    }

    /// Range checks shared by plain numbers and the arguments of `absolute(v)` and friends.
    func check(
        _ value: Double, text: String, at cursor: Cursor, _ what: String, lower: Lower, limit: Double,
        unit: String
    ) throws(SpecError) -> Double {
        guard value.isFinite else {
            throw error(.outOfRange, "\(what) is \(text), which is not finite", at: cursor, allowed: "a finite number")
        }
        switch lower {
        case .any: break
        case .nonNegative:
            if value < 0 {
                throw error(.outOfRange, "\(what) is \(text), below 0", at: cursor, allowed: "\(what) is at least 0")
            }
        case .positive:
            if value <= 0 {
                throw error(
                    .outOfRange, "\(what) is \(text), not above 0", at: cursor, allowed: "\(what) is greater than 0")
            }
        }
        if abs(value) > limit {
            throw error(
                .limitExceeded, "\(what) is \(text), over the limit of \(grouped(limit))\(unit)", at: cursor,
                allowed: "magnitudes up to \(grouped(limit))\(unit)")
        }
        return value
    }

    /// A whole number in `range`; above the range is `limitExceeded` when the range's top is a limit of
    /// docs/spec-format.md "Limits", else `outOfRange`.
    func integer(
        _ cursor: Cursor, _ what: String, in range: ClosedRange<Int64> = Int64.min...Int64.max,
        upperIsLimit: Bool = false
    ) throws(SpecError) -> Int64 {
        guard case .number(let number) = cursor.node.value else {
            throw wrongType(cursor, expected: "an integer (\(what))")
        }
        guard let value = number.integer else {
            if number.double.isFinite, number.double == number.double.rounded() {
                throw error(
                    .outOfRange, "\(what) is \(number.text), beyond a 64-bit integer", at: cursor,
                    allowed: "\(what) is from \(grouped(range.lowerBound)) to \(grouped(range.upperBound))")
            }
            throw error(.wrongType, "expected an integer (\(what)), found \(number.text)", at: cursor)
        }
        if value < range.lowerBound || value > range.upperBound {
            let code: SpecError.Code = value > range.upperBound && upperIsLimit ? .limitExceeded : .outOfRange
            let allowed =
                range.upperBound == Int64.max
                ? "\(what) is at least \(grouped(range.lowerBound))"
                : "\(what) is from \(grouped(range.lowerBound)) to \(grouped(range.upperBound))"
            throw error(code, "\(what) is \(number.text), out of range", at: cursor, allowed: allowed)
        }
        return value
    }

    /// One of an enumeration's values, suggesting the nearest when misspelt.
    func enumeration<E: RawRepresentable & CaseIterable>(_ cursor: Cursor, _ what: String, _ type: E.Type)
        throws(SpecError) -> E
    where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        let allowed = "allowed values: " + names.joined(separator: ", ")
        guard case .string(let text) = cursor.node.value else {
            throw error(
                .wrongType, "expected \(what), found \(cursor.node.kindDescription)", at: cursor, allowed: allowed)
        }
        if let value = E(rawValue: text) { return value }
        if let feature = UnsupportedFeatures.feature(forKey: text) {
            throw error(
                .unsupportedFeature, "'\(text)' (\(feature.name)) is not in version \(state.version) of the format",
                at: cursor,
                allowed: feature.explanation)
        }
        throw error(
            .invalidValue, "unknown \(what) '\(text)'", at: cursor, allowed: allowed,
            suggestion: Suggestions.nearest(to: text, in: names))
    }
}

/// A number with thousands separators, as limits are written in docs/spec-format.md ("1,000,000").
func grouped(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? grouped(Int64(value)) : formatNumber(value)
}

func grouped(_ value: Int64) -> String {
    if value == Int64.min { return String(value) }
    let digits = String(abs(value))
    var out = ""
    for (index, character) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { out += "," }
        out.append(character)
    }
    return value < 0 ? "-" + out : out
}
