/// Unique element kinds (docs/spec-format.md "Nodes: items and groups", last paragraph): within one section
/// definition every `elementKind` is used by one declaration only, counting what is in force together: the definition's own
/// fields alone, and its own fields overridden by each variant. UIKit raises an exception for duplicates.

/// One declaration of an element kind, and where it is written.
struct KindUse: Sendable {
    var kind: String
    var cursor: Cursor
    /// How messages name the declaration: "boundary item", "list header (headerMode: supplementary)".
    var role: String
}

/// The kinds each overridable field of a section declares; nil when the field is absent, so a variant
/// replaces exactly the fields it names (as `SectionFields.overridden(by:)` does).
struct FieldKinds: Sendable {
    /// The group tree's anchored supplementaries, or a list's header and footer.
    var content: [KindUse]?
    var boundary: [KindUse]?
    var decoration: [KindUse]?

    func overridden(by other: FieldKinds) -> FieldKinds {
        FieldKinds(
            content: other.content ?? content, boundary: other.boundary ?? boundary,
            decoration: other.decoration ?? decoration)
    }

    var all: [KindUse] { (content ?? []) + (boundary ?? []) + (decoration ?? []) }
}

extension SpecDecoder {
    /// Checks the own fields alone, then with each variant in force. Complexity: O(variants × kinds).
    func checkElementKinds(own: FieldKinds, variants: [FieldKinds]) throws(SpecError) {
        try checkUnique(own.all, context: "in the section definition")
        for (index, variant) in variants.enumerated() {
            try checkUnique(own.overridden(by: variant).all, context: "when variants[\(index)] is in force")
        }
    }

    /// Throws at the later of two declarations of one kind (in the order they are written).
    func checkUnique(_ uses: [KindUse], context: String) throws(SpecError) {
        let ordered = uses.enumerated().sorted { a, b in
            let (x, y) = (a.element.cursor.node, b.element.cursor.node)
            return (x.line, x.column, a.offset) < (y.line, y.column, b.offset)
        }.map(\.element)
        var first: [String: KindUse] = [:]
        for use in ordered {
            if let earlier = first[use.kind] {
                let place =
                    "\(earlier.cursor.path) (line \(earlier.cursor.node.line), column \(earlier.cursor.node.column))"
                throw error(
                    .duplicateElementKind,
                    "element kind '\(use.kind)' is declared twice \(context): by the \(earlier.role) at \(place) and by this \(use.role)",
                    at: use.cursor, allowed: "each element kind is declared once among what is in force together")
            }
            first[use.kind] = use
        }
    }
}
