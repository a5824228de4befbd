import BenchResults
import CompositionalLayout
import LayoutEngine
import LayoutSpec

/// One thing a user cares about, measured: a setup that is not timed (building the engine, choosing the
/// item a size arrives for) and an operation that is.
///
/// The runner calls `prepareSample()` before every timed `runSample()`, so an operation can always start
/// from the same kind of state (a scenario that inserts an item removes it again in its next
/// `prepareSample()`, keeping the layout's size steady over thousands of samples). Scenarios are classes:
/// they hold an engine across samples.
public protocol BenchScenario: AnyObject {
    /// What this scenario is.
    var kind: ScenarioKind { get }
    /// How many items one operation handles, for throughput (items per second).
    var workItems: Int { get }
    /// What a reader needs to reproduce the measurement (sizes, counts, the seed), for the result file.
    var parameters: [String: String] { get }
    /// The number of items to divide the layout's footprint by, or nil when the scenario holds no solved
    /// layout (parse).
    var footprintItems: Int? { get }
    /// Whether an operation solves the whole layout, so the resident and live bytes it adds are the solved
    /// layout's footprint (`full`, `full-materialize`).
    var measuresLiveBytes: Bool { get }
    /// Untimed work before each sample.
    func prepareSample() throws
    /// The timed operation.
    func runSample() throws
}

extension BenchScenario {
    public var measuresLiveBytes: Bool { false }
}

/// Everything a scenario is built from: the layout, where its spec came from, the threads the engine may
/// use and the seed of every random choice.
public struct ScenarioContext: Sendable {
    public var input: BenchInput
    public var threads: Int
    public var seed: UInt64

    public init(input: BenchInput, threads: Int, seed: UInt64) {
        self.input = input
        self.threads = threads
        self.seed = seed
    }

    public var layout: CollectionLayout { input.layout }

    /// A new engine for this context's layout (every estimated item measured with the spec's model).
    func makeEngine(lazy: Bool = false) throws(BenchError) -> LayoutEngine {
        do {
            return try LayoutEngine(layout: layout, measure: .all, threads: threads, lazy: lazy)
        } catch {
            throw BenchError.layout(error, source: input.source)
        }
    }
}

/// Why a bench could not run. Bad input (a layout that cannot be solved, a spec error, a bad argument) is
/// told apart from an engine that failed mid-run, which is a bug.
public enum BenchError: Error, CustomStringConvertible {
    /// The layout cannot be solved (no variant for the width, too many items). `source` is the spec file's
    /// path (or `preset:NAME`), so the error can name the file; `context` says what the scenario had done.
    case layout(LayoutError, source: String, context: String? = nil)
    /// The engine refused an operation the scenario built: a bug in the scenario or the engine.
    case engine(EngineError, scenario: String)
    /// A spec file that cannot be read or used, with its located error.
    case spec(SpecError)
    /// A file the bench writes for itself (a temporary spec) could not be written: the environment's fault.
    case cannotWrite(path: String, reason: String)
    /// An argument that cannot be used.
    case badArgument(String)
    /// The scenario does not apply to this layout (moving a section of a one-section layout): the suite
    /// skips it and says so.
    case notApplicable(scenario: String, spec: String, reason: String)

    public var description: String {
        switch self {
        case let .layout(error, source, context): return "\(source): \(error)" + (context.map { " (\($0))" } ?? "")
        case let .engine(error, scenario): return "scenario \(scenario): the engine refused an operation: \(error)"
        case let .spec(error): return error.description
        case let .cannotWrite(path, reason): return "cannot write a temporary spec file at \(path): \(reason)"
        case let .badArgument(message): return message
        case let .notApplicable(scenario, spec, reason): return "\(scenario) does not apply to \(spec): \(reason)"
        }
    }
}
