import Foundation
import Testing

/// Help texts, error messages and comments send a reader to a section by its heading:
/// `docs/spec-format.md "Limits"`, `docs/spec-format.md, "Errors"`, `README "Optional parts"`. A reader with
/// only the repository must find each one: this test resolves every such pointer in Sources/ and Fuzz/ to a
/// heading of the named file (RuleCitationTests does the same for `§` numbers).
@Suite struct DocPointerTests {
    struct Pointer: CustomStringConvertible, Hashable {
        var source: String
        var line: Int
        var document: String
        var heading: String
        var description: String { "\(source):\(line): \(document) \"\(heading)\"" }
    }

    /// The headings of a Markdown file, without their `#`s, backticks and a leading rule number.
    static func headings(in text: String) -> Set<String> {
        var found: Set<String> = []
        var inFence = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, let match = line.firstMatch(of: /^#{1,6}\s+(.+?)\s*$/) else { continue }
            found.insert(normalized(String(match.1)))
        }
        return found
    }

    static func normalized(_ heading: String) -> String {
        heading.replacing("`", with: "").replacing(/^\d+(\.\d+)*\.?\s+/, with: "")
    }

    /// A document, then one or more quoted headings separated by commas.
    nonisolated(unsafe) static let pointerPattern =
        #/
        (docs/[a-z0-9-]+\.md | README(?:\.md)?) (?:'s)? ,? \s*
        ( \\?"[A-Za-z0-9][^"\\]*\\?" (?: ,\s* \\?"[^"\\]+\\?" )* )
        /#
    nonisolated(unsafe) static let quotedHeading = /\\?"([A-Za-z0-9][^"\\]*)\\?"/

    /// The pointers in one source text: a document (`docs/NAME.md` or `README`), then one or more quoted
    /// headings separated by commas. Quotes may be escaped (inside a Swift string literal).
    static func pointers(in text: String, source: String) -> [Pointer] {
        var result: [Pointer] = []
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            for match in line.matches(of: pointerPattern) {
                let document = match.1.hasPrefix("README") ? "README.md" : String(match.1)
                for name in match.2.matches(of: quotedHeading) {
                    result.append(Pointer(source: source, line: index + 1, document: document, heading: String(name.1)))
                }
            }
        }
        return result
    }

    /// A pointer names a heading whole, or the part before its parenthesis or colon
    /// (`"Speed-up in lock-step"` for `## Speed-up in lock-step (`bench --paired-speedup`, …)`).
    static func resolves(_ name: String, in headings: Set<String>) -> Bool {
        let name = normalized(name)
        return headings.contains { $0 == name || $0.hasPrefix(name + " (") || $0.hasPrefix(name + ":") }
    }

    static func allPointers() throws -> [Pointer] {
        var found: [Pointer] = []
        for folder in ["Sources", "Fuzz/Sources"] {
            for url in RuleCitationTests.files(under: folder, extensions: ["swift"]) {
                let text = try String(contentsOf: url, encoding: .utf8)
                found += pointers(in: text, source: RuleCitationTests.relative(url))
            }
        }
        return found
    }

    @Test("the pattern finds the forms the code writes, and only those")
    func patternFindsPointers() {
        let text = """
            // docs/spec-format.md "Limits" and docs/spec-format.md, "Errors"
            let s = "see docs/spec-format.md \\"Version 2\\" and README \\"Optional parts\\""
            /// (docs/spec-format.md "Section definitions", "Lists").
            // README's "How fast" table; docs/import.md says so (no pointer); docs/layout-rules.md §4.2
            """
        let found = Self.pointers(in: text, source: "x.swift").map { "\($0.line) \($0.document) \($0.heading)" }
        #expect(
            found == [
                "1 docs/spec-format.md Limits", "1 docs/spec-format.md Errors", "2 docs/spec-format.md Version 2",
                "2 README.md Optional parts", "3 docs/spec-format.md Section definitions",
                "3 docs/spec-format.md Lists", "4 README.md How fast",
            ])
    }

    @Test("every docs/… and README pointer to a section names a heading that file has")
    func everyPointerResolves() throws {
        let pointers = try Self.allPointers()
        #expect(pointers.count > 20, "the pattern found only \(pointers.count) pointers")
        var headingsByDocument: [String: Set<String>] = [:]
        var broken: [Pointer] = []
        for pointer in pointers {
            if headingsByDocument[pointer.document] == nil {
                let url = DocLinksTests.root.appendingPathComponent(pointer.document)
                let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                headingsByDocument[pointer.document] = Self.headings(in: text)
            }
            if !Self.resolves(pointer.heading, in: headingsByDocument[pointer.document] ?? []) {
                broken.append(pointer)
            }
        }
        let list = broken.map(\.description).joined(separator: "\n")
        #expect(broken.isEmpty, "pointers to headings that do not exist:\n\(list)")
    }
}
