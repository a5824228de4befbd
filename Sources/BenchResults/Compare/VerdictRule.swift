extension Verdict {
    /// The verdict an interval of head / base supports at `threshold` (0.05 = 5 %):
    /// `slower` when its lower end is above 1 + threshold, `faster` when its upper end is below
    /// 1 − threshold, `same` when it lies within [1 − threshold, 1 + threshold], and `inconclusive`
    /// when it straddles either bound. A wide interval is never "no change".
    public static func classify(_ interval: RatioInterval, threshold: Double) -> Verdict {
        if interval.lower > 1 + threshold { return .slower }
        if interval.upper < 1 - threshold { return .faster }
        if interval.lower >= 1 - threshold && interval.upper <= 1 + threshold { return .same }
        return .inconclusive
    }
}
