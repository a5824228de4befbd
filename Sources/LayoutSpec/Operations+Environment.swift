import CompositionalLayout

/// The fields a version 2 `resize` may carry besides `width` and `height` (docs/operations.md):
/// `safeAreaInsets`, `layoutMargins` (each `{ top?, leading?, bottom?, trailing? }` or one number),
/// `layoutDirection` and `traits` (`{ horizontalSizeClass?, verticalSizeClass?, contentSizeCategory? }`); what a
/// line omits keeps its value, trait by trait.
extension OperationsWriter {
    static func environmentFields(_ environment: EnvironmentChange) -> String {
        guard !environment.isEmpty else { return "" }
        func n(_ value: Double) -> String { jsonNumber(value) }
        func insets(_ i: EdgeInsets) -> String {
            #"{"top": \#(n(i.top)), "leading": \#(n(i.leading)), "bottom": \#(n(i.bottom)), "trailing": \#(n(i.trailing))}"#
        }
        var out = ""
        if let v = environment.safeAreaInsets { out += #", "safeAreaInsets": "# + insets(v) }
        if let v = environment.layoutMargins { out += #", "layoutMargins": "# + insets(v) }
        if let v = environment.layoutDirection { out += #", "layoutDirection": "\#(v.rawValue)""# }
        if environment.changesTraits {
            var traits: [String] = []
            if let v = environment.horizontalSizeClass { traits.append(#""horizontalSizeClass": "\#(v.rawValue)""#) }
            if let v = environment.verticalSizeClass { traits.append(#""verticalSizeClass": "\#(v.rawValue)""#) }
            if let v = environment.contentSizeCategory { traits.append(#""contentSizeCategory": "\#(v.rawValue)""#) }
            out += #", "traits": {"# + traits.joined(separator: ", ") + "}"
        }
        return out
    }
}

/// Reading them: the optional fields of `resize`.
enum ResizeEnvironmentFields {
    static let names = ["safeAreaInsets", "layoutMargins", "layoutDirection", "traits"]

    /// What the fields give; `fail` builds a located error for a node.
    static func read(
        _ values: [String: SpecNode],
        fail: (SpecError.Code, String, SpecNode, String) -> SpecError
    ) throws(SpecError) -> EnvironmentChange {
        var change = EnvironmentChange()
        func insets(_ key: String) throws(SpecError) -> EdgeInsets? {
            guard let node = values[key] else { return nil }
            let allowed = "insets: a number >= 0 or { top, leading, bottom, trailing }, each >= 0"
            func number(_ n: SpecNode) throws(SpecError) -> Double {
                guard case .number(let v) = n.value, v.double.isFinite, v.double >= 0,
                    v.double <= OperationsReader.maxLength
                else {
                    throw fail(.outOfRange, "'\(key)' of resize has a value that is not a length >= 0", n, allowed)
                }
                return v.double
            }
            switch node.value {
            case .number: return EdgeInsets(all: try number(node))
            case .map(let entries):
                var i = EdgeInsets()
                for entry in entries {
                    let v = try number(entry.value)
                    switch entry.key {
                    case "top": i.top = v
                    case "leading": i.leading = v
                    case "bottom": i.bottom = v
                    case "trailing": i.trailing = v
                    default:
                        throw fail(
                            .unknownKey, "unknown edge '\(entry.key)' in '\(key)' of resize", entry.value, allowed)
                    }
                }
                return i
            default:
                throw fail(.wrongType, "'\(key)' of resize is \(node.kindDescription)", node, allowed)
            }
        }
        func enumeration<E: RawRepresentable & CaseIterable>(_ node: SpecNode, _ key: String, _: E.Type)
            throws(SpecError) -> E
        where E.RawValue == String {
            let allowed = "one of " + E.allCases.map(\.rawValue).joined(separator: ", ")
            guard case .string(let text) = node.value, let value = E(rawValue: text) else {
                throw fail(.invalidValue, "'\(key)' of resize is not a known value", node, allowed)
            }
            return value
        }
        change.safeAreaInsets = try insets("safeAreaInsets")
        change.layoutMargins = try insets("layoutMargins")
        if let node = values["layoutDirection"] {
            change.layoutDirection = try enumeration(node, "layoutDirection", LayoutDirection.self)
        }
        if let node = values["traits"] {
            guard case .map(let entries) = node.value else {
                throw fail(
                    .wrongType, "'traits' of resize is \(node.kindDescription)", node,
                    "{ horizontalSizeClass?, verticalSizeClass?, contentSizeCategory? }")
            }
            for entry in entries {
                switch entry.key {
                case "horizontalSizeClass":
                    change.horizontalSizeClass = try enumeration(entry.value, entry.key, UserInterfaceSizeClass.self)
                case "verticalSizeClass":
                    change.verticalSizeClass = try enumeration(entry.value, entry.key, UserInterfaceSizeClass.self)
                case "contentSizeCategory":
                    change.contentSizeCategory = try enumeration(entry.value, entry.key, ContentSizeCategory.self)
                default:
                    throw fail(
                        .unknownKey, "unknown trait '\(entry.key)' of resize", entry.value,
                        "horizontalSizeClass, verticalSizeClass, contentSizeCategory")
                }
            }
        }
        return change
    }
}
