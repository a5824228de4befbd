import Foundation
import Testing

/// `layoutbench compare --budget FILE HEAD.json`: a `bench --metric instructions` run held to a checked-in
/// budget file. Exit 0 within budget, 1 over it (named on standard error), 2 for a file or run that cannot be
/// checked (the file and JSON path named).
@Suite("layoutbench compare --budget: instruction budgets")
struct BudgetCommandTests {
    static let countOptions = [
        "--metric", "instructions", "--preset", "grid-10k", "--scenarios", "insert,query", "--operations", "3",
        "--allow-debug",
    ]

    /// Counts the grid's rows (the work knob adds `workPercent`% more instructions per operation) into a file.
    static func count(in files: Workspace, name: String, workPercent: Int? = nil) throws -> String {
        let json = files.path(name)
        let result = try CLI.run(
            ["bench"] + countOptions + ["--json", json],
            environment: workPercent.map { ["_LAYOUTBENCH_WORK_PERCENT": "\($0)"] } ?? [:])
        #expect(result.status == 0, "\(result.stderr)")
        return json
    }

    /// Instructions per operation of each scenario of a result file.
    static func perOperation(_ path: String) throws -> [String: Double] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        var out: [String: Double] = [:]
        for result in (object as! [String: Any])["results"] as! [[String: Any]] {
            let counts = result["instructions"] as! [String: Any]
            out[result["scenario"] as! String] =
                (counts["total"] as! NSNumber).doubleValue / (counts["operations"] as! NSNumber).doubleValue
        }
        return out
    }

    static func budgetFile(_ budgets: [String: Double], in files: Workspace, name: String = "budgets.json") throws
        -> String
    {
        let rows = budgets.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ")
        return try files.write(
            #"{"schema": "layoutbench-instruction-budgets", "version": 1, "budgets": {"grid-10k": {"#
                + rows + "}}}", to: name)
    }

    @Test(
        "a run at its budget passes; one instruction under the count fails; 3% more work fails every row",
        .enabled(if: CLI.hasValgrind))
    func caughtExactly() throws {
        let files = try Workspace()
        let base = try Self.count(in: files, name: "base.json")
        let counts = try Self.perOperation(base)
        #expect(Set(counts.keys) == ["insert", "query"])

        // Exactly at the budget: within.
        let exact = try Self.budgetFile(counts, in: files)
        let atBudget = try CLI.run(["compare", "--budget", exact, base])
        #expect(atBudget.status == 0, "\(atBudget.stdout)\n\(atBudget.stderr)")
        #expect(atBudget.stdout.contains("0 of 2 budgeted rows over budget"), "\(atBudget.stdout)")

        // One instruction per operation below the count: over, by any amount.
        let tight = try Self.budgetFile(counts.mapValues { $0 - 1 }, in: files, name: "tight.json")
        let over = try CLI.run(["compare", "--budget", tight, base])
        #expect(over.status == 1, "\(over.stdout)\n\(over.stderr)")
        #expect(over.stderr.contains("over budget: grid-10k insert"), "\(over.stderr)")
        #expect(over.stderr.contains("over budget: grid-10k query"), "\(over.stderr)")

        // A budget with 1% headroom over today's counts holds the same build and catches 3% more work.
        let headroom = try Self.budgetFile(counts.mapValues { ($0 * 1.01).rounded(.up) }, in: files, name: "h.json")
        #expect(try CLI.run(["compare", "--budget", headroom, base]).status == 0)
        let again = try Self.count(in: files, name: "again.json")
        #expect(try Self.perOperation(again) == counts, "counts repeat exactly")
        #expect(try CLI.run(["compare", "--budget", headroom, again]).status == 0)
        let slower = try Self.count(in: files, name: "slower.json", workPercent: 3)
        for (scenario, count) in try Self.perOperation(slower) {
            let ratio = count / counts[scenario]!
            #expect(ratio > 1.025 && ratio < 1.035, "\(scenario): \(ratio)")
        }
        let caught = try CLI.run(["compare", "--budget", headroom, slower, "--format", "markdown"])
        #expect(caught.status == 1, "\(caught.stdout)\n\(caught.stderr)")
        #expect(caught.stdout.contains("2 of 2 budgeted rows over budget"), "\(caught.stdout)")
        #expect(caught.stdout.contains("| grid-10k | insert |"), "\(caught.stdout)")
        #expect(caught.stderr.split(separator: "\n").filter { $0.hasPrefix("over budget: grid-10k") }.count == 2)
    }

    @Test("a budget file that cannot be used exits 2 naming the file and the JSON path")
    func badBudgetFiles() throws {
        let files = try Workspace()
        // Any result file with instruction counts will do: bad files fail before it is read for counts.
        let run = try files.write("{}", to: "run.json")
        let cases: [(String, String)] = [
            (
                #"{"schema": "layoutbench-instruction-budgets", "version": 1, "budgets": {"grid-10k": {"full": "many"}}}"#,
                #"$.budgets.grid-10k.full: expected instructions per operation (a number above 0), found "many""#
            ),
            (
                #"{"schema": "layoutbench-instruction-budgets", "version": 1, "budgets": {"grid-10k": {"full": -3}}}"#,
                "$.budgets.grid-10k.full: expected instructions per operation"
            ),
            (
                #"{"schema": "layoutbench-instruction-budgets", "version": 1, "budgets": {"grid-10k": [1]}}"#,
                "$.budgets.grid-10k: expected an object of scenarios, found an array"
            ),
            (
                #"{"schema": "layoutbench-instruction-budgets", "version": 2, "budgets": {}}"#,
                "$.version: expected 1, found 2"
            ),
            (
                #"{"schema": "layoutbench-results", "version": 1, "budgets": {}}"#,
                #"$.schema: expected "layoutbench-instruction-budgets""#
            ),
            (
                #"{"schema": "layoutbench-instruction-budgets", "version": 1, "budget": {}}"#,
                "$.budget: unknown key"
            ),
            ("{ not json", "not valid JSON"),
        ]
        for (index, (text, words)) in cases.enumerated() {
            let path = try files.write(text, to: "budget-\(index).json")
            let result = try CLI.run(["compare", "--budget", path, run])
            #expect(result.status == 2, "\(text)")
            #expect(result.stderr.hasPrefix("\(path): error: "), "\(result.stderr)")
            #expect(result.stderr.contains(words), "\(result.stderr)")
        }
        let missing = try CLI.run(["compare", "--budget", files.path("nosuch.json"), run])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nosuch.json: error: no such budget file"), "\(missing.stderr)")
        let twoFiles = try CLI.run(["compare", "--budget", files.path("nosuch.json"), run, run])
        #expect(twoFiles.status == 2)
        #expect(twoFiles.stderr.contains("--budget FILE takes one result file"), "\(twoFiles.stderr)")
    }

    @Test(
        "a row counts the same whether it runs first in its process or after the same layout: no one-time cost",
        .enabled(if: CLI.hasValgrind))
    func noOneTimeCosts() throws {
        // nested measure-one's operations are the first to measure a section twice, which allocates the sparse
        // records' arrays: without `LayoutState.prepareRuntimeMetadata` the first spec's row also counted their
        // type metadata being made (55,834 instructions against 44,811 for the second in a release build;
        // 565,884 against 537,795 in a debug one).
        let files = try Workspace()
        let first = files.path("first.yaml")
        let generated = try CLI.run(["generate", "--preset", "nested-10k", "-o", first])
        #expect(generated.status == 0, "\(generated.stderr)")
        let spec = try String(contentsOfFile: first, encoding: .utf8)
        #expect(spec.contains("name: nested-10k\n"))
        let second = try files.write(
            spec.replacingOccurrences(of: "name: nested-10k\n", with: "name: nested-10k-again\n"), to: "second.yaml")
        let json = files.path("counts.json")
        let result = try CLI.run([
            "bench", "--metric", "instructions", first, second, "--scenarios", "measure-one", "--operations", "20",
            "--allow-debug", "--json", json,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
        let totals = ((object as! [String: Any])["results"] as! [[String: Any]]).map {
            (($0["instructions"] as! [String: Any])["total"] as! NSNumber).intValue
        }
        #expect(totals.count == 2 && totals[0] > 0)
        // The same operations on the same layout: within 1% (the heap's state differs between the two in a
        // debug build, by 0.2%; the one-time cost was 5% of the first's count there, 25% in release).
        guard totals.count == 2 else { return }
        #expect(abs(Double(totals[0] - totals[1])) < 0.01 * Double(totals[1]), "\(totals)")
    }

    @Test("a run without instruction counts exits 2")
    func timedRun() throws {
        let files = try Workspace()
        let timed = try CompareCommandTests.base(in: files)
        let budget = try Self.budgetFile(["full": 1_000], in: files)
        let result = try CLI.run(["compare", "--budget", budget, timed])
        #expect(result.status == 2, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stderr.contains("no instruction counts"), "\(result.stderr)")
    }

    @Test("the checked-in budget file reads")
    func checkedInFile() throws {
        let path = CLI.packageRoot.appendingPathComponent("Benchmarks/instruction-budgets.json").path
        let empty = try Workspace().write("{}", to: "run.json")
        // A readable budget file gets as far as the result file (which is not one): its error, not the budget's.
        let result = try CLI.run(["compare", "--budget", path, empty])
        #expect(result.status == 2)
        #expect(!result.stderr.contains("instruction-budgets.json: error"), "\(result.stderr)")
    }
}
