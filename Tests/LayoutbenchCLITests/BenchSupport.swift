import Foundation

/// The smallest bench that still produces a result file: one scenario, one thread, a handful of samples, no
/// memory pass (30 samples in 5 rounds: enough rounds for the between-run interval); well under a second.
enum TinyBench {
    static let grid = """
        version: 1
        container: { width: 390, height: 844 }
        sections:
          - name: grid
            count: 3
            items: 4
            group:
              horizontal:
                size: { width: fractionalWidth(1), height: absolute(100) }
                subitems: [ { item: { size: { width: fractionalWidth(0.5), height: fractionalHeight(1) } } } ]
        """

    static func arguments(spec: String, scenarios: String = "full") -> [String] {
        [
            "bench", spec, "--allow-debug", "--scenarios", scenarios, "--threads", "1", "--repetitions", "30",
            "--rounds", "5", "--warmup", "1", "--no-memory",
        ]
    }

    /// Benches `spec` into `json`, slowed on purpose by `slowdownPercent` (the test-only knob).
    static func run(spec: String, json: String, scenarios: String = "full", slowdownPercent: Int? = nil) throws
        -> CLI.Result
    {
        try CLI.run(
            arguments(spec: spec, scenarios: scenarios) + ["--json", json],
            environment: slowdownPercent.map { ["LAYOUTBENCH_SLOWDOWN_PERCENT": "\($0)"] } ?? [:])
    }
}
