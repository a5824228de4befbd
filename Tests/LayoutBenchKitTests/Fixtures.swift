import Foundation
import LayoutSnapshotBench
import SeededRandom

@testable import BenchResults
@testable import LayoutBenchKit

/// Synthetic result files: known samples, no timing.
enum Fixtures {
    /// Samples around `median` ns with a seeded spread of ±`spread` (uniform), `count` of them.
    static func samples(median: Double, spread: Double = 0.04, count: Int = 200, seed: UInt64) -> [UInt64] {
        var rng = BenchRandom(seed: seed)
        return (0..<count).map { _ in
            let u = Double(rng.next() >> 11) * 0x1p-53
            return UInt64(median * (1 - spread + 2 * spread * u))
        }
    }

    static func result(
        spec: String = "grid-10k", scenario: String = "full", threads: Int = 1,
        samples: [UInt64], allocations: Double = 38, bytes: Double = 71_072,
        rounds: [Int]? = nil, calibration: [UInt64]? = nil, calibrationRounds: [Int]? = nil
    ) -> ScenarioResult {
        ScenarioResult(
            spec: spec, specHash: "00000000deadbeef", items: 10_000, scenario: scenario, threads: threads,
            parameters: ["seed": "1"], unit: "items", workItems: 10_000, warmupSamples: 1,
            samplesNs: samples, summaryNs: SummaryNs(samples: samples),
            wallTotalNs: samples.reduce(0, +), cpuTotalNs: samples.reduce(0, +),
            memory: MemoryStats(
                allocatedBytes: bytes, allocations: allocations, threadAllocatedBytes: bytes,
                threadFreedBytes: bytes, residentBytesPerItem: 450, liveBytesPerItem: 19),
            calibrationNs: calibration, roundSampleCounts: rounds, roundCalibrationCounts: calibrationRounds)
    }

    static func report(_ results: [ScenarioResult]) -> BenchReport {
        BenchReport(
            createdAt: "2026-11-23T12:00:00Z",
            machine: MachineInfo(
                cpu: "Test CPU", cores: 2, memoryBytes: 1 << 34, os: "Debian GNU/Linux 12", kernel: "6.1"),
            toolchain: ToolchainInfo(swift: "Swift version 6.3.1", source: "swift --version"),
            gitCommit: "unknown",
            run: RunInfo(
                scenarios: ["full"], threads: [1], runner: RunnerConfiguration(), buildConfiguration: "release",
                allocator: "5.3.0", commandLine: ["layoutbench", "bench"]),
            specs: [
                SpecInfo(
                    name: "grid-10k", source: "preset:grid-10k", items: 10_000, sections: 100,
                    contentHash: "00000000deadbeef")
            ],
            results: results)
    }

    /// A fresh temporary directory.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "layoutbenchkit-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// One scenario measured on its own: its rounds back to back, then the memory pass (what `BenchSuite` does
/// for each scenario, without interleaving others).
struct SoloSampler {
    var configuration: RunnerConfiguration

    func run(_ kind: ScenarioKind, context: ScenarioContext) throws -> ScenarioResult {
        try measure(try ScenarioCatalog.standard.make(kind, context), context: context)
    }

    func measure(_ scenario: any BenchScenario, context: ScenarioContext) throws -> ScenarioResult {
        let sampler = ScenarioSampler(scenario: scenario, context: context, configuration: configuration)
        for round in 0..<ScenarioSampler.rounds(configuration) {
            try sampler.runRound(round)
        }
        return try sampler.finish()
    }
}
