import BenchResults

/// The samples of one scenario, taken in rounds: the suite runs round 1 of every scenario, then round 2,
/// and so on, so each scenario's samples spread over the whole run and meet the same changes of machine
/// load. The rounds are kept (`roundSampleCounts`): `compare` takes each round's median as one observation,
/// so load that varies between rounds widens the confidence interval instead of passing for a regression.
///
/// A sample is one `runSample()` between two reads of the monotonic clock; `prepareSample()` runs before
/// it, outside the window. The process CPU clock is read just outside the wall window (it is a system
/// call), so CPU / wall slightly overstates for sub-microsecond operations and is exact enough for solves.
/// Calibration bursts (`Calibration`) run at the start of each round and every 50 ms, outside the window.
final class ScenarioSampler {
    let scenario: any BenchScenario
    let context: ScenarioContext
    private let configuration: RunnerConfiguration
    private(set) var samples: [UInt64] = []
    private(set) var roundSampleCounts: [Int] = []
    private(set) var calibration: [UInt64] = []
    private(set) var roundCalibrationCounts: [Int] = []
    private var wallTotal: UInt64 = 0
    private var cpuTotal: UInt64 = 0

    init(scenario: any BenchScenario, context: ScenarioContext, configuration: RunnerConfiguration) {
        self.scenario = scenario
        self.context = context
        self.configuration = configuration
    }

    /// Rounds the stop rule asks for (fewer when there are fewer repetitions than rounds).
    static func rounds(_ configuration: RunnerConfiguration) -> Int {
        let rounds = max(1, configuration.rounds)
        if case .repetitions(let n) = configuration.stop { return max(1, min(rounds, n)) }
        return rounds
    }

    /// Warm-up, then timed samples until this round's share of the stop rule holds.
    func runRound(_ round: Int) throws {
        let config = configuration
        let rounds = Self.rounds(config)
        // The configured warm-up before the first round; one sample before later ones (other scenarios ran
        // meanwhile and took the caches), unless samples are slow enough to warm the caches themselves.
        let slow = (samples.sorted().dropFirst(samples.count / 2).first ?? 0) > 50_000_000
        let warmups = round == 0 ? max(0, config.warmupSamples) : (slow ? 0 : min(1, config.warmupSamples))
        for _ in 0..<warmups {
            try scenario.prepareSample()
            try scenario.runSample()
        }

        var burst = Calibration.measure(count: Calibration.unitsPerBurst)
        var lastBurst = BenchClock.monotonicNs()
        let start = lastBurst
        var taken = 0
        while !isRoundDone(round, of: rounds, samples: taken, elapsedNs: BenchClock.monotonicNs() &- start) {
            try scenario.prepareSample()
            let cpu0 = BenchClock.processCPUNs()
            let t0 = BenchClock.monotonicNs()
            try scenario.runSample()
            config.slowdown.apply(elapsedNs: BenchClock.monotonicNs() &- t0)
            config.extraWork?.apply(elapsedNs: BenchClock.monotonicNs() &- t0)
            let t1 = BenchClock.monotonicNs()
            let cpu1 = BenchClock.processCPUNs()
            samples.append(t1 &- t0)
            taken += 1
            wallTotal &+= t1 &- t0
            cpuTotal &+= cpu1 &- cpu0
            if t1 &- lastBurst >= Calibration.burstIntervalNs {
                burst += Calibration.measure(count: Calibration.unitsPerBurst)
                lastBurst = BenchClock.monotonicNs()
            }
        }
        roundSampleCounts.append(taken)
        calibration += burst
        roundCalibrationCounts.append(burst.count)
    }

    /// Whether round `round` of `rounds` has its share: with repetitions, its part of N; with a time budget,
    /// its slice of the seconds and of the minimum, within its part of the sample cap.
    func isRoundDone(_ round: Int, of rounds: Int, samples: Int, elapsedNs: UInt64) -> Bool {
        func share(_ total: Int) -> Int { total / rounds + (round < total % rounds ? 1 : 0) }
        switch configuration.stop {
        case .repetitions(let n):
            return samples >= share(max(1, n))
        case .timeBudget(let seconds):
            if samples >= max(1, share(max(1, configuration.maxSamples))) { return true }
            return samples >= max(1, share(max(1, configuration.minSamples)))
                && Double(elapsedNs) >= seconds * 1e9 / Double(rounds)
        }
    }

    /// The result, after a memory pass (allocations counted on operations that are not timed).
    func finish() throws -> ScenarioResult {
        let summary = SummaryNs(samples: samples)
        let memory = configuration.measuresMemory ? try measureMemory(medianNs: summary.median) : .unavailable
        return ScenarioResult(
            spec: context.input.name, specHash: context.input.contentHash, items: context.input.items,
            scenario: scenario.kind.rawValue, threads: context.threads, parameters: scenario.parameters,
            unit: scenario.kind.unit, workItems: scenario.workItems, warmupSamples: configuration.warmupSamples,
            samplesNs: samples, summaryNs: summary, wallTotalNs: wallTotal, cpuTotalNs: cpuTotal, memory: memory,
            calibrationNs: calibration, roundSampleCounts: roundSampleCounts,
            roundCalibrationCounts: roundCalibrationCounts)
    }

    /// Allocation figures per operation and, after the last counted operation, the layout's footprint.
    private func measureMemory(medianNs: UInt64) throws -> MemoryStats {
        guard MemoryProbe.isAvailable else { return .unavailable }
        let repetitions = medianNs > 50_000_000 ? 1 : max(1, configuration.memoryRepetitions)
        var stats = try MemoryProbe.measure(
            repetitions: repetitions, prepare: scenario.prepareSample,
            operation: scenario.runSample)
        // The layout's own footprint: resident and live bytes just before an operation that solves it and
        // just after (unused pages purged both times), so other scenarios' engines alive meanwhile cancel out.
        if scenario.measuresLiveBytes, let items = scenario.footprintItems, items > 0 {
            try scenario.prepareSample()
            let before = MemoryProbe.footprint()
            try scenario.runSample()
            if let before, let after = MemoryProbe.footprint() {
                stats.residentBytesPerItem = Double(after.resident - before.resident) / Double(items)
                stats.liveBytesPerItem = Double(after.live - before.live) / Double(items)
            }
        }
        return stats
    }
}
