import BenchResults

/// One step of a bench's progress: a round of one (spec, thread count) group finished.
public struct ProgressStep: Hashable, Sendable {
    public var label: String
    public var round: Int
    public var rounds: Int
    /// Rounds finished over the whole bench, and their total.
    public var done: Int
    public var total: Int

    public init(label: String, round: Int, rounds: Int, done: Int, total: Int) {
        self.label = label; self.round = round; self.rounds = rounds; self.done = done; self.total = total
    }
}

/// The text of a progress line with an estimate of the time left (elapsed time per finished step times the
/// steps left: rounds of one bench take about the same time).
public enum ProgressLine {
    public static func text(_ step: ProgressStep, elapsedSeconds: Double) -> String {
        let percent = step.total == 0 ? 100 : step.done * 100 / step.total
        let left = step.done == 0 ? 0 : elapsedSeconds / Double(step.done) * Double(step.total - step.done)
        return "[\(percent)%] \(step.label): round \(step.round)/\(step.rounds), ETA \(duration(left))"
    }

    /// `42 s`, `3 min 05 s`.
    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        if s < 60 { return "\(s) s" }
        let rest = s % 60
        return "\(s / 60) min \(rest < 10 ? "0" : "")\(rest) s"
    }
}
