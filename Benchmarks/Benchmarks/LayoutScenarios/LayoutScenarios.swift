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
/// check fails on noise. package-benchmark checks relative and absolute tolerances independently (either
/// one exceeded is a deviation), so an absolute tolerance only makes a check stricter: there are none.
/// The machine these were set on is shared and has 2 cores: two runs of the same build differed by up to
/// 30 % at p50 on sub-3 µs operations, hence the generous time tolerances; allocation counts are exact for
/// a given seed, so their tolerance is small. Issue 11 cut the counts (an estimated section now allocates
/// its storage once, updates of rows that keep their items allocate no storage): at the new, lower counts a
/// few stray allocations per operation are a real regression, so the tolerance is 2 % at p50, 5 % at p90.
enum LayoutThresholds {
    // Computed: BenchmarkThresholds is not Sendable, so it cannot be a stored global.
    static var time: BenchmarkThresholds {
        BenchmarkThresholds(relative: [.p50: 35.0, .p75: 40.0, .p90: 50.0])
    }
    static var allocations: BenchmarkThresholds {
        BenchmarkThresholds(relative: [.p50: 2.0, .p90: 5.0])
    }
    static var byMetric: [BenchmarkMetric: BenchmarkThresholds] {
        [.wallClock: time, .mallocCountTotal: allocations]
    }
}
