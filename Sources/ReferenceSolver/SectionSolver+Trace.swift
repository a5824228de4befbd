import CompositionalLayout
import SolverKernel

/// A traced section solve (`layoutbench explain`): for each wanted element, the section's steps (where it
/// starts, its root group's box and repetitions, where the element's repetition starts), then what the
/// group solver recorded for the element's leaf, then how the element itself was placed. Recorded from the
/// values the solve used, after it, so the untraced solve is the same code.
extension SectionSolver {
    func record(_ elements: [LayoutElement], layout: SectionLayout, sectionStart: Double, into trace: SolveTrace) {
        let axes = layout.axes
        let scrollName = scrollAxis == .x ? "x" : "y"
        let start = TraceStep(
            rule: "§4.2",
            text: "section \(index) starts at \(scrollName) \(traceNumber(sectionStart)) "
                + "(sections stack along the scroll axis, interSectionSpacing apart)")
        let box = TraceStep(
            rule: "§2",
            text: "its root group's box is the container "
                + "\(traceSize(container.size)) less the section's insets on its cross axis "
                + "(\(traceNumber(axes.preQ)) and \(traceNumber(axes.postQ))): \(traceSize(layout.box))")
        for element in elements where trace.wants(element.key) {
            var steps = [start]
            switch element.category {
            case .cell:
                steps.append(box)
                steps += cellSteps(element, layout: layout, sectionStart: sectionStart)
            case .supplementary where section.boundarySupplementaryItems.contains { $0.elementKind == element.kind }:
                let item = section.boundarySupplementaryItems.first { $0.elementKind == element.kind }
                var text = "a boundary item (\(item.map { "\($0.alignment)" } ?? "header or footer")"
                if let item { text += ", \(item.extendsBoundary ? "extends the section" : "lies over the content")" }
                text +=
                    "), \(traceLayoutSize(item?.layoutSize ?? LayoutSize(widthDimension: .absolute(0), heightDimension: .absolute(0))))"
                text += ", placed at \(traceRect(element.frame))"
                if layout.startExtent > 0 {
                    steps.append(
                        TraceStep(
                            rule: "§4.3",
                            text: "the extending start items take "
                                + "\(traceNumber(layout.startExtent)) pt along \(scrollName)"))
                }
                steps.append(TraceStep(rule: "§4.3", text: text))
            case .supplementary:
                steps.append(box)
                steps += cellSteps(element, layout: layout, sectionStart: sectionStart, anchored: true)
            case .decoration:
                steps.append(
                    TraceStep(
                        rule: "§4.2",
                        text: "the section's extent along \(scrollName) is "
                            + "\(traceNumber(layout.extent)) pt"))
                steps.append(
                    TraceStep(
                        rule: "§4.5",
                        text: "a background covers the section's extent, across the "
                            + "whole container, less its own contentInsets: \(traceRect(element.frame))"))
            }
            trace.record(element.key, steps)
        }
    }

    /// A cell's (or an anchored supplementary's) chain: the repetition holding its item, where that starts,
    /// the group solver's steps for its leaf, and the frame.
    private func cellSteps(
        _ element: LayoutElement, layout: SectionLayout, sectionStart: Double,
        anchored: Bool = false
    ) -> [TraceStep] {
        let axes = layout.axes
        let along = axes.P == .x ? "x" : "y", across = axes.Q == .x ? "x" : "y"
        guard let q = layout.repetitions.instances.lastIndex(where: { $0.firstItem <= element.item }) else { return [] }
        let instance = layout.repetitions.instances[q]
        let leaf = element.item - instance.firstItem
        var steps: [TraceStep] = []
        let group = section.group
        if let template = layout.repetitions.template {
            let n = template.leaves.count
            steps.append(
                TraceStep(
                    rule: "§4.1",
                    text: "the root group \(traceLayoutSize(group.layoutSize)) is "
                        + "\(traceSize(template.size)) and holds \(n) items; item \(element.item) is its "
                        + "item \(leaf + 1) in repetition \(q) (\(element.item) div \(n)), each repetition "
                        + "\(traceNumber(layout.edges.stride(template.size.length(axes.P)))) pt after the last"))
        } else {
            steps.append(
                TraceStep(
                    rule: "§6",
                    text: "an estimated section: repetitions are solved one after another; "
                        + "repetition \(q) holds items \(instance.firstItem)..<"
                        + "\(instance.firstItem + instance.node.leaves.count) and is "
                        + "\(traceSize(instance.node.size)), starting \(traceNumber(instance.offset)) pt "
                        + "after the first"))
        }
        if layout.startExtent > 0 {
            steps.append(
                TraceStep(
                    rule: "§4.3",
                    text: "the extending start items take "
                        + "\(traceNumber(layout.startExtent)) pt along \(along)"))
        }
        let origin = instanceOrigin(instance, in: layout, sectionStart: sectionStart)
        steps.append(
            TraceStep(
                rule: "§4.1",
                text: layout.orthogonal
                    ? "the section scrolls sideways: repetition \(q) starts at \(along) \(traceNumber(origin.length(axes.P))) "
                        + "(insets, centring, edge spacing and its offset) and \(across) \(traceNumber(origin.length(axes.Q)))"
                    : "repetition \(q) starts at \(along) \(traceNumber(origin.length(axes.P))) (section start, start items, "
                        + "inset \(traceNumber(axes.preP)), its offset) and \(across) \(traceNumber(origin.length(axes.Q))) "
                        + "(inset \(traceNumber(axes.preQ)) and the group's cross offset)"))
        if anchored {
            steps.append(
                TraceStep(
                    rule: "§4.4",
                    text: "\(element.kind ?? "a supplementary") is anchored to its host "
                        + "(the cell of item \(element.item), or its group's content box) and placed at "
                        + "\(traceRect(element.frame))"))
            return steps
        }
        steps += instance.node.steps.filter { $0.leaves.contains(leaf) }
        if leaf < instance.node.leaves.count {
            let cell = instance.node.leaves[leaf].cell
            steps.append(
                TraceStep(
                    rule: "§4.1",
                    text: "the cell \(traceRect(cell)) within the repetition, moved to its "
                        + "origin: \(traceRect(element.frame))"))
        }
        return steps
    }
}
