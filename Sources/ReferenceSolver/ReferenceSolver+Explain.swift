import CompositionalLayout
import SolverKernel

/// Why an element is where it is: the steps the reference solver took, from the container to the element's
/// frame, each citing its rule, ending on exactly the frame `solve` prints.
public struct Explanation: Sendable {
    /// The element as the solve output has it (mirrored and rounded as output is).
    public var element: LayoutElement
    public var steps: [TraceStep]
}

extension ReferenceSolver {
    /// Explains the elements `wants` picks: solves `layout` as `solve` does, with the sections recording what
    /// they do for those elements (docs/layout-rules.md, every step citing its rule).
    /// - Complexity: a solve, plus the steps of the wanted elements.
    /// `sections`, when given, names the only sections that can hold a wanted element: the others are solved
    /// without recording anything.
    public static func explain(
        _ layout: CollectionLayout, measure mode: MeasureMode = .all, sections: ((Int) -> Bool)? = nil,
        elements wants: @escaping (ElementKey) -> Bool
    ) throws(LayoutError) -> [Explanation] {
        let resolved = try layout.resolvedForEnvironment()
        let trace = SolveTrace(wants: wants, sections: sections ?? { _ in true })
        let output = try solve(
            resolved, sections: resolved.resolvedSections(), sizing: layout.sizing(mode), trace: trace)
        let container = resolved.container
        var explanations: [Explanation] = []
        for element in output.elements where wants(element.key) {
            var steps = trace.steps[element.key] ?? []
            if element.section < 0 {
                steps.append(
                    TraceStep(
                        rule: "§4.3",
                        text: "a boundary item of the whole layout (its section is the "
                            + "whole content), placed at \(traceRect(element.frame))"))
            }
            if container.layoutDirection == .rightToLeft {
                steps.append(
                    TraceStep(
                        rule: "§10.3",
                        text: "right-to-left: solved left to right, then mirrored across "
                            + "the \(traceNumber(container.width)) pt container (x becomes width − x − w)"))
            }
            if let scale = container.pixelScale {
                steps.append(
                    TraceStep(
                        rule: "§1.1",
                        text: "every number of the frame is rounded to the nearest 1/"
                            + "\(traceNumber(scale)) pt: \(traceRect(element.frame))"))
            } else {
                steps.append(
                    TraceStep(
                        rule: "§1.1",
                        text: "no displayScale, so nothing is rounded: "
                            + "\(traceRect(element.frame))"))
            }
            explanations.append(Explanation(element: element, steps: steps))
        }
        return explanations
    }
}
