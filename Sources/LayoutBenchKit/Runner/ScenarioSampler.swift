import BenchResults

/// The samples of one scenario, taken in rounds: the suite runs round 1 of every scenario, then round 2,
/// and so on, so each scenario's samples spread over the whole run and meet the same changes of machine
/// load. The rounds are kept (`roundSampleCounts`): `compare` takes each round's median as one observation,
/// so load that varies between rounds widens the confidence interval instead of passing for a regression.
///
/// Each round starts with a warm-up to a steady state (`SteadyStateRule`). A sample is one `runSample()`
/// between two reads of the monotonic clock; `prepareSample()` runs before it, outside the window. The
/// process CPU clock (a system call) is read with the wall clock at the edges of blocks of samples (up to
/// 50 ms), so CPU / wall compares like with like: about 1.0 for a one-thread scenario of any length.
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
    private var cpuWindow: UInt64 = 0
    private(set) var warmupSamplesSpent = 0
    private(set) var warmupNsSpent: UInt64 = 0
    private(set) var steady = true

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

    /// Warm-up to a steady state, then timed samples until this round's share of the stop rule holds.
    func runRound(_ round: Int) throws {
        let config = configuration
        let rounds = Self.rounds(config)
        try warmUp(round)

        var burst = Calibration.measure(count: Calibration.unitsPerBurst)
        var lastBurst = BenchClock.monotonicNs()
        let start = lastBurst
        var taken = 0
        // The CPU clock (a system call) is read at the edges of blocks of samples, beside the wall clock,
        // never inside a sample's window; a block ends before each calibration burst and with the round.
        var blockCPU = BenchClock.processCPUNs()
        var blockWall = BenchClock.monotonicNs()
        func closeBlock() {
            let wall = BenchClock.monotonicNs()
            let cpu = BenchClock.processCPUNs()
            cpuTotal &+= cpu &- blockCPU
            cpuWindow &+= wall &- blockWall
        }
        while !isRoundDone(round, of: rounds, samples: taken, elapsedNs: BenchClock.monotonicNs() &- start) {
            try scenario.prepareSample()
            let t0 = BenchClock.monotonicNs()
            try scenario.runSample()
            config.slowdown.spinFixed()
            config.extraWork?.apply(elapsedNs: BenchClock.monotonicNs() &- t0)
            let t1 = BenchClock.monotonicNs()
            let window = config.slowdown.reported(t1 &- t0)
            samples.append(window)
            taken += 1
            wallTotal &+= window
            if t1 &- lastBurst >= Calibration.burstIntervalNs {
                closeBlock()
                burst += Calibration.measure(count: Calibration.unitsPerBurst)
                lastBurst = BenchClock.monotonicNs()
                blockCPU = BenchClock.processCPUNs()
                blockWall = BenchClock.monotonicNs()
            }
        }
        closeBlock()
        roundSampleCounts.append(taken)
        calibration += burst
        roundCalibrationCounts.append(burst.count)
    }

    /// Untimed samples until `SteadyStateRule` (`.firstRound` before round 1, `.laterRound` before the
    /// others, when other scenarios ran meanwhile and took the caches) sees the last windows of samples
    /// agree, and at least `warmupSamples` (one before later rounds) in any case. A window is the samples of
    /// 2 ms (at least one). Samples slower than 50 ms warm the caches themselves: no warm-up before later rounds.
    private func warmUp(_ round: Int) throws {
        let config = configuration
        let slow = (samples.sorted().dropFirst(samples.count / 2).first ?? 0) > 50_000_000
        if round > 0 && slow { return }
        let rule = round == 0 ? SteadyStateRule.firstRound : SteadyStateRule.laterRound
        let minimumSamples = round == 0 ? max(0, config.warmupSamples) : min(1, max(0, config.warmupSamples))
        let windowNs: UInt64 = 2_000_000
        let start = BenchClock.monotonicNs()
        var medians: [UInt64] = []
        var window: [UInt64] = []
        var windowStart = start
        var count = 0
        var decision = SteadyStateRule.Decision.more
        while decision == .more || count < minimumSamples {
            try scenario.prepareSample()
            let t0 = BenchClock.monotonicNs()
            try scenario.runSample()
            let t1 = BenchClock.monotonicNs()
            window.append(t1 &- t0)
            count += 1
            guard decision == .more, t1 &- windowStart >= windowNs else { continue }
            window.sort()
            medians.append(window[window.count / 2])
            window.removeAll(keepingCapacity: true)
            windowStart = t1
            decision = rule.decide(windowMedians: medians, elapsedNs: t1 &- start)
        }
        warmupSamplesSpent += count
        warmupNsSpent &+= BenchClock.monotonicNs() &- start
        if decision == .notSteady { steady = false }
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
        var result = ScenarioResult(
            spec: context.input.name, specHash: context.input.contentHash, items: context.input.items,
            scenario: scenario.kind.rawValue, threads: context.threads, parameters: scenario.parameters,
            unit: scenario.kind.unit, workItems: scenario.workItems, warmupSamples: configuration.warmupSamples,
            samplesNs: samples, summaryNs: summary, wallTotalNs: wallTotal, cpuTotalNs: cpuTotal, memory: memory,
            calibrationNs: calibration, roundSampleCounts: roundSampleCounts,
            roundCalibrationCounts: roundCalibrationCounts)
        result.cpuWindowNs = cpuWindow
        result.warmupSpentSamples = warmupSamplesSpent
        result.warmupSpentNs = warmupNsSpent
        result.steadyState = steady
        return result
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
