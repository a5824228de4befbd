import CompositionalLayout
import Testing

@testable import BenchResults
@testable import LayoutBenchKit

/// Every scenario on small presets, through the real engine: each builds, runs a few samples and reports
/// what it did. Counts only, never timings.
@Suite("scenarios")
struct ScenarioTests {
    static let presets = [
        LayoutPreset(kind: .grid, items: 500), LayoutPreset(kind: .feed, items: 400, seed: 2),
        LayoutPreset(kind: .chips, items: 300, seed: 3),
    ]

    @Test("every scenario runs on every small preset, at 1 and 2 threads", arguments: ScenarioKind.allCases)
    func runs(kind: ScenarioKind) throws {
        let runner = SoloSampler(
            configuration: RunnerConfiguration(stop: .repetitions(3), warmupSamples: 1, memoryRepetitions: 1))
        for preset in Self.presets {
            for threads in [1, 2] {
                let context = ScenarioContext(input: .preset(preset), threads: threads, seed: 5)
                let result = try runner.run(kind, context: context)
                #expect(result.samplesNs.count == 3)
                #expect(result.scenario == kind.rawValue)
                #expect(result.items == preset.items)
                #expect(result.workItems >= 1)
                #expect(result.memory.allocations != nil)
                #expect((result.memory.residentBytesPerItem != nil) == [.full, .fullMaterialize].contains(kind))
                // (Its value is process-wide, and other tests run in parallel: only its presence is pinned.)
                #expect((result.memory.liveBytesPerItem != nil) == [.full, .fullMaterialize].contains(kind))
            }
        }
    }

    @Test("insert, delete and move-section keep the layout's size over many samples")
    func editsAreUndone() throws {
        let context = ScenarioContext(input: .preset(LayoutPreset(kind: .feed, items: 300)), threads: 1, seed: 1)
        let sections = context.layout.sectionCount
        for inserting in [true, false] {
            let scenario = try ItemEditScenario(context, inserting: inserting)
            for _ in 0..<50 {
                try scenario.prepareSample()
                try scenario.runSample()
                #expect(scenario.engine.state.itemCount == 300 + (inserting ? 1 : -1))
            }
            try scenario.prepareSample()
            #expect(scenario.engine.state.itemCount == 300)
        }
        let move = try MoveSectionScenario(context)
        for _ in 0..<20 {
            try move.prepareSample()
            try move.runSample()
        }
        #expect(move.engine.sectionCount == sections)
        #expect(move.engine.state.itemCount == 300)
    }

    @Test("full-materialize writes one frame per cell")
    func materialize() throws {
        let context = ScenarioContext(input: .preset(LayoutPreset(kind: .grid, items: 250)), threads: 1, seed: 1)
        let scenario = try FullSolveScenario(context, materialize: true)
        try scenario.prepareSample()
        try scenario.runSample()
        #expect(scenario.framesWritten == 250)
    }

    @Test("query sweeps the content and finds elements")
    func query() throws {
        let context = ScenarioContext(input: .preset(LayoutPreset(kind: .grid, items: 2_000)), threads: 1, seed: 1)
        let scenario = try QueryScenario(context)
        for _ in 0..<20 {
            try scenario.prepareSample()
            try scenario.runSample()
        }
        #expect(scenario.averageElements > 10)
    }

    @Test("lazy-scroll reaches the end of the content")
    func lazyScroll() throws {
        let context = ScenarioContext(input: .preset(LayoutPreset(kind: .selfsizing, items: 500)), threads: 1, seed: 1)
        let scenario = try LazyScrollScenario(context)
        try scenario.prepareSample()
        try scenario.runSample()
        #expect(scenario.stops > 10)
    }

    @Test("a scenario that does not apply (one section to move) is skipped and reported, not fatal")
    func skipped() throws {
        let suite = BenchSuite(
            inputs: [.preset(LayoutPreset(kind: .grid, items: 50))], scenarios: [.full, .moveSection],
            threads: [1, 2],
            configuration: RunnerConfiguration(stop: .repetitions(1), warmupSamples: 0, measuresMemory: false))
        let environment = RunEnvironment(
            machine: MachineInfo(cpu: "t", cores: 2, memoryBytes: 1, os: "t", kernel: "t"),
            toolchain: ToolchainInfo(swift: "t", source: "t"), gitCommit: "unknown", commandLine: [])
        let report = try suite.run(environment: environment)
        #expect(report.results.map(\.scenario) == ["full", "full"])
        #expect(report.skipped == ["move-section does not apply to grid-50: fewer than 2 sections"])
        #expect(report.table().contains("note: skipped: move-section"))
    }

    @Test("the built-in catalog skips snapshot-check, built above this module; one that adds a kind builds it")
    func catalog() throws {
        let context = ScenarioContext(input: .preset(LayoutPreset(kind: .grid, items: 50)), threads: 1, seed: 1)
        #expect(!ScenarioCatalog.builtIn.builds(.snapshotCheck) && ScenarioCatalog.builtIn.builds(.full))
        #expect(throws: BenchError.self) { try ScenarioCatalog.builtIn.make(.snapshotCheck, context) }
        do {
            _ = try ScenarioCatalog.builtIn.make(.snapshotCheck, context)
        } catch {
            #expect("\(error)".contains("snapshot-check does not apply to grid-50"), "\(error)")
        }
        let added = ScenarioCatalog.builtIn.adding(.snapshotCheck) { try FullSolveScenario($0, materialize: false) }
        #expect(added.builds(.snapshotCheck))
        #expect(try added.make(.snapshotCheck, context).kind == .full)
        #expect(try added.make(.query, context).kind == .query)
    }

    @Test("a suite fills a report with every input x scenario x thread count")
    func suite() throws {
        let suite = BenchSuite(
            inputs: [.preset(LayoutPreset(kind: .grid, items: 200))], scenarios: [.full, .query],
            threads: [1, 2],
            configuration: RunnerConfiguration(stop: .repetitions(2), warmupSamples: 0, measuresMemory: false))
        let environment = RunEnvironment(
            machine: MachineInfo(cpu: "t", cores: 2, memoryBytes: 1, os: "t", kernel: "t"),
            toolchain: ToolchainInfo(swift: "t", source: "t"), gitCommit: "unknown", commandLine: [])
        let report = try suite.run(environment: environment)
        #expect(report.results.map { "\($0.scenario)/\($0.threads)" } == ["full/1", "full/2", "query/1", "query/2"])
        #expect(report.specs.map(\.name) == ["grid-200"])
        #expect(report.table().contains("grid-200"))
        #expect(report.markdown().contains("| spec |"))
    }
}
