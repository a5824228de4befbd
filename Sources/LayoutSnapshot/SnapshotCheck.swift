import CompositionalLayout

/// How one configuration of a layout compares with its golden.
public struct ConfigurationCheck: Hashable, Sendable {
    public enum Status: String, Hashable, Sendable {
        /// Every frame, the content size and the diagnostics as recorded.
        case matches
        /// Something differs (`diff` says what).
        case changed
        /// In the matrix checked, not in the golden: never recorded.
        case notRecorded
        /// In the golden, not in the matrix checked.
        case notInMatrix
    }

    public var configuration: SnapshotConfiguration
    public var status: Status
    /// The comparison, for `matches` and `changed`.
    public var diff: ConfigurationDiff?
    /// The golden's frames and the frames solved now, where there are both (the report draws them).
    public var old: SnapshotFrames?
    public var new: SnapshotFrames?

    public init(
        configuration: SnapshotConfiguration, status: Status, diff: ConfigurationDiff? = nil,
        old: SnapshotFrames? = nil, new: SnapshotFrames? = nil
    ) {
        self.configuration = configuration
        self.status = status
        self.diff = diff
        self.old = old
        self.new = new
    }

    public var id: String { configuration.id }
    public var passed: Bool { status == .matches }
}

/// How one layout compares with its golden file, configuration by configuration.
public struct LayoutCheck: Hashable, Sendable {
    /// What became of the golden.
    public enum Outcome: String, Hashable, Sendable {
        /// Compared; the golden left as it was.
        case compared
        /// There was no golden: one was written (`record`, or `check` outside `--ci`).
        case recorded
        /// There was no golden and none was written (`check --ci`): a failure.
        case missing
        /// Compared, then the golden written again (`check --update`) because something differed.
        case updated
    }

    /// The layout's path, as given.
    public var source: String
    /// The layout's name.
    public var layout: String
    /// The golden file's path.
    public var golden: String
    public var outcome: Outcome
    public var configurations: [ConfigurationCheck]
    /// The rules revision the golden was recorded under, when it is not this build's.
    public var goldenRules: String?

    public init(
        source: String, layout: String, golden: String, outcome: Outcome, configurations: [ConfigurationCheck],
        goldenRules: String? = nil
    ) {
        self.source = source
        self.layout = layout
        self.golden = golden
        self.outcome = outcome
        self.configurations = configurations
        self.goldenRules = goldenRules
    }

    /// The configurations that do not match (changed, not recorded, not in the matrix).
    public var failures: [ConfigurationCheck] { configurations.filter { !$0.passed } }

    /// Whether the check fails: a golden missing under `--ci`, or a configuration that does not match and
    /// was not written again.
    public var failed: Bool {
        switch outcome {
        case .missing: return true
        case .recorded, .updated: return false
        case .compared: return !failures.isEmpty
        }
    }

    /// Compares `golden` with the frames solved now for `current` (in the matrix's order); configurations only
    /// in the golden come last, as `notInMatrix`.
    /// - Complexity: O(configurations² + elements): configurations are matched by id in a list.
    public static func compare(golden: GoldenFile, current: [GoldenFile.Block]) -> [ConfigurationCheck] {
        var checks: [ConfigurationCheck] = []
        for block in current {
            guard let recorded = golden.block(block.configuration.id) else {
                checks.append(
                    ConfigurationCheck(configuration: block.configuration, status: .notRecorded, new: block.frames))
                continue
            }
            let diff = ConfigurationDiff(configuration: block.configuration.id, old: recorded.frames, new: block.frames)
            checks.append(
                ConfigurationCheck(
                    configuration: block.configuration, status: diff.matches ? .matches : .changed, diff: diff,
                    old: recorded.frames, new: block.frames))
        }
        for recorded in golden.blocks
        where !current.contains(where: { $0.configuration.id == recorded.configuration.id }) {
            checks.append(
                ConfigurationCheck(configuration: recorded.configuration, status: .notInMatrix, old: recorded.frames))
        }
        return checks
    }
}
