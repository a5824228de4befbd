import CompositionalLayout
import SolverKernel

/// Solves one section into its `SectionGeometry` (layout rules §4, §6): the engine's per-section solver, used
/// by the full solve, by incremental updates and by lazy sizing. Pure functions of their inputs.
struct SectionBuilder: Sendable {
    let container: LayoutContainer
    let scrollAxis: Axis

    /// §2 the root group's container box: the container minus the section's insets on its cross axis.
    func rootBox(_ section: LayoutSection) -> Size {
        let P = section.isOrthogonal ? scrollAxis.other : scrollAxis
        let Q = P.other
        let insets = section.contentInsets
        return Size(Q, container.size.length(Q) - insets.sum(Q), across: container.size.length(P))
    }

    /// Solves section `index` (definition `definition`, `itemCount` items) from scratch.
    /// - Complexity: O(boundary items) for a fixed-size section; O(items) for an estimated one, whose
    ///   instances are solved in `scratch`'s buffers and frozen in one allocation.
    func solve(index: Int, definition: Int, cache: DefinitionCache, itemCount: Int,
               sizing: ItemSizing, scratch: inout SolveScratch) throws(LayoutError) -> SectionGeometry {
        do {
            return try solveUnlocated(index: index, definition: definition, cache: cache, itemCount: itemCount, sizing: sizing,
                                      scratch: &scratch)
        } catch {
            throw error.located(definition: definition, section: index)
        }
    }

    private func solveUnlocated(index: Int, definition: Int, cache: DefinitionCache, itemCount: Int,
                                sizing: ItemSizing, scratch: inout SolveScratch) throws(LayoutError) -> SectionGeometry {
        let section = cache.section
        var diagnostics: [LayoutDiagnostic] = []
        let storage: SectionGeometry.Storage
        let P = section.isOrthogonal ? scrollAxis.other : scrollAxis
        let edges = section.group.edgeSpacing ?? EdgeSpacing()
        if (edges.pre(P)?.isFlexible ?? false) || (edges.post(P)?.isFlexible ?? false) {
            diagnostics.append(LayoutDiagnostic(section: index, .flexibleEdgeSpacingIgnored))
        }
        if let template = cache.template {
            let n = template.count
            let instances = (n == 0 || itemCount == 0) ? 0 : (itemCount + n - 1) / n
            if template.noRoom && itemCount > 0 {
                diagnostics.append(LayoutDiagnostic(section: index, .noRoom, detail: n == 0
                    ? "the root group holds no items at this container size; the section's \(itemCount) items get no cells"
                    : "a nested group holds no items at this container size"))
            }
            storage = .fixed(stride: stride(section, size: template.size), instances: instances)
        } else {
            let (instances, noRoom, _) = try solveInstances(cache, definition: definition, index: index, itemCount: itemCount,
                                                            sizing: sizing, scratch: &scratch)
            if let noRoom, itemCount > 0 { diagnostics.append(LayoutDiagnostic(section: index, .noRoom, detail: noRoom)) }
            storage = .estimated(uniformRoot(instances, section: section))
        }
        var geometry = SectionGeometry(
            definition: definition, itemCount: itemCount, orthogonal: section.isOrthogonal, P: P, extent: 0,
            pBase: 0, qBase: 0, cross: .init(), storage: storage, boundaryStart: 0, boundaryMiddle: 0, drawsDecorations: false,
            orthogonalContentSize: nil, diagnostics: diagnostics, overhangBefore: 0, overhangAfter: 0,
            measuresSupplementariesByIndex: cache.hasEstimatedSupplementaries && sizing.measuresSupplementaries)
        place(&geometry, index: index, cache: cache, sizing: sizing)
        return geometry
    }

    /// §4.1 stride = eP1 + gP + eP2 + interGroupSpacing (flexible edge values count 0).
    func stride(_ section: LayoutSection, size: Size) -> Double {
        let P = section.isOrthogonal ? scrollAxis.other : scrollAxis
        let (e1, e2) = fixedEdges(section, P)
        return e1 + size.length(P) + e2 + section.interGroupSpacing
    }

    /// The fixed edge spacings of the root group along `axis` (flexible ones count 0, §4.1).
    func fixedEdges(_ section: LayoutSection, _ axis: Axis) -> (Double, Double) {
        let edges = section.group.edgeSpacing ?? EdgeSpacing()
        let e1 = (edges.pre(axis)?.isFlexible ?? false) ? 0 : (edges.pre(axis)?.value ?? 0)
        let e2 = (edges.post(axis)?.isFlexible ?? false) ? 0 : (edges.post(axis)?.value ?? 0)
        return (e1, e2)
    }
}
