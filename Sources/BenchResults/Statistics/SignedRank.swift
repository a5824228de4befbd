import Foundation

/// The Wilcoxon signed-rank test turned into an interval: the Hodges–Lehmann estimate of the centre of
/// paired differences and its exact distribution-free confidence interval.
///
/// `ab` uses it on the logarithms of paired ratios (head / base of each block), so the estimate is a
/// geometric "typical ratio" and the interval makes no assumption about the shape of the noise: only that
/// each difference is symmetric around the true centre, which ABBA blocks make plausible (the order effect
/// cancels in pairs). A single pair ruined by a neighbour's burst barely moves the estimate (a mean would
/// follow it) and widens the interval on its own side only, so it can make a verdict inconclusive, never
/// slower.
public enum SignedRank {
    /// The estimate and its interval (in the units of the input), and the interval's exact coverage.
    public struct Interval: Hashable, Sendable {
        public var estimate: Double
        public var lower: Double
        public var upper: Double
        /// The coverage achieved (the signed-rank statistic is discrete: 0.953 rather than 0.95). Below the
        /// requested level only when there are too few pairs for it (then the interval is [min, max]).
        public var achievedConfidence: Double
    }

    /// The Hodges–Lehmann estimate (the median of all Walsh averages (d_i + d_j) / 2, i <= j) and the
    /// interval between the C-th smallest and C-th largest Walsh averages, C from the exact null
    /// distribution of the signed-rank statistic (normal approximation above 60 pairs).
    /// - Precondition: `differences` is not empty.
    /// - Complexity: O(n² log n) for the Walsh averages, O(n³) for the exact distribution.
    public static func interval(_ differences: [Double], confidence: Double = 0.95) -> Interval {
        precondition(!differences.isEmpty, "the signed-rank interval needs at least one difference")
        let n = differences.count
        var walsh: [Double] = []
        walsh.reserveCapacity(n * (n + 1) / 2)
        for i in 0..<n {
            for j in i..<n { walsh.append((differences[i] + differences[j]) / 2) }
        }
        walsh.sort()
        let m = walsh.count
        let estimate = m % 2 == 1 ? walsh[m / 2] : (walsh[m / 2 - 1] + walsh[m / 2]) / 2
        let (c, achieved) = criticalRank(pairs: n, confidence: confidence)
        return Interval(estimate: estimate, lower: walsh[c - 1], upper: walsh[m - c], achievedConfidence: achieved)
    }

    /// C (1-based) such that [W(C), W(M+1-C)] covers with at least `confidence`: the largest C with
    /// P(T <= C - 1) <= (1 - confidence) / 2 under the null, T the signed-rank statistic. At least 1.
    static func criticalRank(pairs n: Int, confidence: Double) -> (rank: Int, achieved: Double) {
        let alpha = (1 - confidence) / 2
        let m = n * (n + 1) / 2
        if n > 60 {
            let mean = Double(m) / 2
            let sd = (Double(n) * Double(n + 1) * Double(2 * n + 1) / 24).squareRoot()
            let z = Normal.quantile(1 - alpha)
            let c = max(1, Int((mean - z * sd).rounded(.down)))
            return (c, confidence)
        }
        let cdf = nullCDF(pairs: n)
        var c = 1
        while c < m / 2, cdf[c] <= alpha { c += 1 }  // cdf[c] = P(T <= c); accept C = c + 1 when it is small enough
        // Here C = c: P(T <= c - 1) <= alpha, or c == 1 (too few pairs for the level: [min, max]).
        return (c, max(0, 1 - 2 * cdf[c - 1]))
    }

    /// P(T <= t) for t = 0 ... n(n+1)/2, where T is the sum of the ranks of the positive differences among n
    /// with no ties, all 2^n sign patterns equally likely.
    static func nullCDF(pairs n: Int) -> [Double] {
        let m = n * (n + 1) / 2
        var ways = [Double](repeating: 0, count: m + 1)
        ways[0] = 1
        var top = 0
        for rank in 1...max(1, n) where n > 0 {
            top += rank
            for t in stride(from: top, through: rank, by: -1) { ways[t] += ways[t - rank] }
        }
        let total = pow(2.0, Double(n))
        var cdf = [Double](repeating: 0, count: m + 1)
        var running = 0.0
        for t in 0...m {
            running += ways[t]
            cdf[t] = running / total
        }
        return cdf
    }
}

/// The standard normal and Student's t quantiles the intervals need (no statistics library here).
public enum Normal {
    /// The p-quantile of the standard normal (Acklam's rational approximation, relative error below 1.2e-9).
    public static func quantile(_ p: Double) -> Double {
        precondition(p > 0 && p < 1, "a quantile needs 0 < p < 1")
        let a = [
            -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02,
            -3.066479806614716e+01, 2.506628277459239e+00,
        ]
        let b = [
            -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01,
            -1.328068155288572e+01,
        ]
        let c = [
            -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00,
            4.374664141464968e+00, 2.938163982698783e+00,
        ]
        let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
        let low = 0.02425
        if p < low {
            let q = (-2 * log(p)).squareRoot()
            return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        if p > 1 - low { return -quantile(1 - p) }
        let q = p - 0.5, r = q * q
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    }

    /// The p-quantile of Student's t with `df` degrees of freedom (`StudentT`, exact; a Cornish–Fisher
    /// expansion was 3–6 % too small at 4–5 degrees of freedom in the far tail).
    public static func studentT(_ p: Double, degreesOfFreedom df: Double) -> Double {
        StudentT.quantile(p, degreesOfFreedom: df)
    }
}
