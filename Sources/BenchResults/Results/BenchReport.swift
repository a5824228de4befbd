/// A result file: what ran, where, on which build, and every measurement. Versioned: a reader refuses a
/// file of another schema or version rather than misread it (`BenchReport.load`).
///
/// JSON shape (version 1): `{ "schema": "layoutbench-results", "version": 1, "createdAt", "machine",
/// "toolchain", "gitCommit", "run", "specs": [...], "results": [ScenarioResult...] }`.
public struct BenchReport: Codable, Hashable, Sendable {
    public static let schemaName = "layoutbench-results"
    public static let currentVersion = 1

    public var schema: String
    public var version: Int
    /// ISO 8601, UTC.
    public var createdAt: String
    public var machine: MachineInfo
    public var toolchain: ToolchainInfo
    /// `git rev-parse HEAD` where the bench ran, or "unknown".
    public var gitCommit: String
    public var run: RunInfo
    public var specs: [SpecInfo]
    public var results: [ScenarioResult]
    /// Scenarios that did not apply to a spec, with the reason (optional: absent when none).
    public var skipped: [String]?
    /// The run's label (`bench --label`), such as "base" or "pr-123" (optional).
    public var label: String?
    /// Whether the work tree had uncommitted changes (optional: unknown outside git).
    public var gitDirty: Bool?
    /// Where `gitCommit` came from: "git", "GITHUB_SHA", "CI_COMMIT_SHA" or "unknown" (optional).
    public var commitSource: String?
    /// Which share of the work this file holds (`bench --shard I/N`); absent in an unsharded or merged result.
    public var shard: ShardInfo?

    public init(
        createdAt: String, machine: MachineInfo, toolchain: ToolchainInfo, gitCommit: String,
        run: RunInfo, specs: [SpecInfo], results: [ScenarioResult], skipped: [String]? = nil
    ) {
        schema = Self.schemaName
        version = Self.currentVersion
        self.createdAt = createdAt
        self.machine = machine
        self.toolchain = toolchain
        self.gitCommit = gitCommit
        self.run = run
        self.specs = specs
        self.results = results
        self.skipped = skipped?.isEmpty == true ? nil : skipped
    }
}

/// How the bench was run.
public struct RunInfo: Codable, Hashable, Sendable {
    public var scenarios: [String]
    public var threads: [Int]
    public var runner: RunnerConfiguration
    /// "release" or "debug".
    public var buildConfiguration: String
    /// The jemalloc version whose counters gave the memory figures, nil without jemalloc.
    public var allocator: String?
    /// The command line, for rerunning.
    public var commandLine: [String]

    public init(
        scenarios: [String], threads: [Int], runner: RunnerConfiguration, buildConfiguration: String,
        allocator: String?, commandLine: [String]
    ) {
        self.scenarios = scenarios; self.threads = threads; self.runner = runner
        self.buildConfiguration = buildConfiguration; self.allocator = allocator; self.commandLine = commandLine
    }
}

/// A layout that was benched.
public struct SpecInfo: Codable, Hashable, Sendable {
    public var name: String
    /// `preset:grid-10k` or a spec file's path.
    public var source: String
    public var items: Int
    public var sections: Int
    public var contentHash: String

    public init(name: String, source: String, items: Int, sections: Int, contentHash: String) {
        self.name = name; self.source = source; self.items = items; self.sections = sections
        self.contentHash = contentHash
    }
}
