import LayoutLint
import LayoutSpec
import LayoutWatch

/// `watch`'s lint of each run (issue 20): the findings `layoutbench lint` reports for the spec, at the common
/// device widths, in the form the daemon compares and prints (docs/lint.md).
enum WatchLint {
    /// The spec's findings, or nil when it cannot be read (it changed since its bench child checked it: the
    /// next run lints it). A `.swift` file is linted as `lint` does it, each finding at the Swift line and column
    /// that built its node; its import comes from the cache its bench child filled, so nothing is compiled
    /// again. Complexity: `lint`'s.
    @Sendable static func findings(spec: String) -> [WatchLintFinding]? {
        let found: [LintFinding]
        if SpecSource.isSwift(spec) {
            guard let swift = try? SpecSource.lintSwift(spec, widths: LayoutLinter.commonWidths) else { return nil }
            found = swift
        } else {
            guard let layout = try? SpecSource.layout(at: spec) else { return nil }
            found = LayoutLinter.lint(layout, file: spec, locator: try? SpecLocator(contentsOf: spec))
        }
        return found.map {
            WatchLintFinding(
                code: $0.check.code, line: $0.line, column: $0.column, path: $0.path, message: $0.message)
        }
    }
}
