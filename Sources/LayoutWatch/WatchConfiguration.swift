/// Everything the daemon is told at start.
public struct WatchConfiguration: Sendable {
    /// Spec files or folders (searched recursively).
    public var paths: [String]
    public var rules: IgnoreRules
    /// Passed to each child's `bench --scenarios`.
    public var scenarios: String
    /// Passed to each child's `bench --threads`.
    public var threads: String
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
    /// The bench options that set the child's budget (`--time-budget 0.2 --rounds 3`, or a test's tiny one),
    /// and `--allow-debug` when the daemon itself is a debug build.
    public var benchArguments: [String]
    public var colour: Bool

    public init(paths: [String], rules: IgnoreRules = IgnoreRules(), scenarios: String, threads: String, logPath: String,
                renderFolder: String?, debounceMs: Int, initialRun: Bool, once: Bool,
                timeoutSeconds: Double, threshold: Double, executable: String, benchArguments: [String], colour: Bool) {
        self.paths = paths; self.rules = rules; self.scenarios = scenarios; self.threads = threads
        self.logPath = logPath; self.renderFolder = renderFolder
        self.debounceMs = debounceMs; self.initialRun = initialRun; self.once = once
        self.timeoutSeconds = timeoutSeconds; self.threshold = threshold; self.executable = executable
        self.benchArguments = benchArguments; self.colour = colour
    }
}
