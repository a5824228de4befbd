import CompositionalLayout
import SolverKernel

extension SectionBuilder {
    /// What §4.1 derives from a section's storage: its content length along P, its largest instance across
    /// (an orthogonal section's band), the first instance's length along P (for centering), and whether it
    /// has any instance at all.
    struct ContentMeasure {
        var contentLength = 0.0
        var largestQ = 0.0
        var firstP: Double? = nil
        var hasInstances = false
    }

    /// §4.1–§4.5: the section's extent, its instances' base, boundary items and decorations, from its storage.
    /// `itemsOnly`: only the section's items changed since the last `place` of `g` at this index (an item
    /// update): its boundary items size as they did then (they do not depend on the items), so their extents
    /// are read from `g` instead of sized again, unless the overhang needs their frames (when they do not all
    /// extend within the section).
    /// - Complexity: O(boundary items + decorations), plus O(instances) for an estimated section.
    func place(
        _ g: inout SectionGeometry, index: Int, cache: DefinitionCache, sizing: ItemSizing, itemsOnly: Bool = false
    ) {
        if itemsOnly && placeItemsOnly(&g, cache: cache) { return }
        // `cache.section`'s fields are read where they are: a local copy of the section would retain every
        // array in it, on every section solved and every update.
        let P = g.P, Q = P.other
        let insets = cache.section.contentInsets
        let root = cache.placement
        let measure = contentMeasure(
            g.storage, P: g.P, itemCount: g.itemCount, orthogonal: g.orthogonal, template: cache.template, root: root)
        let band = measure.hasInstances ? root.eQ1 + measure.largestQ + root.eQ2 : 0
        var centering = 0.0
        if cache.section.orthogonalScrollingBehavior == .groupPagingCentered, let firstP = measure.firstP {
            centering = (container.size.length(P) - firstP) / 2
        }

        // §4.3 boundary items, sized with this section's index.
        let boundary = BoundaryItemsPlacement(
            items: cache.section.boundarySupplementaryItems, section: index, container: container,
            scrollAxis: scrollAxis,
            // §10.2, §10.8
            followedInsets: cache.boundaryInsets, sizing: sizing, startPadding: cache.section.headerTopPadding)
        let startExtent = boundary.startExtent
        // §4.2 an orthogonal section without instances (G = 0) takes no space: its insets are dropped too.
        let middle =
            g.orthogonal
            ? (measure.hasInstances ? insets.pre(Q) + band + insets.post(Q) : 0)
            : insets.pre(P) + measure.contentLength + insets.post(P)
        g.extent = startExtent + middle + boundary.endExtent

        placeInstances(
            &g, cache: cache, root: root, startExtent: startExtent, centering: centering,
            contentLength: measure.contentLength, middle: middle)
        g.boundaryStart = startExtent
        g.boundaryMiddle = middle
        g.boundaryEnd = boundary.endExtent
        g.boundaryExtendsWithin = boundary.extendsWithinSection
        g.drawsDecorations = !g.orthogonal || measure.hasInstances
        g.boundaryItemsWithin = boundary.extendsWithinSection && middle >= 0
        measureOverhang(&g, index: index, cache: cache, boundary: boundary, hasInstances: measure.hasInstances)
    }

    /// `place` after an item update, with the boundary extents the last `place` found (`g.boundaryStart`,
    /// `g.boundaryEnd`); false, with nothing changed, when the overhang needs the boundary items' frames.
    private func placeItemsOnly(_ g: inout SectionGeometry, cache: DefinitionCache) -> Bool {
        let P = g.P, Q = P.other
        let insets = cache.section.contentInsets
        let root = cache.placement
        let measure = contentMeasure(
            g.storage, P: g.P, itemCount: g.itemCount, orthogonal: g.orthogonal, template: cache.template, root: root)
        // As `place` computes it, term by term.
        let band = measure.hasInstances ? root.eQ1 + measure.largestQ + root.eQ2 : 0
        let middle =
            g.orthogonal
            ? (measure.hasInstances ? insets.pre(Q) + band + insets.post(Q) : 0)
            : insets.pre(P) + measure.contentLength + insets.post(P)
        let within = g.boundaryExtendsWithin && middle >= 0
        guard within || cache.section.boundarySupplementaryItems.isEmpty else { return false }
        var centering = 0.0
        if cache.section.orthogonalScrollingBehavior == .groupPagingCentered, let firstP = measure.firstP {
            centering = (container.size.length(P) - firstP) / 2
        }
        g.extent = g.boundaryStart + middle + g.boundaryEnd
        placeInstances(
            &g, cache: cache, root: root, startExtent: g.boundaryStart, centering: centering,
            contentLength: measure.contentLength, middle: middle)
        g.boundaryMiddle = middle
        g.drawsDecorations = !g.orthogonal || measure.hasInstances
        g.boundaryItemsWithin = within
        var before = 0.0, after = 0.0
        finishOverhang(&g, cache: cache, hasInstances: measure.hasInstances, before: &before, after: &after)
        return true
    }

    /// §4.1 content length along P: `(G − 1) * stride + eP1 + gP + eP2 − partial` for a template, the sum of
    /// the strides before the last instance plus its own length for an estimated section (§6, no partial).
    /// Takes the geometry's fields, not the geometry: passing the whole value copied it (about 30 instructions
    /// per placement).
    func contentMeasure(
        _ storage: SectionGeometry.Storage, P: Axis, itemCount: Int, orthogonal: Bool, template: Template?,
        root: RootPlacement
    ) -> ContentMeasure {
        let Q = P.other
        var measure = ContentMeasure()
        switch storage {
        case let .fixed(stride, instances):
            let template = template!
            measure.firstP = template.size.length(P)
            guard instances > 0 else { break }
            measure.hasInstances = true
            measure.largestQ = template.size.length(Q)
            let present = itemCount - (instances - 1) * template.count
            let partial =
                present < template.count
                ? template.allMaxEnd - template.prefixMaxEnd[present] : 0
            measure.contentLength = root.contentLength(
                lastOffset: Double(instances - 1) * stride,
                lastLength: template.size.length(P), partial: partial)
        case .estimated(let storage):
            guard storage.count > 0 else { break }
            measure.hasInstances = true
            let last = storage.count - 1
            measure.contentLength = root.contentLength(
                lastOffset: storage.offset(last),
                lastLength: storage.size(last).length(P))
            measure.firstP = storage.size(0).length(P)
            // The largest instance across, even when every one is negative (a container of height 0).
            if orthogonal { measure.largestQ = storage.largestLength(Q) }
        }
        return measure
    }

    /// §4.1 where instance 0 sits: along P after the insets (and centering in an orthogonal section), across
    /// at the band's start or at the cross offset of a non-orthogonal root group; §4.2 the scroller's size.
    func placeInstances(
        _ g: inout SectionGeometry, cache: DefinitionCache, root: RootPlacement, startExtent: Double,
        centering: Double, contentLength: Double, middle: Double
    ) {
        let eP1 = root.eP1, eQ1 = root.eQ1
        let P = g.P, Q = P.other
        let insets = cache.section.contentInsets
        if g.orthogonal {
            g.pBase = insets.pre(P) + centering + eP1
            g.qBase = startExtent + insets.pre(Q) + eQ1
            g.orthogonalContentSize = Size(
                P, insets.pre(P) + insets.post(P) + 2 * centering + contentLength, across: middle)
        } else {
            g.pBase = startExtent + insets.pre(P) + eP1
            g.qBase = insets.pre(Q)
            g.cross = SectionGeometry.CrossPlacement(root: root, qLength: rootBox(of: cache).length(Q))
            g.orthogonalContentSize = nil
        }
    }

    /// §4.3 boundary items and §4.5 backgrounds of section `index` (geometry `g`), frames relative to the
    /// section start along the scroll axis, in order: the boundary items (by their index in the definition),
    /// then the decorations. Allocates nothing. Complexity: O(boundary items² + decorations²), both tiny.
    func forEachSectionElement(
        _ g: SectionGeometry, index: Int, cache: DefinitionCache, sizing: ItemSizing,
        _ body: (LayoutElement) -> Void
    ) {
        let boundary =
            cache.section.boundarySupplementaryItems.isEmpty
            ? nil
            : BoundaryItemsPlacement(
                items: cache.section.boundarySupplementaryItems, section: index, container: container,
                scrollAxis: scrollAxis, followedInsets: cache.boundaryInsets, sizing: sizing,
                startPadding: cache.section.headerTopPadding)
        forEachSectionElement(g, index: index, cache: cache, boundary: boundary, body)
    }

    /// For a rect query: appends to `out` the elements `forEachSectionElement` gives (`measuresSupplementaries`
    /// being its sizing's), in its order, whose frame
    /// `select` keeps, with the frame it returns (moved and rounded). A dropped one is never made an element, a
    /// kept one is built in `out`, and the boundary items are not sized for extents the section already holds.
    /// The geometry's four fields it reads are passed alone (`SectionGeometry.boundaryStart`, `boundaryMiddle`,
    /// `drawsDecorations`, `extent`): a query reads them where the geometry is, not from a copy of it.
    /// `placesBoundaryItems` false: the caller knows the rect selects none of them.
    /// Complexity: O(boundary items² + decorations²), allocating nothing.
    func appendSectionElements(
        boundaryStart: Double, boundaryMiddle: Double, placesBoundaryItems: Bool = true, drawsDecorations: Bool,
        extent: Double, index: Int, cache: DefinitionCache, measuresSupplementaries: Bool, select: (Rect) -> Rect?,
        into out: inout [LayoutElement]
    ) {
        if placesBoundaryItems, let fixed = cache.fixedBoundaryElements {
            // Placed once for the definition (`DefinitionCache.fixedBoundaryElements`): the same frames,
            // moved, rounded and selected by `select` as the placement below gives them to it.
            for element in fixed {
                guard let frame = select(element.frame) else { continue }
                out.append(
                    LayoutElement(
                        category: .supplementary, internedKind: element.kind, section: index, item: element.item,
                        frame: frame, zIndex: element.zIndex))
            }
        } else if placesBoundaryItems && !cache.section.boundarySupplementaryItems.isEmpty {
            BoundaryItemsPlacement.appendElements(
                cache.section.boundarySupplementaryItems, section: index, container: container,
                scrollAxis: scrollAxis, followedInsets: cache.boundaryInsets,
                measuresSupplementaries: measuresSupplementaries, startPadding: cache.section.headerTopPadding,
                sectionStart: 0, contentStart: boundaryStart,
                contentEnd: boundaryStart + boundaryMiddle, select: select, into: &out)
        }
        if drawsDecorations && !cache.section.decorationItems.isEmpty {
            appendDecorationElements(
                cache.section.decorationItems, section: index, sectionStart: 0, extent: extent,
                container: container, scrollAxis: scrollAxis, select: select, into: &out)
        }
    }

    /// `forEachSectionElement` with the section's boundary items already placed (`boundary`, nil when it has
    /// none).
    private func forEachSectionElement(
        _ g: SectionGeometry, index: Int, cache: DefinitionCache,
        boundary: BoundaryItemsPlacement?, _ body: (LayoutElement) -> Void
    ) {
        if let boundary, !cache.section.boundarySupplementaryItems.isEmpty {
            boundary.forEachElement(
                sectionStart: 0, contentStart: g.boundaryStart,
                contentEnd: g.boundaryStart + g.boundaryMiddle, body)
        }
        if g.drawsDecorations && !cache.section.decorationItems.isEmpty {
            forEachDecorationElement(
                cache.section.decorationItems, section: index, sectionStart: 0, extent: g.extent,
                container: container, scrollAxis: scrollAxis, body)
        }
    }

    /// §4.3 pinning: which boundary items pin to the visible bounds, at the start (else the end).
    static func pinnedBoundaryItems(_ section: LayoutSection, scrollAxis: Axis) -> [(index: Int, atStart: Bool)] {
        var pinned: [(index: Int, atStart: Bool)] = []
        let startEdge: DirectionalRectEdge = scrollAxis == .x ? .leading : .top
        let endEdge: DirectionalRectEdge = scrollAxis == .x ? .trailing : .bottom
        for (i, item) in section.boundarySupplementaryItems.enumerated() where item.pinToVisibleBounds {
            if item.alignment.edges.contains(startEdge) {
                pinned.append((i, true))
            } else if item.alignment.edges.contains(endEdge) {
                pinned.append((i, false))
            }
        }
        return pinned
    }

    /// How far `frame` reaches before a section's start and after its end (`extent`) along the scroll axis, at
    /// least `before` and `after`.
    @inline(__always)
    private static func reach(
        _ frame: Rect, scrollAxis: Axis, extent: Double, before: inout Double, after: inout Double
    ) {
        let a = frame.origin(scrollAxis), b = frame.end(scrollAxis)
        before = max(before, -min(a, b))
        after = max(after, max(a, b) - extent)
    }

    /// How far the section's elements reach before its start and after its end along the scroll axis, so that
    /// rect queries find sections whose elements overhang (negative spacings, offsets, overflowing groups).
    func measureOverhang(
        _ g: inout SectionGeometry, index: Int, cache: DefinitionCache, boundary: BoundaryItemsPlacement,
        hasInstances: Bool
    ) {
        var before = 0.0, after = 0.0
        let extent = g.extent, scrollAxis = self.scrollAxis
        // The frames `forEachSectionElement` gives, without making their elements (a kind string each); none
        // to look at when every boundary item extends the section unmoved and the host is not negative
        // (`extendsWithinSection`: each frame lies within [0, extent], reaching nothing beyond).
        if !cache.section.boundarySupplementaryItems.isEmpty
            && !g.boundaryItemsWithin
        {
            boundary.forEachFrame(
                sectionStart: 0, contentStart: g.boundaryStart, contentEnd: g.boundaryStart + g.boundaryMiddle
            ) { Self.reach($0, scrollAxis: scrollAxis, extent: extent, before: &before, after: &after) }
        }
        finishOverhang(&g, cache: cache, hasInstances: hasInstances, before: &before, after: &after)
    }

    /// The rest of `measureOverhang` after the boundary items (`before` and `after` so far): decorations and
    /// instances.
    private func finishOverhang(
        _ g: inout SectionGeometry, cache: DefinitionCache, hasInstances: Bool, before: inout Double,
        after: inout Double
    ) {
        let extent = g.extent, scrollAxis = self.scrollAxis
        if g.drawsDecorations && !cache.section.decorationItems.isEmpty {
            forEachDecorationFrame(
                cache.section.decorationItems, sectionStart: 0, extent: extent, container: container,
                scrollAxis: scrollAxis
            ) { Self.reach($0, scrollAxis: scrollAxis, extent: extent, before: &before, after: &after) }
        }
        if hasInstances {
            // The instances' origins along P span [lo, hi] relative to instance 0 (a negative stride runs back).
            let extent: RelativeExtent
            var lo = 0.0, hi = 0.0
            switch g.storage {
            case let .fixed(stride, instances):
                extent = cache.template!.extent
                lo = min(0, Double(instances - 1) * stride); hi = max(0, Double(instances - 1) * stride)
            case .estimated(let storage):
                extent = storage.extent
                (lo, hi) = storage.originSpan()
            }
            if extent.minP <= extent.maxP {
                if g.orthogonal {
                    before = max(before, -(g.qBase + extent.minQ))
                    after = max(after, g.qBase + extent.maxQ - g.extent)
                } else {
                    before = max(before, -(g.pBase + lo + extent.minP))
                    after = max(after, g.pBase + hi + extent.maxP - g.extent)
                }
            }
        }
        g.overhangBefore = before
        g.overhangAfter = after
    }
}
