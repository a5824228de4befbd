import Foundation
import Testing

@testable import BenchResults
@testable import LayoutBenchKit

@Suite("watch's lock-step looks: stop once a row is decided")
struct SequentialLooksTests {
    let looks = SequentialLooks(at: [24, 48, 96])

    /// A deterministic, irregular sequence of log-ratios around `centre`, spread ±`spread`.
    static func noise(centre: Double, spread: Double) -> () -> Double {
        var i = 0
        return {
            i += 1
            return centre + spread * sin(Double(i) * 2.399963)  // the golden angle: no period in 96 pairs
        }
    }

    @Test("each look's interval is at the Bonferroni level of all looks")
    func perLookConfidence() {
        #expect(abs(looks.perLook(0.95) - (1 - 0.05 / 3)) < 1e-12)
        #expect(SequentialLooks(at: [10]).perLook(0.95) == 0.95)
    }

    @Test("a tight unchanged row stops at the first look, same")
    func tightRowStopsFirst() {
        let (interval, pairs) = looks.judge(
            threshold: 0.05, confidence: 0.95, nextPair: Self.noise(centre: 0, spread: 0.01))
        #expect(pairs == 24)
        #expect(Verdict.classify(interval, threshold: 0.05) == .same)
    }

    @Test("a 20% slower row stops at the first look, slower")
    func slowRowStopsFirst() {
        let (interval, pairs) = looks.judge(
            threshold: 0.05, confidence: 0.95, nextPair: Self.noise(centre: log(1.2), spread: 0.02))
        #expect(pairs == 24)
        #expect(Verdict.classify(interval, threshold: 0.05) == .slower)
        #expect(abs(interval.ratio - 1.2) < 0.01)
    }

    @Test("a noisy unchanged row takes more pairs, and the interval narrows until it is same")
    func noisyRowGoesOn() {
        let firstPairs = Self.noise(centre: 0, spread: 0.12)
        let first = looks.interval((0..<24).map { _ in firstPairs() }, confidence: 0.95)
        #expect(Verdict.classify(first, threshold: 0.05) == .inconclusive)
        let (interval, pairs) = looks.judge(
            threshold: 0.05, confidence: 0.95, nextPair: Self.noise(centre: 0, spread: 0.12))
        #expect(pairs > 24)
        #expect(interval.upper - interval.lower < first.upper - first.lower)
        #expect(Verdict.classify(interval, threshold: 0.05) == .same)
    }

    @Test("a row that never decides stops at the last look; without a threshold, at the first")
    func boundedAndThresholdless() {
        let (interval, pairs) = looks.judge(
            threshold: 0.05, confidence: 0.95, nextPair: Self.noise(centre: log(1.05), spread: 0.1))
        #expect(pairs == 96)
        #expect(Verdict.classify(interval, threshold: 0.05) == .inconclusive)
        let (_, free) = looks.judge(threshold: nil, confidence: 0.95, nextPair: Self.noise(centre: 0, spread: 0.1))
        #expect(free == 24)
    }
}
