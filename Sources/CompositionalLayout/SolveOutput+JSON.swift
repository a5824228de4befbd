import Foundation

/// Writing and reading the solve output's JSON form (docs/spec-format.md, "Solve output"). Written by hand,
/// not with `JSONEncoder`: layouts hold millions of elements, and the format wants one element per line.
extension SolveOutput {
    /// The JSON text: one element per line, numbers with enough digits to round-trip a Double.
    /// - Parameters:
    ///   - includeSections: whether to write the `sections` list.
    ///   - pretty: whether to break lines (one element per line) rather than write one line.
    /// - Complexity: O(elements).
    public func jsonText(includeSections: Bool = true, pretty: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(128 + elements.count * 96)
        let nl = pretty ? "\n" : ""
        let ind = pretty ? "  " : ""
        let ind2 = pretty ? "    " : ""
        let sep = pretty ? " " : ""
        out += "{\(nl)\(ind)\"version\":\(sep)1,\(nl)"
        out += "\(ind)\"spec\":\(sep)\(jsonString(spec)),\(nl)"
        out +=
            "\(ind)\"container\":\(sep){\"width\":\(sep)\(jsonNumber(container.width)),\(sep)\"height\":\(sep)\(jsonNumber(container.height))},\(nl)"
        out +=
            "\(ind)\"contentSize\":\(sep){\"width\":\(sep)\(jsonNumber(contentSize.width)),\(sep)\"height\":\(sep)\(jsonNumber(contentSize.height))},\(nl)"
        out += "\(ind)\"elements\":\(sep)["
        for (index, element) in elements.enumerated() {
            out += index == 0 ? nl : ",\(nl)"
            out += ind2
            out += "{\"category\":\(sep)\"\(element.category.rawValue)\","
            if let kind = element.kind { out += "\(sep)\"kind\":\(sep)\(jsonString(kind))," }
            out += "\(sep)\"section\":\(sep)\(element.section),\(sep)\"item\":\(sep)\(element.item),"
            out += "\(sep)\"frame\":\(sep)\(jsonRect(element.frame, sep)),\(sep)\"zIndex\":\(sep)\(element.zIndex)}"
        }
        out += elements.isEmpty ? "],\(nl)" : "\(nl)\(ind)],\(nl)"
        if includeSections {
            out += "\(ind)\"sections\":\(sep)["
            for (index, section) in sections.enumerated() {
                out += index == 0 ? nl : ",\(nl)"
                out += "\(ind2){\"index\":\(sep)\(section.index),\(sep)\"frame\":\(sep)\(jsonRect(section.frame, sep))"
                if let size = section.orthogonalContentSize {
                    out +=
                        ",\(sep)\"orthogonalContentSize\":\(sep)[\(jsonNumber(size.width)),\(sep)\(jsonNumber(size.height))]"
                }
                out += "}"
            }
            out += sections.isEmpty ? "],\(nl)" : "\(nl)\(ind)],\(nl)"
        }
        out += "\(ind)\"diagnostics\":\(sep)["
        for (index, diagnostic) in diagnostics.enumerated() {
            out += index == 0 ? nl : ",\(nl)"
            out +=
                "\(ind2){\"section\":\(sep)\(diagnostic.section),\(sep)\"kind\":\(sep)\(jsonString(diagnostic.kind.rawValue)),\(sep)\"message\":\(sep)\(jsonString(diagnostic.message))}"
        }
        out += diagnostics.isEmpty ? "]\(nl)" : "\(nl)\(ind)]\(nl)"
        out += "}"
        return out
    }

    /// Reads a solve output written by `jsonText` or by another implementation of the format.
    public static func decode(json data: Data) throws -> SolveOutput {
        let file = try JSONDecoder().decode(SolveOutputFile.self, from: data)
        return SolveOutput(
            spec: file.spec,
            container: Size(width: file.container.width, height: file.container.height),
            contentSize: Size(width: file.contentSize.width, height: file.contentSize.height),
            elements: try file.elements.map { element in
                guard element.frame.count == 4 else {
                    throw DecodingError.dataCorrupted(
                        .init(codingPath: [], debugDescription: "a frame needs 4 numbers"))
                }
                return LayoutElement(
                    category: element.category, kind: element.kind, section: element.section,
                    item: element.item,
                    frame: Rect(
                        x: element.frame[0], y: element.frame[1], width: element.frame[2], height: element.frame[3]),
                    zIndex: element.zIndex)
            },
            sections: (file.sections ?? []).map { section in
                let f = section.frame
                return SectionFrame(
                    index: section.index, frame: Rect(x: f[0], y: f[1], width: f[2], height: f[3]),
                    orthogonalContentSize: section.orthogonalContentSize.map { Size(width: $0[0], height: $0[1]) })
            },
            diagnostics: file.diagnostics.map {
                LayoutDiagnostic(section: $0.section, kind: $0.resolvedKind, message: $0.message)
            })
    }
}

private struct SolveOutputFile: Decodable {
    struct WH: Decodable { var width: Double; var height: Double }
    struct Element: Decodable {
        var category: ElementCategory
        var kind: String?
        var section: Int
        var item: Int
        var frame: [Double]
        var zIndex: Int
    }
    struct Section: Decodable {
        var index: Int
        var frame: [Double]
        var orthogonalContentSize: [Double]?
    }
    struct Diagnostic: Decodable {
        var section: Int
        var kind: String?
        var message: String
        /// Our own outputs name the kind. Outputs written elsewhere (the fixtures' independent solver) carry a
        /// free-text message only; the format promises that a "no room" message contains those words, so
        /// that is the one kind such a file can tell us.
        var resolvedKind: LayoutDiagnostic.Kind {
            if let kind, let known = LayoutDiagnostic.Kind(rawValue: kind) { return known }
            return message.contains("no room") ? .noRoom : .unclassified
        }
    }
    var spec: String
    var container: WH
    var contentSize: WH
    var elements: [Element]
    var sections: [Section]?
    var diagnostics: [Diagnostic]
}

/// A JSON number that round-trips the Double; whole numbers without a fraction.
public func jsonNumber(_ value: Double) -> String {
    if value == 0 { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}

private func jsonRect(_ r: Rect, _ sep: String) -> String {
    "[\(jsonNumber(r.x)),\(sep)\(jsonNumber(r.y)),\(sep)\(jsonNumber(r.width)),\(sep)\(jsonNumber(r.height))]"
}

/// A JSON string literal. Escapes what JSON requires and, so the same literal is safe in YAML's
/// double-quoted strings too, C1 controls, line and paragraph separators, the byte-order mark and
/// non-characters.
public func jsonString(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 || v == 0xFEFF || v == 0xFFFE
                || v == 0xFFFF
            {
                let hex = String(v, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}
