/// The other forms of a result file: CSV for spreadsheets and dashboards, and the table of an instruction
/// run (`bench --metric instructions`), whose results have counts instead of timings.
extension BenchReport {
    /// Whether every result is an instruction count.
    public var isInstructionRun: Bool { !results.isEmpty && results.allSatisfy { $0.instructions != nil } }

    /// One row per result; times in nanoseconds, empty cells for what was not measured.
    public func csv() -> String {
        let header = [
            "label", "commit", "spec", "scenario", "threads", "samples", "min_ns", "median_ns", "p90_ns", "p99_ns",
            "max_ns", "mean_ns", "sd_ns", "outliers", "throughput_per_s", "cpu_per_wall", "allocations_per_op",
            "allocated_bytes_per_op", "instructions_per_op",
        ]
        var lines = [header.joined(separator: ",")]
        for r in results {
            let s = r.summaryNs
            let spread = SampleSpread(samples: r.samplesNs)
            let timed = !r.samplesNs.isEmpty
            let cells: [String] = [
                label ?? "", gitCommit, r.spec, r.scenario, "\(r.threads)", "\(r.samplesNs.count)",
                timed ? "\(s.min)" : "", timed ? "\(s.median)" : "", timed ? "\(s.p90)" : "", timed ? "\(s.p99)" : "",
                timed ? "\(s.max)" : "", timed ? BenchFormat.fixed(spread.mean, decimals: 1) : "",
                timed ? BenchFormat.fixed(spread.standardDeviation, decimals: 1) : "",
                "\(spread.lowOutliers + spread.highOutliers)",
                timed ? BenchFormat.fixed(r.throughputPerSecond, decimals: 1) : "",
                r.measuredCPUPerWall.map { BenchFormat.fixed($0, decimals: 3) } ?? "",
                r.memory.allocations.map { BenchFormat.fixed($0, decimals: 2) } ?? "",
                r.memory.allocatedBytes.map { BenchFormat.fixed($0, decimals: 1) } ?? "",
                r.instructions.map { BenchFormat.fixed($0.perOperation, decimals: 1) } ?? "",
            ]
            lines.append(cells.map(Self.csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The table of an instruction run: instructions per operation and per work item.
    public func instructionTable(markdown: Bool) -> String {
        let header = ["spec", "scenario", "operations", "instructions/op", "instructions/unit"]
        let rows = results.map { r -> [String] in
            let count = r.instructions
            let perOp = count?.perOperation ?? 0
            return [
                r.spec, r.scenario, "\(count?.operations ?? 0)", BenchFormat.count(perOp),
                r.workItems > 0 ? BenchFormat.count(perOp / Double(r.workItems)) : "-",
            ]
        }
        let table = TextTable(header: header, rows: rows, numeric: [2, 3, 4])
        var lines = [
            (markdown ? "### " : "") + "layoutbench instructions: \(specs.map(\.name).joined(separator: ", "))",
            "callgrind, one thread, \(run.buildConfiguration) build; commit \(gitCommit.prefix(12))"
                + (label.map { "; label \($0)" } ?? ""),
            "", markdown ? table.markdown() : table.plain(),
        ]
        if let extra = run.runner.extraWork, extra.isActive {
            lines.append("")
            lines.append(
                (markdown ? "**" : "warning: ")
                    + "TEST-ONLY EXTRA WORK ACTIVE (\(ExtraWork.environmentKey)=\(extra.percent))"
                    + (markdown ? "**" : ""))
        }
        return lines.joined(separator: "\n")
    }
}
