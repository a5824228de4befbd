import BenchResults
import Foundation
import Testing

@testable import LayoutWatch

/// watch's change uses history's estimator (median / median) and says `same` for an unchanged spec.
@Suite struct ChangeCalculatorTests {
    /// `count` samples ±`spread` around `median`, deterministic; `phase` reorders them (noise between runs).
    static func samples(median: Double, spread: Double, phase: Int, count: Int = 60) -> [UInt64] {
        (0..<count).map { i in
            UInt64(median * (1 - spread + 2 * spread * Double(((i + phase) * 37) % count) / Double(count)))
        }
    }

    static func report(median: Double, phase: Int) -> BenchReport {
        let s = samples(median: median, spread: 0.02, phase: phase)
        let result = ScenarioResult(
            spec: "grid", specHash: "00000000000000aa", items: 100, scenario: "full", threads: 1,
            parameters: [:], unit: "items", workItems: 100, warmupSamples: 0, samplesNs: s,
            summaryNs: SummaryNs(samples: s), wallTotalNs: s.reduce(0, +), cpuTotalNs: s.reduce(0, +),
            memory: MemoryStats(), calibrationNs: [100, 101, 99], roundSampleCounts: [20, 20, 20],
            roundCalibrationCounts: [1, 1, 1])
        return BenchReport(
            createdAt: "2026-11-23T12:00:00Z",
            machine: MachineInfo(cpu: "Test CPU", cores: 2, memoryBytes: 1 << 34, os: "Debian", kernel: "6.1"),
            toolchain: ToolchainInfo(swift: "Swift version 6.3.1", source: "swift --version"),
            gitCommit: "0123456789abcdef0123456789abcdef01234567",
            run: RunInfo(
                scenarios: ["full"], threads: [1], runner: RunnerConfiguration(), buildConfiguration: "release",
                allocator: nil, commandLine: ["layoutbench", "bench"]),
            specs: [
                SpecInfo(name: "grid", source: "/s/grid.yaml", items: 100, sections: 2, contentHash: "00000000000000aa")
            ],
            results: [result], skipped: [])
    }

    @Test func unchangedSpecSavedAgainIsSame() throws {
        let base = Self.report(median: 10_000, phase: 0), head = Self.report(median: 10_050, phase: 7)
        let change = try #require(ChangeCalculator.changes(previous: base, current: head, threshold: 0.05).values.first)
        #expect(change.verdict == .same)
        // history's estimator: the ratio of the medians.
        let expected = Double(head.results[0].summaryNs.median) / Double(base.results[0].summaryNs.median)
        #expect(abs(change.ratio - expected) < 1e-12)
        #expect(change.lower <= change.ratio && change.ratio <= change.upper)
    }

    @Test func tenPercentSlowerIsSlower() throws {
        let base = Self.report(median: 10_000, phase: 0), head = Self.report(median: 11_000, phase: 3)
        let change = try #require(ChangeCalculator.changes(previous: base, current: head, threshold: 0.05).values.first)
        #expect(change.verdict == .slower)
        #expect(abs(change.ratio - 1.10) < 0.01)
    }

    @Test("a lock-step measurement replaces the two-run estimate: a mode change of the machine reads same")
    func lockstepReplacesTwoRuns() throws {
        // The second run met the machine in its slow mode (+60 %); in lock-step the layouts are the same.
        let base = Self.report(median: 10_000, phase: 0), head = Self.report(median: 16_000, phase: 7)
        let twoRuns = ChangeCalculator.changes(previous: base, current: head, threshold: 0.05)
        #expect(twoRuns.values.first?.verdict == .slower)
        let measured = [PairedChange(scenario: "full", threads: 1, ratio: 1.004, lower: 0.99, upper: 1.02, pairs: 12)]
        let paired = ChangeCalculator.paired(twoRuns, measured: measured, current: head, threshold: 0.05)
        let change = try #require(paired.values.first)
        #expect(change.verdict == .same)
        #expect(change.ratio == 1.004 && change.lower == 0.99 && change.upper == 1.02)
        #expect(change.lockstepPairs == 12)
        #expect(change.previousMedianNs == twoRuns.values.first?.previousMedianNs)
        // A measurement of another scenario leaves this one as it was.
        let other = [PairedChange(scenario: "query", threads: 1, ratio: 1, lower: 1, upper: 1, pairs: 12)]
        #expect(ChangeCalculator.paired(twoRuns, measured: other, current: head, threshold: 0.05) == twoRuns)
        // A real slowdown measured in lock-step is slower.
        let slower = [PairedChange(scenario: "full", threads: 1, ratio: 1.12, lower: 1.08, upper: 1.16, pairs: 12)]
        #expect(
            ChangeCalculator.paired(twoRuns, measured: slower, current: head, threshold: 0.05).values.first?.verdict
                == .slower)
    }
}
