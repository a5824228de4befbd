import CompositionalLayout

/// SEMANTICS.md §10.4, a section whose root group is uniform on an axis: every instance takes, on that axis,
/// the largest instance length in the section (its items keep their places), and the instances restack with
/// those lengths. A separate pass over the solved instances, so the storage itself knows nothing of it; an
/// update of such a section re-solves it whole (`LayoutEngine.resolveMeasured`).
extension SectionBuilder {
    func uniformRoot(_ instances: EstimatedInstances, section: LayoutSection) -> EstimatedInstances {
        let size = section.group.layoutSize
        guard size.hasUniformDimension, instances.count > 0 else { return instances }
        var data = instances.data
        for axis in Axis.allCases where size.dimension(axis).isUniform {
            let largest = data.sizes.map { $0.length(axis) }.max() ?? 0
            for q in data.sizes.indices { data.sizes[q] = Size(axis, largest, across: data.sizes[q].length(axis.other)) }
        }
        let P = section.isOrthogonal ? scrollAxis.other : scrollAxis
        let (e1, e2) = fixedEdges(section, P)
        data.offsets = FenwickTree(data.sizes.map { e1 + $0.length(P) + e2 + section.interGroupSpacing })
        return EstimatedInstances(data)
    }
}
