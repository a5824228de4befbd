import LayoutLint
import LayoutSpec
import LayoutWatch

/// `watch`'s lint of each run (issue 20): the findings `layoutbench lint` reports for the spec, at the common
/// device widths, in the form the daemon compares and prints (docs/lint.md).
enum WatchLint {
    /// The spec's findings, or nil when it cannot be read (it changed since its bench child checked it: the
    /// next run lints it). A `.swift` file is imported as `solve` imports it. Complexity: `lint`'s.
    @Sendable static func findings(spec: String) -> [WatchLintFinding]? {
        guard let layout = try? SpecSource.layout(at: spec) else { return nil }
        let locator = SpecSource.isSwift(spec) ? nil : try? SpecLocator(contentsOf: spec)
        return LayoutLinter.lint(layout, file: spec, locator: locator).map {
            WatchLintFinding(
                code: $0.check.code, line: $0.line, column: $0.column, path: $0.path, message: $0.message)
        }
    }
}
