/// Compares two result files metric by metric, noise-aware: time through an interval that holds the noise
/// BETWEEN two runs (`BetweenRunInterval`), instructions per operation as exact counts, memory through the
/// per-operation counts with a relative threshold and an absolute floor. Each verdict is `faster`, `slower`,
/// `same` or `inconclusive` (`Verdict.classify`); only `slower` fails.
public enum Comparator {
    /// Loads and compares two files.
    public static func compare(
        basePath: String, headPath: String,
        options: ComparisonOptions = ComparisonOptions()
    ) throws(CompareError) -> ComparisonReport {
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
    /// - Complexity: O(common results × samples log samples): each result's rounds are sorted for their medians.
    public static func compare(
        base: BenchReport, head: BenchReport, basePath: String = "base", headPath: String = "head",
        options: ComparisonOptions = ComparisonOptions()
    ) throws(CompareError) -> ComparisonReport {
        let baseByKey = Dictionary(base.results.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let headByKey = Dictionary(head.results.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let common = baseByKey.keys.filter { headByKey[$0] != nil }.sorted()
        let onlyBase = baseByKey.keys.filter { headByKey[$0] == nil }.sorted().map(\.description)
        let onlyHead = headByKey.keys.filter { baseByKey[$0] == nil }.sorted().map(\.description)
        guard !common.isEmpty else { throw .nothingInCommon(base: onlyBase, head: onlyHead) }

        var comparisons: [MetricComparison] = []
        var notes: [String] = []
        var changedSpecs: Set<String> = []
        // Family-wise: every time row is one more chance of a false `slower`, so each row's interval is at the
        // Bonferroni level 1 - (1 - confidence) / rows, and all of them hold together at `confidence`.
        let timedRows = common.filter { key in
            let b = baseByKey[key]!, h = headByKey[key]!
            return !b.samplesNs.isEmpty && !h.samplesNs.isEmpty
        }.count
        var rowOptions = options
        rowOptions.confidence = FamilyWise.rowConfidence(family: options.confidence, rows: timedRows)
        var unsteadyRows: [(key: ResultKey, assessment: Unsteadiness.Assessment)] = []
        let runReasons = Unsteadiness.runReasons(base: base, head: head)
        for key in common {
            let b = baseByKey[key]!, h = headByKey[key]!
            if b.specHash != h.specHash, changedSpecs.insert(key.spec).inserted {
                notes.append(
                    "\(key.spec): the spec's content differs between the runs (hash \(b.specHash) vs \(h.specHash)); its results compare different layouts"
                )
            }
            if var time = compareTime(b, h, rowOptions) {
                if let assessment = Unsteadiness.assess(
                    base: b, head: h, machineFactor: time.machineFactor, runReasons: runReasons)
                {
                    time.interval = Unsteadiness.widened(time.interval, by: assessment.factor)
                    time.verdict = verdict(
                        time.interval, options.threshold(spec: b.spec, scenario: b.scenario, metric: .time))
                    unsteadyRows.append((key, assessment))
                }
                comparisons.append(time)
            }
            if let instructions = compareInstructions(b, h, options) { comparisons.append(instructions) }
            if let allocations = compareMemory(
                b, h, .allocations, b.memory.allocations, h.memory.allocations,
                floor: options.allocationFloor, options)
            {
                comparisons.append(allocations)
            }
            if let bytes = compareMemory(
                b, h, .allocatedBytes, b.memory.allocatedBytes, h.memory.allocatedBytes,
                floor: options.byteFloor, options)
            {
                comparisons.append(bytes)
            }
        }
        for (name, report) in [("base", base), ("head", head)] where report.run.runner.slowdown.isActive {
            notes.append("\(name) ran with the test-only slowdown knob on (LAYOUTBENCH_SLOWDOWN_*)")
        }
        for (name, report) in [("base", base), ("head", head)] where report.run.buildConfiguration != "release" {
            notes.append("\(name) is a \(report.run.buildConfiguration) build")
        }
        if timedRows > 1 {
            notes.append(
                "family-wise: each of the \(timedRows) time intervals is at \(FamilyWise.percent(rowOptions.confidence)) (Bonferroni), so all hold together at \(FamilyWise.percent(options.confidence))"
            )
        }
        if !unsteadyRows.isEmpty {
            let worst = unsteadyRows.max { $0.assessment.factor < $1.assessment.factor }!
            notes.append(
                "unsteady machine: two separate runs cannot show the noise between them, and \(unsteadyRows.count) of \(timedRows) time results show signs of it (worst \(worst.key): \(worst.assessment.reasons.joined(separator: ", "))); their intervals are widened by at least x\(BenchFormat.fixed(Unsteadiness.minimumFactor, decimals: 1)) (up to x\(BenchFormat.fixed(worst.assessment.factor, decimals: 2))), so only a change far beyond that is slower; for a verdict on time use `layoutbench ab BASE_BINARY HEAD_BINARY` (pairs measure this noise) or `bench --metric instructions`"
            )
        }
        notes += MachineSteadiness.notes(base: base, head: head, comparisons: comparisons)
        if base.machine.cpu != head.machine.cpu || base.machine.cores != head.machine.cores {
            notes.append(
                "the runs are from different machines (\(base.machine.cpu), \(base.machine.cores) cores vs \(head.machine.cpu), \(head.machine.cores) cores)"
            )
        }
        return ComparisonReport(
            options: options, base: basePath, head: headPath, comparisons: comparisons,
            onlyInBase: onlyBase, onlyInHead: onlyHead, notes: notes)
    }

    /// The median time: head / base with the between-run interval (`BetweenRunInterval`): round medians as
    /// the unit, widened by a run-to-run floor. Nil for a
    /// result without timings (an instruction-count run).
    static func compareTime(_ b: ScenarioResult, _ h: ScenarioResult, _ options: ComparisonOptions) -> MetricComparison?
    {
        guard !(b.samplesNs.isEmpty && b.summaryNs.median == 0) && !(h.samplesNs.isEmpty && h.summaryNs.median == 0)
        else { return nil }
        let interval: RatioInterval
        var machineFactor: Double?
        if !b.samplesNs.isEmpty && !h.samplesNs.isEmpty {
            let estimate = BetweenRunInterval.estimate(
                base: SampleBlocks(b), head: SampleBlocks(h), confidence: options.confidence,
                runToRunFloor: options.runToRunFloor)
            interval = CPUShare.widened(estimate.interval, base: b, head: h)
            machineFactor = estimate.machineFactor
        } else {
            // No samples kept: the medians alone, and an interval that is only the point.
            let ratio = RatioInterval.ratio(h.summaryNs.median, b.summaryNs.median)
            interval = RatioInterval(ratio: ratio, lower: ratio, upper: ratio, confidence: options.confidence)
        }
        let threshold = options.threshold(spec: b.spec, scenario: b.scenario, metric: .time)
        return MetricComparison(
            spec: b.spec, scenario: b.scenario, threads: b.threads, metric: .time,
            base: Double(b.summaryNs.median), head: Double(h.summaryNs.median),
            interval: interval, verdict: verdict(interval, threshold), machineFactor: machineFactor)
    }

    /// Instructions per operation: exact counts, so the interval is the point and the verdict says whether
    /// it moved beyond the (instruction) threshold.
    static func compareInstructions(_ b: ScenarioResult, _ h: ScenarioResult, _ options: ComparisonOptions)
        -> MetricComparison?
    {
        guard let bi = b.instructions?.perOperation, let hi = h.instructions?.perOperation else { return nil }
        let ratio = bi == 0 ? (hi == 0 ? 1 : .infinity) : hi / bi
        let interval = RatioInterval(ratio: ratio, lower: ratio, upper: ratio, confidence: 1)
        let threshold = options.threshold(spec: b.spec, scenario: b.scenario, metric: .instructions)
        return MetricComparison(
            spec: b.spec, scenario: b.scenario, threads: b.threads, metric: .instructions,
            base: bi, head: hi, interval: interval, verdict: verdict(interval, threshold), machineFactor: nil)
    }

    /// A per-operation memory figure: counted when the ratio is beyond the threshold and the difference
    /// beyond the floor.
    static func compareMemory(
        _ b: ScenarioResult, _ h: ScenarioResult, _ metric: ComparedMetric,
        _ baseValue: Double?, _ headValue: Double?, floor: Double,
        _ options: ComparisonOptions
    ) -> MetricComparison? {
        guard let baseValue, let headValue else { return nil }
        let ratio: Double
        if baseValue == 0 { ratio = headValue == 0 ? 1 : .infinity } else { ratio = headValue / baseValue }
        let interval = RatioInterval(ratio: ratio, lower: ratio, upper: ratio, confidence: 1)
        var result = verdict(interval, options.threshold(spec: b.spec, scenario: b.scenario, metric: metric))
        if abs(headValue - baseValue) <= floor { result = .same }
        return MetricComparison(
            spec: b.spec, scenario: b.scenario, threads: b.threads, metric: metric,
            base: baseValue, head: headValue, interval: interval, verdict: result, machineFactor: nil)
    }

    /// `Verdict.classify`: slower, faster, same or inconclusive.
    public static func verdict(_ interval: RatioInterval, _ threshold: Double) -> Verdict {
        Verdict.classify(interval, threshold: threshold)
    }
}
