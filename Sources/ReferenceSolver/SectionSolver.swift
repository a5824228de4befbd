import CompositionalLayout
import SolverKernel

/// One section, solved literally: docs/layout-rules.md §4.1 (the root group and its repetitions), §4.2 (section
/// extent), §6 (estimated sections: instances solved one after another), §4.3 (boundary items), §4.4 (anchored
/// supplementaries emitted per present host) and §4.5 (backgrounds). `solve` reads as the list of rules; each
/// step is a function of its own that cites its section.
struct SectionSolver {
    let section: LayoutSection
    let index: Int
    let itemCount: Int
    let container: LayoutContainer
    let scrollAxis: Axis
    let sizing: ItemSizing
    /// §10.2 The reference insets R of the section's content and of its boundary items (zero in version 1).
    var referenceInsets: EdgeInsets = .zero
    var supplementaryReferenceInsets: EdgeInsets = .zero
    /// Where a traced solve (`ReferenceSolver.explain`) records each wanted element's steps; nil otherwise.
    var trace: SolveTrace? = nil

    struct Solution {
        var elements: [LayoutElement]
        var diagnostics: [LayoutDiagnostic]
        var extent: Double
        var orthogonalContentSize: Size?
    }

    /// One repetition of the root group: its solved tree, its first item, and its place along the section axis
    /// relative to the first instance.
    struct Instance {
        var node: SolvedNode
        var firstItem: Int
        var offset: Double
    }

    /// §1 The section axis P, its cross axis Q, and the section's insets on each.
    struct Axes {
        var P: Axis
        var Q: Axis { P.other }
        var preP: Double, postP: Double, preQ: Double, postQ: Double
    }

    /// §4.1 The root group's edge spacing, stride and content length: the kernel's `RootPlacement`.
    typealias RootEdges = RootPlacement

    /// The section's repetitions, and the template they share when the section is not estimated.
    struct Repetitions {
        var instances: [Instance]
        var template: SolvedNode?
    }

    func solve(start sectionStart: Double) throws(LayoutError) -> Solution {
        var diagnostics = SectionDiagnostics(section: index, itemCount: itemCount)
        let axes = sectionAxes()
        let box = rootContainerBox(axes)
        let edges = rootEdges(axes, diagnostics: &diagnostics)
        let repetitions =
            LayoutNode.group(section.group).containsEstimatedDimension
            ? try estimatedInstances(axes, box: box, edges: edges, diagnostics: &diagnostics)
            : try templateInstances(axes, box: box, edges: edges, diagnostics: &diagnostics)
        let contentLength = self.contentLength(repetitions, axes: axes, edges: edges)
        let layout = SectionLayout(
            axes: axes, box: box, edges: edges, repetitions: repetitions, contentLength: contentLength,
            centering: centering(repetitions, axes: axes),
            boundary: BoundaryItemsPlacement(
                items: section.boundarySupplementaryItems, section: index, container: container, scrollAxis: scrollAxis,
                // §10.2: the supplementary reference's R, plus the section's insets when they are followed.
                followedInsets: supplementaryReferenceInsets
                    + (section.supplementariesFollowContentInsets ? section.contentInsets : EdgeInsets.zero),
                sizing: sizing, startPadding: section.headerTopPadding),
            orthogonal: section.isOrthogonal)

        var elements = cellsAndAnchoredSupplementaries(layout, sectionStart: sectionStart)
        elements += layout.boundary.elements(
            sectionStart: sectionStart, contentStart: sectionStart + layout.startExtent,
            contentEnd: sectionStart + layout.startExtent + layout.middle)
        elements += backgrounds(layout, sectionStart: sectionStart)
        if let trace { record(elements, layout: layout, sectionStart: sectionStart, into: trace) }
        return Solution(
            elements: elements, diagnostics: diagnostics.list, extent: layout.extent,
            orthogonalContentSize: orthogonalContentSize(layout))
    }

    // MARK: §1, §2 and §4.1: axes, the root group's box and edges

    /// §1 In an orthogonal section the section axis is the layout's cross axis.
    func sectionAxes() -> Axes {
        let P = section.isOrthogonal ? scrollAxis.other : scrollAxis
        // §10.2 The content's R adds to the section's insets (on the layout's cross axis only).
        let insets = section.contentInsets + referenceInsets
        return Axes(
            P: P, preP: insets.pre(P), postP: insets.post(P), preQ: insets.pre(P.other), postQ: insets.post(P.other))
    }

    /// §2 The root group's container box: the container minus the section's insets on its cross axis only.
    func rootContainerBox(_ axes: Axes) -> Size {
        RootPlacement.box(container: container, P: axes.P, preQ: axes.preQ, postQ: axes.postQ)
    }

    /// §4.1 Fixed edge spacings add to the extent; a flexible one along P counts 0 and is reported.
    func rootEdges(_ axes: Axes, diagnostics: inout SectionDiagnostics) -> RootEdges {
        let edges = RootPlacement(section, P: axes.P)
        if edges.flexibleAlongP { diagnostics.report(.flexibleEdgeSpacingIgnored) }
        return edges
    }

    /// §4.1 stride = eP1 + gP + eP2 + interGroupSpacing.
    func stride(_ node: SolvedNode, axes: Axes, edges: RootEdges) -> Double {
        edges.stride(node.size.length(axes.P))
    }

    // MARK: §4.1 and §6: the repetitions

    /// §4.1 A section without estimated sizes: one template, repeated G = ceil(C / N) times, `stride` apart.
    func templateInstances(
        _ axes: Axes, box: Size, edges: RootEdges,
        diagnostics: inout SectionDiagnostics
    ) throws(LayoutError) -> Repetitions {
        // Slots no item can occupy are counted, not placed (docs/layout-rules.md §4.1: N counts them all).
        var groups = GroupSolver(
            container: container, sizing: sizing, section: index, itemCount: itemCount,
            limitsItems: false, slotCap: itemCount)
        groups.tracing = trace != nil
        let node = try groups.resolveAndSolve(.group(section.group), box: box, firstItem: 0)
        let n = node.slotCount
        if node.noRoom {
            diagnostics.reportNoRoom(RootPlacement.templateNoRoom(itemCount: itemCount, holdsNoItems: n == 0))
        }
        let count = RootPlacement.instanceCount(items: itemCount, perInstance: n)
        let stride = self.stride(node, axes: axes, edges: edges)
        let instances = (0..<count).map { q in Instance(node: node, firstItem: q * n, offset: Double(q) * stride) }
        return Repetitions(instances: instances, template: node)
    }

    /// §6 An estimated section: each instance starts at the first item not yet placed and is solved with those
    /// items' sizes; it starts one stride (of the instance before it) after the previous one. An instance
    /// that holds no item ends the section.
    func estimatedInstances(
        _ axes: Axes, box: Size, edges: RootEdges,
        diagnostics: inout SectionDiagnostics
    ) throws(LayoutError) -> Repetitions {
        var groups = GroupSolver(
            container: container, sizing: sizing, section: index, itemCount: itemCount, limitsItems: true)
        groups.tracing = trace != nil
        var instances: [Instance] = []
        var next = 0
        var offset = 0.0
        while next < itemCount {
            let node = try groups.resolveAndSolve(.group(section.group), box: box, firstItem: next)
            if node.leaves.isEmpty {
                diagnostics.reportNoRoom(RootPlacement.instanceNoRoom(start: next, itemCount: itemCount))
                break
            }
            if node.noRoom { diagnostics.reportNoRoom(RootPlacement.nestedNoRoom(start: next)) }
            instances.append(Instance(node: node, firstItem: next, offset: offset))
            next += node.leaves.count
            offset += stride(node, axes: axes, edges: edges)
        }
        return Repetitions(instances: uniformRootInstances(instances, axes: axes, edges: edges), template: nil)
    }

    /// §10.4 A root group uniform on an axis: every instance takes the section's largest instance length on
    /// that axis (its items keep their places), and the instances are restacked with those lengths.
    func uniformRootInstances(_ instances: [Instance], axes: Axes, edges: RootEdges) -> [Instance] {
        let size = section.group.layoutSize
        guard size.hasUniformDimension, !instances.isEmpty else { return instances }
        var result = instances
        for axis in Axis.allCases where size.dimension(axis).isUniform {
            let largest = instances.map { $0.node.size.length(axis) }.max() ?? 0
            for i in result.indices {
                result[i].node.size = Size(axis, largest, across: result[i].node.size.length(axis.other))
            }
        }
        // Revision 1.2: the grown instance is the group from then on, its own supplementaries included.
        for i in result.indices {
            GroupHost.growRootHost(&result[i].node.hosts, root: section.group, to: result[i].node.size)
        }
        var offset = 0.0
        for i in result.indices {
            result[i].offset = offset
            offset += stride(result[i].node, axes: axes, edges: edges)
        }
        return result
    }

    /// §4.1 Content length along P: `(G − 1) * stride + eP1 + gP + eP2 − partial`; `partial` only for a
    /// template whose last instance is not full (§6: estimated sections have none).
    func contentLength(_ repetitions: Repetitions, axes: Axes, edges: RootEdges) -> Double {
        guard let last = repetitions.instances.last else { return 0 }
        var partial = 0.0
        if let template = repetitions.template, last.firstItem + template.slotCount > itemCount {
            // A half-full last row keeps its full height; a short column ends at its last slot.
            let present = itemCount - last.firstItem
            let all = template.slotReach(axes.P)
            let first = template.leaves.prefix(present).map { $0.slot.end(axes.P) }.max() ?? 0
            partial = all - first
        }
        return edges.contentLength(lastOffset: last.offset, lastLength: last.node.size.length(axes.P), partial: partial)
    }

    /// §4.1 `groupPagingCentered`: the first group centered in the container along P (an empty estimated
    /// section has no first instance, so no centering).
    func centering(_ repetitions: Repetitions, axes: Axes) -> Double {
        guard section.orthogonalScrollingBehavior == .groupPagingCentered,
            let first = repetitions.template ?? repetitions.instances.first?.node
        else { return 0 }
        return (container.size.length(axes.P) - first.size.length(axes.P)) / 2
    }
}

/// The diagnostics of one section. §3: a section reports "no room" at most once, and only if it has items.
struct SectionDiagnostics {
    let section: Int
    let itemCount: Int
    private(set) var list: [LayoutDiagnostic] = []
    private var reportedNoRoom = false

    init(section: Int, itemCount: Int) {
        self.section = section
        self.itemCount = itemCount
    }

    mutating func report(_ kind: LayoutDiagnostic.Kind, detail: String? = nil) {
        list.append(LayoutDiagnostic(section: section, kind, detail: detail))
    }

    mutating func reportNoRoom(_ detail: String) {
        guard !reportedNoRoom, itemCount > 0 else { return }
        reportedNoRoom = true
        report(.noRoom, detail: detail)
    }
}
