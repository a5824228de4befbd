import CompositionalLayout
import LayoutSpec

extension GoldenFile {
    /// The file's text (the format of `GoldenFile`); `GoldenFile(text:file:)` reads it back to an equal value.
    /// - Complexity: O(configurations × elements).
    public var text: String {
        var out = "\(Self.magic) \(Self.formatVersion)\n"
        // One reservation for the whole text (about 40 bytes a line): growing it block by block would copy it
        // again for every configuration.
        out.reserveCapacity(256 * (blocks.count + 1) + blocks.reduce(0) { $0 + $1.frames.elements.count } * 40)
        out += "layout: \(Self.word(layout))\n"
        out += "source: \(Self.word(source))\n"
        out += "entry: \(entry.map(Self.word) ?? "-")\n"
        out += "rules: \(rules)\n"
        for block in blocks {
            let configuration = block.configuration
            out += "configuration: \(configuration.id) \(SpecWriter.containerText(configuration.container))\n"
        }
        for block in blocks {
            out += "\n"
            Self.write(block, into: &out)
        }
        return out
    }

    static func write(_ block: Block, into out: inout String) {
        let frames = block.frames
        out += "[\(block.configuration.id)] content \(number(frames.contentSize.width)) "
        out += "\(number(frames.contentSize.height))\n"
        for element in frames.elements {
            out += elementLine(element)
            out += "\n"
        }
        for diagnostic in frames.diagnostics {
            out += "diagnostic \(diagnostic.section) \(word(diagnostic.kind))\n"
        }
    }

    /// `cell 0.3 8 8 94.5 94.5`, `supplementary header 0.0 0 0 393 44`.
    static func elementLine(_ element: SnapshotElement) -> String {
        let key = element.key, frame = element.frame
        var line = key.category.rawValue
        if let kind = key.kind { line += " " + word(kind) }
        line += " \(key.section).\(key.item) "
        line += number(frame.x) + " " + number(frame.y) + " " + number(frame.width) + " " + number(frame.height)
        return line
    }

    /// The shortest text that reads back as the same Double; whole numbers without a fraction; no `-0`.
    static func number(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A word as it is when it has no space, quote, backslash or control character and is not empty or `-`;
    /// otherwise a JSON string literal.
    static func word(_ text: String) -> String {
        let plain =
            !text.isEmpty && text != "-" && !text.hasPrefix("\"")
            && text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0 != "\\" && $0.value != 0x7F }
        return plain ? text : quoted(text)
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
