import Benchmark
import LayoutBenchKit

/// The core scenarios of `layoutbench bench` as package-benchmark benchmarks, so CI can keep baselines and
/// check thresholds with `swift package benchmark baseline check`. Names are `<scenario>.<preset>`
/// (`full.grid-100k`); a filter must match the whole name (`--filter "full.*"`).
///
/// Each benchmark builds its scenario once in `setup` (untimed: the engine, the chosen items), then every
/// iteration runs the scenario's untimed `prepareSample()` and measures only `runSample()`, the same
/// operation `layoutbench bench` times.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],  // not .cpuTotal: rusage ticks are 10 ms here
        warmupIterations: 3,
        maxDuration: .seconds(1),
        maxIterations: 2_000,
        thresholds: LayoutThresholds.byMetric
    )

    let presets = ["grid-10k", "grid-100k", "selfsizing-10k", "selfsizing-100k", "nested-10k", "nested-100k"]
    let scenarios: [ScenarioKind] = [.full, .resize, .measureOne, .insert, .query]
    for presetName in presets {
        guard let preset = try? LayoutPreset(parsing: presetName) else { fatalError("unknown preset \(presetName)") }
        let input = BenchInput.preset(preset)
        for kind in scenarios {
            let box = ScenarioBox()
            Benchmark("\(kind.rawValue).\(presetName)") { benchmark in
                guard let scenario = box.scenario else { return }
                for _ in benchmark.scaledIterations {
                    do {
                        try scenario.prepareSample()
                        benchmark.startMeasurement()
                        try scenario.runSample()
                        benchmark.stopMeasurement()
                    } catch {
                        benchmark.error("\(kind) on \(presetName): \(error)")
                    }
                }
            } setup: {
                box.scenario = try kind.make(ScenarioContext(input: input, threads: 1, seed: 1))
            } teardown: {
                box.scenario = nil
            }
        }
    }
}

/// Holds a scenario between `setup`, the iterations and `teardown` (package-benchmark runs them in order on
/// one thread, hence unchecked).
final class ScenarioBox: @unchecked Sendable {
    var scenario: (any BenchScenario)?
}

/// Tolerances for `baseline check` / `thresholds check`, per metric. Every metric measured needs one, or a
/// check fails on noise. The machine is shared and has 2 cores: time gets generous relative tolerances on
/// the median and p90, allocation counts a small relative and absolute slack (they are nearly exact).
enum LayoutThresholds {
    // Computed: BenchmarkThresholds is not Sendable, so it cannot be a stored global.
    static var time: BenchmarkThresholds {
        BenchmarkThresholds(
            relative: [.p50: 15.0, .p75: 20.0, .p90: 30.0],
            absolute: [.p50: 2_000, .p75: 3_000, .p90: 5_000]  // ns: sub-microsecond operations jitter by that much
        )
    }
    static var allocations: BenchmarkThresholds {
        BenchmarkThresholds(relative: [.p50: 5.0, .p90: 10.0], absolute: [.p50: 8, .p90: 16])
    }
    static var byMetric: [BenchmarkMetric: BenchmarkThresholds] {
        [.wallClock: time, .mallocCountTotal: allocations]
    }
}
