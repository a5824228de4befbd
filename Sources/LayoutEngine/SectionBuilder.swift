import CompositionalLayout
import SolverKernel

/// Solves one section into its `SectionGeometry` (layout rules §4, §6): the engine's per-section solver, used
/// by the full solve, by incremental updates and by lazy sizing. Pure functions of their inputs.
struct SectionBuilder: Sendable {
    let container: LayoutContainer
    let scrollAxis: Axis
    /// Templates place slots only for item indices below this; the rest are counted (docs/layout-rules.md §4.1).
    var slotCap = Int.max
    /// Whether fresh solves of lists and column grids go straight into compact storage (`solveCompact`);
    /// tests turn it off to hold that path to the general one.
    var solvesCompact = true

    /// §2 the root group's container box: the container minus the section's insets on its cross axis.
    func rootBox(_ section: LayoutSection) -> Size {
        let P = sectionAxis(section)
        let insets = section.contentInsets
        return RootPlacement.box(container: container, P: P, preQ: insets.pre(P.other), postQ: insets.post(P.other))
    }

    /// `rootBox(_:)` of a cache's section, its two fields read where they are: binding `cache.section` to a
    /// value copies the whole section (retaining every array in it), once per section solved and per update.
    func rootBox(of cache: DefinitionCache) -> Size {
        let P = cache.section.orthogonalScrollingBehavior != .none ? scrollAxis.other : scrollAxis
        let insets = cache.section.contentInsets
        return RootPlacement.box(container: container, P: P, preQ: insets.pre(P.other), postQ: insets.post(P.other))
    }

    /// §1 the section axis: the scroll axis, or the cross axis in an orthogonal section.
    func sectionAxis(_ section: LayoutSection) -> Axis { section.isOrthogonal ? scrollAxis.other : scrollAxis }

    /// §4.1 the root group's placement in `section`.
    func rootPlacement(_ section: LayoutSection) -> RootPlacement { RootPlacement(section, P: sectionAxis(section)) }

    /// Solves section `index` (definition `definition`, `itemCount` items) from scratch.
    /// - Complexity: O(boundary items) for a fixed-size section; O(items) for an estimated one, whose
    ///   instances are solved in `scratch`'s buffers and frozen in one allocation.
    func solve(
        index: Int, definition: Int, cache: DefinitionCache, itemCount: Int,
        sizing: ItemSizing, scratch: inout SolveScratch
    ) throws(LayoutError) -> SectionGeometry {
        do {
            return try solveUnlocated(
                index: index, definition: definition, cache: cache, itemCount: itemCount, sizing: sizing,
                scratch: &scratch)
        } catch {
            throw error.located(definition: definition, section: index)
        }
    }

    private func solveUnlocated(
        index: Int, definition: Int, cache: DefinitionCache, itemCount: Int,
        sizing: ItemSizing, scratch: inout SolveScratch
    ) throws(LayoutError) -> SectionGeometry {
        var diagnostics: [LayoutDiagnostic] = []
        let storage: SectionGeometry.Storage
        let placement = cache.placement
        let P = placement.P
        if placement.flexibleAlongP {
            diagnostics.append(LayoutDiagnostic(section: index, .flexibleEdgeSpacingIgnored))
        }
        if let template = cache.template {
            let n = template.count
            let instances = RootPlacement.instanceCount(items: itemCount, perInstance: n)
            if template.noRoom && itemCount > 0 {
                diagnostics.append(
                    LayoutDiagnostic(
                        section: index, .noRoom,
                        detail: RootPlacement.templateNoRoom(
                            itemCount: itemCount,
                            holdsNoItems: n == 0)))
            }
            storage = .fixed(stride: placement.stride(template.size.length(P)), instances: instances)
        } else {
            let (instances, noRoom, _) = try solveInstances(
                cache, index: index, itemCount: itemCount, sizing: sizing, scratch: &scratch)
            if let noRoom, itemCount > 0 {
                diagnostics.append(LayoutDiagnostic(section: index, .noRoom, detail: noRoom))
            }
            // (`uniformRoot` returns the instances unchanged unless the root group is uniform.)
            storage = .estimated(
                cache.uniformRoot ? uniformRoot(instances, section: cache.section, root: placement) : instances)
        }
        var geometry = SectionGeometry(
            definition: definition, itemCount: itemCount,
            orthogonal: cache.section.orthogonalScrollingBehavior != .none, P: P, extent: 0,
            pBase: 0, qBase: 0, cross: .init(), storage: storage, boundaryStart: 0, boundaryMiddle: 0,
            drawsDecorations: false,
            orthogonalContentSize: nil, diagnostics: diagnostics, overhangBefore: 0, overhangAfter: 0,
            measuresSupplementariesByIndex: cache.hasEstimatedSupplementaries && sizing.measuresSupplementaries)
        place(&geometry, index: index, cache: cache, sizing: sizing)
        return geometry
    }
}
