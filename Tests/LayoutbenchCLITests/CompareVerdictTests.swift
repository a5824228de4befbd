import BenchResults
import Foundation
import SeededRandom
import Testing

@Suite("layoutbench compare: verdicts, thresholds, exports")
struct CompareVerdictTests {
    /// A result file with 5 rounds of 40 samples around `median` ns, spread ±`spread`.
    static func write(
        _ dir: URL, _ name: String, median: Double, spread: Double = 0.01, scenario: String = "full",
        cpuShare: Double = 1
    ) throws -> String {
        var rng = BenchRandom(seed: UInt64(median) &+ UInt64(name.count))
        let samples = (0..<200).map { _ in
            UInt64(median * (1 - spread + 2 * spread * Double(rng.next() >> 11) * 0x1p-53))
        }
        let result = ScenarioResult(
            spec: "grid-10k", specHash: "00000000deadbeef", items: 10_000, scenario: scenario, threads: 1,
            parameters: [:], unit: "items", workItems: 10_000, warmupSamples: 1, samplesNs: samples,
            summaryNs: SummaryNs(samples: samples), wallTotalNs: samples.reduce(0, +),
            cpuTotalNs: UInt64(Double(samples.reduce(0, +)) * cpuShare),
            memory: .unavailable, roundSampleCounts: [40, 40, 40, 40, 40])
        let report = BenchReport(
            createdAt: "2026-01-01T00:00:00Z",
            machine: MachineInfo(cpu: "Test CPU", cores: 2, memoryBytes: 1 << 34, os: "Debian", kernel: "6.1"),
            toolchain: ToolchainInfo(swift: "Swift 6.3", source: "test"), gitCommit: "unknown",
            run: RunInfo(
                scenarios: [scenario], threads: [1], runner: RunnerConfiguration(), buildConfiguration: "release",
                allocator: nil, commandLine: []),
            specs: [], results: [result])
        let path = dir.appendingPathComponent(name).path
        try report.write(to: path)
        return path
    }

    func verdict(_ stdout: String) -> String? {
        stdout.split(separator: "\n").first { $0.hasPrefix("grid-10k") }.flatMap {
            $0.split(separator: " ").last.map(String.init)
        }
    }

    @Test("same, slower, faster and inconclusive; only slower exits 1")
    func verdicts() throws {
        let dir = try CLI.temporaryDirectory()
        let base = try Self.write(dir, "base.json", median: 40_000)
        // `same` needs an interval inside ±5 %: a quiet runner's floor (the default 10 % is wider than that).
        let same = try CLI.run([
            "compare", base, try Self.write(dir, "same.json", median: 40_200), "--run-to-run-floor", "2%",
        ])
        #expect(same.status == 0 && verdict(same.stdout) == "same", "\(same.stdout)")
        let sameDefault = try CLI.run(["compare", base, try Self.write(dir, "same.json", median: 40_200)])
        #expect(sameDefault.status == 0 && verdict(sameDefault.stdout) == "inconclusive", "\(sameDefault.stdout)")
        let slower = try CLI.run(["compare", base, try Self.write(dir, "slow.json", median: 52_000)])
        #expect(slower.status == 1 && verdict(slower.stdout) == "SLOWER", "\(slower.stdout)")
        #expect(slower.stderr.contains("regression: grid-10k full threads 1: time +30"))
        let faster = try CLI.run(["compare", base, try Self.write(dir, "fast.json", median: 30_000)])
        #expect(faster.status == 0 && verdict(faster.stdout) == "faster", "\(faster.stdout)")
        // +4 %: the interval (with the 10 % run-to-run floor) straddles +5 %.
        let unsure = try CLI.run(["compare", base, try Self.write(dir, "unsure.json", median: 41_600)])
        #expect(unsure.status == 0 && verdict(unsure.stdout) == "inconclusive", "\(unsure.stdout)")
    }

    @Test(
        "a head that waited for a core (60% CPU share): +30% is inconclusive (exit 0, use ab); 4x slower still exits 1")
    func unsteady() throws {
        let dir = try CLI.temporaryDirectory()
        let base = try Self.write(dir, "base.json", median: 100_000)
        let unsure = try CLI.run(["compare", base, try Self.write(dir, "loaded.json", median: 130_000, cpuShare: 0.6)])
        #expect(unsure.status == 0 && verdict(unsure.stdout) == "inconclusive", "\(unsure.stdout)")
        #expect(unsure.stdout.contains("note: unsteady machine") && unsure.stdout.contains("layoutbench ab"))
        let slow = try CLI.run(["compare", base, try Self.write(dir, "slow.json", median: 400_000, cpuShare: 0.6)])
        #expect(slow.status == 1 && verdict(slow.stdout) == "SLOWER", "\(slow.stdout)")
        #expect(slow.stderr.contains("regression: grid-10k full threads 1: time +"))
    }

    @Test("threshold forms: 40% and 40 both let a +30% change pass; 0.5 is refused; 0.5% is accepted")
    func thresholdForms() throws {
        let dir = try CLI.temporaryDirectory()
        let base = try Self.write(dir, "base.json", median: 40_000)
        let head = try Self.write(dir, "slow.json", median: 52_000)
        for form in ["40%", "40"] {
            let result = try CLI.run(["compare", base, head, "--threshold", form])
            #expect(result.status == 0, "\(form): \(result.stdout)")
        }
        let refused = try CLI.run(["compare", base, head, "--threshold", "0.5"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("write '0.5%' for 0.5 percent"))
        #expect(try CLI.run(["compare", base, head, "--threshold", "0.5%"]).status == 1)
        #expect(try CLI.run(["compare", base, head, "--threshold", "five"]).status == 2)
    }

    @Test("--thresholds FILE: a glob entry widens one scenario's threshold; a bad line exits 2")
    func thresholdsFile() throws {
        let dir = try CLI.temporaryDirectory()
        let base = try Self.write(dir, "base.json", median: 40_000)
        let head = try Self.write(dir, "slow.json", median: 52_000)
        let file = dir.appendingPathComponent("thresholds.txt").path
        try "# full is noisy here\nfu*: 50%\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try CLI.run(["compare", base, head, "--thresholds", file])
        #expect(result.status == 0, "\(result.stdout)")
        try "full 50%\n".write(toFile: file, atomically: true, encoding: .utf8)
        let bad = try CLI.run(["compare", base, head, "--thresholds", file])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("thresholds.txt:1:"))
    }

    @Test("--export-markdown and --export-json write files; GITHUB_STEP_SUMMARY is appended to")
    func exports() throws {
        let dir = try CLI.temporaryDirectory()
        let base = try Self.write(dir, "base.json", median: 40_000)
        let head = try Self.write(dir, "slow.json", median: 52_000)
        let md = dir.appendingPathComponent("c.md").path, json = dir.appendingPathComponent("c.json").path
        let summary = dir.appendingPathComponent("summary.md").path
        try "earlier step\n".write(toFile: summary, atomically: true, encoding: .utf8)
        let result = try CLI.run(
            ["compare", base, head, "--export-markdown", md, "--export-json", json],
            environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(result.status == 1)
        #expect(try String(contentsOfFile: md, encoding: .utf8).contains("| grid-10k | full | 1 | time |"))
        let object =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        #expect(object?["exitCode"] as? Int == 1)
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(text.hasPrefix("earlier step\n") && text.contains("**slower**"))
    }
}
