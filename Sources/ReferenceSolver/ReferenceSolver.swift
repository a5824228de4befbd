import CompositionalLayout
import SolverKernel

/// The reference solver: docs/layout-rules.md followed literally, one function per rule, each citing the section it
/// implements. It is the oracle the fast engine is tested against, so it is written to be obviously right,
/// not fast: every section is solved from scratch and every element is materialised.
///
/// This file: the entry points and §4.2 (stacking sections, the layout's boundary items, content size).
public enum ReferenceSolver {
    /// Solves `layout` at its container with every estimated item measured as `mode` says.
    /// - Throws: `LayoutError` when the layout cannot be solved at all (no variant for the width, a group
    ///   placing more items than the limit). Layout problems that still solve are diagnostics in the output.
    /// - Complexity: O(items + supplementaries + sections).
    public static func solve(_ layout: CollectionLayout, measure mode: MeasureMode = .all) throws(LayoutError)
        -> SolveOutput
    {
        // §10.6 calc values are evaluated before each solve, with the container in force.
        let resolved = try layout.resolvedForEnvironment()
        return try solve(resolved, sections: resolved.resolvedSections(), sizing: layout.sizing(mode))
    }

    /// Solves `layout`'s configuration and container over explicit sections (as a replay builds them) with
    /// explicit sizing: the form every other entry point reduces to.
    public static func solve(
        _ layout: CollectionLayout, sections: [ResolvedSection],
        sizing: ItemSizing
    ) throws(LayoutError) -> SolveOutput {
        try solve(layout, sections: sections, sizing: sizing, trace: nil)
    }

    /// The solve every entry point reduces to; with `trace`, the sections record each wanted element's steps.
    static func solve(
        _ layout: CollectionLayout, sections: [ResolvedSection], sizing: ItemSizing,
        trace: SolveTrace?
    ) throws(LayoutError) -> SolveOutput {
        let layout = try layout.resolvedForEnvironment()
        let container = layout.container
        let configuration = layout.configuration
        let scrollAxis = configuration.scrollDirection.axis
        let crossAxis = scrollAxis.other
        var elements: [LayoutElement] = []
        var sectionFrames: [SectionFrame] = []
        var diagnostics: [LayoutDiagnostic] = []

        // §4.3 applied to the whole layout: its extending start items come before the first section.
        let layoutBoundary = BoundaryItemsPlacement(
            items: configuration.boundarySupplementaryItems, section: -1, container: container,
            // §10.2: the layout's R
            scrollAxis: scrollAxis, followedInsets: layout.layoutReferenceInsets, sizing: sizing)

        // §4.2 Sections stack along the scroll axis in order, `interSectionSpacing` apart, empty ones included.
        var cursor = layoutBoundary.startExtent
        for (index, resolved) in sections.enumerated() {
            if index > 0 { cursor += configuration.interSectionSpacing }
            let solution: SectionSolver.Solution
            do {
                let references = layout.referenceInsets(of: resolved.section)
                solution = try SectionSolver(
                    section: resolved.section, index: index, itemCount: resolved.itemCount,
                    container: container, scrollAxis: scrollAxis, sizing: sizing,
                    referenceInsets: references.content, supplementaryReferenceInsets: references.supplementary,
                    trace: trace.flatMap { $0.wantsSection(index) ? $0 : nil }
                ).solve(start: cursor)
            } catch {
                throw error.located(definition: resolved.definition, section: index)
            }
            elements += solution.elements
            diagnostics += solution.diagnostics
            sectionFrames.append(
                SectionFrame(
                    index: index,
                    frame: Rect(
                        origin: Point.along(scrollAxis, cursor, across: 0),
                        size: Size(scrollAxis, solution.extent, across: container.size.length(crossAxis))),
                    orthogonalContentSize: solution.orthogonalContentSize))
            cursor += solution.extent
        }
        let contentEnd = cursor + layoutBoundary.endExtent
        elements += layoutBoundary.elements(
            sectionStart: 0, contentStart: layoutBoundary.startExtent,
            contentEnd: cursor)
        let contentSize = Size(scrollAxis, contentEnd, across: container.size.length(crossAxis))
        let exact = SolveOutput(
            spec: layout.name, container: container.size, contentSize: contentSize,
            elements: elements, sections: sectionFrames, diagnostics: diagnostics,
            scrollDirection: configuration.scrollDirection)
        // §10.3 Right-to-left: solved left-to-right, then mirrored; §1 pixel rounding comes after mirroring.
        let mirrored = container.layoutDirection == .rightToLeft ? exact.mirroredHorizontally() : exact
        // §1 Pixel rounding: solving is exact; every output frame is rounded at the very end.
        return mirrored.pixelRounded(container.pixelScale)
    }
}
