/// Measures one scenario at one thread count on its own: setup (untimed), then its rounds back to back
/// (warm-up and timed samples, `ScenarioSampler`), then a memory pass. `BenchSuite` interleaves the rounds
/// of many scenarios instead; this is for a single measurement (tests, package-benchmark-like use).
public struct BenchRunner: Sendable {
    public var configuration: RunnerConfiguration

    public init(configuration: RunnerConfiguration) {
        self.configuration = configuration
    }

    /// Builds the scenario and measures it.
    public func run(_ kind: ScenarioKind, context: ScenarioContext) throws -> ScenarioResult {
        try measure(try kind.make(context), context: context)
    }

    /// Measures an already built scenario.
    public func measure(_ scenario: any BenchScenario, context: ScenarioContext) throws -> ScenarioResult {
        let sampler = ScenarioSampler(scenario: scenario, context: context, configuration: configuration)
        for round in 0..<ScenarioSampler.rounds(configuration) {
            try sampler.runRound(round)
        }
        return try sampler.finish()
    }
}
