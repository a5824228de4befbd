import CompositionalLayout
import SolverKernel

/// A section's repetitions with the lengths §4.2 derives from them: what placing its elements needs.
struct SectionLayout {
    var axes: SectionSolver.Axes
    var box: Size
    var edges: SectionSolver.RootEdges
    var repetitions: SectionSolver.Repetitions
    var contentLength: Double
    var centering: Double
    var boundary: BoundaryItemsPlacement
    var orthogonal: Bool

    var hasInstances: Bool { !repetitions.instances.isEmpty }
    /// §4.3 the extending start items' total length.
    var startExtent: Double { boundary.startExtent }

    /// §4.2 The band of an orthogonal section: its largest instance across, with its fixed edges along Q.
    var band: Double {
        guard hasInstances else { return 0 }
        let gQ = repetitions.instances.map { $0.node.size.length(axes.Q) }.max() ?? 0
        return edges.eQ1 + gQ + edges.eQ2
    }

    /// §4.2 What lies between the boundary items along the scroll axis. An orthogonal section without
    /// instances (G = 0) takes no space: its insets are dropped too.
    var middle: Double {
        if orthogonal { return hasInstances ? axes.preQ + band + axes.postQ : 0 }
        return axes.preP + contentLength + axes.postP
    }

    /// §4.2 extent = startExtent + middle + endExtent.
    var extent: Double { startExtent + middle + boundary.endExtent }
}

extension SectionSolver {
    /// §4.1 Where instance `instance` starts: along P after the insets, the boundary start items and its
    /// offset; across, the cross offset of a non-orthogonal section or the band's start of an orthogonal one.
    func instanceOrigin(_ instance: Instance, in layout: SectionLayout, sectionStart: Double) -> Point {
        let axes = layout.axes, edges = layout.edges
        if layout.orthogonal {
            return Point.along(
                axes.P, axes.preP + layout.centering + edges.eP1 + instance.offset,
                across: sectionStart + layout.startExtent + axes.preQ + edges.eQ1)
        }
        return Point.along(
            axes.P, sectionStart + layout.startExtent + axes.preP + edges.eP1 + instance.offset,
            across: axes.preQ + crossOffset(instance.node.size.length(axes.Q), layout: layout))
    }

    /// §4.1 crossOffset: a non-orthogonal root group is placed across like an item across a group (§3.4).
    func crossOffset(_ gQ: Double, layout: SectionLayout) -> Double {
        layout.edges.crossOffset(gQ, qLength: layout.box.length(layout.axes.Q))
    }

    /// §4.1 cells, instance by instance, with §4.4 the anchored supplementaries of present items and of group
    /// instances holding at least one present item.
    func cellsAndAnchoredSupplementaries(_ layout: SectionLayout, sectionStart: Double) -> [LayoutElement] {
        var elements: [LayoutElement] = []
        elements.reserveCapacity(itemCount)
        let supplementaries = AnchoredSupplementaryPlacement(section: index, container: container, sizing: sizing)
        for instance in layout.repetitions.instances {
            let origin = instanceOrigin(instance, in: layout, sectionStart: sectionStart)
            let present = min(instance.node.leaves.count, itemCount - instance.firstItem)
            for (leafIndex, leaf) in instance.node.leaves.prefix(present).enumerated() {
                let item = instance.firstItem + leafIndex
                let cell = leaf.cell.offsetBy(dx: origin.x, dy: origin.y)
                elements.append(LayoutElement(category: .cell, section: index, item: item, frame: cell, zIndex: 0))
                elements += supplementaries.elements(for: leaf.item.supplementaryItems, host: cell, item: item)
            }
            for host in instance.node.hosts where host.leafCount > 0 && host.firstLeaf < present {
                elements += supplementaries.elements(
                    for: host.supplementaries,
                    host: host.box.offsetBy(dx: origin.x, dy: origin.y),
                    item: instance.firstItem + host.firstLeaf)
            }
        }
        return elements
    }

    /// §4.5 Backgrounds: every section draws them, but an orthogonal one without instances (G = 0).
    func backgrounds(_ layout: SectionLayout, sectionStart: Double) -> [LayoutElement] {
        if layout.orthogonal && !layout.hasInstances { return [] }
        return decorationElements(
            section.decorationItems, section: index, sectionStart: sectionStart,
            extent: layout.extent, container: container, scrollAxis: scrollAxis)
    }

    /// §4.2 An orthogonal section's scroller: `preP + postP + 2 * centering + contentLength` along P, the
    /// section's middle across.
    func orthogonalContentSize(_ layout: SectionLayout) -> Size? {
        guard layout.orthogonal else { return nil }
        let axes = layout.axes
        return Size(axes.P, axes.preP + axes.postP + 2 * layout.centering + layout.contentLength, across: layout.middle)
    }
}
