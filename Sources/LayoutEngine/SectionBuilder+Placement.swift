import CompositionalLayout
import SolverKernel

extension SectionBuilder {
    /// §4.1–§4.5: the section's extent, its instances' base, boundary items and decorations, from its storage.
    /// - Complexity: O(boundary items + decorations), plus O(instances) for an estimated orthogonal section.
    func place(_ g: inout SectionGeometry, index: Int, cache: DefinitionCache, sizing: ItemSizing) {
        let section = cache.section
        let P = g.P, Q = P.other
        let insets = section.contentInsets
        let preP = insets.pre(P), postP = insets.post(P), preQ = insets.pre(Q), postQ = insets.post(Q)
        let (eP1, eP2) = fixedEdges(section, P)
        let (eQ1, eQ2) = fixedEdges(section, Q)

        // §4.1 content length along P, and the instances' sizes that matter.
        var contentLength = 0.0
        var largestQ = 0.0
        var firstP: Double? = nil
        var hasInstances = false
        switch g.storage {
        case let .fixed(stride, instances):
            let template = cache.template!
            firstP = template.size.length(P)
            if instances > 0 {
                hasInstances = true
                largestQ = template.size.length(Q)
                contentLength = Double(instances - 1) * stride + eP1 + template.size.length(P) + eP2
                let present = g.itemCount - (instances - 1) * template.count
                if present < template.count {
                    contentLength -= template.prefixMaxEnd[template.count] - template.prefixMaxEnd[present]
                }
            }
        case .estimated(let storage):
            if storage.count > 0 {
                hasInstances = true
                let last = storage.count - 1
                contentLength = storage.offsets.prefixSum(last) + eP1 + storage.sizes[last].length(P) + eP2
                firstP = storage.sizes[0].length(P)
                // The largest instance across, even when every one is negative (a container of height 0).
                if g.orthogonal { largestQ = storage.sizes.map { $0.length(Q) }.max() ?? 0 }
            }
        }
        let band = hasInstances ? eQ1 + largestQ + eQ2 : 0
        var centering = 0.0
        if section.orthogonalScrollingBehavior == .groupPagingCentered, let firstP {
            centering = (container.size.length(P) - firstP) / 2
        }

        // §4.3 boundary items, sized with this section's index.
        let boundary = BoundaryItemsPlacement(
            items: section.boundarySupplementaryItems, section: index, container: container, scrollAxis: scrollAxis,
            followedInsets: section.supplementariesFollowContentInsets ? insets : EdgeInsets.zero, sizing: sizing)
        let startExtent = boundary.startExtent
        // §4.2 an orthogonal section without instances (G = 0) takes no space: its insets are dropped too.
        let middle = g.orthogonal ? (hasInstances ? preQ + band + postQ : 0) : preP + contentLength + postP
        g.extent = startExtent + middle + boundary.endExtent

        if g.orthogonal {
            g.pBase = preP + centering + eP1
            g.qBase = startExtent + preQ + eQ1
            g.orthogonalContentSize = Size(P, preP + postP + 2 * centering + contentLength, across: middle)
        } else {
            g.pBase = startExtent + preP + eP1
            g.qBase = preQ
            let edges = section.group.edgeSpacing ?? EdgeSpacing()
            let pre = edges.pre(Q), post = edges.post(Q)
            g.cross = SectionGeometry.CrossPlacement(
                pre: pre?.value ?? 0, post: post?.value ?? 0, preFlexible: pre?.isFlexible ?? false,
                flexibleCount: ((pre?.isFlexible ?? false) ? 1 : 0) + ((post?.isFlexible ?? false) ? 1 : 0),
                qLength: rootBox(section).length(Q))
            g.orthogonalContentSize = nil
        }

        var elements = boundary.elements(sectionStart: 0, contentStart: startExtent, contentEnd: startExtent + middle)
        var pinned: [(index: Int, atStart: Bool)] = []
        let startEdge: DirectionalRectEdge = scrollAxis == .x ? .leading : .top
        let endEdge: DirectionalRectEdge = scrollAxis == .x ? .trailing : .bottom
        for (i, item) in section.boundarySupplementaryItems.enumerated() where item.pinToVisibleBounds {
            if item.alignment.edges.contains(startEdge) { pinned.append((i, true)) }
            else if item.alignment.edges.contains(endEdge) { pinned.append((i, false)) }
        }
        // §4.5 backgrounds, relative to the section start; none for an orthogonal section without instances.
        if !g.orthogonal || hasInstances {
            elements += decorationElements(section.decorationItems, section: index, sectionStart: 0, extent: g.extent,
                                           container: container, scrollAxis: scrollAxis)
        }
        g.sectionElements = elements
        g.pinned = pinned

        // Overhang along the scroll axis, for rect queries.
        var before = 0.0, after = 0.0
        for e in elements {
            let a = e.frame.origin(scrollAxis), b = e.frame.end(scrollAxis)
            before = max(before, -min(a, b))
            after = max(after, max(a, b) - g.extent)
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
                if storage.offsets.negativeCount > 0 {
                    var sum = 0.0
                    for v in storage.offsets.values { sum += v; lo = min(lo, sum); hi = max(hi, sum) }
                } else {
                    hi = storage.offsets.prefixSum(storage.count - 1)
                }
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
