import CompositionalLayout

/// One step of how the reference solver placed something: the rule it applied (`§3.3`) and what it did, with
/// the numbers. `layoutbench explain` prints these; they come from the solver recording what it does, never
/// from a second reading of the rules.
public struct TraceStep: Hashable, Sendable {
    /// The rule of docs/layout-rules.md (or docs/version-2.md) the step applies: `§3.2`.
    public var rule: String
    public var text: String
    /// The leaves of the solved node the step concerns, relative to the node's first leaf (a group's steps
    /// concern all its leaves, a placement's the placed child's).
    package var leaves: Range<Int>

    package init(_ rule: String, _ text: String, leaves: Range<Int>) {
        self.rule = rule
        self.text = text
        self.leaves = leaves
    }

    public init(rule: String, text: String) {
        self.init(rule, text, leaves: 0..<0)
    }
}

/// Collects the steps of a traced solve per element (the reference solver fills it when asked to explain).
/// A reference type so the section solvers it is handed to can add to it; used from one thread.
public final class SolveTrace {
    /// Which elements to explain: tracing costs strings per step, so a solve traces only what is asked.
    package let wants: (ElementKey) -> Bool
    /// Per element, its steps from the container to its frame before mirroring and rounding.
    public internal(set) var steps: [ElementKey: [TraceStep]] = [:]

    /// Which sections to trace (tracing a section records strings for every group it solves): all by default.
    package let wantsSection: (Int) -> Bool

    public init(wants: @escaping (ElementKey) -> Bool, sections: @escaping (Int) -> Bool = { _ in true }) {
        self.wants = wants
        self.wantsSection = sections
    }

    package func record(_ key: ElementKey, _ steps: [TraceStep]) {
        self.steps[key, default: []] += steps
    }
}

/// How a number reads in a step: whole numbers without a fraction, others to at most 4 decimals.
package func traceNumber(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    let shown = (value * 10_000).rounded() / 10_000
    if shown == shown.rounded(), abs(shown) < 1e15 { return String(Int(shown)) }
    return "\(shown)"
}

package func traceSize(_ size: Size) -> String { "\(traceNumber(size.width)) × \(traceNumber(size.height))" }

package func traceRect(_ rect: Rect) -> String {
    "[\(traceNumber(rect.x)), \(traceNumber(rect.y)), \(traceNumber(rect.width)), \(traceNumber(rect.height))]"
}

package func traceDimension(_ dimension: LayoutDimension) -> String {
    switch dimension {
    case .absolute(let v): return "absolute(\(traceNumber(v)))"
    case .fractionalWidth(let f): return "fractionalWidth(\(traceNumber(f)))"
    case .fractionalHeight(let f): return "fractionalHeight(\(traceNumber(f)))"
    case .estimated(let v): return "estimated(\(traceNumber(v)))"
    case .uniformAcrossSiblings(let v): return "uniformAcrossSiblings(\(traceNumber(v)))"
    }
}

package func traceLayoutSize(_ size: LayoutSize) -> String {
    "\(traceDimension(size.widthDimension)) × \(traceDimension(size.heightDimension))"
}
