import Foundation
import Testing

@Suite("layoutbench ab --method runs")
struct AbCommandTests {
    @Test("the same build against itself: nothing slower, exit 0, a Markdown file and the job summary")
    func sameBuild() throws {
        let dir = try CLI.temporaryDirectory()
        let markdown = dir.appendingPathComponent("ab.md").path
        let summary = dir.appendingPathComponent("summary.md").path
        let binary = CLI.binary.path
        let result = try CLI.run(
            [
                "ab", binary, binary, "--method", "runs", "--pairs", "6", "--threshold", "50%", "--export-markdown",
                markdown,
            ]
                + CLI.tinyBench, environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("layoutbench ab:"))
        #expect(result.stdout.contains("6 ABBA pairs"))
        #expect(!result.stdout.contains("SLOWER"))
        let row = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("grid-10k") })
        #expect(row.hasSuffix("same") || row.hasSuffix("inconclusive"))
        let written = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(written.contains("| spec | scenario |"))
        #expect(try String(contentsOfFile: summary, encoding: .utf8).contains("| grid-10k | full |"))
        #expect(result.stderr.contains("ab: run 12/12"))
    }

    /// 10 pairs: the 95 % signed-rank interval then drops the two most extreme pair ratios at each end, so a
    /// pair or two blurred by the test suite's own load cannot hide a fourfold slowdown (with 6 pairs the
    /// interval is [min, max] and one such pair could).
    @Test("head made four times as slow through --head-env: slower, exit 1, named on standard error")
    func slowerHead() throws {
        let binary = CLI.binary.path
        let result = try CLI.run(
            [
                "ab", binary, binary, "--method", "runs", "--pairs", "10", "--head-env",
                "LAYOUTBENCH_SLOWDOWN_PERCENT=300",
            ]
                + CLI.tinyBench, environment: [:])
        #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("SLOWER"))
        #expect(result.stdout.contains("head ran with the test-only slowdown knob on"))
        #expect(result.stderr.contains("regression: grid-10k full threads 1: time +"))
    }

    @Test("three pairs cannot support a verdict: inconclusive, exit 0, and a note says why")
    func tooFewPairs() throws {
        let binary = CLI.binary.path
        let result = try CLI.run(
            [
                "ab", binary, binary, "--method", "runs", "--pairs", "3", "--head-env",
                "LAYOUTBENCH_SLOWDOWN_PERCENT=100",
            ]
                + CLI.tinyBench, environment: [:])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("inconclusive"))
        #expect(result.stdout.contains("only 3 pairs"))
    }

    @Test("bad input exits 2: a missing binary, a bad --head-env, a bare 0.5 threshold, a failing bench")
    func badInput() throws {
        let binary = CLI.binary.path
        let missing = try CLI.run(["ab", "/nonexistent/layoutbench", binary] + CLI.tinyBench, environment: [:])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("BASE_BINARY /nonexistent/layoutbench is not an executable"))
        let env = try CLI.run(["ab", binary, binary, "--head-env", "NOEQUALS"] + CLI.tinyBench, environment: [:])
        #expect(env.status == 2)
        #expect(env.stderr.contains("--head-env takes KEY=VALUE"))
        let threshold = try CLI.run(["ab", binary, binary, "--threshold", "0.5"] + CLI.tinyBench, environment: [:])
        #expect(threshold.status == 2)
        #expect(threshold.stderr.contains("write '0.5%'"))
        let failing = try CLI.run(
            ["ab", binary, binary, "--method", "runs", "--pairs", "1", "--preset", "nosuch-10k", "--allow-debug"],
            environment: [:])
        #expect(failing.status == 2)
        #expect(failing.stderr.contains("bench run failed"))
    }

    @Test(
        "instructions: the same build is the same; 5% more work on head only is slower (exit 1)",
        .enabled(if: CLI.hasValgrind))
    func instructions() throws {
        let binary = CLI.binary.path
        let options = [
            "--metric", "instructions", "--preset", "grid-10k", "--scenarios", "query,insert", "--operations", "3",
            "--allow-debug",
        ]
        let same = try CLI.run(["ab", binary, binary] + options, environment: [:])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.contains("instruction counts (exact; callgrind)"))
        #expect(
            same.stdout.split(separator: "\n").filter { $0.hasPrefix("grid-10k") }.allSatisfy { $0.hasSuffix("same") })
        let slower = try CLI.run(
            ["ab", binary, binary, "--head-env", "_LAYOUTBENCH_WORK_PERCENT=5"] + options, environment: [:])
        #expect(slower.status == 1, "\(slower.stderr)")
        #expect(
            slower.stdout.split(separator: "\n").filter { $0.hasPrefix("grid-10k") }.allSatisfy {
                $0.hasSuffix("SLOWER")
            })
        #expect(slower.stdout.contains("head ran with the test-only work knob on"))
    }
}
