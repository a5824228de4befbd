import Foundation

/// `snapshot check --markdown FILE`: a pull-request comment. One heading, then per layout a table of every
/// configuration (result and counts) and, under it, the largest changes of each changed configuration.
public enum SnapshotMarkdown {
    /// The document. Complexity: O(configurations + largest changes shown).
    public static func document(_ checks: [LayoutCheck], largest: Int = 5) -> String {
        let failed = checks.filter(\.failed).count
        var out = "## Layout snapshots\n\n"
        out +=
            failed == 0
            ? "All \(checks.count) layouts match their goldens.\n"
            : "\(failed) of \(checks.count) layouts changed.\n"
        for check in checks {
            out += "\n### \(escape(check.layout)) (`\(code(check.source))`)\n\n"
            switch check.outcome {
            case .recorded: out += "Recorded now: there was no golden at `\(code(check.golden))`.\n\n"
            case .missing: out += "**No golden** at `\(code(check.golden))` (a failure under `--ci`).\n\n"
            case .updated: out += "The golden `\(code(check.golden))` was written again.\n\n"
            case .compared: break
            }
            out += "| configuration | result | moved | resized | appeared | vanished |\n"
            out += "| --- | --- | ---: | ---: | ---: | ---: |\n"
            for configuration in check.configurations {
                let diff = configuration.diff
                func count(_ value: Int?) -> String { value.map(String.init) ?? "" }
                out += "| `\(code(configuration.id))` | \(result(configuration, outcome: check.outcome)) | "
                out += "\(count(diff?.moved)) | \(count(diff?.resized)) | \(count(diff?.appeared)) | "
                out += "\(count(diff?.vanished)) |\n"
            }
            for configuration in check.configurations where configuration.status == .changed {
                guard let diff = configuration.diff else { continue }
                out += "\n<details><summary><code>\(html(configuration.id))</code>: \(SnapshotText.summary(diff))"
                out += "</summary>\n\n"
                for change in diff.largest(largest) { out += "- `\(code(SnapshotText.describe(change)))`\n" }
                let more = diff.changes.count - min(largest, diff.changes.count)
                if more > 0 { out += "- … and \(more) more\n" }
                out += "\n</details>\n"
            }
        }
        return out
    }

    static func result(_ check: ConfigurationCheck, outcome: LayoutCheck.Outcome) -> String {
        switch check.status {
        case .matches: return outcome == .recorded ? "recorded" : "matches"
        case .changed: return outcome == .updated ? "updated" : "**changed**"
        case .notRecorded: return outcome == .updated ? "recorded" : "**not recorded**"
        case .notInMatrix: return outcome == .updated ? "dropped" : "**not in the matrix**"
        }
    }

    /// Text inside backticks: a backtick would end the span, so it becomes a quote.
    static func code(_ text: String) -> String { text.replacingOccurrences(of: "`", with: "'") }

    /// Text in a table cell or heading: characters Markdown reads as syntax escaped.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_[]<>|#".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
