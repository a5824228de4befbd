/// The readable forms of a result file: a table for a terminal, Markdown for a CI job summary.
extension BenchReport {
    /// The widest line of the default table (`table()`): a terminal's 120 columns.
    public static let tableWidth = 120

    /// One row per result. By default what fits in `tableWidth` columns: scenario, threads, median, p99,
    /// throughput, speed-up over 1 thread, allocations per operation, after the spec's name;
    /// `wide` adds the rest of the distribution, CPU/wall, bytes per operation and per item, outliers.
    public func table(wide: Bool = false) -> String {
        let body = wide ? resultTable().plain() : narrowTable().plain()
        return header(markdown: false, width: wide ? nil : Self.tableWidth) + "\n\n" + body + footer(markdown: false)
    }

    /// The same as a Markdown document (every column).
    public func markdown() -> String {
        header(markdown: true, width: nil) + "\n\n" + resultTable().markdown() + "\n" + footer(markdown: true)
    }

    private func header(markdown: Bool, width: Int?) -> String {
        let specsText = specs.map {
            "\($0.name) (\(BenchFormat.count(Double($0.items))) items, \($0.sections) sections)"
        }
        .joined(separator: ", ")
        let memory = BenchFormat.bytes(Double(machine.memoryBytes))
        let dirty = gitDirty == true ? " (dirty)" : ""
        let labelText = label.map { "; label \($0)" } ?? ""
        let allocator = run.allocator.map { "jemalloc \($0.split(separator: "-").first ?? "")" } ?? "(no jemalloc)"
        let runner = run.runner
        let lines = [
            "\(markdown ? "### " : "")layoutbench: \(specsText)",
            "\(machine.cpu), \(machine.cores) cores, \(memory), \(machine.os); \(toolchain.swift); "
                + "\(run.buildConfiguration) build; commit \(gitCommit.prefix(12))\(dirty)\(labelText)",
            "\(runner.stop) in \(runner.rounds) rounds, warm-up \(runner.warmupSamples), seed \(runner.seed); "
                + "memory from \(allocator)",
        ]
        let wrapped = width.map { w in lines.flatMap { Self.wrap($0, width: w) } } ?? lines
        return wrapped.joined(separator: markdown ? "  \n" : "\n")
    }

    /// `line` cut after "; " or ", " separators into lines of at most `width` characters where it can.
    static func wrap(_ line: String, width: Int) -> [String] {
        guard line.count > width else { return [line] }
        var result: [String] = []
        var current = ""
        var piece = ""
        func flush() {
            if !current.isEmpty && current.count + piece.count > width {
                result.append(String(current.trimmingPrefix(" ")).trimmingSuffixSpaces())
                current = "  "
            }
            current += piece
            piece = ""
        }
        for character in line {
            piece.append(character)
            if character == " ", piece.hasSuffix("; ") || piece.hasSuffix(", ") { flush() }
        }
        flush()
        if !current.trimmingSuffixSpaces().isEmpty { result.append(current.trimmingSuffixSpaces()) }
        return result
    }

    private func footer(markdown: Bool) -> String {
        var lines = (skipped ?? []).map { markdown ? "Skipped: \($0)" : "note: skipped: \($0)" }
        if let paired = results.lazy.compactMap(\.pairedSpeedup).first {
            let level = BenchFormat.fixed(paired.confidence * 100, decimals: 0)
            let text =
                "speedup: N threads against 1 in lock-step (\(paired.setUps) set-ups, \(paired.pairs) pairs of "
                + "batches), \(level)% interval; the medians of two rows were taken seconds apart, "
                + "and a machine whose speed drifts can part them further"
            lines += markdown ? [text] : Self.wrap("note: " + text, width: Self.tableWidth)
        } else if speedups().contains(where: { !$0.isEmpty }) {
            // The plain column divides two medians measured seconds apart: say so, and how to do better.
            let text =
                "speedup: the ratio of two medians taken seconds apart, with no interval; a machine whose speed "
                + "drifts can read serial code below 1x. --paired-speedup times N threads against 1 in lock-step"
            lines += markdown ? [text] : Self.wrap("note: " + text, width: Self.tableWidth)
        }
        var notes: [String] = []
        if run.runner.slowdown.isActive {
            let slowdown = run.runner.slowdown
            notes.append(
                "TEST-ONLY SLOWDOWN ACTIVE (LAYOUTBENCH_SLOWDOWN_*): \(slowdown.fixedNs) ns + \(slowdown.percent)% "
                    + "per operation")
        }
        if results.contains(where: { $0.steadyState == false }) {
            let bound = BenchFormat.fixed(Double(SteadyStateRule.firstRound.maximumNs) / 1e9, decimals: 1)
            notes.append(
                "~ marks a median whose warm-up reached no steady state within \(bound) s (window medians kept moving)")
        }
        if run.buildConfiguration == "debug" {
            notes.append("DEBUG BUILD: timings are not representative")
        }
        lines += notes.map { markdown ? "**\($0)**" : "warning: \($0)" }
        guard !lines.isEmpty else { return "" }
        return "\n\n" + lines.joined(separator: markdown ? "  \n" : "\n")
    }

    /// The median, marked `~` when the warm-up reached no steady state.
    private static func median(_ r: ScenarioResult) -> String {
        BenchFormat.duration(ns: r.summaryNs.median) + (r.steadyState == false ? " ~" : "")
    }

    /// The speed-up over 1 thread of each result: the lock-step ratio with its interval when the run has one
    /// (`--paired-speedup`), else the ratio of the two medians.
    private func speedups() -> [String] {
        let serialMedian = Dictionary(
            results.filter { $0.threads == 1 }.map {
                (ResultKey(spec: $0.spec, scenario: $0.scenario, threads: 1), $0.summaryNs.median)
            },
            uniquingKeysWith: { a, _ in a })
        return results.map { r in
            if let paired = r.pairedSpeedup {
                let f = { BenchFormat.fixed($0, decimals: 2) }
                return "\(f(paired.speedup))x [\(f(paired.lower)), \(f(paired.upper))]"
            }
            guard r.threads > 1, let serial = serialMedian[ResultKey(spec: r.spec, scenario: r.scenario, threads: 1)],
                r.summaryNs.median > 0
            else { return "" }
            return BenchFormat.fixed(Double(serial) / Double(r.summaryNs.median), decimals: 2) + "x"
        }
    }

    /// The default columns.
    func narrowTable() -> TextTable {
        let header = ["spec", "scenario", "thr", "median", "p99", "throughput", "speedup", "allocs/op"]
        let speedup = speedups()
        let rows = results.enumerated().map { index, r -> [String] in
            [
                r.spec, r.scenario, "\(r.threads)", Self.median(r), BenchFormat.duration(ns: r.summaryNs.p99),
                "\(BenchFormat.count(r.throughputPerSecond)) \(r.unit)/s", speedup[index],
                r.memory.allocations.map(BenchFormat.count) ?? "-",
            ]
        }
        return TextTable(header: header, rows: rows, numeric: Set(2..<header.count))
    }

    func resultTable() -> TextTable {
        let header = [
            "spec", "scenario", "thr", "samples", "min", "median", "p90", "p99", "max", "mean ± sd", "throughput",
            "cpu/wall", "speedup", "alloc/op", "allocs/op", "resident/item", "outliers",
        ]
        let speedups = speedups()
        let rows = results.enumerated().map { index, r -> [String] in
            let s = r.summaryNs
            let speedup = speedups[index]
            let spread = SampleSpread(samples: r.samplesNs)
            return [
                r.spec, r.scenario, "\(r.threads)", "\(r.samplesNs.count)",
                BenchFormat.duration(ns: s.min), Self.median(r), BenchFormat.duration(ns: s.p90),
                BenchFormat.duration(ns: s.p99), BenchFormat.duration(ns: s.max), spread.meanText,
                "\(BenchFormat.count(r.throughputPerSecond)) \(r.unit)/s",
                // "–": CPU windows under `ScenarioResult.minimumCPUWindowNs` in all, too short to read.
                r.measuredCPUPerWall.map { BenchFormat.fixed($0, decimals: 2) } ?? "–", speedup,
                r.memory.allocatedBytes.map(BenchFormat.bytes) ?? "-",
                r.memory.allocations.map(BenchFormat.count) ?? "-",
                r.memory.residentBytesPerItem.map(BenchFormat.bytes) ?? "-", spread.outlierNote,
            ]
        }
        return TextTable(header: header, rows: rows, numeric: Set(2..<(header.count - 1)))
    }
}

extension String {
    fileprivate func trimmingSuffixSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
