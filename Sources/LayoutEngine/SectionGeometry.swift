import CompositionalLayout
import SolverKernel

/// One section solved into compact data (SEMANTICS.md §4.1–§4.5, §6), positioned relative to its own start
/// along the scroll axis so that moving it costs nothing: the engine keeps section starts in a Fenwick tree.
struct SectionGeometry: Sendable {
    enum Storage: Sendable {
        /// Template of the definition's cache; `stride` between instances; `instances` = ceil(C / N).
        case fixed(stride: Double, instances: Int)
        case estimated(EstimatedInstances)
    }

    var definition: Int
    var itemCount: Int
    var orthogonal: Bool
    /// The section axis P (§1).
    var P: Axis
    var extent: Double
    /// Instance 0's origin: along P `pBase` (relative to the section start when P is the scroll axis), across
    /// `qBase` (relative to the section start when Q is the scroll axis) plus a non-orthogonal cross offset.
    var pBase: Double
    var qBase: Double
    var cross: CrossPlacement
    var storage: Storage
    /// Boundary items and decorations, frames relative to the section start along the scroll axis.
    var sectionElements: [LayoutElement]
    /// Which of `sectionElements` pin to the visible bounds, and whether at the start (else the end).
    var pinned: [(index: Int, atStart: Bool)]
    var orthogonalContentSize: Size?
    var diagnostics: [String]
    /// How far elements reach before the section's start and after its end along the scroll axis.
    var overhangBefore: Double
    var overhangAfter: Double
    /// Whether solving depends on the section's index through supplementary measurement (§6).
    var measuresSupplementariesByIndex: Bool

    /// An empty geometry, overwritten before it is read.
    static let placeholder = SectionGeometry(
        definition: 0, itemCount: 0, orthogonal: false, P: .y, extent: 0, pBase: 0, qBase: 0, cross: .init(),
        storage: .fixed(stride: 0, instances: 0), sectionElements: [], pinned: [], orthogonalContentSize: nil,
        diagnostics: [], overhangBefore: 0, overhangAfter: 0, measuresSupplementariesByIndex: false)

    /// Where an instance of a non-orthogonal section sits across (§4.1 crossOffset).
    struct CrossPlacement: Sendable {
        var pre = 0.0, post = 0.0
        var preFlexible = false
        var flexibleCount = 0
        var qLength = 0.0

        func offset(_ gQ: Double) -> Double {
            pre + (preFlexible ? max(0, qLength - gQ - pre - post) / Double(flexibleCount) : 0)
        }
    }
}

/// What the engine keeps per section definition at the current width: the section in force and, for
/// fixed-size sections, the template every section of that definition shares.
///
/// A class with constant fields: every section of the definition shares one, and worker threads read it
/// without copying its arrays (which would make them fight over reference counts).
final class DefinitionCache: Sendable {
    let section: LayoutSection
    let estimated: Bool
    let template: Template?
    /// The fast path for an estimated section whose root group holds only items.
    let flatPlan: FlatRowPlan?
    /// Whether boundary or anchored supplementaries have estimated dimensions (they measure by index).
    let hasEstimatedSupplementaries: Bool

    init(section: LayoutSection, estimated: Bool, template: Template?, flatPlan: FlatRowPlan?,
         hasEstimatedSupplementaries: Bool) {
        self.section = section
        self.estimated = estimated
        self.template = template
        self.flatPlan = flatPlan
        self.hasEstimatedSupplementaries = hasEstimatedSupplementaries
    }
}

/// Solving sections into `SectionGeometry`. Pure functions of their inputs.
struct SectionSolver: Sendable {
    let container: LayoutContainer
    let scrollAxis: Axis

    /// §2 the root group's container box: the container minus the section's insets on its cross axis.
    func rootBox(_ section: LayoutSection) -> Size {
        let P = section.isOrthogonal ? scrollAxis.other : scrollAxis
        let Q = P.other
        let insets = section.contentInsets
        return Size(Q, container.size.length(Q) - insets.sum(Q), across: container.size.length(P))
    }

    /// The definition's cache: the template of a fixed-size section is solved here, once.
    func cache(for section: LayoutSection) throws(LayoutError) -> DefinitionCache {
        let root = LayoutNode.group(section.group)
        let estimated = root.containsEstimatedDimension
        var template: Template? = nil
        if !estimated {
            let groups = GroupSolver(container: container, sizing: .estimates, section: 0, itemCount: 0, limitsItems: false)
            let P = section.isOrthogonal ? scrollAxis.other : scrollAxis
            do {
                template = Template(try groups.resolveAndSolve(root, box: rootBox(section), firstItem: 0), P: P)
            } catch {
                // The template stands for every section of its definition: no one section failed.
                var shared = error
                shared.section = nil
                throw shared
            }
        }
        return DefinitionCache(section: section, estimated: estimated, template: template,
                               flatPlan: estimated ? FlatRowPlan(section.group) : nil,
                               hasEstimatedSupplementaries: Self.hasEstimatedSupplementaries(section))
    }

    /// Whether a supplementary measures by its index: an estimated axis with a self-sizing model of its own
    /// (without one it keeps its estimate, SPEC-FORMAT.md "Self-sizing").
    private static func hasEstimatedSupplementaries(_ section: LayoutSection) -> Bool {
        func measures(_ size: LayoutSize, _ model: SelfSizing?) -> Bool {
            guard let model else { return false }
            return (size.widthDimension.isEstimated && model.width != nil) || (size.heightDimension.isEstimated && model.height != nil)
        }
        if section.boundarySupplementaryItems.contains(where: { measures($0.layoutSize, $0.selfSizing) }) { return true }
        func visit(_ node: LayoutNode) -> Bool {
            switch node {
            case .item(let item): return item.supplementaryItems.contains { measures($0.layoutSize, $0.selfSizing) }
            case .group(let group):
                return group.supplementaryItems.contains { measures($0.layoutSize, $0.selfSizing) } || group.children.contains(where: visit)
            }
        }
        return visit(.group(section.group))
    }

    /// Solves section `index` (definition `definition`, `itemCount` items) from scratch.
    /// - Complexity: O(boundary items) for a fixed-size section; O(items) for an estimated one.
    func solve(index: Int, definition: Int, cache: DefinitionCache, itemCount: Int,
               sizing: ItemSizing) throws(LayoutError) -> SectionGeometry {
        do {
            return try solveUnlocated(index: index, definition: definition, cache: cache, itemCount: itemCount, sizing: sizing)
        } catch {
            throw error.located(definition: definition, section: index)
        }
    }

    private func solveUnlocated(index: Int, definition: Int, cache: DefinitionCache, itemCount: Int,
                                sizing: ItemSizing) throws(LayoutError) -> SectionGeometry {
        let section = cache.section
        var diagnostics: [String] = []
        let storage: SectionGeometry.Storage
        let P = section.isOrthogonal ? scrollAxis.other : scrollAxis
        let edges = section.group.edgeSpacing ?? EdgeSpacing()
        if (edges.pre(P)?.isFlexible ?? false) || (edges.post(P)?.isFlexible ?? false) {
            diagnostics.append("flexible edge spacing of the root group along the section axis counts as 0")
        }
        if let template = cache.template {
            let n = template.count
            let instances = (n == 0 || itemCount == 0) ? 0 : (itemCount + n - 1) / n
            if template.noRoom && itemCount > 0 {
                diagnostics.append("no room for group: " + (n == 0
                    ? "the root group holds no items at this container size; the section's \(itemCount) items get no cells"
                    : "a nested group holds no items at this container size"))
            }
            storage = .fixed(stride: stride(section, size: template.size), instances: instances)
        } else {
            let (instances, noRoom, _) = try solveInstances(section, plan: cache.flatPlan, index: index, itemCount: itemCount, sizing: sizing)
            if let noRoom, itemCount > 0 { diagnostics.append("no room for group: " + noRoom) }
            storage = .estimated(instances)
        }
        var geometry = SectionGeometry(
            definition: definition, itemCount: itemCount, orthogonal: section.isOrthogonal, P: P, extent: 0,
            pBase: 0, qBase: 0, cross: .init(), storage: storage, sectionElements: [], pinned: [],
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

    private func fixedEdges(_ section: LayoutSection, _ axis: Axis) -> (Double, Double) {
        let edges = section.group.edgeSpacing ?? EdgeSpacing()
        let e1 = (edges.pre(axis)?.isFlexible ?? false) ? 0 : (edges.pre(axis)?.value ?? 0)
        let e2 = (edges.post(axis)?.isFlexible ?? false) ? 0 : (edges.post(axis)?.value ?? 0)
        return (e1, e2)
    }

    /// §6 instances solved one after another from item `from` (instance `firstInstance` onward is rebuilt;
    /// earlier ones are kept). Returns the storage and the "no room" message, if any.
    func solveInstances(_ section: LayoutSection, plan: FlatRowPlan?, index: Int, itemCount: Int, sizing: ItemSizing,
                        keeping previous: EstimatedInstances? = nil, fromInstance firstInstance: Int = 0,
                        convergeAfter lastChangedItem: Int = -1) throws(LayoutError) -> (EstimatedInstances, String?, solved: Int) {
        let P = section.isOrthogonal ? scrollAxis.other : scrollAxis
        let groups = GroupSolver(container: container, sizing: sizing, section: index, itemCount: itemCount, limitsItems: true)
        let root = LayoutNode.group(section.group)
        let box = rootBox(section)
        var result = InstanceData()
        var strides: [Double] = []
        var next = 0
        let previous = previous?.data
        if let previous, firstInstance > 0 {
            result.firstItem = ContiguousArray(previous.firstItem.prefix(firstInstance))
            result.sizes = ContiguousArray(previous.sizes.prefix(firstInstance))
            strides = Array(previous.offsets.values.prefix(firstInstance))
            next = Int(previous.firstItem[firstInstance])
            result.cells = ContiguousArray(previous.cells.prefix(next))
            result.leafSupplementaries = ContiguousArray(previous.leafSupplementaries.prefix(next))
            result.supplementaries = previous.supplementaries
            result.hosts = Array(previous.hosts.prefix(firstInstance))
            result.extent = previous.extent
        }
        result.cells.reserveCapacity(itemCount)
        var noRoom: String? = nil
        var scratch = FlatRowPlan.Scratch()
        var solved = 0
        // §4.1 stride parts, read once (the section's arrays are shared by every thread).
        let (e1, e2) = fixedEdges(section, P)
        let groupSpacing = section.interGroupSpacing
        strides.reserveCapacity(itemCount)
        // Old instance boundaries after the change: once a new instance starts on one, the rest is unchanged.
        var oldPointer = firstInstance + 1
        let tracksConvergence = previous != nil && lastChangedItem >= 0
        let noItemFits = { (next: Int) in "no item fits in the group instance starting at item \(next); items \(next)..<\(itemCount) get no cells" }

        if let plan {
            // The fast path: the plan is unwrapped once, so no instance copies it.
            let tracksSupplementaries = !plan.supplementaries.isEmpty
            if tracksSupplementaries && result.supplementaries.isEmpty { result.supplementaries = plan.supplementaries }
            let reach = tracksSupplementaries ? supplementaryReach(plan.supplementaries.lists, hostSize: box) : 0
            while next < itemCount {
                if tracksConvergence, let previous,
                   Self.spliceIfConverged(previous, after: lastChangedItem, itemCount: itemCount, into: &result,
                                          strides: &strides, next: &next, oldPointer: &oldPointer) { break }
                let before = result.cells.count
                let (size, count) = try plan.solveInstance(
                    first: next, itemCount: itemCount, box: box, section: index, container: container, sizing: sizing,
                    scratch: &scratch, cells: &result.cells, leafSupplementaries: &result.leafSupplementaries)
                if count == 0 {
                    noRoom = noItemFits(next)
                    break
                }
                solved += 1
                result.firstItem.append(Int32(next))
                result.sizes.append(size)
                strides.append(e1 + size.length(P) + e2 + groupSpacing)
                for i in before..<result.cells.count { result.extent.add(result.cells[i], P: P) }
                if tracksSupplementaries {
                    var instanceExtent = RelativeExtent()
                    for i in before..<result.cells.count { instanceExtent.add(result.cells[i], P: P) }
                    instanceExtent.grow(by: max(reach, supplementaryReach(plan.supplementaries.lists, hostSize: size)))
                    result.extent.add(instanceExtent)
                }
                next += count
            }
        } else {
            while next < itemCount {
                if tracksConvergence, let previous,
                   Self.spliceIfConverged(previous, after: lastChangedItem, itemCount: itemCount, into: &result,
                                          strides: &strides, next: &next, oldPointer: &oldPointer) { break }
                let node = try groups.resolveAndSolve(root, box: box, firstItem: next)
                if node.leaves.isEmpty {
                    noRoom = noItemFits(next)
                    break
                }
                if node.noRoom && noRoom == nil { noRoom = "a nested group holds no items in the instance starting at item \(next)" }
                solved += 1
                result.firstItem.append(Int32(next))
                result.sizes.append(node.size)
                strides.append(e1 + node.size.length(P) + e2 + groupSpacing)
                var instanceExtent = RelativeExtent()
                for leaf in node.leaves {
                    result.cells.append(leaf.cell)
                    instanceExtent.add(leaf.cell, P: P)
                    let list = result.supplementaries.intern(leaf.item.supplementaryItems)
                    if list != 0 || !result.leafSupplementaries.isEmpty {
                        if result.leafSupplementaries.count < result.cells.count - 1 {
                            result.leafSupplementaries += ContiguousArray(repeating: 0, count: result.cells.count - 1 - result.leafSupplementaries.count)
                        }
                        result.leafSupplementaries.append(list)
                    }
                }
                if !node.hosts.isEmpty || !result.hosts.isEmpty {
                    if result.hosts.count < result.firstItem.count - 1 {
                        result.hosts += Array(repeating: [], count: result.firstItem.count - 1 - result.hosts.count)
                    }
                    result.hosts.append(node.hosts)
                    for host in node.hosts { instanceExtent.add(host.slot, P: P) }
                }
                let reachLists = result.supplementaries.lists + node.hosts.map(\.supplementaries)
                instanceExtent.grow(by: supplementaryReach(reachLists, hostSize: node.size))
                result.extent.add(instanceExtent)
                next += node.leaves.count
            }
        }
        if !result.leafSupplementaries.isEmpty && result.leafSupplementaries.count < result.cells.count {
            result.leafSupplementaries += ContiguousArray(repeating: 0, count: result.cells.count - result.leafSupplementaries.count)
        }
        result.offsets = FenwickTree(strides)
        return (EstimatedInstances(result), noRoom, solved)
    }

    /// Splices the unchanged tail of `previous` when the instance about to be solved (at `next`) starts where
    /// an old one did, past every changed item: what follows depends only on its first item.
    private static func spliceIfConverged(_ previous: InstanceData, after lastChangedItem: Int, itemCount: Int,
                                          into result: inout InstanceData, strides: inout [Double], next: inout Int,
                                          oldPointer: inout Int) -> Bool {
        guard next > lastChangedItem else { return false }
        while oldPointer < previous.firstItem.count && Int(previous.firstItem[oldPointer]) < next { oldPointer += 1 }
        guard oldPointer < previous.firstItem.count && Int(previous.firstItem[oldPointer]) == next else { return false }
        result.firstItem += previous.firstItem[oldPointer...]
        result.sizes += previous.sizes[oldPointer...]
        strides += previous.offsets.values[oldPointer...]
        result.cells += previous.cells[next...]
        if !previous.leafSupplementaries.isEmpty {
            if result.leafSupplementaries.count < next {
                result.leafSupplementaries += ContiguousArray(repeating: 0, count: next - result.leafSupplementaries.count)
            }
            result.leafSupplementaries += previous.leafSupplementaries[next...]
        }
        if !previous.hosts.isEmpty { result.hosts += previous.hosts[oldPointer...] }
        next = itemCount
        return true
    }

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
        let middle = g.orthogonal ? preQ + band + postQ : preP + contentLength + postP
        g.extent = startExtent + middle + boundary.endExtent

        if g.orthogonal {
            g.pBase = preP + centering + eP1
            g.qBase = startExtent + preQ + eQ1
            g.orthogonalContentSize = Size(P, preP + postP + 2 * centering + contentLength, across: preQ + band + postQ)
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
        // §4.5 backgrounds, relative to the section start.
        elements += decorationElements(section.decorationItems, section: index, sectionStart: 0, extent: g.extent,
                                       container: container, scrollAxis: scrollAxis)
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
