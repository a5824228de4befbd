import Foundation

/// A checked-in ceiling of instructions per operation for each spec and scenario (`bench --metric
/// instructions` counts them exactly, so a budget is a line CI can hold a change to, on any machine):
///
/// ```json
/// {
///   "schema": "layoutbench-instruction-budgets",
///   "version": 1,
///   "budgets": {
///     "grid-10k": { "full": 430000, "insert": 5200 }
///   }
/// }
/// ```
///
/// A row is over budget when its instructions per operation (total / operations, as the result file
/// records them) exceed the budget, by any amount: the counts repeat to within 0.01%, so the headroom a
/// budget leaves is chosen when it is written, not guessed at check time. `compare --budget FILE HEAD.json`
/// checks a run; rows of the run without a budget, and budgets the run did not count, are listed but do not
/// fail it.
public struct InstructionBudget: Hashable, Sendable {
    public static let schema = "layoutbench-instruction-budgets"
    public static let version = 1

    /// Instructions per operation, by spec name, then scenario.
    public var budgets: [String: [String: Double]]

    public init(budgets: [String: [String: Double]]) { self.budgets = budgets }

    /// The budget of one row, if the file has one.
    public func budget(spec: String, scenario: String) -> Double? { budgets[spec]?[scenario] }

    /// Reads a budget file. Complexity: O(size of the file).
    /// - Throws: `BudgetFileError`, naming the file and, for a bad value, its JSON path.
    public static func load(path: String) throws(BudgetFileError) -> InstructionBudget {
        guard FileManager.default.fileExists(atPath: path) else { throw .missing(path: path) }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        return try decode(data, path: path)
    }

    /// Decodes budget-file bytes; `path` names them in errors.
    public static func decode(_ data: Data, path: String) throws(BudgetFileError) -> InstructionBudget {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw .unreadable(path: path, reason: "not valid JSON (\(error.localizedDescription))")
        }
        guard let root = object as? [String: Any] else {
            throw .invalid(path: path, jsonPath: "$", reason: "expected an object, found \(describe(object))")
        }
        guard let schema = root["schema"] as? String, schema == Self.schema else {
            throw .invalid(
                path: path, jsonPath: "$.schema",
                reason: "expected \"\(Self.schema)\", found \(root["schema"].map(describe) ?? "nothing")")
        }
        guard let version = root["version"] as? Int, version == Self.version, !isBool(root["version"]!) else {
            throw .invalid(
                path: path, jsonPath: "$.version",
                reason: "expected \(Self.version), found \(root["version"].map(describe) ?? "nothing")")
        }
        for key in root.keys where !["schema", "version", "budgets", "note"].contains(key) {
            throw .invalid(
                path: path, jsonPath: "$.\(key)",
                reason: "unknown key (allowed: schema, version, budgets, note)")
        }
        guard let specs = root["budgets"] as? [String: Any] else {
            throw .invalid(
                path: path, jsonPath: "$.budgets",
                reason: "expected an object of specs, found \(root["budgets"].map(describe) ?? "nothing")")
        }
        var budgets: [String: [String: Double]] = [:]
        for (spec, value) in specs {
            guard let scenarios = value as? [String: Any] else {
                throw .invalid(
                    path: path, jsonPath: "$.budgets.\(spec)",
                    reason: "expected an object of scenarios, found \(describe(value))")
            }
            for (scenario, amount) in scenarios {
                guard let number = amount as? NSNumber, !isBool(amount), number.doubleValue.isFinite,
                    number.doubleValue > 0
                else {
                    throw .invalid(
                        path: path, jsonPath: "$.budgets.\(spec).\(scenario)",
                        reason: "expected instructions per operation (a number above 0), found \(describe(amount))")
                }
                budgets[spec, default: [:]][scenario] = number.doubleValue
            }
        }
        return InstructionBudget(budgets: budgets)
    }

    /// Whether JSONSerialization read `true` or `false`: it gives an NSNumber whose type is a char (`is Bool`
    /// holds for the numbers 0 and 1 too, so it cannot tell them apart).
    private static func isBool(_ value: Any) -> Bool {
        (value as? NSNumber).map { String(cString: $0.objCType) == "c" } ?? false
    }

    private static func describe(_ value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case _ where isBool(value): return (value as? Bool) == true ? "true" : "false"
        case let s as String: return "\"\(s)\""
        case let n as NSNumber: return "\(n)"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        default: return "\(value)"
        }
    }

    /// Checks every row of `report` that has instruction counts. O(rows).
    /// - Throws: `BudgetCheckError` when the run has no instruction counts, or none of them has a budget.
    public func check(_ report: BenchReport, budgetPath: String) throws(BudgetCheckError) -> BudgetCheck {
        let counted = report.results.filter { $0.instructions != nil }
        guard !counted.isEmpty else { throw .noInstructionCounts }
        var rows: [BudgetCheck.Row] = []
        var seen = Set<String>()
        for result in counted.sorted(by: { $0.key < $1.key }) {
            let perOperation = result.instructions!.perOperation
            seen.insert("\(result.spec)|\(result.scenario)")
            rows.append(
                BudgetCheck.Row(
                    spec: result.spec, scenario: result.scenario, instructionsPerOperation: perOperation,
                    budget: budget(spec: result.spec, scenario: result.scenario)))
        }
        guard rows.contains(where: { $0.budget != nil }) else { throw .nothingBudgeted(budgetPath: budgetPath) }
        var notCounted: [String] = []
        for (spec, scenarios) in budgets {
            for scenario in scenarios.keys where !seen.contains("\(spec)|\(scenario)") {
                notCounted.append("\(spec) \(scenario)")
            }
        }
        return BudgetCheck(budgetPath: budgetPath, rows: rows, notCounted: notCounted.sorted())
    }
}

/// The rows of a run against a budget file.
public struct BudgetCheck: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public var spec: String
        public var scenario: String
        public var instructionsPerOperation: Double
        /// nil: the file has no budget for this row.
        public var budget: Double?

        /// Over its budget by any amount.
        public var isOver: Bool { budget.map { instructionsPerOperation > $0 } ?? false }

        /// The count as a share of the budget (1 = exactly at it).
        public var share: Double? { budget.map { instructionsPerOperation / $0 } }

        public var verdict: String {
            guard budget != nil else { return "no budget" }
            return isOver ? "OVER" : "within"
        }
    }

    public var budgetPath: String
    public var rows: [Row]
    /// Budgets of the file the run did not count ("spec scenario").
    public var notCounted: [String]

    public var overBudget: [Row] { rows.filter(\.isOver) }

    /// One line per row over budget, for standard error.
    public var overBudgetSummary: [String] {
        overBudget.map { row in
            "over budget: \(row.spec) \(row.scenario): \(Self.count(row.instructionsPerOperation)) instructions/op "
                + "against \(Self.count(row.budget!)) in \(budgetPath) (+\(Self.percent(row.share! - 1)))"
        }
    }

    /// A table of every counted row (Markdown when `markdown`), then the budgets not counted.
    public func formatted(markdown: Bool = false) -> String {
        let header = ["spec", "scenario", "instructions/op", "budget", "of budget", "verdict"]
        let lines = rows.map { row in
            [
                row.spec, row.scenario, Self.count(row.instructionsPerOperation), row.budget.map(Self.count) ?? "-",
                row.share.map { Self.percent($0) } ?? "-", row.verdict,
            ]
        }
        var out: [String]
        if markdown {
            out = ["| " + header.joined(separator: " | ") + " |", "| --- | --- | ---: | ---: | ---: | --- |"]
            out += lines.map { "| " + $0.joined(separator: " | ") + " |" }
        } else {
            let widths = header.indices.map { i in ([header] + lines).map { $0[i].count }.max() ?? 0 }
            func pad(_ cells: [String]) -> String {
                cells.enumerated().map { i, cell in
                    let fill = String(repeating: " ", count: widths[i] - cell.count)
                    // Counts right-aligned; the last column unpadded (no trailing spaces).
                    return (2...4).contains(i) ? fill + cell : i == cells.count - 1 ? cell : cell + fill
                }.joined(separator: "  ")
            }
            out = [pad(header)] + lines.map(pad)
        }
        out.append(
            "\(overBudget.count) of \(rows.filter { $0.budget != nil }.count) budgeted rows over budget (\(budgetPath))"
        )
        if !notCounted.isEmpty { out.append("not counted in this run: " + notCounted.joined(separator: ", ")) }
        return out.joined(separator: "\n")
    }

    /// Whole instructions with thousands separators.
    static func count(_ value: Double) -> String {
        let digits = String(Int(value.rounded()))
        var out = ""
        for (i, c) in digits.reversed().enumerated() {
            if i > 0 && i % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return String(out.reversed())
    }

    static func percent(_ value: Double) -> String { String(format: "%.2f%%", value * 100) }
}

/// A budget file that cannot be used (exit 2).
public enum BudgetFileError: Error, Hashable, Sendable, CustomStringConvertible {
    case missing(path: String)
    case unreadable(path: String, reason: String)
    /// A value at `jsonPath` (such as `$.budgets.grid-10k.full`) that is not what the format allows.
    case invalid(path: String, jsonPath: String, reason: String)

    public var path: String {
        switch self {
        case let .missing(path), let .unreadable(path, _), let .invalid(path, _, _): return path
        }
    }

    public var description: String {
        switch self {
        case .missing: return "no such budget file"
        case .unreadable(_, let reason): return "cannot read the budget file: \(reason)"
        case let .invalid(_, jsonPath, reason): return "\(jsonPath): \(reason)"
        }
    }
}

/// A run that cannot be checked against a budget file (exit 2).
public enum BudgetCheckError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The result file has no instruction counts (it was not `bench --metric instructions`).
    case noInstructionCounts
    /// No counted row has a budget in the file.
    case nothingBudgeted(budgetPath: String)

    public var description: String {
        switch self {
        case .noInstructionCounts:
            return
                "the result file has no instruction counts: run `layoutbench bench --metric instructions --json FILE`"
        case .nothingBudgeted(let path):
            return "no row of the run has a budget in \(path): check the presets and scenarios"
        }
    }
}
