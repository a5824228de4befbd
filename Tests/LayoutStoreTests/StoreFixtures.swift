import BenchResults
import Foundation

/// Synthetic reports with known samples: no timing, no child processes.
enum StoreFixtures {
    /// `count` samples spread ±`spread` around `median`, deterministic.
    static func samples(median: Double, spread: Double = 0.02, count: Int = 60) -> [UInt64] {
        (0..<count).map { i in UInt64(median * (1 - spread + 2 * spread * Double((i * 37) % count) / Double(count))) }
    }

    static func result(spec: String = "grid", scenario: String, median: Double, threads: Int = 1) -> ScenarioResult {
        let samples = samples(median: median)
        return ScenarioResult(
            spec: spec, specHash: "00000000000000aa", items: 100, scenario: scenario, threads: threads,
            parameters: ["seed": "1"], unit: "items", workItems: 100, warmupSamples: 0,
            samplesNs: samples, summaryNs: SummaryNs(samples: samples), wallTotalNs: samples.reduce(0, +),
            cpuTotalNs: samples.reduce(0, +), memory: MemoryStats(),
            calibrationNs: [100, 101, 99], roundSampleCounts: [30, 30], roundCalibrationCounts: [2, 1])
    }

    static func report(
        spec: String = "grid", source: String = "/specs/grid.yaml", medians: [String: Double],
        commit: String = "0123456789abcdef0123456789abcdef01234567"
    ) -> BenchReport {
        BenchReport(
            createdAt: "2026-11-23T12:00:00Z",
            machine: MachineInfo(
                cpu: "Test CPU", cores: 2, memoryBytes: 1 << 34, os: "Debian GNU/Linux 12", kernel: "6.1"),
            toolchain: ToolchainInfo(swift: "Swift version 6.3.1", source: "swift --version"),
            gitCommit: commit,
            run: RunInfo(
                scenarios: medians.keys.sorted(), threads: [1], runner: RunnerConfiguration(),
                buildConfiguration: "release",
                allocator: nil, commandLine: ["layoutbench", "bench"]),
            specs: [SpecInfo(name: spec, source: source, items: 100, sections: 2, contentHash: "00000000000000aa")],
            results: medians.keys.sorted().map { result(spec: spec, scenario: $0, median: medians[$0]!) },
            skipped: ["grid: lazy-scroll needs estimated items"])
    }

    static func temporaryStorePath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("layoutstore-\(UUID().uuidString)/results.sqlite")
            .path
    }
}
