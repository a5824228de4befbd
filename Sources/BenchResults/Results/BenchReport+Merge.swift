/// Why shard result files cannot be merged (`layoutbench merge`). Every case is bad input (exit 2).
public enum MergeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No file given.
    case noShards
    /// A result file without a `shard` field: an unsharded or already-merged run.
    case notAShard(path: String)
    /// Two shards disagree on something that must be the same for their rows to belong to one run.
    case differs(field: String, path: String, value: String, otherPath: String, otherValue: String)
    /// The same shard given twice.
    case duplicateShard(shard: String, path: String, otherPath: String)
    /// Two shards hold the same unit (a result row).
    case overlappingUnits(unit: WorkUnit, path: String, otherPath: String)
    /// Shards are missing and `--allow-partial` was not given.
    case missingShards(merged: Int, count: Int, missing: [Int])

    public var description: String {
        switch self {
        case .noShards:
            return "no shard result files given; give the files of `bench --shard I/N --json FILE`"
        case let .notAShard(path):
            return
                "\(path): not a shard (no `shard` field): only files of `bench --shard I/N --json FILE` merge"
        case let .differs(field, path, value, otherPath, otherValue):
            return
                "\(path) and \(otherPath) are shards of different runs: `\(field)` is \(value) in \(path) but \(otherValue) in \(otherPath); rerun the shards with one build, seed and settings"
        case let .duplicateShard(shard, path, otherPath):
            return "\(path) and \(otherPath) are both shard \(shard); give each shard once"
        case let .overlappingUnits(unit, path, otherPath):
            return "\(path) and \(otherPath) both hold \(unit); shards must not overlap"
        case let .missingShards(merged, count, missing):
            let names = missing.map { "shard \($0)/\(count)" }.joined(separator: ", ")
            return
                "merged \(merged) of \(count) shards: \(names) missing; give every shard, or --allow-partial to merge anyway"
        }
    }
}

extension BenchReport {
    /// Joins shard results (`bench --shard I/N`) of one run into one result with no `shard` field, as an
    /// unsharded run of the same inputs would have written (timings aside): results ordered by spec,
    /// scenario and thread count in the run's order; `skipped` the union; `createdAt`, label and command line
    /// of the first shard. Refuses shards of different builds (git commit, build configuration, toolchain),
    /// seeds, runner settings, scenarios, thread counts or input specs (content hashes), a shard given twice,
    /// overlapping rows, and (unless `allowPartial`) missing shards.
    /// - Complexity: O(r log r) for r result rows.
    public static func merge(_ shards: [(path: String, report: BenchReport)], allowPartial: Bool = false)
        throws(MergeError) -> BenchReport
    {
        guard let (firstPath, first) = shards.first else { throw .noShards }
        guard let firstShard = first.shard else { throw .notAShard(path: firstPath) }
        var byIndex: [Int: String] = [:]
        var owner: [WorkUnit: String] = [:]
        for (path, report) in shards {
            guard let shard = report.shard else { throw .notAShard(path: path) }
            try checkSame(first, firstPath, report, path)
            if shard.count != firstShard.count {
                throw .differs(
                    field: "shard.count", path: firstPath, value: "\(firstShard.count)", otherPath: path,
                    otherValue: "\(shard.count)")
            }
            if let other = byIndex[shard.index] {
                throw .duplicateShard(shard: "\(shard.index)/\(shard.count)", path: other, otherPath: path)
            }
            byIndex[shard.index] = path
            for unit in shard.units + report.results.map(WorkUnit.init) {
                if let other = owner[unit], other != path {
                    throw .overlappingUnits(unit: unit, path: other, otherPath: path)
                }
                owner[unit] = path
            }
        }
        let missing = (1...firstShard.count).filter { byIndex[$0] == nil }
        if !missing.isEmpty && !allowPartial {
            throw .missingShards(merged: byIndex.count, count: firstShard.count, missing: missing)
        }
        var merged = first
        merged.shard = nil
        let specOrder = Dictionary(first.specs.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        let scenarioOrder = Dictionary(
            first.run.scenarios.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        merged.results = shards.flatMap(\.report.results).sorted {
            (specOrder[$0.spec] ?? 0, scenarioOrder[$0.scenario] ?? 0, $0.threads)
                < (specOrder[$1.spec] ?? 0, scenarioOrder[$1.scenario] ?? 0, $1.threads)
        }
        var skipped: [String] = []
        for line in shards.flatMap({ $0.report.skipped ?? [] }) where !skipped.contains(line) { skipped.append(line) }
        merged.skipped = skipped.isEmpty ? nil : skipped
        if shards.contains(where: { $0.report.gitDirty == true }) { merged.gitDirty = true }
        return merged
    }

    /// The fields two shards of one run share; the first that differs is named.
    private static func checkSame(_ a: BenchReport, _ pathA: String, _ b: BenchReport, _ pathB: String)
        throws(MergeError)
    {
        let fields: [(String, String, String)] = [
            ("gitCommit", a.gitCommit, b.gitCommit),
            ("run.buildConfiguration", a.run.buildConfiguration, b.run.buildConfiguration),
            ("toolchain.swift", a.toolchain.swift, b.toolchain.swift),
            ("run.runner.seed", "\(a.run.runner.seed)", "\(b.run.runner.seed)"),
            ("run.runner", "\(a.run.runner)", "\(b.run.runner)"),
            ("run.scenarios", a.run.scenarios.joined(separator: ","), b.run.scenarios.joined(separator: ",")),
            (
                "run.threads", a.run.threads.map(String.init).joined(separator: ","),
                b.run.threads.map(String.init).joined(separator: ",")
            ),
            (
                "specs", a.specs.map { "\($0.name)@\($0.contentHash)" }.joined(separator: ","),
                b.specs.map { "\($0.name)@\($0.contentHash)" }.joined(separator: ",")
            ),
        ]
        for (field, valueA, valueB) in fields where valueA != valueB {
            throw .differs(
                field: field, path: pathA, value: "'\(valueA)'", otherPath: pathB, otherValue: "'\(valueB)'")
        }
        if a.run.runner != b.run.runner {
            throw .differs(
                field: "run.runner", path: pathA, value: "'\(a.run.runner)'", otherPath: pathB,
                otherValue: "'\(b.run.runner)'")
        }
    }
}
