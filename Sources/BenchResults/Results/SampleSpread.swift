/// Mean, standard deviation and outliers of a result's samples, for the table's `mean ± sd` and
/// `outliers` columns: a median hides a bimodal or spiky distribution; these show it.
public struct SampleSpread: Hashable, Sendable {
    public var mean: Double
    /// The sample standard deviation (n − 1); 0 with fewer than two samples.
    public var standardDeviation: Double
    /// Samples beyond Tukey's far fences (Q1 − 3·IQR, Q3 + 3·IQR): a neighbour's burst, a page fault storm.
    public var lowOutliers: Int
    public var highOutliers: Int

    public init(samples: [UInt64]) {
        let n = samples.count
        guard n > 0 else {
            self.mean = 0; self.standardDeviation = 0; self.lowOutliers = 0; self.highOutliers = 0
            return
        }
        let values = samples.map { Double($0) }
        let mean = values.reduce(0, +) / Double(n)
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        self.mean = mean
        self.standardDeviation = n > 1 ? (squares / Double(n - 1)).squareRoot() : 0
        let sorted = samples.sorted()
        let q1 = Double(NearestRank.value(sorted, percentile: 25)),
            q3 = Double(NearestRank.value(sorted, percentile: 75))
        let iqr = q3 - q1
        lowOutliers = n >= 8 ? values.filter { $0 < q1 - 3 * iqr }.count : 0
        highOutliers = n >= 8 ? values.filter { $0 > q3 + 3 * iqr }.count : 0
    }

    /// `12.3 µs ± 0.40 µs`.
    public var meanText: String {
        BenchFormat.duration(ns: mean) + " ± " + BenchFormat.duration(ns: standardDeviation)
    }

    /// `3 high`, `1 low, 2 high`, or empty.
    public var outlierNote: String {
        var parts: [String] = []
        if lowOutliers > 0 { parts.append("\(lowOutliers) low") }
        if highOutliers > 0 { parts.append("\(highOutliers) high") }
        return parts.joined(separator: ", ")
    }
}
