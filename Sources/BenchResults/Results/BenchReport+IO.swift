import Foundation

/// Why a result file cannot be used. Every case is bad input: `compare` exits 2 on any of them.
public enum ResultFileError: Error, Hashable, Sendable, CustomStringConvertible {
    case missing(path: String)
    case unreadable(path: String, reason: String)
    /// Valid JSON, but not a LayoutBench result file.
    case wrongSchema(path: String, found: String?)
    case versionMismatch(path: String, found: Int, expected: Int)
    /// The right schema and version, but fields are missing or have the wrong type.
    case malformed(path: String, reason: String)

    /// The result file the error is about.
    public var path: String {
        switch self {
        case let .missing(path), let .unreadable(path, _), let .wrongSchema(path, _), let .versionMismatch(path, _, _),
            let .malformed(path, _):
            return path
        }
    }

    /// What is wrong with the file, without its path.
    public var reason: String {
        switch self {
        case .missing:
            return "no such file"
        case let .unreadable(_, reason):
            return "cannot read it as JSON: \(reason)"
        case let .wrongSchema(_, found):
            return
                "not a layoutbench result file (schema \(found.map { "'\($0)'" } ?? "missing"), "
                + "expected '\(BenchReport.schemaName)'); write one with `layoutbench bench --json FILE`"
        case let .versionMismatch(_, found, expected):
            return
                "result file version \(found), this layoutbench reads version \(expected); "
                + "rerun the bench with this build"
        case let .malformed(_, reason):
            return "a version \(BenchReport.currentVersion) result file with bad content: \(reason)"
        }
    }

    public var description: String { "\(path): \(reason)" }
}

extension BenchReport {
    /// The JSON text: sorted keys, so two files diff cleanly; samples one array per result.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Writes the JSON to `path`.
    public func write(to path: String) throws {
        try jsonData().write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Reads a result file, checking its schema and version before its content.
    public static func load(path: String) throws(ResultFileError) -> BenchReport {
        guard FileManager.default.fileExists(atPath: path) else { throw .missing(path: path) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        return try decode(data, path: path)
    }

    /// Decodes result-file bytes; `path` names them in errors.
    public static func decode(_ data: Data, path: String) throws(ResultFileError) -> BenchReport {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .unreadable(path: path, reason: "not JSON")
        }
        guard let top = object as? [String: Any] else { throw .wrongSchema(path: path, found: nil) }
        guard let schema = top["schema"] as? String, schema == schemaName else {
            throw .wrongSchema(path: path, found: top["schema"] as? String)
        }
        guard let version = top["version"] as? Int else {
            throw .malformed(path: path, reason: "`version` is missing or not an integer")
        }
        guard version == currentVersion else {
            throw .versionMismatch(path: path, found: version, expected: currentVersion)
        }
        do {
            return try JSONDecoder().decode(BenchReport.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw .malformed(path: path, reason: "missing `\(Self.path(context.codingPath + [key]))`")
        } catch let DecodingError.typeMismatch(_, context) {
            throw .malformed(path: path, reason: "wrong type at `\(Self.path(context.codingPath))`")
        } catch let DecodingError.valueNotFound(_, context) {
            throw .malformed(path: path, reason: "null at `\(Self.path(context.codingPath))`")
        } catch {
            throw .malformed(path: path, reason: "\(error)")
        }
    }

    /// A decoding error's coding path as a JSON path without the root (`results[0].samplesNs`), as the errors
    /// of result files and of the comparison files `report --comparison` reads name it.
    public static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(
            in: CharacterSet(charactersIn: "."))
    }
}
