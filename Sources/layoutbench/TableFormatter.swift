import CompositionalLayout

/// The readable form of a solve output: a summary line, one aligned row per element, the diagnostics.
enum TableFormatter {
    static func table(_ output: SolveOutput, includeSections: Bool) -> String {
        var lines: [String] = []
        lines.append(
            "\(output.spec): container \(formatNumber(output.container.width)) x \(formatNumber(output.container.height)), content \(formatNumber(output.contentSize.width)) x \(formatNumber(output.contentSize.height)), \(output.elements.count) elements"
        )
        var rows: [[String]] = [["category", "kind", "section", "item", "x", "y", "width", "height", "z"]]
        for e in output.elements {
            rows.append([
                e.category.rawValue, e.kind ?? "", "\(e.section)", "\(e.item)", cell(e.frame.x), cell(e.frame.y),
                cell(e.frame.width), cell(e.frame.height), "\(e.zIndex)",
            ])
        }
        lines += align(rows)
        if includeSections {
            var sectionRows: [[String]] = [["section", "x", "y", "width", "height", "scroller"]]
            for s in output.sections {
                let scroller = s.orthogonalContentSize.map { "\(cell($0.width)) x \(cell($0.height))" } ?? ""
                sectionRows.append([
                    "\(s.index)", cell(s.frame.x), cell(s.frame.y), cell(s.frame.width), cell(s.frame.height), scroller,
                ])
            }
            lines.append("")
            lines += align(sectionRows)
        }
        for d in output.diagnostics {
            lines.append("warning: section \(d.section): \(d.message)")
        }
        return lines.joined(separator: "\n")
    }

    /// A number with at most 3 decimals, as people read frames.
    private static func cell(_ v: Double) -> String {
        let rounded = (v * 1000).rounded() / 1000
        return formatNumber(rounded)
    }

    /// Right-aligns numeric columns, left-aligns text ones.
    private static func align(_ rows: [[String]]) -> [String] {
        guard let first = rows.first else { return [] }
        let widths = first.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.enumerated().map { index, row in
            row.enumerated().map { column, text in
                let pad = String(repeating: " ", count: widths[column] - text.count)
                let numeric = index > 0 && column >= 2
                return numeric ? pad + text : text + pad
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
