import Foundation

/// A visibly contaminated run widens its interval: a single-threaded operation that got only 64 % of its
/// wall time as CPU time spent the rest waiting for a core, and its wall-clock samples are inflated by up to
/// that much in a way no round of the run can show. Measured in the A/A study: the same build's runs
/// differed by 10 to 16 % exactly in the results whose CPU share had dropped to 61-65 % under other builds.
///
/// Both ends of the interval move out by |log(head's share / base's share)| (shares capped at 1), so a
/// difference in waiting can make a verdict inconclusive, never slower or faster. Multi-threaded results
/// are left alone (their CPU / wall is above 1 by design).
enum CPUShare {
    static func widened(_ interval: RatioInterval, base: ScenarioResult, head: ScenarioResult) -> RatioInterval {
        guard base.threads == 1, head.threads == 1, base.wallTotalNs > 0, head.wallTotalNs > 0,
            base.cpuTotalNs > 0, head.cpuTotalNs > 0
        else { return interval }
        let b = min(1, base.cpuPerWall), h = min(1, head.cpuPerWall)
        let widen = exp(abs(log(h / b)))
        var result = interval
        result.lower /= widen
        result.upper *= widen
        return result
    }
}
