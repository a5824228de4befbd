import Foundation

/// The findings of one `lint` run in the three formats: text for people, a JSON document with a `findings`
/// list for programs, and SARIF 2.1.0 for code scanning (GitHub shows each finding on the spec's line).
public enum LintReport {
    /// One finding a block, as compilers print them, and a closing count.
    public static func text(_ findings: [LintFinding], files: Int) -> String {
        var lines = findings.map(\.text)
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.count - errors
        lines.append(
            findings.isEmpty
                ? "lint: no findings in \(files) spec\(files == 1 ? "" : "s")"
                : "lint: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s") in "
                    + "\(files) spec\(files == 1 ? "" : "s")")
        return lines.joined(separator: "\n")
    }

    struct JSONFinding: Encodable {
        var code: String, name: String, severity: String, rule: String, file: String
        var line: Int, column: Int, path: String, message: String, fix: String
    }

    struct JSONDocument: Encodable {
        var version = 1
        var files: Int
        var findings: [JSONFinding]
    }

    /// `{"version": 1, "files": N, "findings": [{code, name, severity, rule, file, line, column, path, message, fix}]}`.
    public static func json(_ findings: [LintFinding], files: Int) -> String {
        let document = JSONDocument(
            files: files,
            findings: findings.map {
                JSONFinding(
                    code: $0.check.code, name: $0.check.name, severity: $0.severity.rawValue, rule: $0.rule,
                    file: $0.file, line: $0.line, column: $0.column, path: $0.path, message: $0.message, fix: $0.fix)
            })
        return encode(document)
    }

    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain structs of strings and numbers cannot fail.
        return String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
    }
}
