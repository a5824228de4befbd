import BenchResults

/// The order `ab` runs the two builds in: pairs of child runs, alternately base-then-head and
/// head-then-base (ABBA ...), so whatever drifts steadily over the session (a warming machine, a neighbour's
/// job starting) and whatever favours the first or second run of a pair meets both builds alike.
public struct ABPlan: Hashable, Sendable {
    public enum Side: String, Codable, Hashable, Sendable {
        case base, head
    }

    public var pairs: Int

    public init(pairs: Int) {
        self.pairs = pairs
    }

    /// The sides of pair `index` in running order.
    public func order(ofPair index: Int) -> [Side] {
        index % 2 == 0 ? [.base, .head] : [.head, .base]
    }

    /// Every run: (pair, side), in running order.
    public var runs: [(pair: Int, side: Side)] {
        (0..<pairs).flatMap { pair in order(ofPair: pair).map { (pair, $0) } }
    }
}
