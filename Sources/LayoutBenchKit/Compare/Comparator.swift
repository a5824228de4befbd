/// Compares two result files metric by metric, noise-aware: time through a bootstrap interval of the ratio
/// of medians (a change counts only if the whole interval lies beyond the threshold, so two runs of the same
/// build say "unchanged"), resampling whole rounds so load that came and went widens the interval
/// (optionally divided by the change in the machine's speed the calibration unit saw); memory through the
/// per-operation counts with a relative threshold and an absolute floor.
public enum Comparator {
    /// Loads and compares two files.
    public static func compare(basePath: String, headPath: String,
                               options: ComparisonOptions = ComparisonOptions()) throws(CompareError) -> ComparisonReport {
        let base: BenchReport, head: BenchReport
        do {
            base = try BenchReport.load(path: basePath)
            head = try BenchReport.load(path: headPath)
        } catch {
            throw .file(error)
        }
        return try compare(base: base, head: head, basePath: basePath, headPath: headPath, options: options)
    }

    /// Compares two reports.
    /// - Complexity: O(common results × resamples × samples) for the bootstrap.
    public static func compare(base: BenchReport, head: BenchReport, basePath: String = "base", headPath: String = "head",
                               options: ComparisonOptions = ComparisonOptions()) throws(CompareError) -> ComparisonReport {
        let baseByKey = Dictionary(base.results.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let headByKey = Dictionary(head.results.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let common = baseByKey.keys.filter { headByKey[$0] != nil }.sorted()
        let onlyBase = baseByKey.keys.filter { headByKey[$0] == nil }.sorted().map(\.description)
        let onlyHead = headByKey.keys.filter { baseByKey[$0] == nil }.sorted().map(\.description)
        guard !common.isEmpty else { throw .nothingInCommon(base: onlyBase, head: onlyHead) }

        var comparisons: [MetricComparison] = []
        var notes: [String] = []
        var changedSpecs: Set<String> = []
        for key in common {
            let b = baseByKey[key]!, h = headByKey[key]!
            if b.specHash != h.specHash, changedSpecs.insert(key.spec).inserted {
                notes.append("\(key.spec): the spec's content differs between the runs (hash \(b.specHash) vs \(h.specHash)); its results compare different layouts")
            }
            if let time = compareTime(b, h, options) { comparisons.append(time) }
            if let allocations = compareMemory(b, h, .allocations, b.memory.allocations, h.memory.allocations,
                                               floor: options.allocationFloor, options) {
                comparisons.append(allocations)
            }
            if let bytes = compareMemory(b, h, .allocatedBytes, b.memory.allocatedBytes, h.memory.allocatedBytes,
                                         floor: options.byteFloor, options) {
                comparisons.append(bytes)
            }
        }
        for (name, report) in [("base", base), ("head", head)] where report.run.runner.slowdown.isActive {
            notes.append("\(name) ran with the test-only slowdown knob on (LAYOUTBENCH_SLOWDOWN_*)")
        }
        for (name, report) in [("base", base), ("head", head)] where report.run.buildConfiguration != "release" {
            notes.append("\(name) is a \(report.run.buildConfiguration) build")
        }
        let factors = comparisons.compactMap(\.machineFactor).sorted()
        if !factors.isEmpty {
            let median = NearestRank.value(factors, percentile: 50)
            if options.normalizesByCalibration {
                notes.append("time ratios are divided by the machine's change in speed (calibration, median \(BenchFormat.change(median)))")
            } else if abs(median - 1) > 0.10 {
                notes.append("the machine ran the calibration unit \(BenchFormat.change(median)) during head's run compared with base's (load on a shared machine?); if times moved with it, rerun both, or try --normalize")
            }
        }
        if base.machine.cpu != head.machine.cpu || base.machine.cores != head.machine.cores {
            notes.append("the runs are from different machines (\(base.machine.cpu), \(base.machine.cores) cores vs \(head.machine.cpu), \(head.machine.cores) cores)")
        }
        return ComparisonReport(options: options, base: basePath, head: headPath, comparisons: comparisons,
                                onlyInBase: onlyBase, onlyInHead: onlyHead, notes: notes)
    }

    /// The median time: a bootstrap interval of head / base (over rounds when the results recorded them),
    /// divided by the machine's change in speed when both results carry calibration samples.
    static func compareTime(_ b: ScenarioResult, _ h: ScenarioResult, _ options: ComparisonOptions) -> MetricComparison? {
        let interval: RatioInterval
        var machineFactor: Double?
        if !b.samplesNs.isEmpty && !h.samplesNs.isEmpty {
            let baseBlocks = SampleBlocks(b), headBlocks = SampleBlocks(h)
            interval = Bootstrap.roundRatio(base: baseBlocks, head: headBlocks, normalize: options.normalizesByCalibration,
                                            resamples: options.resamples, confidence: options.confidence, seed: options.seed)
            if let bc = baseBlocks.allCalibration, let hc = headBlocks.allCalibration, !bc.isEmpty, !hc.isEmpty {
                machineFactor = Bootstrap.ratio(NearestRank.value(hc.sorted(), percentile: 50),
                                                NearestRank.value(bc.sorted(), percentile: 50))
            }
        } else {
            // No samples kept: the medians alone, and an interval that is only the point.
            let ratio = Bootstrap.ratio(h.summaryNs.median, b.summaryNs.median)
            interval = RatioInterval(ratio: ratio, lower: ratio, upper: ratio, confidence: options.confidence)
        }
        return MetricComparison(spec: b.spec, scenario: b.scenario, threads: b.threads, metric: .time,
                                base: Double(b.summaryNs.median), head: Double(h.summaryNs.median),
                                interval: interval, verdict: verdict(interval, options.threshold), machineFactor: machineFactor)
    }

    /// A per-operation memory figure: counted when the ratio is beyond the threshold and the difference
    /// beyond the floor.
    static func compareMemory(_ b: ScenarioResult, _ h: ScenarioResult, _ metric: ComparedMetric,
                              _ baseValue: Double?, _ headValue: Double?, floor: Double,
                              _ options: ComparisonOptions) -> MetricComparison? {
        guard let baseValue, let headValue else { return nil }
        let ratio: Double
        if baseValue == 0 { ratio = headValue == 0 ? 1 : .infinity } else { ratio = headValue / baseValue }
        let interval = RatioInterval(ratio: ratio, lower: ratio, upper: ratio, confidence: 1)
        var result = verdict(interval, options.threshold)
        if abs(headValue - baseValue) <= floor { result = .unchanged }
        return MetricComparison(spec: b.spec, scenario: b.scenario, threads: b.threads, metric: metric,
                                base: baseValue, head: headValue, interval: interval, verdict: result, machineFactor: nil)
    }

    /// Regression if the whole interval is above 1 + threshold, improvement if below 1 − threshold.
    public static func verdict(_ interval: RatioInterval, _ threshold: Double) -> Verdict {
        if interval.lower > 1 + threshold { return .regression }
        if interval.upper < 1 - threshold { return .improvement }
        return .unchanged
    }
}
