import Foundation

/// SARIF 2.1.0 (OASIS), the subset code scanning reads: one run whose tool lists every check as a rule, and
/// one result per finding with its file, line and column. Written by hand from the standard's object model:
/// a few plain Codable structs, where no served package writes SARIF.
extension LintReport {
    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]
        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var columnKind = "unicodeCodePoints"
    }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name = "layoutbench"
        var version: String
        var rules: [Rule]
    }

    struct Message: Encodable { var text: String }

    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var help: Message
        var defaultConfiguration: Configuration
        var properties: Properties
    }

    struct Configuration: Encodable { var level: String }
    struct Properties: Encodable { var rule: String }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
    }

    struct Location: Encodable { var physicalLocation: PhysicalLocation }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct ArtifactLocation: Encodable { var uri: String }
    struct Region: Encodable { var startLine: Int, startColumn: Int }

    /// The SARIF log of `findings`; `toolVersion` is layoutbench's version.
    public static func sarif(_ findings: [LintFinding], toolVersion: String) -> String {
        let checks = LintCheck.allCases
        let rules = checks.map { check in
            let document = check.rule.hasPrefix("§10") ? "docs/version-2.md" : "docs/layout-rules.md"
            return Rule(
                id: check.code, name: check.name, shortDescription: Message(text: check.summary),
                fullDescription: Message(text: "\(check.summary) (\(document) \(check.rule))."),
                help: Message(text: "See docs/lint.md, \(check.code)."),
                defaultConfiguration: Configuration(level: check.severity.rawValue),
                properties: Properties(rule: "\(document) \(check.rule)"))
        }
        let results = findings.map { finding in
            Result(
                ruleId: finding.check.code, ruleIndex: checks.firstIndex(of: finding.check) ?? 0,
                level: finding.severity.rawValue, message: Message(text: "\(finding.message). Fix: \(finding.fix)."),
                locations: [
                    Location(
                        physicalLocation: PhysicalLocation(
                            artifactLocation: ArtifactLocation(uri: uri(finding.file)),
                            region: Region(startLine: finding.line, startColumn: finding.column)))
                ])
        }
        return encode(
            Log(runs: [Run(tool: Tool(driver: Driver(version: toolVersion, rules: rules)), results: results)]))
    }

    /// A relative path as a URI reference (code scanning resolves it against the repository's root); an
    /// absolute one as a `file://` URI.
    static func uri(_ path: String) -> String {
        let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        let encoded = trimmed.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? trimmed
        return trimmed.hasPrefix("/") ? "file://\(encoded)" : encoded
    }
}
