import CompositionalLayout

extension Importer {
    /// The layout at the given container, with the sections that differ at the rotated one written as
    /// variants (docs/layout-rules.md §4.7). The code's own switch point is not known: it is written at the
    /// midpoint of the two effective widths, and the header says so.
    static func variants(_ given: CollectionLayout, _ rotated: CollectionLayout) -> (
        layout: CollectionLayout, notes: [String]
    ) {
        func expand(_ layout: CollectionLayout) -> [SectionDefinition] {
            layout.sections.flatMap { definition in
                var one = definition
                one.count = 1
                return Array(repeating: one, count: definition.count)
            }
        }
        let first = expand(given), second = expand(rotated)
        let w0 = given.effectiveContentSize.width, w1 = rotated.effectiveContentSize.width
        let threshold = (w0 + w1) / 2
        let condition = w1 > w0 ? WidthCondition(minWidth: threshold) : WidthCondition(maxWidth: threshold)
        var definitions: [SectionDefinition] = []
        var differing: [Int] = []
        for (index, (a, b)) in zip(first, second).enumerated() {
            var definition = a
            if a.fields != b.fields {
                definition.variants = [SectionVariant(when: condition, fields: b.fields)]
                differing.append(index)
            }
            if var last = definitions.last, last.items == definition.items, last.fields == definition.fields,
                last.variants == definition.variants
            {
                last.count += 1
                definitions[definitions.count - 1] = last
            } else {
                definitions.append(definition)
            }
        }
        var layout = given
        layout.sections = definitions
        let size = "\(formatNumber(rotated.container.width)) × \(formatNumber(rotated.container.height))"
        var notes: [String]
        if differing.isEmpty {
            notes = ["# Evaluated again at the rotated container \(size): every section is the same."]
        } else {
            let sign = w1 > w0 ? "minWidth" : "maxWidth"
            notes = [
                "# Evaluated again at the rotated container \(size): sections "
                    + differing.map(String.init).joined(separator: ", ") + " differ and are written as variants",
                "# (\(sign): \(formatNumber(threshold)), the midpoint of the effective widths \(formatNumber(w0)) and "
                    + "\(formatNumber(w1)); the code's own switch point is not known).",
            ]
        }
        if given.configuration != rotated.configuration {
            notes.append(
                "# The layout configuration differs at the rotated container; the given container's is written.")
        }
        return (layout, notes)
    }
}
