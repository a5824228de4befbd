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

    /// `count` process pairs of `perCluster` log ratios each: `shift` + the process pair's own offset
    /// (uniform in ±`offset`, as a memory-layout difference would give) + batch noise (±`spread`).
    static func clusters(
        _ count: Int, perCluster: Int = 8, shift: Double = 0, offset: Double, spread: Double, seed: UInt64 = 7
    ) -> [[Double]] {
        let offsets = noise(count, spread: offset, seed: seed &* 31 &+ 1)
        let batches = noise(count * perCluster, spread: spread, seed: seed &* 97 &+ 3)
        return (0..<count).map { c in
            (0..<perCluster).map { shift + offsets[c] + batches[c * perCluster + $0] }
        }
    }

    /// Feeds process pairs one at a time, as lock-step `ab` does; returns the count at the stop, or nil.
    static func stop(_ rule: SequentialRule, _ clusters: [[Double]]) -> (clusters: Int, verdict: Verdict)? {
        for n in 1...clusters.count {
            if case .decided(_, let verdict) = rule.decide(Array(clusters.prefix(n))) { return (n, verdict) }
        }
        return nil
    }

    /// As `ab` with 6 rows at 95 % family-wise.
    let rule = SequentialRule(threshold: 0.05, rowConfidence: 1 - 0.05 / 6)

    @Test("a clear 20% slowdown with 2% noise stops at the first look, slower")
    func clearSlowdown() throws {
        let result = try #require(Self.stop(rule, Self.clusters(40, shift: log(1.2), offset: 0.01, spread: 0.02)))
        #expect(result.verdict == .slower)
        #expect(result.clusters == rule.minimumClusters)
    }

    @Test("no change with 1% noise stops early, same; a clear speed-up stops early, faster")
    func clearSameAndFaster() throws {
        let same = try #require(Self.stop(rule, Self.clusters(40, offset: 0.005, spread: 0.01)))
        #expect(same.verdict == .same)
        #expect(same.clusters < 25)
        let faster = try #require(
            Self.stop(rule, Self.clusters(40, shift: -log(1.3), offset: 0.01, spread: 0.01)))
        #expect(faster.verdict == .faster)
    }

    @Test("A/A with ±8% offsets per process pair never calls a change, over 200 seeds")
    func processOffsetsAreNoise() {
        for seed in UInt64(1)...200 {
            let data = Self.clusters(64, offset: 0.08, spread: 0.02, seed: seed)
            let result = Self.stop(rule, data)
            #expect(
                result?.verdict != .slower && result?.verdict != .faster, "seed \(seed): \(String(describing: result))")
            let last = rule.final(data).verdict
            #expect(last != .slower && last != .faster, "seed \(seed)")
        }
    }

    @Test("pooling every batch pair as independent would call a change on those same offsets")
    func poolingWouldAlarm() {
        // The old estimator: 3 process pairs of 40 pairs of batches, every pair one observation. Some seed
        // alarms, which is the bug this rule fixes.
        let alarms = (UInt64(1)...200).filter { seed in
            let flat = Self.clusters(3, perCluster: 40, offset: 0.08, spread: 0.02, seed: seed).flatMap { $0 }
            let signed = SignedRank.interval(flat, confidence: rule.lookConfidence)
            return exp(signed.lower) > 1.05 || exp(signed.upper) < 0.95
        }
        #expect(!alarms.isEmpty)
    }

    @Test("a true 10% slowdown with ±8% offsets per process pair is called slower")
    func slowdownThroughOffsets() throws {
        for seed in UInt64(1)...20 {
            let data = Self.clusters(64, shift: log(1.10), offset: 0.08, spread: 0.02, seed: seed)
            let result = try #require(Self.stop(rule, data), "seed \(seed)")
            #expect(result.verdict == .slower, "seed \(seed)")
        }
    }

    @Test("a change right at the threshold in heavy noise never decides: it runs to the limit, inconclusive")
    func unclearRunsToLimit() {
        let data = Self.clusters(40, shift: log(1.05), offset: 0.2, spread: 0.3)
        #expect(Self.stop(rule, data) == nil)
        #expect(rule.final(data).verdict == .inconclusive)
    }

    @Test("looks are few: a geometric schedule from minimumClusters, maximumLooks in all; fewer are never decided")
    func schedule() {
        let looks = (1...1000).filter { rule.isLook(clusters: $0) }
        #expect(looks.first == rule.minimumClusters)
        #expect(rule.minimumClusters >= 6)
        #expect(looks == [6, 8, 10, 13, 17, 22, 28, 35])
        #expect(looks.count == rule.maximumLooks)
        let few = Self.clusters(rule.minimumClusters - 1, shift: log(1.5), offset: 0.001, spread: 0.001)
        #expect(rule.judge(few).verdict == .inconclusive)
        #expect(rule.lookConfidence > rule.rowConfidence)
    }

    @Test("a process pair's estimate is its median")
    func clusterEstimate() {
        #expect(SequentialRule.clusterEstimate([3, 1, 2]) == 2)
        #expect(SequentialRule.clusterEstimate([4, 1, 3, 2]) == 2.5)
        #expect(SequentialRule.clusterEstimate([]) == 0)
    }
}
