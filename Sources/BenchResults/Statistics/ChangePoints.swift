import SeededRandom

/// A run where a series' level shifted and stayed: the first run of the new level, the levels either side and
/// the evidence.
public struct ChangePoint: Hashable, Sendable, Codable {
    /// The index (in the series given) of the first value of the new level.
    public var index: Int
    /// The median of the values from the previous change point (or the start) up to `index`.
    public var before: Double
    /// The median of the values from `index` up to the next change point (or the end).
    public var after: Double
    /// The permutation test's p-value when this split was taken.
    public var pValue: Double

    public init(index: Int, before: Double, after: Double, pValue: Double) {
        self.index = index; self.before = before; self.after = after; self.pValue = pValue
    }

    /// after / before − 1: +0.08 is 8% slower (for times).
    public var relativeShift: Double { before == 0 ? 0 : after / before - 1 }
}

/// Where a series of run medians changed level: E-Divisive means (Matteson and James, "A Nonparametric Approach
/// for Multiple Change Point Analysis of Multivariate Data", JASA 2014), the method MongoDB's performance CI
/// and Apache Otava (formerly Hunter) use on the same kind of data.
///
/// Why it: it assumes no distribution (benchmark medians are skewed and sometimes bimodal), finds any number
/// of changes by splitting recursively, and its permutation test gives each split a p-value without a
/// tuning penalty (PELT needs a penalty and a cost model, a normal one being wrong for these tails).
///
/// Before the search, wild runs (a busy machine's: much slower than the runs both before and after them) are
/// left out (`nonOutliers`; a change is reported at a run kept), so a lone slow run is never a change and does
/// not pull one towards it. The statistic (α = 1): for a segment split at τ into X (before) and Y (after τ, up
/// to some κ), the scaled energy distance q(τ, κ) = (|X||Y| / (|X|+|Y|)) · (2·mean|X−Y| − mean|X−X'| −
/// mean|Y−Y'|), maximised over κ as the paper does (so a level that comes back is found too). Each round takes
/// the segment and split with the largest q; the split is kept when a permutation test (the segment shuffled
/// `permutations` times, a fixed seed so the answer repeats) finds a q as large in at most a `significance`
/// share; then the two halves are searched again. Segments shorter than `minimumSegment` are never made, so a
/// lone outlier cannot be a level of its own. Last, a change whose levels (the medians of the final segments
/// either side) differ by less than `minimumShift` is not reported: a significant 1% wobble of a shared
/// machine is not a regression anyone acts on.
///
/// How many runs it needs: at least `2 · minimumSegment` (6) to test anything; in practice a clean step is
/// significant (p ≤ 0.005) only when the segment can be shuffled in more than about 400 ways that split it
/// alike, C(n, k) for k runs after the step among n: 3 runs after it in a history of 15 or more, 4 after in
/// 12, 5 after in 11. A wild run (more than 25% slower than its neighbours) does not count, and a change of
/// more than 25% shows once it has held for 4 runs.
public struct ChangePointDetector: Hashable, Sendable {
    public var significance: Double
    public var permutations: Int
    public var minimumSegment: Int
    public var minimumShift: Double
    public var seed: UInt64
    /// Runs either side of a run that `nonOutliers` compares it with (3: seven runs in all).
    public var outlierHalfWidth = 3
    /// How much slower than the runs around it (as a ratio) a run is wild (`nonOutliers`).
    public var outlierRatio = 1.25

    public init(
        significance: Double = 0.005, permutations: Int = 999, minimumSegment: Int = 3, minimumShift: Double = 0.05,
        seed: UInt64 = 0x5EED
    ) {
        self.significance = significance
        self.permutations = permutations
        self.minimumSegment = max(2, minimumSegment)
        self.minimumShift = minimumShift
        self.seed = seed
    }

    /// The fewest values a series needs before any change can be found.
    public var minimumRuns: Int { 2 * minimumSegment }

    /// The change points of `values` (oldest first), in index order.
    ///
    /// - Complexity: O(k · (p + 1) · n²) for n values, k changes found and p permutations: each round scans
    ///   every segment's splits in O(L²) (prefix sums of distances) and repeats that for each permutation of
    ///   the chosen segment, stopping early once the split cannot be significant. For a history of 100 runs and
    ///   199 permutations, a few million steps per change.
    public func detect(_ values: [Double]) -> [ChangePoint] {
        guard values.allSatisfy(\.isFinite) else { return [] }
        // Isolated outliers are left out; indices below are into `kept` until mapped back at the end.
        let keptIndices = Self.nonOutliers(values, halfWidth: outlierHalfWidth, ratio: outlierRatio)
        let values = keptIndices.map { values[$0] }
        guard values.count >= minimumRuns else { return [] }
        var random = BenchRandom(seed: seed)
        // The statistic reads the values themselves: ranks would also blunt wild runs, but they close the gap
        // between the old level's slowest run and the new level's fastest (a step's edge moved by one run).
        let ranked = values
        var splits: [(index: Int, p: Double)] = []
        var bounds = [0, values.count]
        while true {
            // The best split over every current segment.
            var best: (start: Int, end: Int, tau: Int, q: Double)? = nil
            for (start, end) in zip(bounds, bounds.dropFirst()) where end - start >= minimumRuns {
                if let (tau, q) = bestSplit(Array(ranked[start..<end])), q > (best?.q ?? 0) {
                    best = (start, end, start + tau, q)
                }
            }
            guard let best else { break }
            var segment = Array(ranked[best.start..<best.end])
            var asLarge = 0
            // Once more permutations reach q than a significant p allows, the answer is known: stop there.
            let allowed = Int(significance * Double(permutations + 1)) - 1
            for _ in 0..<permutations where asLarge <= allowed {
                segment.shuffle(using: &random)
                if let (_, q) = bestSplit(segment), q >= best.q { asLarge += 1 }
            }
            guard asLarge <= allowed else { break }
            let p = Double(asLarge + 1) / Double(permutations + 1)
            splits.append((best.tau, p))
            bounds.append(best.tau)
            bounds.sort()
        }
        splits.sort { $0.index < $1.index }
        var points: [ChangePoint] = []
        for (offset, split) in splits.enumerated() {
            let start = offset == 0 ? 0 : splits[offset - 1].index
            let end = offset + 1 < splits.count ? splits[offset + 1].index : values.count
            let point = ChangePoint(
                index: keptIndices[split.index], before: Self.median(values[start..<split.index]),
                after: Self.median(values[split.index..<end]), pValue: split.p)
            if abs(point.relativeShift) >= minimumShift { points.append(point) }
        }
        return points
    }

    /// The split τ of `x` with the largest q over every later end κ (X = x[0..<τ], Y = x[τ..<κ], each at least
    /// `minimumSegment` long), and that q. Letting Y end before the segment does is what finds a level that
    /// comes back (a bump) as well as a step.
    /// Complexity: O(n²): distance prefix sums make each (τ, κ) O(1).
    func bestSplit(_ x: [Double]) -> (tau: Int, q: Double)? {
        let n = x.count, m = minimumSegment
        guard n >= 2 * m else { return nil }
        // prefix[e][t] = Σ_{i < t} |x_i − x_e|.
        var prefix = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: n)
        for e in 0..<n {
            for t in 0..<n { prefix[e][t + 1] = prefix[e][t] + abs(x[t] - x[e]) }
        }
        var best: (tau: Int, q: Double)? = nil
        var withinX = 0.0
        for tau in 1..<n {
            withinX += prefix[tau - 1][tau - 1]  // x[tau − 1] joins X
            guard tau >= m, n - tau >= m else { continue }
            var withinY = 0.0, between = 0.0
            for kappa in (tau + 1)...n {
                let e = kappa - 1  // x[e] joins Y
                withinY += prefix[e][e] - prefix[e][tau]
                between += prefix[e][tau]
                guard kappa - tau >= m else { continue }
                let a = Double(tau), b = Double(kappa - tau)
                let q =
                    (a * b / (a + b))
                    * (2 * between / (a * b) - withinX / (a * (a - 1) / 2) - withinY / (b * (b - 1) / 2))
                if q > (best?.q ?? -Double.infinity) { best = (tau, q) }
            }
        }
        return best
    }

    /// The indices of `values` that are not wild runs: a run more than `ratio` times slower than the fastest of
    /// the `halfWidth` runs before it and than the fastest of the `halfWidth` runs after it is left out (a side
    /// cut short by an end of the series is judged with the runs of both sides). A busy machine slows a run, or two or
    /// three in a row, by 35% to 75% (seen in
    /// ChangePointHistoryTests), never speeds one up; such runs would otherwise pull a change point towards
    /// them, or hide one. The first runs of a new level, however slow, are as fast as the runs after them, so
    /// they stay: only a level that lasts fewer than `halfWidth` runs, or a large change in the last
    /// `halfWidth` runs, is left out (until more runs come).
    /// Complexity: O(n · halfWidth).
    static func nonOutliers(_ values: [Double], halfWidth: Int, ratio: Double) -> [Int] {
        guard halfWidth > 0, ratio > 1, values.count > 2 * halfWidth else { return Array(values.indices) }
        return values.indices.filter { index in
            let before = values[max(0, index - halfWidth)..<index]
            let after = values[min(values.count, index + 1)..<min(values.count, index + 1 + halfWidth)]
            // Near either end a side is short: it is then judged with the other side's runs too, so the last
            // runs of a history, when wild, are not taken for a new level.
            let both = Array(before) + Array(after)
            let fastestBefore = before.count == halfWidth ? before.min()! : both.min()!
            let fastestAfter = after.count == halfWidth ? after.min()! : both.min()!
            return !(values[index] > fastestBefore * ratio && values[index] > fastestAfter * ratio)
        }
    }

    static func median(_ values: ArraySlice<Double>) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
