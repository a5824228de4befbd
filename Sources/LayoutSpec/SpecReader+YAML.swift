import CLibYAML

/// Reading YAML into the intermediate tree, from the events of the system's libyaml (module CLibYAML).
///
/// Why a binding of our own over libyaml's events: no YAML library for Swift composes with our limits.
/// Yams's `compose(yaml:)` builds its tree recursively and hashes every mapping key to find duplicates, so a
/// key that is an alias of an exploding anchor hangs it (6 levels of 10 aliases took 15 s; 9 levels would
/// take hours) before any check of ours could run. Composing from events with an
/// explicit stack lets every limit hold while the tree is built: nesting depth, alias expansion (each node
/// knows its expanded size and height, so an alias is priced when it is used), keys that must be strings,
/// and duplicate keys located at the second occurrence. Aliases are located where they are used.
struct YAMLComposer {
    /// Deepest nesting of maps and lists (docs/spec-format.md, "Limits": over 100 levels is an error).
    static let maxDepth = 100
    /// Values a document may expand to through aliases, at least; larger files get their size in bytes.
    static let minimumValueBudget = 1_000_000

    private struct Anchored {
        var node: SpecNode
        var height: Int
        var size: Int
    }

    private enum PendingKey {
        case key(String)
        case merge
    }

    private struct Frame {
        var isMap: Bool
        var line: Int
        var column: Int
        var anchor: String?
        var items: [SpecNode] = []
        var entries: [SpecEntry] = []
        /// Keys seen so far, with where each was written (a linear scan is faster for the small maps of a
        /// spec; large maps get a dictionary).
        var keys: [(key: String, line: Int, column: Int)] = []
        var keyIndex: [String: Int]?
        /// The key whose value comes next; nil while a key is expected.
        var pending: PendingKey?
        var pendingLine = 0
        var pendingColumn = 0
        /// Entries brought in by `<<` merge keys; explicit keys win.
        var merged: [SpecEntry] = []
        var height = 1
        var size = 1

        /// Where `key` was first written in this map, if it was.
        func firstUse(of key: String) -> (line: Int, column: Int)? {
            if let keyIndex { return keyIndex[key].map { (keys[$0].line, keys[$0].column) } }
            return keys.first { $0.key == key }.map { ($0.line, $0.column) }
        }

        mutating func record(_ key: String, line: Int, column: Int) {
            keys.append((key, line, column))
            if keyIndex != nil {
                keyIndex![key] = keys.count - 1
            } else if keys.count > 16 {
                keyIndex = Dictionary(
                    keys.enumerated().map { ($0.element.key, $0.offset) }, uniquingKeysWith: { a, _ in a })
            }
        }
    }

    let file: String
    private let bytes: [UInt8]
    private var stack: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    private var root: SpecNode?
    private var documents = 0
    private var used = 0
    private let budget: Int

    init(text: String, file: String) {
        self.file = file
        self.bytes = Array(text.utf8)
        self.budget = max(YAMLComposer.minimumValueBudget, bytes.count)
    }

    /// The document's root value. Complexity: O(bytes + expanded values), at most the budget.
    mutating func compose() throws(SpecError) -> SpecNode {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw SpecError(
                code: .missingKey, message: "the file is empty",
                allowed: "a spec is a map with version, container and sections", file: file, line: 1, column: 1)
        }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw SpecError(code: .limitExceeded, message: "out of memory starting the YAML parser", file: file)
        }
        defer { yaml_parser_delete(&parser) }
        let result: Result<SpecNode, SpecError> = bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            do throws(SpecError) {
                return .success(try run(&parser))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private mutating func run(_ parser: inout yaml_parser_t) throws(SpecError) -> SpecNode {
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else { throw syntaxError(parser) }
            defer { yaml_event_delete(&event) }
            let line = event.start_mark.line + 1
            let column = event.start_mark.column + 1
            switch event.type {
            case YAML_STREAM_END_EVENT:
                guard let root else {
                    throw SpecError(
                        code: .missingKey, message: "the file holds no YAML document",
                        allowed: "a spec is a map with version, container and sections", file: file, line: line,
                        column: column, path: currentPath.description)
                }
                return root
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw SpecError(
                        code: .syntax, message: "a second YAML document",
                        allowed: "a spec file holds one document", file: file, line: line, column: column,
                        path: currentPath.description)
                }
            case YAML_SCALAR_EVENT:
                try scalar(event, line: line, column: column)
            case YAML_ALIAS_EVENT:
                try alias(string(event.data.alias.anchor) ?? "", line: line, column: column)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let isMap = event.type == YAML_MAPPING_START_EVENT
                let anchor = string(isMap ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
                try open(isMap: isMap, anchor: anchor, line: line, column: column)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                try close()
            default:
                break
            }
        }
    }

    // MARK: Events

    private mutating func count(_ values: Int, line: Int, column: Int) throws(SpecError) {
        used += values
        if used > budget {
            throw SpecError(
                code: .limitExceeded,
                message:
                    "the document expands to more than \(budget) values (aliases repeated over and over, as in a 'billion laughs')",
                allowed: "use each anchor a few times, or write the values out", file: file, line: line, column: column,
                path: currentPath.description)
        }
    }

    private mutating func open(isMap: Bool, anchor: String?, line: Int, column: Int) throws(SpecError) {
        try count(1, line: line, column: column)
        if let top = stack.last, top.isMap, top.pending == nil {
            throw SpecError(
                code: .wrongType, message: "a \(isMap ? "map" : "list") used as a mapping key",
                allowed: "keys are plain strings", file: file, line: line, column: column, path: currentPath.description
            )
        }
        if stack.count + 1 > YAMLComposer.maxDepth {
            throw nestingError(line: line, column: column)
        }
        stack.append(Frame(isMap: isMap, line: line, column: column, anchor: anchor))
    }

    private mutating func close() throws(SpecError) {
        guard var frame = stack.popLast() else { return }
        let value: SpecNode.Value
        if frame.isMap {
            var keys = Set(frame.entries.map(\.key))
            for entry in frame.merged where !keys.contains(entry.key) {
                keys.insert(entry.key)
                frame.entries.append(entry)
            }
            value = .map(frame.entries)
        } else {
            value = .list(frame.items)
        }
        let node = SpecNode(value, line: frame.line, column: frame.column)
        try insert(node, height: frame.height, size: frame.size, anchor: frame.anchor)
    }

    private mutating func scalar(_ event: yaml_event_t, line: Int, column: Int) throws(SpecError) {
        try count(1, line: line, column: column)
        let data = event.data.scalar
        let text = String(decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
        let tag = string(data.tag)
        let plain = data.style == YAML_PLAIN_SCALAR_STYLE && tag == nil
        let anchor = string(data.anchor)
        if let top = stack.last, top.isMap, top.pending == nil {
            if let anchor {
                let value = try scalarValue(text, tag: tag, plain: plain, line: line, column: column)
                anchors[anchor] = Anchored(node: SpecNode(value, line: line, column: column), height: 0, size: 1)
            }
            try key(plain && text == "<<" ? nil : text, line: line, column: column)
            return
        }
        let value = try scalarValue(text, tag: tag, plain: plain, line: line, column: column)
        try insert(SpecNode(value, line: line, column: column), height: 0, size: 1, anchor: anchor)
    }

    private mutating func alias(_ name: String, line: Int, column: Int) throws(SpecError) {
        guard let anchored = anchors[name] else {
            throw SpecError(
                code: .syntax, message: "alias '*\(name)' has no anchor '&\(name)' before it",
                allowed: "an alias refers to a complete node anchored above it (recursive aliases are not allowed)",
                file: file, line: line, column: column, path: currentPath.description)
        }
        try count(anchored.size, line: line, column: column)
        if let top = stack.last, top.isMap, top.pending == nil {
            guard case .string(let key) = anchored.node.value else {
                throw SpecError(
                    code: .wrongType,
                    message: "alias '*\(name)' used as a mapping key refers to \(anchored.node.kindDescription)",
                    allowed: "keys are plain strings", file: file, line: line, column: column,
                    path: currentPath.description)
            }
            try self.key(key, line: line, column: column)
            return
        }
        if stack.count + anchored.height > YAMLComposer.maxDepth {
            throw nestingError(line: line, column: column)
        }
        var node = anchored.node
        node.line = line
        node.column = column
        try insert(node, height: anchored.height, size: anchored.size, anchor: nil)
    }

    /// A key of the map on top of the stack; nil for a `<<` merge key.
    private mutating func key(_ key: String?, line: Int, column: Int) throws(SpecError) {
        let name = key ?? "<<"
        if let first = stack[stack.count - 1].firstUse(of: name) {
            throw SpecError(
                code: .duplicateKey,
                message: "duplicate key '\(name)' (first at line \(first.line), column \(first.column))",
                allowed: "each key appears once in a map", file: file, line: line, column: column,
                path: currentPath.description)
        }
        stack[stack.count - 1].record(name, line: line, column: column)
        stack[stack.count - 1].pending = key.map(PendingKey.key) ?? .merge
        stack[stack.count - 1].pendingLine = line
        stack[stack.count - 1].pendingColumn = column
    }

    private mutating func insert(_ node: SpecNode, height: Int, size: Int, anchor: String?) throws(SpecError) {
        if let anchor { anchors[anchor] = Anchored(node: node, height: height, size: size) }
        guard !stack.isEmpty else {
            root = node
            return
        }
        var top = stack.removeLast()
        defer { stack.append(top) }
        top.height = max(top.height, height + 1)
        top.size += size
        guard top.isMap else {
            top.items.append(node)
            return
        }
        switch top.pending {
        case .key(let key)?:
            top.entries.append(SpecEntry(key: key, line: top.pendingLine, column: top.pendingColumn, value: node))
        case .merge?:
            top.merged += try mergeEntries(node)
        case nil:
            break
        }
        top.pending = nil
    }

    /// The entries a `<<` value brings: one map, or a list of maps (earlier maps win).
    private func mergeEntries(_ node: SpecNode) throws(SpecError) -> [SpecEntry] {
        switch node.value {
        case .map(let entries):
            return entries
        case .list(let nodes):
            var out: [SpecEntry] = []
            for item in nodes {
                guard case .map(let entries) = item.value else {
                    throw SpecError(
                        code: .wrongType, message: "a '<<' merge list holds \(item.kindDescription)",
                        allowed: "merge keys take a map or a list of maps", file: file, line: item.line,
                        column: item.column, path: currentPath.description)
                }
                out += entries
            }
            return out
        default:
            throw SpecError(
                code: .wrongType, message: "a '<<' merge key holds \(node.kindDescription)",
                allowed: "merge keys take a map or a list of maps", file: file, line: node.line, column: node.column,
                path: currentPath.description)
        }
    }

    // MARK: Scalars

    /// A scalar's value: quoted and block scalars are strings; plain ones follow YAML 1.2's core schema
    /// (so `yes` stays a string, as in JSON); `!!str`, `!!int`, `!!float`, `!!bool`, `!!null` are honoured.
    private func scalarValue(_ text: String, tag: String?, plain: Bool, line: Int, column: Int) throws(SpecError)
        -> SpecNode.Value
    {
        if let tag {
            switch tag {
            case "tag:yaml.org,2002:str", "!": return .string(text)
            case "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null":
                let value = YAMLComposer.plainValue(text)
                let expected = tag.split(separator: ":").last.map(String.init) ?? tag
                switch (expected, value) {
                case ("int", .number), ("float", .number), ("bool", .bool), ("null", .null): return value
                default:
                    throw SpecError(
                        code: .wrongType, message: "'\(text)' is not a valid !!\(expected)",
                        file: file, line: line, column: column, path: currentPath.description)
                }
            default:
                throw SpecError(
                    code: .invalidValue, message: "YAML tag '\(tag)' is not supported",
                    allowed: "values are plain scalars, quoted strings, lists and maps", file: file, line: line,
                    column: column, path: currentPath.description)
            }
        }
        return plain ? YAMLComposer.plainValue(text) : .string(text)
    }

    static func plainValue(_ text: String) -> SpecNode.Value {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF":
            return .number(SpecNumber(double: .infinity, integer: nil, text: text))
        case "-.inf", "-.Inf", "-.INF":
            return .number(SpecNumber(double: -.infinity, integer: nil, text: text))
        case ".nan", ".NaN", ".NAN":
            return .number(SpecNumber(double: .nan, integer: nil, text: text))
        default:
            if let number = SpecNumber(literal: text, allowYAMLForms: true) { return .number(number) }
            return .string(text)
        }
    }

    // MARK: Errors

    private func nestingError(line: Int, column: Int) -> SpecError {
        SpecError(
            code: .limitExceeded, message: "nesting deeper than \(YAMLComposer.maxDepth) levels",
            allowed: "maps and lists nest at most \(YAMLComposer.maxDepth) levels deep", file: file, line: line,
            column: column, path: currentPath.description)
    }

    private func syntaxError(_ parser: yaml_parser_t) -> SpecError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        if parser.error == YAML_MEMORY_ERROR {
            return SpecError(code: .limitExceeded, message: "out of memory reading YAML", file: file)
        }
        if parser.error == YAML_READER_ERROR {
            let (line, column) = Self.lineAndColumn(of: parser.problem_offset, in: bytes)
            return SpecError(
                code: .syntax, message: "YAML cannot read the text: \(problem)", file: file, line: line, column: column,
                path: currentPath.description)
        }
        if problem.contains("nesting level") {
            // The nesting guard of libyaml builds that have one (Yams's copy does, Debian's 0.2.5 does not),
            // met when the parser runs ahead of our depth check.
            return nestingError(line: parser.problem_mark.line + 1, column: parser.problem_mark.column + 1)
        }
        var message = "YAML syntax error: \(problem)"
        if let context = parser.context.map({ String(cString: $0) }) {
            message +=
                " (\(context) started at line \(parser.context_mark.line + 1), column \(parser.context_mark.column + 1))"
        }
        return SpecError(
            code: .syntax, message: message, file: file,
            line: parser.problem_mark.line + 1, column: parser.problem_mark.column + 1, path: currentPath.description)
    }

    /// Where the composer is in the document: the path of the value it expects next.
    private var currentPath: SpecPath {
        var path = SpecPath.root
        for frame in stack {
            if frame.isMap {
                guard case .key(let key)? = frame.pending else { break }
                path = path.key(key)
            } else {
                path = path.index(frame.items.count)
            }
        }
        return path
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(max(0, offset)) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(decodingCString: $0, as: UTF8.self) }
    }
}
