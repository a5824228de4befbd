import CompositionalLayout
import SolverKernel

/// docs/version-2.md §10.4, a section whose root group is uniform on an axis: every instance takes, on that axis,
/// the largest instance length in the section (its items keep their places), the grown instance hosts the
/// root's own supplementaries on its grown content box, and the instances restack with those lengths. A
/// separate pass over the solved instances, so the storage itself knows nothing of it; an update of such a
/// section re-solves it whole (`LayoutEngine.resolveChanged`).
extension SectionBuilder {
    /// - Complexity: O(instances × log instances), in place (the storage was just solved: one reference).
    func uniformRoot(
        _ instances: EstimatedInstances, section: LayoutSection,
        root: RootPlacement
    ) -> EstimatedInstances {
        let size = section.group.layoutSize
        guard size.hasUniformDimension, instances.count > 0 else { return instances }
        // Uniform lengths break the compact form's derived sizes: work on the full form.
        let instances = instances.fullForm()
        let uniformAxes = Axis.allCases.filter { size.dimension($0).isUniform }
        let largest = uniformAxes.map { instances.largestLength($0) }
        let P = root.P
        let growsRootHost = !section.group.supplementaryItems.isEmpty && instances.keepsHosts
        for q in 0..<instances.count {
            var instanceSize = instances.size(q)
            for (axis, length) in zip(uniformAxes, largest) {
                instanceSize = Size(axis, length, across: instanceSize.length(axis.other))
            }
            instances.setInstance(q, size: instanceSize, stride: root.stride(instanceSize.length(P)))
            // Revision 1.2: the grown instance is the group from then on: its own supplementaries use its grown
            // content box, and the query extent covers them there.
            if growsRootHost {
                var hosts = instances.hosts(of: q)
                GroupHost.growRootHost(&hosts, root: section.group, to: instanceSize)
                instances.setHosts(q, hosts)
                if let rootHost = hosts.last {
                    var extent = RelativeExtent()
                    extent.add(rootHost.box, P: P)
                    extent.grow(by: supplementaryReach([rootHost.supplementaries], hostSize: rootHost.box.size))
                    instances.addExtent(extent)
                }
            }
        }
        return instances
    }
}
