import CompositionalLayout
import SolverKernel

/// SEMANTICS.md §4.1 (the root group and its repetitions), §4.2 (section extent), §6 (estimated sections:
/// instances solved one after another), §4.4 (anchored supplementaries emitted per present host) and §4.5
/// (backgrounds).
struct SectionSolver {
    let section: LayoutSection
    let index: Int
    let itemCount: Int
    let container: LayoutContainer
    let scrollAxis: Axis
    let sizing: ItemSizing

    struct Solution {
        var elements: [LayoutElement]
        var diagnostics: [LayoutDiagnostic]
        var extent: Double
        var orthogonalContentSize: Size?
    }

    /// One repetition of the root group: its solved tree, its first item, and its place along the section axis
    /// relative to the first instance.
    private struct Instance {
        var node: SolvedNode
        var firstItem: Int
        var offset: Double
    }

    func solve(start sectionStart: Double) throws(LayoutError) -> Solution {
        let orthogonal = section.isOrthogonal
        // §1 Section axis P and its cross axis Q.
        let P = orthogonal ? scrollAxis.other : scrollAxis
        let Q = P.other
        let insets = section.contentInsets
        let preP = insets.pre(P), postP = insets.post(P), preQ = insets.pre(Q), postQ = insets.post(Q)
        var diagnostics: [LayoutDiagnostic] = []
        var reportedNoRoom = false
        // §3: a section reports "no room" at most once, and only if it has items.
        func reportNoRoom(_ detail: String) {
            guard !reportedNoRoom, itemCount > 0 else { return }
            reportedNoRoom = true
            diagnostics.append(LayoutDiagnostic(section: index, .noRoom, detail: detail))
        }

        // §2 The root group's container box: the container minus the insets on the section's cross axis.
        let box = Size(Q, container.size.length(Q) - preQ - postQ, across: container.size.length(P))
        let root = LayoutNode.group(section.group)
        let estimated = root.containsEstimatedDimension
        let groups = GroupSolver(container: container, sizing: sizing, section: index, itemCount: itemCount,
                                 limitsItems: estimated)

        // §4.1 Edge spacing of the root group: fixed values along P add to its extent.
        let edges = section.group.edgeSpacing ?? EdgeSpacing()
        let eP1 = edges.pre(P)?.value ?? 0, eP2 = edges.post(P)?.value ?? 0
        let eP1Fixed = (edges.pre(P)?.isFlexible ?? false) ? 0 : eP1
        let eP2Fixed = (edges.post(P)?.isFlexible ?? false) ? 0 : eP2
        if (edges.pre(P)?.isFlexible ?? false) || (edges.post(P)?.isFlexible ?? false) {
            diagnostics.append(LayoutDiagnostic(section: index, .flexibleEdgeSpacingIgnored))
        }

        // The repetitions: one template (§4.1), or instance after instance in an estimated section (§6).
        var instances: [Instance] = []
        var template: SolvedNode? = nil
        if estimated {
            var next = 0
            var offset = 0.0
            while next < itemCount {
                let node = try groups.resolveAndSolve(root, box: box, firstItem: next)
                if node.leaves.isEmpty {
                    reportNoRoom("no item fits in the group instance starting at item \(next); items \(next)..<\(itemCount) get no cells")
                    break
                }
                if node.noRoom { reportNoRoom("a nested group holds no items in the instance starting at item \(next)") }
                instances.append(Instance(node: node, firstItem: next, offset: offset))
                next += node.leaves.count
                offset += eP1Fixed + node.size.length(P) + eP2Fixed + section.interGroupSpacing
            }
        } else {
            let node = try groups.resolveAndSolve(root, box: box, firstItem: 0)
            template = node
            let n = node.leaves.count
            if node.noRoom {
                reportNoRoom(n == 0 ? "the root group holds no items at this container size; the section's \(itemCount) items get no cells"
                                    : "a nested group holds no items at this container size")
            }
            let instanceCount = (n == 0 || itemCount == 0) ? 0 : (itemCount + n - 1) / n
            let stride = eP1Fixed + node.size.length(P) + eP2Fixed + section.interGroupSpacing
            for q in 0..<instanceCount {
                instances.append(Instance(node: node, firstItem: q * n, offset: Double(q) * stride))
            }
        }

        // §4.1 Content length along P.
        var contentLength = 0.0
        if let last = instances.last {
            contentLength = last.offset + eP1Fixed + last.node.size.length(P) + eP2Fixed
            if let template, last.firstItem + template.leaves.count > itemCount {
                // partial: a half-full last row keeps its full height; a short column ends at its last slot.
                let present = itemCount - last.firstItem
                let all = template.leaves.map { $0.slot.end(P) }.max() ?? 0
                let first = template.leaves.prefix(present).map { $0.slot.end(P) }.max() ?? 0
                contentLength -= all - first
            }
        }

        // §4.1 Along Q: crossOffset of a non-orthogonal section; eQ1, eQ2 of an orthogonal one.
        let qLength = box.length(Q)
        let eQ1 = (edges.pre(Q)?.isFlexible ?? false) ? 0 : (edges.pre(Q)?.value ?? 0)
        let eQ2 = (edges.post(Q)?.isFlexible ?? false) ? 0 : (edges.post(Q)?.value ?? 0)
        func crossOffset(_ gQ: Double) -> Double {
            let pre = edges.pre(Q), post = edges.post(Q)
            let k = ((pre?.isFlexible ?? false) ? 1 : 0) + ((post?.isFlexible ?? false) ? 1 : 0)
            let left = qLength - gQ - (pre?.value ?? 0) - (post?.value ?? 0)
            return (pre?.value ?? 0) + ((pre?.isFlexible ?? false) ? max(0, left) / Double(k) : 0)
        }
        // §4.2 The band of an orthogonal section: its largest instance across.
        let gQ = instances.map { $0.node.size.length(Q) }.max() ?? 0
        let band = instances.isEmpty ? 0 : eQ1 + gQ + eQ2
        let centering: Double
        if section.orthogonalScrollingBehavior == .groupPagingCentered,
           let first = template ?? instances.first?.node {
            // An empty estimated section has no first instance, so no centering.
            centering = (container.size.length(P) - first.size.length(P)) / 2
        } else {
            centering = 0
        }

        // §4.3 Boundary items: their extending lengths come before the content.
        let boundary = BoundaryItemsPlacement(
            items: section.boundarySupplementaryItems, section: index, container: container, scrollAxis: scrollAxis,
            followedInsets: section.supplementariesFollowContentInsets ? insets : EdgeInsets.zero, sizing: sizing)
        let startExtent = boundary.startExtent
        // §4.2 an orthogonal section without instances (G = 0) takes no space: its insets are dropped too.
        let middle = orthogonal ? (instances.isEmpty ? 0 : preQ + band + postQ) : preP + contentLength + postP
        let extent = startExtent + middle + boundary.endExtent

        // Cells and anchored supplementaries, instance by instance.
        var elements: [LayoutElement] = []
        elements.reserveCapacity(itemCount)
        let supplementaries = AnchoredSupplementaryPlacement(section: index, container: container, sizing: sizing)
        for instance in instances {
            let origin: Point
            if orthogonal {
                origin = Point.along(P, preP + centering + eP1Fixed + instance.offset,
                                     across: sectionStart + startExtent + preQ + eQ1)
            } else {
                origin = Point.along(P, sectionStart + startExtent + preP + eP1Fixed + instance.offset,
                                     across: preQ + crossOffset(instance.node.size.length(Q)))
            }
            let present = min(instance.node.leaves.count, itemCount - instance.firstItem)
            for (leafIndex, leaf) in instance.node.leaves.prefix(present).enumerated() {
                let item = instance.firstItem + leafIndex
                let cell = leaf.cell.offsetBy(dx: origin.x, dy: origin.y)
                elements.append(LayoutElement(category: .cell, section: index, item: item, frame: cell, zIndex: 0))
                elements += supplementaries.elements(for: leaf.item.supplementaryItems, host: cell, item: item)
            }
            // §4.4 Group hosts: every instance holding at least one present item.
            for host in instance.node.hosts where host.leafCount > 0 && host.firstLeaf < present {
                elements += supplementaries.elements(for: host.supplementaries,
                                                     host: host.box.offsetBy(dx: origin.x, dy: origin.y),
                                                     item: instance.firstItem + host.firstLeaf)
            }
        }

        elements += boundary.elements(sectionStart: sectionStart, contentStart: sectionStart + startExtent,
                                      contentEnd: sectionStart + startExtent + middle)

        // §4.5 Backgrounds: every section draws them, but an orthogonal one without instances (G = 0).
        if !(orthogonal && instances.isEmpty) {
            elements += decorationElements(section.decorationItems, section: index, sectionStart: sectionStart, extent: extent,
                                           container: container, scrollAxis: scrollAxis)
        }

        var orthogonalContentSize: Size? = nil
        if orthogonal {
            let scroller = preP + postP + 2 * centering + contentLength
            orthogonalContentSize = Size(P, scroller, across: middle)
        }
        return Solution(elements: elements, diagnostics: diagnostics, extent: extent,
                        orthogonalContentSize: orthogonalContentSize)
    }
}
