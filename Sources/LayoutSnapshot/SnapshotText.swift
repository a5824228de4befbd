import CompositionalLayout
import Foundation

/// What `layoutbench snapshot check` prints: per layout one line, then per configuration that does not match
/// its counts and its largest changes (`cell 2.3: x 16 → 24, width 361 → 345`). The lines under a layout are
/// cut at `columns` (120) with `…`; the layout's own line is not (it names the spec file, and a cut would take
/// its verdict with it in a deep folder): the golden's path is left out of it when the line would pass 120.
public enum SnapshotText {
    public static let columns = 120

    /// The lines for one layout's check; `largest` changes are listed per changed configuration.
    /// - Complexity: O(changes × log changes) per changed configuration.
    public static func lines(_ check: LayoutCheck, largest: Int = 5) -> [String] {
        var out: [String] = []
        let total = check.configurations.count
        let failures = check.failures
        switch check.outcome {
        case .recorded:
            return [
                placed(
                    "\(check.source): recorded \(total) configurations (no golden yet)", " → \(check.golden)")
            ]
        case .missing:
            return [
                "\(check.source): no golden at \(check.golden)",
                clip(
                    "  under --ci a missing golden fails (record it with `layoutbench snapshot record` and commit it)"),
            ]
        case .compared, .updated:
            break
        }
        let head: String
        if failures.isEmpty {
            head = placed("\(check.source): \(total) configurations match", " (\(check.golden))")
        } else {
            let verb = check.outcome == .updated ? "updated" : "changed"
            head = placed(
                "\(check.source): \(failures.count) of \(total) configurations \(verb)", " (\(check.golden))")
        }
        if let rules = check.goldenRules {
            out.append(
                "  note: the golden was recorded under rules revision \(rules); this build follows "
                    + "\(GoldenFile.rulesRevision) (docs/layout-rules.md), so frames may differ where the rules changed"
            )
        }
        for failure in failures { out += configurationLines(failure, largest: largest) }
        return [head] + out.map(clip)
    }

    /// The lines of one configuration that does not match.
    public static func configurationLines(_ check: ConfigurationCheck, largest: Int) -> [String] {
        switch check.status {
        case .matches: return []
        case .notRecorded:
            return ["  \(check.id): not in the golden (check --update records it)"]
        case .notInMatrix:
            return ["  \(check.id): in the golden, not in the matrix checked (check --update drops it)"]
        case .changed:
            guard let diff = check.diff else { return [] }
            var first = "  \(check.id): \(summary(diff))"
            if diff.oldContentSize != diff.newContentSize {
                first += "; content \(size(diff.oldContentSize)) → \(size(diff.newContentSize))"
            }
            var out = [first]
            if diff.oldDiagnostics != diff.newDiagnostics {
                let before = diagnostics(diff.oldDiagnostics), after = diagnostics(diff.newDiagnostics)
                out.append("    diagnostics: \(before) → \(after)")
            }
            for change in diff.largest(largest) { out.append("    " + describe(change)) }
            let more = diff.changes.count - min(largest, diff.changes.count)
            if more > 0 { out.append("    … and \(more) more") }
            return out
        }
    }

    /// `12 moved, 12 resized, 0 appeared, 0 vanished`.
    public static func summary(_ diff: ConfigurationDiff) -> String {
        "\(diff.moved) moved, \(diff.resized) resized, \(diff.appeared) appeared, \(diff.vanished) vanished"
    }

    /// `cell 2.3`, `supplementary header 0.0`, `decoration background 1.0`.
    public static func label(_ key: ElementKey) -> String {
        var text = key.category.rawValue
        if let kind = key.kind { text += " " + kind }
        return text + " \(key.section).\(key.item)"
    }

    /// `cell 2.3: x 16 → 24, width 361 → 345`; `cell 2.9: appeared at [16, 900, 361, 44]`.
    public static func describe(_ change: ElementChange) -> String {
        let name = label(change.key)
        switch (change.old, change.new) {
        case let (old?, new?):
            var parts: [String] = []
            for (field, a, b) in [
                ("x", old.x, new.x), ("y", old.y, new.y), ("width", old.width, new.width),
                ("height", old.height, new.height),
            ] where a != b {
                let (ta, tb) = pair(a, b)
                parts.append("\(field) \(ta) → \(tb)")
            }
            return "\(name): " + parts.joined(separator: ", ")
        case let (nil, new?): return "\(name): appeared at \(rect(new))"
        case let (old?, nil): return "\(name): vanished (was \(rect(old)))"
        case (nil, nil): return name
        }
    }

    /// Two different numbers as text that shows they differ: two decimals, or every digit when two decimals
    /// would print them alike.
    static func pair(_ a: Double, _ b: Double) -> (String, String) {
        let ta = short(a), tb = short(b)
        return ta == tb ? (GoldenFile.number(a), GoldenFile.number(b)) : (ta, tb)
    }

    /// At most two decimals, no trailing zeros.
    public static func short(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return formatNumber(rounded) }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    static func rect(_ r: Rect) -> String { "[\(short(r.x)), \(short(r.y)), \(short(r.width)), \(short(r.height))]" }
    static func size(_ s: Size) -> String { "\(short(s.width)) × \(short(s.height))" }

    static func diagnostics(_ list: [SnapshotDiagnostic]) -> String {
        list.isEmpty ? "none" : list.map { "\($0.kind) in section \($0.section)" }.joined(separator: ", ")
    }

    /// `text` followed by `golden` (the golden's path, as the line shows it) when that fits in `columns`, else
    /// `text` alone (the golden's path is in the folder given).
    static func placed(_ text: String, _ golden: String) -> String {
        let whole = text + golden
        return whole.count <= columns ? whole : text
    }

    /// The line cut to `columns` characters, the last one `…`.
    public static func clip(_ line: String) -> String {
        line.count <= columns ? line : String(line.prefix(columns - 1)) + "…"
    }
}
