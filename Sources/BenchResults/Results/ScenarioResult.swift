/// One scenario measured on one spec at one thread count: every sample, their summary, throughput, CPU
/// time and memory. The field names `spec`, `items`, `scenario`, `threads`, `samplesNs`, `summaryNs` and
/// `memory` are the result file's public contract (other tools read them); new fields may be added, these
/// keep their names and meaning within a schema version.
public struct ScenarioResult: Codable, Hashable, Sendable {
    /// The spec's (or preset's) name.
    public var spec: String
    /// The spec's content hash (`ContentHash`), to tell apart layouts that share a name.
    public var specHash: String
    /// Items in the layout.
    public var items: Int
    /// The scenario's name (`ScenarioKind.rawValue`).
    public var scenario: String
    /// Threads the engine used.
    public var threads: Int
    /// What the scenario did (batch size, container, seed, ...), to reproduce it.
    public var parameters: [String: String]
    /// What `workItems` counts: "items" or "queries".
    public var unit: String
    /// Units one operation handles.
    public var workItems: Int
    public var warmupSamples: Int
    /// Every timed sample, in nanoseconds, in the order taken.
    public var samplesNs: [UInt64]
    public var summaryNs: SummaryNs
    /// Σ of the samples' wall time.
    public var wallTotalNs: UInt64
    /// The process CPU time over the CPU windows: blocks of samples (prepare and operation, up to 50 ms
    /// each) with the CPU clock read beside the wall clock at each block's edges (`cpuWindowNs`). Older
    /// files read it around each sample, outside its window, and then it is compared with `wallTotalNs`.
    public var cpuTotalNs: UInt64
    /// Wall time of the CPU windows; optional (absent in older files).
    public var cpuWindowNs: UInt64?
    /// Untimed warm-up actually run, over all rounds: samples and nanoseconds; optional (absent in older
    /// files, which ran `warmupSamples` before the first round and one before each later one).
    public var warmupSpentSamples: Int?
    public var warmupSpentNs: UInt64?
    /// Whether every warm-up reached a steady state (`SteadyStateRule`) before the bound; optional.
    public var steadyState: Bool?
    public var memory: MemoryStats
    /// The calibration unit's times, in bursts between the samples (`Calibration`): how fast the machine
    /// was while this result was measured (compare's column machine). Optional.
    public var calibrationNs: [UInt64]?
    /// How many of `samplesNs` (in order) and of `calibrationNs` each round took: `compare` takes each
    /// round's median as one observation. Optional: without them, the samples are cut into five chunks.
    public var roundSampleCounts: [Int]?
    public var roundCalibrationCounts: [Int]?
    /// Instructions per operation (`bench --metric instructions`); optional: absent in timing runs, and
    /// then `samplesNs` is empty in an instruction run.
    public var instructions: InstructionCount?
    /// The speed-up over one thread timed in lock-step (`bench --paired-speedup`); optional: only rows of
    /// more than one thread in such a run have it.
    public var pairedSpeedup: PairedSpeedup?

    public init(
        spec: String, specHash: String, items: Int, scenario: String, threads: Int,
        parameters: [String: String], unit: String, workItems: Int, warmupSamples: Int,
        samplesNs: [UInt64], summaryNs: SummaryNs, wallTotalNs: UInt64, cpuTotalNs: UInt64, memory: MemoryStats,
        calibrationNs: [UInt64]? = nil, roundSampleCounts: [Int]? = nil, roundCalibrationCounts: [Int]? = nil
    ) {
        self.spec = spec; self.specHash = specHash; self.items = items; self.scenario = scenario
        self.threads = threads; self.parameters = parameters; self.unit = unit; self.workItems = workItems
        self.warmupSamples = warmupSamples; self.samplesNs = samplesNs; self.summaryNs = summaryNs
        self.wallTotalNs = wallTotalNs; self.cpuTotalNs = cpuTotalNs; self.memory = memory
        self.calibrationNs = calibrationNs
        self.roundSampleCounts = roundSampleCounts
        self.roundCalibrationCounts = roundCalibrationCounts
    }

    /// Units per second at the median sample time (0 when too fast to see).
    public var throughputPerSecond: Double {
        summaryNs.median == 0 ? 0 : Double(workItems) / (Double(summaryNs.median) / 1e9)
    }

    /// CPU time over wall time: about 1 for a serial operation, up to `threads` for a parallel one.
    public var cpuPerWall: Double {
        let wall = cpuWindowNs ?? wallTotalNs
        return wall == 0 ? 0 : Double(cpuTotalNs) / Double(wall)
    }

    /// CPU windows shorter than this in all are too short to read a share from: the kernel charges CPU
    /// time at context switches and ticks, and a few milliseconds of windows land on a handful of them.
    public static let minimumCPUWindowNs: UInt64 = 10_000_000

    /// `cpuPerWall` when the CPU windows add up to `minimumCPUWindowNs` or more, else nil (shown `–`).
    public var measuredCPUPerWall: Double? {
        (cpuWindowNs ?? wallTotalNs) >= Self.minimumCPUWindowNs && cpuTotalNs > 0 ? cpuPerWall : nil
    }

    /// What identifies a result across two runs: spec, scenario and threads.
    public var key: ResultKey { ResultKey(spec: spec, scenario: scenario, threads: threads) }
}

/// Spec, scenario and thread count: the unit `compare` matches between two result files.
public struct ResultKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var spec: String
    public var scenario: String
    public var threads: Int

    public init(spec: String, scenario: String, threads: Int) {
        self.spec = spec; self.scenario = scenario; self.threads = threads
    }

    public static func < (a: ResultKey, b: ResultKey) -> Bool {
        (a.spec, a.scenario, a.threads) < (b.spec, b.scenario, b.threads)
    }

    public var description: String { "\(spec) \(scenario) threads \(threads)" }
}
