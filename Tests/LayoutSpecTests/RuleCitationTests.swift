import Foundation
import Testing

/// Code, help texts and error messages cite the layout rules by number (`§4.2`); a reader with only the
/// repository must be able to look each one up. Rules §1–§9 are the numbered headings of docs/layout-rules.md,
/// §10 and its parts those of docs/version-2.md. These tests fail when a cited number has no heading, or when
/// a source or document names a file the repository does not have.
@Suite struct RuleCitationTests {
    static let root = DocLinksTests.root

    /// Every file below `folder` (relative to the root) whose extension is in `extensions`.
    static func files(under folder: String, extensions: Set<String>) -> [URL] {
        let base = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
            return []
        }
        var found: [URL] = []
        for case let url as URL in enumerator where extensions.contains(url.pathExtension) { found.append(url) }
        return found.sorted { $0.path < $1.path }
    }

    static func relative(_ url: URL) -> String { String(url.standardizedFileURL.path.dropFirst(root.path.count + 1)) }

    /// The rule numbers a text's headings carry: `## 3. Groups` gives "3", `### 3.1 Repeat …` gives "3.1".
    static func headingNumbers(in text: String) -> Set<String> {
        var numbers: Set<String> = []
        var inFence = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, let match = line.firstMatch(of: /^#{1,6}\s+(\d+(?:\.\d+)?)\.?\s/) else { continue }
            numbers.insert(String(match.1))
        }
        return numbers
    }

    /// The numbered rules of the repository's two rules documents.
    static func ruleHeadings() throws -> Set<String> {
        let rules = try String(contentsOf: root.appendingPathComponent("docs/layout-rules.md"), encoding: .utf8)
        let version2 = try String(contentsOf: root.appendingPathComponent("docs/version-2.md"), encoding: .utf8)
        return headingNumbers(in: rules).union(headingNumbers(in: version2))
    }

    struct Citation: CustomStringConvertible {
        var file: String
        var line: Int
        var number: String
        var description: String { "\(file):\(line): §\(number)" }
    }

    /// Every `§N` or `§N.M` in a text (both ends of a range `§3.1–§3.4` are citations of their own).
    static func citations(in text: String, file: String) -> [Citation] {
        var found: [Citation] = []
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            for match in line.matches(of: /§\s?(\d+(?:\.\d+)?)/) {
                found.append(Citation(file: file, line: index + 1, number: String(match.1)))
            }
        }
        return found
    }

    @Test func everyCitedRuleHasAHeading() throws {
        let headings = try Self.ruleHeadings()
        #expect(headings.contains("4.2") && headings.contains("10.4"), "headings found: \(headings.sorted())")
        var sources = Self.files(under: "Sources", extensions: ["swift", "json", "c", "h"])
        sources += Self.files(under: "docs", extensions: ["md"])
        sources += [Self.root.appendingPathComponent("README.md"), Self.root.appendingPathComponent("CONTRIBUTING.md")]
        var count = 0
        for url in sources {
            let text = try String(contentsOf: url, encoding: .utf8)
            for citation in Self.citations(in: text, file: Self.relative(url)) {
                count += 1
                if !headings.contains(citation.number) {
                    Issue.record(
                        "\(citation) has no heading numbered \(citation.number) in docs/layout-rules.md or docs/version-2.md"
                    )
                }
            }
        }
        #expect(count > 300, "only \(count) citations found: is the pattern still finding them?")
    }

    @Test func headingNumbersAreReadLikeAReader() {
        let text = "# 10. Version 2\n## 3. Groups\n### 3.1 Repeat\n## Words\n```\n## 9.9 in a fence\n```\n#### 4 items"
        #expect(Self.headingNumbers(in: text) == ["10", "3", "3.1", "4"])
        let cited = Self.citations(in: "see §3.1–§3.4 and § 10.2; not 3.5", file: "f").map(\.number)
        #expect(cited == ["3.1", "3.4", "10.2"])
    }

    /// The contract's own files live beside the repository, not in it: sources and documents name the
    /// repository's docs instead.
    @Test func nothingNamesTheContractsFiles() throws {
        var files = Self.files(under: "Sources", extensions: ["swift", "json", "c", "h"])
        files += Self.files(under: "docs", extensions: ["md"])
        files += Self.files(under: "scripts", extensions: ["sh", "py"])
        files += [Self.root.appendingPathComponent("README.md"), Self.root.appendingPathComponent("CONTRIBUTING.md")]
        let forbidden = ["SEMANTICS" + ".md", "SPEC-FORMAT" + ".md"]
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            for (index, line) in text.components(separatedBy: "\n").enumerated() {
                for name in forbidden where line.contains(name) {
                    Issue.record("\(Self.relative(url)):\(index + 1) names \(name), which a clone does not have")
                }
            }
        }
    }

    /// A repository path written out in a source or document (`docs/spec-format.md`, `scripts/run.sh`,
    /// `Sources/LayoutSpec/…`) names a file that exists.
    @Test func everyNamedRepositoryFileExists() throws {
        var files = Self.files(under: "Sources", extensions: ["swift", "json"])
        files += Self.files(under: "docs", extensions: ["md"])
        files += [Self.root.appendingPathComponent("README.md"), Self.root.appendingPathComponent("CONTRIBUTING.md")]
        let pattern = /(?:^|[\s`("'\[])((?:docs|scripts|Sources|Tests|Benchmarks|Fuzz)\/[A-Za-z0-9_.+\/-]*[A-Za-z0-9_])/
        var checked = 0
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            for (index, line) in text.components(separatedBy: "\n").enumerated() {
                for match in line.matches(of: pattern) {
                    let path = String(match.1)
                    // Globs and placeholders name a family of files, not one.
                    if path.contains("*") || path.contains("NAME") || path.contains("<") { continue }
                    checked += 1
                    if !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path) {
                        Issue.record(
                            "\(Self.relative(url)):\(index + 1) names \(path), which the repository does not have")
                    }
                }
            }
        }
        #expect(checked > 50, "only \(checked) paths found: is the pattern still finding them?")
    }
}
