/// One unit of bench work: a spec (or preset) benched in one scenario at one thread count. A result row is
/// one unit; `bench --shard I/N` runs a 1/N share of them (`ShardPlan`).
public struct WorkUnit: Codable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public var spec: String
    public var scenario: String
    public var threads: Int

    public init(spec: String, scenario: String, threads: Int) {
        self.spec = spec; self.scenario = scenario; self.threads = threads
    }

    /// The unit of a result row.
    public init(_ result: ScenarioResult) {
        self.init(spec: result.spec, scenario: result.scenario, threads: result.threads)
    }

    public static func < (a: WorkUnit, b: WorkUnit) -> Bool {
        (a.spec, a.scenario, a.threads) < (b.spec, b.scenario, b.threads)
    }

    public var description: String { "\(spec) \(scenario) threads \(threads)" }
}

/// `--shard I/N`: the I-th (1-based) of N shares of the work.
public struct ShardSelector: Hashable, Sendable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index; self.count = count
    }

    /// Parses `I/N` with 1 ≤ I ≤ N ≤ 1000.
    public static func parse(_ text: String) throws(ShardError) -> ShardSelector {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw .badSelector(text, reason: "expected I/N, two whole numbers such as 1/2")
        }
        guard count >= 1, count <= 1000 else {
            throw .badSelector(text, reason: "the shard count N must be from 1 to 1000")
        }
        guard index >= 1, index <= count else {
            throw .badSelector(
                text, reason: "the shard index I counts from 1 to N (\(count)), so 1/\(count) to \(count)/\(count)")
        }
        return ShardSelector(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }
}

/// What a shard's result file records: which shard it is and the units it ran (optional in the file: an
/// unsharded or merged result has none).
public struct ShardInfo: Codable, Hashable, Sendable {
    /// 1-based.
    public var index: Int
    public var count: Int
    /// The units this shard was given (those that turned out not applicable have no result row).
    public var units: [WorkUnit]

    public init(index: Int, count: Int, units: [WorkUnit]) {
        self.index = index; self.count = count; self.units = units
    }
}

/// A bad `--shard` argument (exit 2).
public enum ShardError: Error, Hashable, Sendable, CustomStringConvertible {
    case badSelector(String, reason: String)

    public var description: String {
        switch self {
        case let .badSelector(text, reason): return "--shard '\(text)': \(reason)"
        }
    }
}

/// The deterministic, balanced split of work units into shards: the same units and costs give the same split
/// on every machine, so N CI jobs given `--shard 1/N` … `--shard N/N` run every unit exactly once.
public enum ShardPlan {
    /// Splits `units` into `count` shards (index 0 is shard 1/N). Greedy longest-first: units sorted by cost,
    /// largest first (ties by spec, scenario, threads), each given to the least-loaded shard so far (ties to
    /// the lowest index). The most- and least-loaded shards then differ by at most the largest unit's cost.
    /// Each shard's units come back sorted by `WorkUnit` order. Duplicate units count once.
    /// - Complexity: O(u log u + u × count) for u units.
    public static func split(_ units: [(unit: WorkUnit, cost: Double)], count: Int) -> [[WorkUnit]] {
        precondition(count >= 1, "a split needs at least one shard")
        var seen = Set<WorkUnit>()
        let unique = units.filter { seen.insert($0.unit).inserted }
        let ordered = unique.sorted { a, b in
            a.cost != b.cost ? a.cost > b.cost : a.unit < b.unit
        }
        var shards = Array(repeating: [WorkUnit](), count: count)
        var loads = Array(repeating: 0.0, count: count)
        for entry in ordered {
            var target = 0
            for shard in 1..<count where loads[shard] < loads[target] { target = shard }
            shards[target].append(entry.unit)
            loads[target] += entry.cost
        }
        return shards.map { $0.sorted() }
    }
}
