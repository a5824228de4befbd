/// One finding: which check, where in the spec (file, line, column and the path of the node at fault), what
/// happens there with the numbers, and the usual fix.
public struct LintFinding: Hashable, Sendable {
    public var check: LintCheck
    public var severity: LintSeverity
    public var file: String
    public var line: Int
    public var column: Int
    /// The node at fault as a path into the spec: `sections[0].group.horizontal.subitem`.
    public var path: String
    /// What happens, with the numbers: "each item is 97.5 pt wide, not 117 pt".
    public var message: String
    /// What people usually do about it.
    public var fix: String

    public init(check: LintCheck, file: String, line: Int, column: Int, path: String, message: String, fix: String) {
        self.check = check
        self.severity = check.severity
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
        self.fix = fix
    }

    /// The rule that says what happens: `§3.2`.
    public var rule: String { check.rule }

    /// `file:line:column: warning: message [LB101, docs/layout-rules.md §3.2]`, then the fix, as compilers print.
    public var text: String {
        let document = check.rule.hasPrefix("§10") ? "docs/version-2.md" : "docs/layout-rules.md"
        return
            "\(file):\(line):\(column): \(severity.rawValue): \(message) [\(check.code), \(document) \(check.rule)]\n"
            + "  fix: \(fix)"
    }
}
