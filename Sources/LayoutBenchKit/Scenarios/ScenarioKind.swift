import BenchResults
import Foundation

/// The scenarios `layoutbench bench` knows, each measuring one thing a user cares about.
public enum ScenarioKind: String, CaseIterable, Codable, Sendable, CustomStringConvertible {
    /// Solve from the model (the spec already parsed): what a first layout pass costs.
    case full
    /// `full`, then write every cell frame to a buffer, as a renderer or a cache would.
    case fullMaterialize = "full-materialize"
    /// A rotation: container 390 x 844 to 844 x 390 and back (two resizes per sample).
    case resize
    /// One random item's preferred size arrives: the latency of one self-sizing update.
    case measureOne = "measure-one"
    /// 1,000 random items' sizes arrive in one call.
    case measureBatch = "measure-batch"
    /// One item inserted at a random place of a random section.
    case insert
    /// One item deleted from a random section.
    case delete
    /// One section moved elsewhere (a delete and an insert of a section in one batch).
    case moveSection = "move-section"
    /// A viewport-sized rect query, sweeping the content from top to bottom.
    case query
    /// A lazy engine (estimates only) scrolled top to bottom, measuring what comes into view, like UIKit.
    case lazyScroll = "lazy-scroll"
    /// Read the spec file into the model.
    case parse
    /// `layoutbench snapshot check` of one layout over 40 configurations (opt-in: `all` leaves it out).
    case snapshotCheck = "snapshot-check"

    public var description: String { rawValue }

    /// What one sample does, for help texts.
    public var summary: String {
        switch self {
        case .full: return "solve from the model (parse excluded)"
        case .fullMaterialize: return "solve, then write every cell frame to a buffer"
        case .resize: return "rotate: 390x844 -> 844x390 -> 390x844"
        case .measureOne: return "one random item's size arrives"
        case .measureBatch: return "1,000 random items' sizes arrive at once"
        case .insert: return "insert one item in a random section"
        case .delete: return "delete one item from a random section"
        case .moveSection: return "move one section (moveSection, keeping its sizes)"
        case .query: return "viewport query, sweeping the content"
        case .lazyScroll: return "lazy engine scrolled top to bottom, measuring on the way"
        case .parse: return "read the spec file into the model"
        case .snapshotCheck: return "snapshot check over 40 configurations: read the golden, solve, compare"
        }
    }

    /// The expected cost of one unit of this scenario per item, relative to `full` (1), for balancing
    /// `bench --shard I/N`: set-up solves dominate a time-budgeted unit, so scenarios that solve more weigh more.
    public var shardWeight: Double {
        switch self {
        case .full, .query, .measureOne, .measureBatch, .insert, .delete, .moveSection: return 1
        case .fullMaterialize, .resize, .lazyScroll: return 2
        case .parse: return 3
        case .snapshotCheck: return 40
        }
    }

    /// The unit of throughput: what `workItems` counts.
    public var unit: String {
        switch self {
        case .query: return "queries"
        case .snapshotCheck: return "item-configurations"
        default: return "items"
        }
    }

    /// The scenarios `all` means: every one but the opt-in `snapshot-check`, which measures a whole CI check
    /// (40 solves a sample) rather than one operation of the engine.
    public static var standard: [ScenarioKind] { allCases.filter { $0 != .snapshotCheck } }

    /// Parses a comma-separated list (`full,resize`); `all` means every standard scenario.
    public static func parseList(_ text: String) throws(BenchError) -> [ScenarioKind] {
        var result: [ScenarioKind] = []
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            if part == "all" { return standard }
            guard let kind = ScenarioKind(rawValue: part) else {
                throw BenchError.badArgument(
                    "unknown scenario '\(part)'; known: \(allCases.map(\.rawValue).joined(separator: ", ")) (or all)")
            }
            if !result.contains(kind) { result.append(kind) }
        }
        guard !result.isEmpty else { throw BenchError.badArgument("no scenario named in '\(text)'") }
        return result
    }

    /// Whether LayoutBenchKit builds this kind itself (`ScenarioCatalog`).
    var isBuiltIn: Bool { self != .snapshotCheck }

    /// Builds the scenario (its setup runs here, untimed), or nil for a kind built above this module.
    func makeBuiltIn(_ context: ScenarioContext) throws -> (any BenchScenario)? {
        switch self {
        case .full: return try FullSolveScenario(context, materialize: false)
        case .fullMaterialize: return try FullSolveScenario(context, materialize: true)
        case .resize: return try ResizeScenario(context)
        case .measureOne: return try MeasureScenario(context, batch: 1)
        case .measureBatch: return try MeasureScenario(context, batch: 1_000)
        case .insert: return try ItemEditScenario(context, inserting: true)
        case .delete: return try ItemEditScenario(context, inserting: false)
        case .moveSection: return try MoveSectionScenario(context)
        case .query: return try QueryScenario(context)
        case .lazyScroll: return try LazyScrollScenario(context)
        case .parse: return try ParseScenario(context)
        case .snapshotCheck: return nil
        }
    }
}
