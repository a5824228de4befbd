import CompositionalLayout
import Foundation

/// The two ways a spec is written (docs/spec-format.md): the same structure in YAML or JSON.
public enum SpecFormat: String, Hashable, Sendable, CaseIterable {
    case yaml, json

    /// The format a file name's extension names: `.yaml`/`.yml` or `.json`; nil for any other.
    public init?(path: String) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "yaml", "yml": self = .yaml
        case "json": self = .json
        default: return nil
        }
    }
}

/// Reads spec files into the model: bytes to text (UTF-8 only), text to one intermediate tree (YAML and JSON
/// alike), and the tree through one decoder holding every rule of docs/spec-format.md, so both formats accept
/// and reject exactly the same specs. Every error is a located `SpecError`; nothing a file holds can crash
/// or hang the reader. Complexity: O(file size + values after alias expansion).
public enum SpecReader {
    /// The most items a layout may hold unless the caller raises it (docs/spec-format.md "Limits").
    public static let defaultMaxItems = 100_000_000

    /// Reads the spec at `path`. The extension chooses the format (`.yaml`, `.yml`, `.json`); for any other,
    /// text starting with `{` is JSON and anything else YAML. The name defaults to the file name without
    /// its extension.
    public static func read(contentsOf path: String, maxItems: Int = defaultMaxItems) throws(SpecError)
        -> CollectionLayout
    {
        try readWithBytes(contentsOf: path, maxItems: maxItems).layout
    }

    /// `read(contentsOf:)`, also returning the bytes read, for a caller that hashes what it parsed (one read
    /// of the file, not two).
    public static func readWithBytes(contentsOf path: String, maxItems: Int = defaultMaxItems)
        throws(SpecError) -> (layout: CollectionLayout, data: Data)
    {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SpecError(code: .io, message: "no such file", file: path)
        }
        guard !isDirectory.boolValue else {
            throw SpecError(code: .io, message: "this is a directory, not a spec file", file: path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SpecError(code: .io, message: "cannot read the file (\(error.localizedDescription))", file: path)
        }
        return (try read(data: data, file: path, format: SpecFormat(path: path), maxItems: maxItems), data)
    }

    /// Reads a spec from bytes, which must be UTF-8 (a UTF-8 byte-order mark is skipped). Without `format`,
    /// text starting with `{` is JSON and anything else YAML. `file` names the spec in errors and gives
    /// the default name.
    public static func read(
        data: Data, file: String, format: SpecFormat? = nil,
        maxItems: Int = defaultMaxItems
    ) throws(SpecError) -> CollectionLayout {
        let text = try utf8Text(data, file: file)
        switch format ?? sniff(text) {
        case .yaml: return try read(yaml: text, file: file, maxItems: maxItems)
        case .json: return try read(json: text, file: file, maxItems: maxItems)
        }
    }

    /// Reads a spec written in YAML; `file` names it in errors and gives the default name.
    public static func read(
        yaml text: String, file: String = "spec.yaml",
        maxItems: Int = defaultMaxItems
    ) throws(SpecError) -> CollectionLayout {
        var composer = YAMLComposer(text: withoutByteOrderMark(text), file: file)
        let root = try composer.compose()
        return try SpecDecoder(file: file, maxItems: maxItems).collectionLayout(root, defaultName: defaultName(file))
    }

    /// Reads a spec written in JSON; `file` names it in errors and gives the default name.
    public static func read(
        json text: String, file: String = "spec.json",
        maxItems: Int = defaultMaxItems
    ) throws(SpecError) -> CollectionLayout {
        var composer = JSONComposer(text: withoutByteOrderMark(text), file: file)
        let root = try composer.compose()
        return try SpecDecoder(file: file, maxItems: maxItems).collectionLayout(root, defaultName: defaultName(file))
    }

    /// The JSON Schema (draft 2020-12) of the format, for editors: key completion, types, enumerations and
    /// the patterns of dimensions and spacings.
    public static var jsonSchema: String {
        guard let url = Bundle.module.url(forResource: "layoutbench-spec.schema", withExtension: "json"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else {
            preconditionFailure("LayoutSpec's resource layoutbench-spec.schema.json is missing from the bundle")
        }
        return text
    }

    /// Where section definition `index` (`sections[index]`) is written in the spec at `path`: 1-based line
    /// and column, or nil when the file cannot be read or has no such definition. It reads the file again,
    /// so it is meant for error messages only (a solver error names the definition, not its place).
    /// Complexity: O(file size).
    public static func position(ofDefinition index: Int, inFile path: String) -> (line: Int, column: Int)? {
        guard let data = FileManager.default.contents(atPath: path),
            let text = try? utf8Text(data, file: path)
        else { return nil }
        let root: SpecNode
        do {
            switch SpecFormat(path: path) ?? sniff(text) {
            case .yaml:
                var composer = YAMLComposer(text: withoutByteOrderMark(text), file: path)
                root = try composer.compose()
            case .json:
                var composer = JSONComposer(text: withoutByteOrderMark(text), file: path)
                root = try composer.compose()
            }
        } catch {
            return nil
        }
        guard case .map(let entries) = root.value,
            let sections = entries.first(where: { $0.key == "sections" })?.value,
            case .list(let definitions) = sections.value, definitions.indices.contains(index)
        else { return nil }
        return (definitions[index].line, definitions[index].column)
    }

    // MARK: Text

    /// The file name without directories and extension: what `name` defaults to.
    static func defaultName(_ file: String) -> String {
        URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    }

    private static func sniff(_ text: String) -> SpecFormat {
        let first = text.unicodeScalars.first { !" \t\r\n\u{FEFF}".unicodeScalars.contains($0) }
        return first == "{" ? .json : .yaml
    }

    private static func withoutByteOrderMark(_ text: String) -> String {
        text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }

    /// The bytes as text, or an error at the first byte that is not UTF-8.
    static func utf8Text(_ data: Data, file: String) throws(SpecError) -> String {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw SpecError(
                code: .invalidEncoding, message: "the file is UTF-16", allowed: "spec files are UTF-8",
                file: file, line: 1, column: 1)
        }
        if let offset = firstInvalidUTF8(bytes) {
            let (line, column) = YAMLComposer.lineAndColumn(of: offset, in: bytes)
            let hex = String(bytes[offset], radix: 16, uppercase: true)
            throw SpecError(
                code: .invalidEncoding, message: "the byte 0x\(hex.count == 1 ? "0" + hex : hex) is not UTF-8",
                allowed: "spec files are UTF-8", file: file, line: line, column: column)
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return String(decoding: bytes[start...], as: UTF8.self)
    }

    /// The offset of the first byte that does not start a well-formed UTF-8 sequence (overlong forms,
    /// surrogates and values past U+10FFFF included), or nil. Complexity: O(bytes).
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF: length = 2; scalar = UInt32(lead & 0x1F)
            case 0xE0...0xEF: length = 3; scalar = UInt32(lead & 0x0F)
            case 0xF0...0xF4: length = 4; scalar = UInt32(lead & 0x07)
            default: return i
            }
            guard i + length <= bytes.count else { return i }
            for k in 1..<length {
                let continuation = bytes[i + k]
                guard continuation & 0xC0 == 0x80 else { return i }
                scalar = scalar << 6 | UInt32(continuation & 0x3F)
            }
            if length == 3, scalar < 0x800 || (0xD800...0xDFFF).contains(scalar) { return i }
            if length == 4, scalar < 0x10000 || scalar > 0x10FFFF { return i }
            i += length
        }
        return nil
    }
}
