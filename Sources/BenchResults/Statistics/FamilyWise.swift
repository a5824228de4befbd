import Foundation

/// Family-wise error control for a comparison of many rows (spec × scenario × threads) at once.
///
/// At 95 % each, 22 rows give a false `slower` somewhere far more often than 5 % of the time (the A/A study
/// saw `ab` fail a same-build run once in 20 from exactly that). Bonferroni: each row's interval is at
/// 1 − (1 − family) / rows, so the chance that ANY row's interval misses is at most 1 − family, whatever
/// the rows' dependence.
public enum FamilyWise {
    public static func rowConfidence(family: Double, rows: Int) -> Double {
        rows <= 1 ? family : 1 - (1 - family) / Double(rows)
    }

    /// The fewest pairs with which the exact two-sided signed-rank interval can reach `confidence`: the
    /// smallest two-sided p-value of n pairs is 2 / 2^n.
    public static func pairsNeeded(confidence: Double) -> Int {
        var n = 1
        while 2 / pow(2, Double(n)) > 1 - confidence { n += 1 }
        return n
    }

    /// `99.8%`, `95%`: one decimal when it matters, more when the level is very close to 100 %.
    public static func percent(_ confidence: Double) -> String {
        let p = confidence * 100
        if (p - p.rounded()).magnitude < 1e-9 { return "\(Int(p.rounded()))%" }
        let decimals = p >= 99.9 ? 3 : (p >= 99 ? 2 : 1)
        var text = String(format: "%.\(decimals)f", p)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + "%"
    }
}
