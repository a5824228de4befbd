import Foundation
import Testing

/// The documentation a user's clone holds must be complete in itself: every Markdown link or image in
/// README.md, CONTRIBUTING.md and docs/ points to a file inside the repository (or to a heading that exists),
/// never to `../shared` or anywhere outside. Web links (http, https) are allowed and listed by
/// `webLinksAreListed` so a reviewer sees them.
@Suite struct DocLinksTests {
    static let root = SpecFormatDocTests.repositoryRoot.standardizedFileURL

    /// README.md, CONTRIBUTING.md and every .md under docs/.
    static var documents: [URL] {
        var found = [root.appendingPathComponent("README.md"), root.appendingPathComponent("CONTRIBUTING.md")]
        let docs = root.appendingPathComponent("docs")
        if let enumerator = FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil) {
            for case let url as URL in enumerator where url.pathExtension == "md" { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    struct Link: CustomStringConvertible {
        var line: Int
        var target: String
        var description: String { "line \(line): (\(target))" }
    }

    /// The targets of inline links and images `[text](target)` / `![alt](target "title")` and of reference
    /// definitions `[name]: target`, outside fenced code blocks and inline code spans.
    static func links(in text: String) -> [Link] {
        var result: [Link] = []
        var inFence = false
        for (index, rawLine) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = rawLine.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
                continue
            }
            if inFence { continue }
            let line = withoutCodeSpans(rawLine)
            if let definition = line.firstMatch(of: /^\s{0,3}\[[^\]]+\]:\s*(\S+)/) {
                result.append(Link(line: index + 1, target: cleaned(String(definition.1))))
            }
            for match in line.matches(of: /\]\(\s*(<[^>]*>|[^)\s]*)(?:\s+"[^"]*")?\s*\)/) {
                result.append(Link(line: index + 1, target: cleaned(String(match.1))))
            }
        }
        return result
    }

    static func withoutCodeSpans(_ line: String) -> String {
        line.replacing(/`[^`]*`/, with: "``")
    }

    static func cleaned(_ target: String) -> String {
        target.hasPrefix("<") && target.hasSuffix(">") ? String(target.dropFirst().dropLast()) : target
    }

    /// GitHub's anchors of a Markdown file's headings: lowercased, punctuation dropped, spaces to hyphens,
    /// repeats numbered.
    static func anchors(in text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var result: Set<String> = []
        var inFence = false
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle(); continue }
            guard !inFence, let heading = line.firstMatch(of: /^#{1,6}\s+(.*?)\s*#*\s*$/) else { continue }
            let slug = String(
                String(heading.1).lowercased().unicodeScalars.compactMap { scalar -> Character? in
                    if scalar == " " { return "-" }
                    if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) {
                        return Character(scalar)
                    }
                    return nil
                })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            result.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return result
    }

    /// What is wrong with one link of the document at `document`, or nil.
    static func problem(with target: String, in document: URL) -> String? {
        if target.contains("../shared") { return "mentions ../shared, which a clone does not have" }
        if target.hasPrefix("http://") || target.hasPrefix("https://") { return nil }
        if target.hasPrefix("mailto:") { return nil }
        if target.contains("://") { return "a scheme other than http(s)" }
        if target.isEmpty { return "an empty target" }
        if target.hasPrefix("/") { return "an absolute path (it leaves the repository)" }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : nil
        let file =
            path.isEmpty
            ? document
            : URL(fileURLWithPath: path, relativeTo: document.deletingLastPathComponent())
                .standardizedFileURL
        guard file.path == root.path || file.path.hasPrefix(root.path + "/") else {
            return "resolves to \(file.path), outside the repository"
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) else {
            return "no such file: \(file.path.dropFirst(root.path.count + 1))"
        }
        if let fragment, !fragment.isEmpty, !isDirectory.boolValue, file.pathExtension == "md" {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            if !anchors(in: text).contains(fragment) {
                return "no heading with the anchor #\(fragment) in \(file.lastPathComponent)"
            }
        }
        return nil
    }

    @Test func everyLinkStaysInTheRepository() throws {
        let documents = Self.documents
        #expect(
            documents.count >= 5,
            "README.md, CONTRIBUTING.md and docs/*.md: found \(documents.map(\.lastPathComponent))")
        var checked = 0
        for document in documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            let name = document.path.dropFirst(Self.root.path.count + 1)
            for link in Self.links(in: text) {
                checked += 1
                if let problem = Self.problem(with: link.target, in: document) {
                    Issue.record("\(name) \(link): \(problem)")
                }
            }
        }
        #expect(checked > 20, "only \(checked) links found: is the parser still finding them?")
    }

    /// The README is what a user reads first: no word of `../shared` at all, link or not.
    @Test func readmeDoesNotMentionTheSharedFolder() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(!text.contains("../shared"))
        #expect(!text.contains("SEMANTICS" + ".md"))  // the contract's files, beside the repository
        #expect(!text.contains("SPEC-FORMAT" + ".md"))
    }

    /// Prints the web links, so a change that adds one is visible in the test log.
    @Test func webLinksAreListed() throws {
        var web: [String] = []
        for document in Self.documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            web += Self.links(in: text).map(\.target).filter { $0.hasPrefix("http://") || $0.hasPrefix("https://") }
        }
        print("web links in the docs: \(web.isEmpty ? "none" : web.joined(separator: ", "))")
        #expect(
            web.allSatisfy { $0.hasPrefix("https://") }, "plain http links: \(web.filter { $0.hasPrefix("http://") })")
    }

    /// The checker on made-up documents: it must catch what it is there to catch.
    @Test func catchesBadLinks() {
        let doc = Self.root.appendingPathComponent("docs/spec-format.md")
        let text = """
            See [rules](layout-rules.md#3-groups) and ![grid](images/grid.svg "a grid").
            [out](../../elsewhere.md) [shared](../shared/contract.md) [abs](/etc/passwd) [gone](missing.md)
            `[not a link](nowhere.md)` and [web](https://example.com/page) [bad anchor](layout-rules.md#no-such-heading)
            ```
            [in a fence](fence.md)
            ```
            [ref]: operations.md#errors
            """
        let targets = Self.links(in: text).map(\.target)
        #expect(
            targets == [
                "layout-rules.md#3-groups", "images/grid.svg", "../../elsewhere.md", "../shared/contract.md",
                "/etc/passwd", "missing.md", "https://example.com/page", "layout-rules.md#no-such-heading",
                "operations.md#errors",
            ])
        let problems = targets.map { Self.problem(with: $0, in: doc) }
        #expect(problems[0] == nil)
        #expect(problems[1] == nil)
        #expect(problems[2]?.contains("outside the repository") == true)
        #expect(problems[3]?.contains("../shared") == true)
        #expect(problems[4]?.contains("absolute") == true)
        #expect(problems[5]?.contains("no such file") == true)
        #expect(problems[6] == nil)
        #expect(problems[7]?.contains("no heading") == true)
        #expect(problems[8] == nil)
        #expect(
            Self.anchors(in: "## Headers and footers (boundary supplementaries)\n### `item`\n## Words\n## Words\n")
                == ["headers-and-footers-boundary-supplementaries", "item", "words", "words-1"])
    }
}
