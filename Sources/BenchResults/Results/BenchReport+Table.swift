/// The readable forms of a result file: a table for a terminal, Markdown for a CI job summary.
extension BenchReport {
    /// One row per result: the distribution, throughput, CPU/wall, speed-up over 1 thread, memory.
    public func table() -> String {
        header(markdown: false) + "\n\n" + resultTable().plain() + footer(markdown: false)
    }

    /// The same as a Markdown document.
    public func markdown() -> String {
        header(markdown: true) + "\n\n" + resultTable().markdown() + "\n" + footer(markdown: true)
    }

    private func header(markdown: Bool) -> String {
        let specsText = specs.map {
            "\($0.name) (\(BenchFormat.count(Double($0.items))) items, \($0.sections) sections)"
        }
        .joined(separator: ", ")
        let lines = [
            "\(markdown ? "### " : "")layoutbench: \(specsText)",
            "\(machine.cpu), \(machine.cores) cores, \(BenchFormat.bytes(Double(machine.memoryBytes))), \(machine.os); \(toolchain.swift); \(run.buildConfiguration) build; commit \(gitCommit.prefix(12))\(gitDirty == true ? " (dirty)" : "")\(label.map { "; label \($0)" } ?? "")",
            "\(run.runner.stop) in \(run.runner.rounds) rounds, warm-up \(run.runner.warmupSamples), seed \(run.runner.seed); memory from \(run.allocator.map { "jemalloc \($0.split(separator: "-").first ?? "")" } ?? "(no jemalloc)")",
        ]
        return lines.joined(separator: markdown ? "  \n" : "\n")
    }

    private func footer(markdown: Bool) -> String {
        var lines = (skipped ?? []).map { markdown ? "Skipped: \($0)" : "note: skipped: \($0)" }
        var notes: [String] = []
        if run.runner.slowdown.isActive {
            notes.append(
                "TEST-ONLY SLOWDOWN ACTIVE (LAYOUTBENCH_SLOWDOWN_*): \(run.runner.slowdown.fixedNs) ns + \(run.runner.slowdown.percent)% per operation"
            )
        }
        if run.buildConfiguration == "debug" {
            notes.append("DEBUG BUILD: timings are not representative")
        }
        lines += notes.map { markdown ? "**\($0)**" : "warning: \($0)" }
        guard !lines.isEmpty else { return "" }
        return "\n\n" + lines.joined(separator: markdown ? "  \n" : "\n")
    }

    func resultTable() -> TextTable {
        let header = [
            "spec", "scenario", "thr", "samples", "min", "median", "p90", "p99", "max", "mean ± sd", "throughput",
            "cpu/wall", "speedup", "alloc/op", "allocs/op", "resident/item", "outliers",
        ]
        let serialMedian = Dictionary(
            results.filter { $0.threads == 1 }.map {
                (ResultKey(spec: $0.spec, scenario: $0.scenario, threads: 1), $0.summaryNs.median)
            },
            uniquingKeysWith: { a, _ in a })
        let rows = results.map { r -> [String] in
            let s = r.summaryNs
            var speedup = ""
            if r.threads > 1, let serial = serialMedian[ResultKey(spec: r.spec, scenario: r.scenario, threads: 1)],
                s.median > 0
            {
                speedup = BenchFormat.fixed(Double(serial) / Double(s.median), decimals: 2) + "x"
            }
            let spread = SampleSpread(samples: r.samplesNs)
            return [
                r.spec, r.scenario, "\(r.threads)", "\(r.samplesNs.count)",
                BenchFormat.duration(ns: s.min), BenchFormat.duration(ns: s.median), BenchFormat.duration(ns: s.p90),
                BenchFormat.duration(ns: s.p99), BenchFormat.duration(ns: s.max), spread.meanText,
                "\(BenchFormat.count(r.throughputPerSecond)) \(r.unit)/s",
                BenchFormat.fixed(r.cpuPerWall, decimals: 2), speedup,
                r.memory.allocatedBytes.map(BenchFormat.bytes) ?? "-",
                r.memory.allocations.map(BenchFormat.count) ?? "-",
                r.memory.residentBytesPerItem.map(BenchFormat.bytes) ?? "-", spread.outlierNote,
            ]
        }
        return TextTable(header: header, rows: rows, numeric: Set(2..<(header.count - 1)))
    }
}
