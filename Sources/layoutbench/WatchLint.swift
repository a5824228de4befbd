import BenchResults
import Foundation
import LayoutBenchKit
import LayoutImport
import LayoutLint
import LayoutSpec
import LayoutWatch

/// `watch`'s lint of each run (issue 20), done by the bench child on the layout it benched: the findings
/// `layoutbench lint` reports at the common device widths, written for the daemon to read (docs/lint.md), so
/// the daemon itself reads and parses no spec.
enum WatchLint {
    /// Writes `input`'s findings to `path` (a JSON array of `WatchLintFinding`, atomically). A `.swift` file is
    /// linted as `lint` does it, each finding at the Swift line and column that built its node, its import
    /// read from the cache the bench just filled. A spec file's text is read again for the findings' lines and
    /// used only when it is still the text that was benched (its hash); otherwise, or when anything fails,
    /// nothing is written and the daemon reports no lint change for this run. Complexity: `lint`'s.
    static func write(_ input: BenchInput, to path: String, importing: ImportRequest) {
        guard let findings = findings(input, importing: importing) else { return }
        let records = findings.map {
            WatchLintFinding(
                code: $0.check.code, line: $0.line, column: $0.column, path: $0.path, message: $0.message)
        }
        guard let data = try? JSONEncoder().encode(records) else { return }
        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    private static func findings(_ input: BenchInput, importing: ImportRequest) -> [LintFinding]? {
        if SpecSource.isSwift(input.source) {
            return try? SpecSource.lintSwift(input.source, widths: LayoutLinter.commonWidths, importing: importing)
        }
        guard let data = FileManager.default.contents(atPath: input.source),
            ContentHash.fnv1a64(data) == input.contentHash,
            let text = String(data: data, encoding: .utf8)
        else { return nil }
        let locator = try? SpecLocator(text: text, file: input.source, format: SpecFormat(path: input.source))
        return LayoutLinter.lint(input.layout, file: input.source, locator: locator)
    }
}
