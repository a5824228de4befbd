import BenchResults
import Foundation
import MarkupText

/// A run's runner settings as a small table of names and values (`stop.seconds  0.1`), not a line of JSON.
enum SettingsTable {
    /// - Complexity: O(s log s) for the s settings (sorted by name).
    static func html(_ runner: RunnerConfiguration) -> String {
        guard let data = try? JSONEncoder().encode(runner),
            let value = try? JSONDecoder().decode(Value.self, from: data)
        else { return "" }
        var rows: [(String, String)] = []
        value.flatten(path: "", into: &rows)
        var out = "<table class=\"settings\"><tbody>"
        for (name, text) in rows.sorted(by: { $0.0 < $1.0 }) {
            out += "<tr><th scope=\"row\">\(markupEscaped(name))</th><td>\(markupEscaped(text))</td></tr>"
        }
        return out + "</tbody></table>"
    }

    /// Any JSON value, read back from the settings' own encoding.
    indirect enum Value: Decodable {
        case bool(Bool)
        case number(Double)
        case text(String)
        case null
        case array([Value])
        case object([String: Value])

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            // Bool first: JSONDecoder does not read a number as a Bool, so true/false alone land here.
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .text(value)
            } else if let value = try? container.decode([Value].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: Value].self))
            }
        }

        /// Nested objects become dotted names; an array one comma-separated value.
        func flatten(path: String, into rows: inout [(String, String)]) {
            if case .object(let members) = self {
                for (key, inner) in members {
                    inner.flatten(path: path.isEmpty ? key : "\(path).\(key)", into: &rows)
                }
            } else {
                rows.append((path, plain))
            }
        }

        var plain: String {
            switch self {
            case .bool(let value): return value ? "yes" : "no"
            case .number(let value):
                return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
            case .text(let value): return value
            case .null: return "–"
            case .array(let values): return values.map(\.plain).joined(separator: ", ")
            case .object(let members):
                return members.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.plain)" }
                    .joined(separator: ", ")
            }
        }
    }
}
