/// How a bench turns a scenario's kind into a scenario: LayoutBenchKit's own scenarios, and those a caller
/// adds whose code lives in a module above this one.
///
/// `snapshot-check` times LayoutSnapshot's check; were it built here, LayoutBenchKit would wait for
/// LayoutSnapshot (and its report pages) to compile before it could start, one more step on the path every
/// build of `layoutbench` waits for. So LayoutSnapshotBench adds it (`ScenarioCatalog.standard` there) and
/// the CLI hands the catalog to every bench it runs.
public struct ScenarioCatalog: Sendable {
    /// Builds a scenario (its set-up runs here, untimed).
    public typealias Maker = @Sendable (ScenarioContext) throws -> any BenchScenario

    private var added: [ScenarioKind: Maker] = [:]

    /// LayoutBenchKit's scenarios only: a kind built elsewhere (`snapshot-check`) is not applicable.
    public static var builtIn: ScenarioCatalog { ScenarioCatalog() }

    /// This catalog with `kind` built by `make`.
    public func adding(_ kind: ScenarioKind, _ make: @escaping Maker) -> ScenarioCatalog {
        var copy = self
        copy.added[kind] = make
        return copy
    }

    /// Whether this catalog can build `kind`.
    public func builds(_ kind: ScenarioKind) -> Bool { added[kind] != nil || kind.isBuiltIn }

    /// Builds the scenario of `kind` for `context`.
    public func make(_ kind: ScenarioKind, _ context: ScenarioContext) throws -> any BenchScenario {
        if let make = added[kind] { return try make(context) }
        if let scenario = try kind.makeBuiltIn(context) { return scenario }
        throw BenchError.notApplicable(
            scenario: kind.rawValue, spec: context.input.name,
            reason: "this program's benches were built without it (LayoutSnapshotBench adds it)")
    }
}
