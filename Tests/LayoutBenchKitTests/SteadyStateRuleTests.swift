import Testing

@testable import BenchResults

@Suite("steady-state warm-up rule")
struct SteadyStateRuleTests {
    let rule = SteadyStateRule(windowsToAgree: 3, tolerance: 0.03, minimumNs: 100_000_000, maximumNs: 1_000_000_000)

    /// Feeds `medians` one window at a time, `windowNs` apart; returns the decision and the windows used.
    func run(_ medians: [UInt64], windowNs: UInt64 = 2_000_000) -> (SteadyStateRule.Decision, Int) {
        var seen: [UInt64] = []
        for (index, median) in medians.enumerated() {
            seen.append(median)
            let decision = rule.decide(windowMedians: seen, elapsedNs: UInt64(index + 1) * windowNs)
            if decision != .more { return (decision, index + 1) }
        }
        return (.more, medians.count)
    }

    @Test("a slow, flat start (12.8 µs for 80 ms) then fast (8.3 µs): it does not stop in the slow part")
    func slowStart() {
        let medians = [UInt64](repeating: 12_800, count: 40) + [UInt64](repeating: 8_300, count: 200)
        let (decision, windows) = run(medians)
        #expect(decision == .steady)
        // Window 50 (0.1 s) is the first that may stop; the 3 agreeing windows are all fast ones.
        #expect(windows == 50)
        #expect(medians[windows - 3..<windows].allSatisfy { $0 == 8_300 })
    }

    @Test("the limit: a flat slow phase that outlasts the floor is taken for steady (so the floor is 0.1 s)")
    func longSlowStart() {
        let medians = [UInt64](repeating: 12_800, count: 60) + [8_400, 8_300, 8_350, 8_300, 8_320]
        let (decision, windows) = run(medians)
        #expect(decision == .steady)
        #expect(windows == 50)
        // A slow phase that ends before the floor is waited out, even just before it.
        let (shortDecision, shortWindows) = run([UInt64](repeating: 12_800, count: 49) + [8_400, 8_300, 8_350])
        #expect(shortDecision == .steady && shortWindows == 52)
    }

    @Test("medians that never settle (alternating 10 % apart): it stops at the bound, not steady")
    func neverSteady() {
        let medians = (0..<1_000).map { $0 % 2 == 0 ? UInt64(10_000) : 11_000 }
        let (decision, windows) = run(medians)
        #expect(decision == .notSteady)
        #expect(windows == 500)  // 500 windows of 2 ms = the 1 s bound
    }

    @Test("agreement: within the tolerance of each other, over the last windows only")
    func agreement() {
        #expect(rule.agree([20_000, 10_000, 10_200, 10_299]))
        #expect(!rule.agree([10_000, 10_400, 10_000]))
        #expect(!rule.agree([10_000, 10_000]))  // too few windows
        #expect(!rule.agree([0, 0, 5]) && rule.agree([0, 0, 0]))
        // Before the floor, agreement does not stop the warm-up.
        #expect(rule.decide(windowMedians: [1, 1, 1], elapsedNs: 99_999_999) == .more)
        #expect(rule.decide(windowMedians: [1, 1, 1], elapsedNs: 100_000_000) == .steady)
    }
}
