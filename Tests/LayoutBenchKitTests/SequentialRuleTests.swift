import BenchResults
import Foundation
import Testing

@Suite("SequentialRule")
struct SequentialRuleTests {
    /// Deterministic noise: a linear congruential stream mapped to ±spread, symmetric around 0.
    static func noise(_ count: Int, spread: Double, seed: UInt64 = 7) -> [Double] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(state >> 11) / Double(1 << 53) * 2 - 1) * spread
        }
    }

    /// Feeds ratios one at a time, as lock-step `ab` does; returns the pair count at the stop, or nil.
    static func stop(_ rule: SequentialRule, _ logs: [Double]) -> (pairs: Int, verdict: Verdict)? {
        for n in 1...logs.count {
            if case .decided(_, let verdict) = rule.decide(Array(logs.prefix(n))) { return (n, verdict) }
        }
        return nil
    }

    let rule = SequentialRule(threshold: 0.05, rowConfidence: 0.99)

    @Test("a clear 20% slowdown with 2% noise stops at the first look, slower")
    func clearSlowdown() throws {
        let logs = Self.noise(400, spread: 0.02).map { $0 + log(1.2) }
        let result = try #require(Self.stop(rule, logs))
        #expect(result.verdict == .slower)
        #expect(result.pairs == rule.minimumPairs)
    }

    @Test("no change with 1% noise stops early, same; a clear speed-up stops early, faster")
    func clearSameAndFaster() throws {
        let same = try #require(Self.stop(rule, Self.noise(400, spread: 0.01)))
        #expect(same.verdict == .same)
        #expect(same.pairs < 60)
        let faster = try #require(Self.stop(rule, Self.noise(400, spread: 0.01).map { $0 - log(1.3) }))
        #expect(faster.verdict == .faster)
    }

    @Test("a change right at the threshold in heavy noise never decides: it runs to the limit, inconclusive")
    func unclearRunsToLimit() {
        let logs = Self.noise(300, spread: 0.3).map { $0 + log(1.05) }
        #expect(Self.stop(rule, logs) == nil)
        #expect(rule.final(logs).verdict == .inconclusive)
    }

    @Test("looks are few: a geometric schedule from minimumPairs, and fewer pairs are never decided")
    func schedule() {
        let looks = (1...1000).filter { rule.isLook(pairs: $0) }
        #expect(looks.first == rule.minimumPairs)
        #expect(looks.count < 20)
        #expect(rule.judge(Self.noise(rule.minimumPairs - 1, spread: 0.001)).verdict == .inconclusive)
        #expect(rule.lookConfidence > rule.rowConfidence)
    }
}
