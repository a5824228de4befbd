/// Everything the daemon is told at start.
public struct WatchConfiguration: Sendable {
    /// Spec files or folders (searched recursively).
    public var paths: [String]
    public var rules: IgnoreRules
    public var logPath: String
    public var renderFolder: String?
    public var debounceMs: Int
    /// Run every spec once at start.
    public var initialRun: Bool
    /// Run every spec once and exit with compare's codes (for CI).
    public var once: Bool
    /// A child over this many seconds is killed and logged as `timeout`.
    public var timeoutSeconds: Double
    /// compare's threshold for the verdicts.
    public var threshold: Double
    /// This binary, which each child runs.
    public var executable: String
    /// The child's command line for a spec, the result file it writes and the picture it draws (`bench SPEC
    /// --json FILE [--picture SVG]` with the watch's scenarios, threads and budget), from the CLI's
    /// `BenchInvocation`.
    /// The bench child's arguments for `spec`; `helpers` are the `.swift` files beside a `.swift` spec, compiled
    /// with it (`SpecScanner.swiftNeighbours`), empty for other specs; `before` is the snapshot of the layout
    /// its previous ok run benched (`snapshotFile`), to be timed against in lock-step, or nil.
    public var benchArguments:
        @Sendable (
            _ spec: String, _ helpers: [String], _ resultFile: String, _ picture: String?, _ before: String?
        ) -> [String]
    public var colour: Bool
    /// Whether each run lints its spec. The bench child lints the layout it read and benched, and writes the
    /// findings to `lintFile(forResult:)` (`benchArguments` passes that path on, `bench --lint-findings`), so
    /// the daemon reads no spec itself: it reads the findings file, as it reads the result file.
    public var lints: Bool
    /// Told every record as it is logged, with the spec's path relative to the watched paths (the live
    /// dashboard's feed). Called on the daemon's queue: it must hand the record on and return at once, never
    /// wait for a reader.
    public var onRecord: (@Sendable (_ record: RunRecord, _ relativePath: String) -> Void)?
    /// Told each run's first line as it is printed: the spec's absolute and relative paths and the picture
    /// drawn for it (nil without one). Called on the daemon's queue, like `onRecord`: it must return at once.
    public var onFirstLook: (@Sendable (_ spec: String, _ relativePath: String, _ picture: String?) -> Void)?
    /// Told the daemon's health each time its queue may have changed (a spec queued, a run started or
    /// ended). Called on the daemon's queue, like `onRecord`: it must return at once.
    public var onHealth: (@Sendable (WatchHealth) -> Void)?

    public init(
        paths: [String], rules: IgnoreRules = IgnoreRules(), logPath: String,
        renderFolder: String?, debounceMs: Int, initialRun: Bool, once: Bool,
        timeoutSeconds: Double, threshold: Double, executable: String,
        benchArguments:
            @escaping @Sendable (
                _ spec: String, _ helpers: [String], _ resultFile: String, _ picture: String?, _ before: String?
            ) -> [String],
        colour: Bool, lints: Bool = false
    ) {
        self.paths = paths; self.rules = rules
        self.logPath = logPath; self.renderFolder = renderFolder
        self.debounceMs = debounceMs; self.initialRun = initialRun; self.once = once
        self.timeoutSeconds = timeoutSeconds; self.threshold = threshold; self.executable = executable
        self.benchArguments = benchArguments; self.colour = colour
        self.lints = lints
    }

    /// Where the child of a run writes its lint findings (a JSON array of `WatchLintFinding`) beside its
    /// result file.
    public static func lintFile(forResult resultFile: String) -> String { resultFile + ".lint.json" }

    /// Where the child of a run writes the layout it benched, as a spec (`bench --snapshot-out`): the next
    /// save of the spec is timed against it.
    public static func snapshotFile(forResult resultFile: String) -> String { resultFile + ".snapshot.yaml" }

    /// Where the child writes its lock-step changes against the previous snapshot (`bench --paired-out`, a JSON
    /// array of `PairedChange`).
    public static func pairedFile(forResult resultFile: String) -> String { resultFile + ".paired.json" }
}

/// The daemon's health: how many specs it knows (watched and seen) and how many runs wait to start.
public struct WatchHealth: Hashable, Sendable {
    /// Specs the daemon has run or queued and not seen vanish.
    public var watchedSpecs: Int
    /// Runs waiting to start (the running one excluded).
    public var queueLength: Int

    public init(watchedSpecs: Int, queueLength: Int) {
        self.watchedSpecs = watchedSpecs; self.queueLength = queueLength
    }
}
