/// Numbers as people read them in a table: durations with a unit, counts with k/M/G.
public enum BenchFormat {
    /// `812 ns`, `12.3 µs`, `4.56 ms`, `1.23 s`: three significant digits.
    public static func duration(ns: Double) -> String {
        switch ns {
        case ..<1_000: return "\(Int(ns.rounded())) ns"
        case ..<1_000_000: return significant(ns / 1_000) + " µs"
        case ..<1_000_000_000: return significant(ns / 1_000_000) + " ms"
        default: return significant(ns / 1_000_000_000) + " s"
        }
    }

    public static func duration(ns: UInt64) -> String { duration(ns: Double(ns)) }

    /// `950`, `12.3k`, `4.56M`, `1.2G`.
    public static func count(_ value: Double) -> String {
        let a = abs(value)
        switch a {
        case ..<1_000: return a == a.rounded() ? "\(Int(value))" : significant(value)
        case ..<1_000_000: return significant(value / 1_000) + "k"
        case ..<1_000_000_000: return significant(value / 1_000_000) + "M"
        default: return significant(value / 1_000_000_000) + "G"
        }
    }

    /// Bytes: `512 B`, `12.3 KiB`, `4.5 MiB`.
    public static func bytes(_ value: Double) -> String {
        let a = abs(value)
        switch a {
        case ..<1_024: return significant(value) + " B"
        case ..<1_048_576: return significant(value / 1_024) + " KiB"
        case ..<1_073_741_824: return significant(value / 1_048_576) + " MiB"
        default: return significant(value / 1_073_741_824) + " GiB"
        }
    }

    /// A ratio as a signed percentage change: 1.312 -> `+31.2%`.
    public static func change(_ ratio: Double) -> String {
        guard ratio.isFinite else { return ratio > 0 ? "+inf%" : "n/a" }
        let percent = (ratio - 1) * 100
        let text = fixed(percent, decimals: abs(percent) < 10 ? 2 : 1)
        return (percent >= 0 ? "+" : "") + text + "%"
    }

    /// Three significant digits, no exponent.
    static func significant(_ value: Double) -> String {
        let a = abs(value)
        let decimals = a >= 100 ? 0 : a >= 10 ? 1 : 2
        return fixed(value, decimals: decimals)
    }

    /// A fixed number of decimals without Foundation's formatter.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled - Double(whole) * scale)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard decimals > 0 else { return sign + "\(whole)" }
        let digits = String(fraction)
        return sign + "\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits
    }
}

/// Columns of text aligned for a terminal, or a Markdown table (shared by the bench, compare and history).
public struct TextTable: Sendable {
    public var header: [String]
    public var rows: [[String]]
    /// Columns aligned to the right (numbers).
    public var numeric: Set<Int>

    public init(header: [String], rows: [[String]], numeric: Set<Int>) {
        self.header = header; self.rows = rows; self.numeric = numeric
    }

    public func plain() -> String {
        let all = [header] + rows
        let widths = header.indices.map { c in all.map { $0[c].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { c, text in
                let pad = String(repeating: " ", count: widths[c] - text.count)
                return numeric.contains(c) ? pad + text : text + pad
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }

    public func markdown() -> String {
        var lines = ["| " + header.joined(separator: " | ") + " |"]
        lines.append("|" + header.indices.map { numeric.contains($0) ? " ---: |" : " --- |" }.joined())
        for row in rows { lines.append("| " + row.map { $0.replacingPipes() }.joined(separator: " | ") + " |") }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }

    fileprivate func replacingPipes() -> String {
        split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}
