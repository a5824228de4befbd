import MarkupText

/// `snapshot check --junit FILE`: JUnit XML for CI systems that show test results (one `<testsuite>` per
/// layout, one `<testcase>` per layout and configuration; a configuration that does not match is a
/// `<failure>` whose message is its counts and whose text its largest changes). A golden missing under
/// `--ci` is one failed test case of its own.
public enum SnapshotJUnit {
    /// The XML document. Complexity: O(configurations + largest changes shown).
    public static func document(_ checks: [LayoutCheck], largest: Int = 5) -> String {
        let cases = checks.reduce(0) { $0 + max(1, $1.configurations.count) }
        let failures = checks.reduce(0) { total, check in
            total + (check.outcome == .missing ? 1 : check.outcome == .compared ? check.failures.count : 0)
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"layoutbench snapshot\" tests=\"\(cases)\" failures=\"\(failures)\">\n"
        for check in checks {
            let suiteFailures =
                check.outcome == .missing ? 1 : (check.outcome == .compared ? check.failures.count : 0)
            let tests = max(1, check.configurations.count)
            out += "  <testsuite name=\"\(markupEscaped(check.source))\""
            out += " tests=\"\(tests)\" failures=\"\(suiteFailures)\">\n"
            if check.outcome == .missing {
                out += "    <testcase classname=\"\(markupEscaped(check.layout))\" name=\"golden\">\n"
                out += "      <failure message=\"no golden at \(markupEscaped(check.golden))\">"
                out += "Record it with layoutbench snapshot record and commit it.</failure>\n    </testcase>\n"
            }
            for configuration in check.configurations {
                out += "    <testcase classname=\"\(markupEscaped(check.layout))\""
                out += " name=\"\(markupEscaped(configuration.id))\""
                guard !configuration.passed, check.outcome == .compared else {
                    out += "/>\n"
                    continue
                }
                out += ">\n      <failure message=\"\(markupEscaped(message(configuration)))\">"
                out += markupEscaped(
                    SnapshotText.configurationLines(configuration, largest: largest).joined(separator: "\n"))
                out += "</failure>\n    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    static func message(_ check: ConfigurationCheck) -> String {
        switch check.status {
        case .matches: return "matches"
        case .changed: return check.diff.map(SnapshotText.summary) ?? "changed"
        case .notRecorded: return "not in the golden"
        case .notInMatrix: return "in the golden, not in the matrix checked"
        }
    }
}
