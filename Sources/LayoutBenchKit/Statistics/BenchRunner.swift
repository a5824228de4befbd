/// Measures one scenario at one thread count: setup (untimed), warm-up, timed samples until the stop rule
/// holds, then a memory pass (allocations counted on operations that are not timed).
///
/// A sample is one `runSample()` between two reads of the monotonic clock; `prepareSample()` runs before
/// it, outside the window. The process CPU clock is read just outside the wall window (it is a system call),
/// so CPU / wall slightly overstates for sub-microsecond operations and is exact enough for solves.
public struct BenchRunner: Sendable {
    public var configuration: RunnerConfiguration

    public init(configuration: RunnerConfiguration) {
        self.configuration = configuration
    }

    /// Builds the scenario and measures it.
    public func run(_ kind: ScenarioKind, context: ScenarioContext) throws -> ScenarioResult {
        let scenario = try kind.make(context)
        return try measure(scenario, context: context)
    }

    /// Measures an already built scenario.
    public func measure(_ scenario: any BenchScenario, context: ScenarioContext) throws -> ScenarioResult {
        let config = configuration
        for _ in 0..<max(0, config.warmupSamples) {
            try scenario.prepareSample()
            try scenario.runSample()
        }

        var samples: [UInt64] = []
        samples.reserveCapacity(min(config.maxSamples, 4_096))
        var wallTotal: UInt64 = 0, cpuTotal: UInt64 = 0
        let start = BenchClock.monotonicNs()
        while !isDone(samples: samples.count, elapsedNs: BenchClock.monotonicNs() &- start) {
            try scenario.prepareSample()
            let cpu0 = BenchClock.processCPUNs()
            let t0 = BenchClock.monotonicNs()
            try scenario.runSample()
            config.slowdown.apply(elapsedNs: BenchClock.monotonicNs() &- t0)
            let t1 = BenchClock.monotonicNs()
            let cpu1 = BenchClock.processCPUNs()
            samples.append(t1 &- t0)
            wallTotal &+= t1 &- t0
            cpuTotal &+= cpu1 &- cpu0
        }

        let summary = SummaryNs(samples: samples)
        let memory = config.measuresMemory ? try measureMemory(scenario, medianNs: summary.median) : .unavailable
        return ScenarioResult(
            spec: context.input.name, specHash: context.input.contentHash, items: context.input.items,
            scenario: scenario.kind.rawValue, threads: context.threads, parameters: scenario.parameters,
            unit: scenario.kind.unit, workItems: scenario.workItems, warmupSamples: config.warmupSamples,
            samplesNs: samples, summaryNs: summary, wallTotalNs: wallTotal, cpuTotalNs: cpuTotal, memory: memory)
    }

    /// Whether the stop rule holds after `samples` samples and `elapsedNs` of sampling.
    func isDone(samples: Int, elapsedNs: UInt64) -> Bool {
        switch configuration.stop {
        case .repetitions(let n):
            return samples >= max(1, n)
        case .timeBudget(let seconds):
            if samples >= max(1, configuration.maxSamples) { return true }
            return samples >= max(1, configuration.minSamples) && Double(elapsedNs) >= seconds * 1e9
        }
    }

    /// Allocation figures per operation and, after the last counted operation, the layout's footprint.
    private func measureMemory(_ scenario: any BenchScenario, medianNs: UInt64) throws -> MemoryStats {
        guard MemoryProbe.isAvailable else { return .unavailable }
        let repetitions = medianNs > 50_000_000 ? 1 : max(1, configuration.memoryRepetitions)
        var stats = try MemoryProbe.measure(repetitions: repetitions, prepare: scenario.prepareSample,
                                            operation: scenario.runSample)
        if let items = scenario.footprintItems, items > 0 {
            try scenario.prepareSample()
            let before = MemoryProbe.footprint()
            try scenario.runSample()
            if let after = MemoryProbe.footprint() {
                stats.residentBytesPerItem = Double(after.resident) / Double(items)
                if scenario.measuresLiveBytes, let before {
                    stats.liveBytesPerItem = Double(after.live - before.live) / Double(items)
                }
            }
        }
        return stats
    }
}
