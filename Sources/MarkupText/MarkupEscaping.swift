/// Text made safe for HTML and XML (SVG) content and attribute values: `&`, `<`, `>`, `"` and `'` become
/// entities, and characters XML 1.0 forbids (most C0 controls, U+FFFE, U+FFFF) become U+FFFD, so any spec name,
/// element kind or label yields a well-formed document. The one escaper of the pictures, the report, the
/// dashboard and the snapshot pages. O(length of `text`).
public func markupEscaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
        default:
            if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                out += "\u{FFFD}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out
}
