import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-scenario thresholds from a small file, so a noisy scenario can have a wider one than the rest.
///
/// Two forms, told apart by the first non-blank character:
/// - lines of `pattern: threshold` (`#` starts a comment), such as `query: 10%` or `*-10k/full*: 3%`;
/// - a JSON object, `{"query": "10%", "full*": 3}`.
///
/// A pattern is a shell glob (`*`, `?`, `[...]`) matched against the scenario's name (`full`) and against
/// `spec/scenario` (`grid-10k/full`). The first matching entry, in file order, wins; a scenario no entry
/// matches gets the command's `--threshold`.
public struct ThresholdTable: Codable, Hashable, Sendable {
    public struct Entry: Codable, Hashable, Sendable {
        public var pattern: String
        public var threshold: Threshold
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The threshold for `scenario` of `spec`, or `fallback`.
    public func threshold(spec: String, scenario: String, fallback: Threshold) -> Threshold {
        for entry in entries
        where Glob.matches(entry.pattern, scenario) || Glob.matches(entry.pattern, "\(spec)/\(scenario)") {
            return entry.threshold
        }
        return fallback
    }

    /// Reads the file at `path`.
    public static func load(path: String) throws(ThresholdTableError) -> ThresholdTable {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw .unreadable(path: path) }
        return try parse(text, path: path)
    }

    /// Parses the text of a thresholds file; `path` names it in errors.
    public static func parse(_ text: String, path: String = "thresholds") throws(ThresholdTableError) -> ThresholdTable
    {
        if text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("{") {
            return try parseJSON(text, path: path)
        }
        var entries: [Entry] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            guard let colon = line.lastIndex(of: ":") else {
                throw .badLine(
                    path: path, line: index + 1, reason: "expected 'scenario-pattern: percent', such as 'query: 10%'")
            }
            let pattern = unquote(line[..<colon].trimmingCharacters(in: .whitespaces))
            let value = unquote(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            guard !pattern.isEmpty else { throw .badLine(path: path, line: index + 1, reason: "the pattern is empty") }
            do {
                entries.append(Entry(pattern: pattern, threshold: try Threshold(parsing: value)))
            } catch {
                throw .badLine(path: path, line: index + 1, reason: error.description)
            }
        }
        return ThresholdTable(entries: entries)
    }

    private static func parseJSON(_ text: String, path: String) throws(ThresholdTableError) -> ThresholdTable {
        // Keys in file order: JSONSerialization loses it, so read the pairs with a scanner of our own.
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw .badLine(path: path, line: 1, reason: "not a JSON object of pattern -> threshold")
        }
        let ordered = object.keys.sorted {
            (text.range(of: "\"\($0)\"")?.lowerBound ?? text.endIndex)
                < (text.range(of: "\"\($1)\"")?.lowerBound ?? text.endIndex)
        }
        var entries: [Entry] = []
        for key in ordered {
            let value: String
            switch object[key] {
            case let string as String: value = string
            case let number as NSNumber: value = "\(number)"
            default: throw .badLine(path: path, line: 1, reason: "the threshold of '\(key)' is not a string or number")
            }
            do {
                entries.append(Entry(pattern: key, threshold: try Threshold(parsing: value)))
            } catch {
                throw .badLine(path: path, line: 1, reason: "'\(key)': \(error.description)")
            }
        }
        return ThresholdTable(entries: entries)
    }

    private static func unquote(_ text: String) -> String {
        for quote in ["\"", "'"] where text.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote) {
            return String(text.dropFirst().dropLast())
        }
        return text
    }
}

/// Why a thresholds file cannot be used (bad input, exit 2).
public enum ThresholdTableError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadable(path: String)
    case badLine(path: String, line: Int, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path): return "\(path): cannot read the thresholds file"
        case let .badLine(path, line, reason): return "\(path):\(line): \(reason)"
        }
    }
}

/// Shell-style patterns (`*`, `?`, `[...]`) on names, through the C library's `fnmatch`.
public enum Glob {
    public static func matches(_ pattern: String, _ name: String) -> Bool {
        fnmatch(pattern, name, 0) == 0
    }
}
