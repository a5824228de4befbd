/// A part of LayoutBench that sits behind a package trait (README "Optional parts"): the default build leaves
/// it out so that it compiles neither swift-syntax nor NIO, TLS or an HTTP server. Every command and option
/// exists in every build; one that needs a part the build lacks throws `MissingBuildTrait`.
public enum BuildTrait: String, CaseIterable, Hashable, Sendable {
    /// `layoutbench import`, and `.swift` layout code wherever a spec goes (swift-syntax).
    case importing = "Import"
    /// The PostgreSQL results store: `push`, `--store postgres://…` (the system's libpq).
    case postgres = "Postgres"
    /// `watch --serve`: the live dashboard and `/metrics` (Hummingbird, swift-prometheus).
    case dashboard = "Dashboard"

    /// The trait's name, as `swift build --traits` takes it.
    public var name: String { rawValue }

    /// Whether this build has the part. Each module that holds one asks through the same condition.
    public var isBuilt: Bool {
        switch self {
        case .importing:
            #if Import
            return true
            #else
            return false
            #endif
        case .postgres:
            #if Postgres
            return true
            #else
            return false
            #endif
        case .dashboard:
            #if Dashboard
            return true
            #else
            return false
            #endif
        }
    }

    /// The command that builds a release binary with this part (and the parts this build already has, so
    /// that adding one does not drop another).
    public var buildCommand: String {
        let traits = BuildTrait.allCases.filter { $0 == self || $0.isBuilt }.map(\.name)
        return "swift build -c release --product layoutbench --traits \(traits.joined(separator: ","))"
    }

    /// What a first build of the part costs on a 2-core machine (README "Optional parts" has the figures).
    public var firstBuildCost: String {
        switch self {
        case .importing: return "swift-syntax: a debug build takes about 2.5 min, a release build about 6.5 min more"
        case .postgres: return "the system's libpq (Debian libpq-dev): no third-party code to compile"
        case .dashboard: return "Hummingbird and swift-nio: 2 to 4 minutes"
        }
    }

    /// The mark `--help` adds to an option or command that needs this part, in a build without it.
    public var helpNote: String {
        isBuilt ? "" : " [not in this build: needs the \(name) trait]"
    }

    /// A paragraph for a command's discussion, in a build without this part: how to get it.
    public var helpParagraph: String {
        isBuilt ? "" : "\n\nThis build leaves out the \(name) trait; build it with: \(buildCommand)"
    }
}

/// A command or option needs a part the build was made without. Exit status 2: the input asks for something
/// this binary cannot do; the message says which trait and the exact command that adds it.
public struct MissingBuildTrait: ReportableError, Hashable, Sendable {
    public var trait: BuildTrait
    /// What was asked for, as the user wrote it (`layoutbench push`, `Feed.swift`, `--serve 8080`).
    public var feature: String

    public init(_ trait: BuildTrait, feature: String) {
        self.trait = trait; self.feature = feature
    }

    public var exitStatus: ExitStatus { .badInput }
    public var failureCode: String { "missingTrait" }
    public var report: String { "error: " + message }

    /// The message without its `error:` prefix, for errors that place it at a file.
    public var message: String {
        "\(feature) needs the \(trait.name) trait, which this build of layoutbench leaves out; "
            + "build it with: \(trait.buildCommand) (\(trait.firstBuildCost); README \"Optional parts\")"
    }
}
