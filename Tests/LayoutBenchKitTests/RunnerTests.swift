import Testing

@testable import BenchResults
@testable import LayoutBenchKit

/// A scenario that counts what the runner asks of it.
final class CountingScenario: BenchScenario {
    let kind = ScenarioKind.full
    var prepared = 0
    var ran = 0
    var workItems: Int { 10 }
    var parameters: [String: String] { ["test": "yes"] }
    var footprintItems: Int? { nil }
    func prepareSample() throws { prepared += 1 }
    func runSample() throws { ran += 1 }
}

@Suite("runner")
struct RunnerTests {
    let context = ScenarioContext(input: BenchInput.preset(LayoutPreset(kind: .grid, items: 100)), threads: 1, seed: 1)

    @Test("repetitions: warm-up untimed, then exactly N timed samples in rounds, each prepared first")
    func repetitions() throws {
        let scenario = CountingScenario()
        let runner = SoloSampler(
            configuration: RunnerConfiguration(
                stop: .repetitions(7), rounds: 5, warmupSamples: 2, measuresMemory: false))
        let result = try runner.measure(scenario, context: context)
        #expect(result.samplesNs.count == 7)
        #expect(result.roundSampleCounts == [2, 2, 1, 1, 1])
        // At least 2 warm-ups before round 1 and 1 before each later round (more until steady), 7 samples.
        let warmups = try #require(result.warmupSpentSamples)
        #expect(warmups >= 2 + 4)
        #expect(scenario.ran == warmups + 7)
        // The 0.1 s floor of the first round's rule was spent warming up.
        #expect(try #require(result.warmupSpentNs) >= SteadyStateRule.firstRound.minimumNs)
        #expect(result.steadyState != nil)
        #expect(scenario.prepared == scenario.ran)
        #expect(result.calibrationNs?.count == result.roundCalibrationCounts?.reduce(0, +))
        #expect(result.roundCalibrationCounts?.count == 5)
        #expect(result.warmupSamples == 2)
        #expect(result.spec == "grid-100" && result.items == 100 && result.threads == 1 && result.workItems == 10)
        #expect(result.summaryNs == SummaryNs(samples: result.samplesNs))
    }

    @Test("a time budget stops at the sample cap")
    func sampleCap() throws {
        let scenario = CountingScenario()
        let runner = SoloSampler(
            configuration: RunnerConfiguration(
                stop: .timeBudget(seconds: 60), warmupSamples: 0,
                minSamples: 1, maxSamples: 50, measuresMemory: false))
        #expect(try runner.measure(scenario, context: context).samplesNs.count == 50)
    }

    @Test("the stop rule per round: its slice of the budget and of the minimum, within its part of the cap")
    func stopRule() {
        let configuration = RunnerConfiguration(
            stop: .timeBudget(seconds: 1), rounds: 5, minSamples: 7, maxSamples: 100)
        let sampler = ScenarioSampler(scenario: CountingScenario(), context: context, configuration: configuration)
        // Round 0 needs 2 of the 7 samples (7 = 2 + 2 + 1 + 1 + 1) and 0.2 s; round 4 needs 1.
        #expect(!sampler.isRoundDone(0, of: 5, samples: 1, elapsedNs: 5_000_000_000))
        #expect(sampler.isRoundDone(0, of: 5, samples: 2, elapsedNs: 200_000_000))
        #expect(!sampler.isRoundDone(4, of: 5, samples: 10, elapsedNs: 100_000_000))
        #expect(sampler.isRoundDone(4, of: 5, samples: 1, elapsedNs: 200_000_000))
        #expect(sampler.isRoundDone(4, of: 5, samples: 20, elapsedNs: 0))
        #expect(ScenarioSampler.rounds(RunnerConfiguration(stop: .repetitions(3), rounds: 5)) == 3)
    }

    @Test("the slowdown knob busy-waits inside the timed window (test-only)")
    func slowdown() throws {
        let runner = SoloSampler(
            configuration: RunnerConfiguration(
                stop: .repetitions(3), warmupSamples: 0, measuresMemory: false, slowdown: Slowdown(fixedNs: 300_000)))
        let result = try runner.measure(CountingScenario(), context: context)
        #expect(result.samplesNs.allSatisfy { $0 >= 300_000 })
    }

    @Test("the slowdown knob reads the environment and refuses nonsense")
    func slowdownEnvironment() throws {
        #expect(try Slowdown.fromEnvironment([:]) == .none)
        #expect(try Slowdown.fromEnvironment(["LAYOUTBENCH_SLOWDOWN_NS": "5000"]) == Slowdown(fixedNs: 5_000))
        #expect(try Slowdown.fromEnvironment(["LAYOUTBENCH_SLOWDOWN_PERCENT": "30%"]) == Slowdown(percent: 30))
        #expect(throws: BenchError.self) { try Slowdown.fromEnvironment(["LAYOUTBENCH_SLOWDOWN_NS": "fast"]) }
    }

    @Test("a percent slowdown makes every reported window exactly that much longer, however short")
    func slowdownPercentIsExact() throws {
        #expect(Slowdown(percent: 3).reported(600) == 618)
        #expect(Slowdown(percent: 10).reported(1_000_000) == 1_100_000)
        #expect(Slowdown().reported(600) == 600)
        // Through the sampler: a 100 µs busy-wait inside the window, then the window counted twice.
        let runner = SoloSampler(
            configuration: RunnerConfiguration(
                stop: .repetitions(3), warmupSamples: 0, measuresMemory: false,
                slowdown: Slowdown(fixedNs: 100_000, percent: 100)))
        let result = try runner.measure(CountingScenario(), context: context)
        #expect(result.samplesNs.allSatisfy { $0 >= 200_000 }, "\(result.samplesNs)")
    }

    @Test("scenario lists parse; unknown names are refused with the known ones")
    func scenarioLists() throws {
        #expect(try ScenarioKind.parseList("full, resize,full") == [.full, .resize])
        #expect(try ScenarioKind.parseList("all") == ScenarioKind.standard)
        #expect(!ScenarioKind.standard.contains(.snapshotCheck))
        do {
            _ = try ScenarioKind.parseList("full,fast")
            Issue.record("unknown scenario accepted")
        } catch {
            #expect(error.description.contains("unknown scenario 'fast'"))
            #expect(error.description.contains("lazy-scroll"))
        }
    }

    @Test("progress only on a terminal outside CI")
    func progress() {
        #expect(ProgressReporter.isInteractive(isTerminal: true, environment: [:]))
        #expect(!ProgressReporter.isInteractive(isTerminal: true, environment: ["CI": "true"]))
        #expect(ProgressReporter.isInteractive(isTerminal: true, environment: ["CI": "false"]))
        #expect(!ProgressReporter.isInteractive(isTerminal: false, environment: [:]))
    }

    @Test("formatting: durations, counts, changes")
    func formatting() {
        #expect(BenchFormat.duration(ns: UInt64(812)) == "812 ns")
        #expect(BenchFormat.duration(ns: UInt64(12_345)) == "12.3 µs")
        #expect(BenchFormat.duration(ns: UInt64(4_560_000)) == "4.56 ms")
        #expect(BenchFormat.duration(ns: UInt64(1_230_000_000)) == "1.23 s")
        #expect(BenchFormat.count(256_000_000) == "256M")
        #expect(BenchFormat.change(1.312) == "+31.2%")
        #expect(BenchFormat.change(0.97) == "-3.00%")
    }
}
