import CompositionalLayout
import SolverKernel

/// Reading frames out of the compact storage: every element, one item's frame, the elements in a rect, and
/// pinned boundary items at a content offset (docs/layout-rules.md §4.3 "Pinning").
///
/// The storage is exact; with a display scale every frame is rounded to pixels only as it is returned, and
/// rect queries select with the rounded frames against the unrounded rect (§1 "Pixel rounding").
extension LayoutEngine {
    /// Every element, as the reference solver outputs them. Complexity: O(elements).
    public func output() -> SolveOutput {
        // §10.3 right-to-left: the stored left-to-right frames are mirrored, then rounded (§1).
        if isRightToLeft { return output(scale: nil).mirroredHorizontally().pixelRounded(pixelScale) }
        return output(scale: pixelScale)
    }

    private func output(scale: Double?) -> SolveOutput {
        var elements: [LayoutElement] = []
        elements.reserveCapacity(state.itemCount + sections.count * 2)
        let saved = lendSizing()
        defer { returnSizing(saved) }
        let emitter = Emitter(engine: self, filter: nil, scale: scale)
        for index in sections.indices {
            emitter.emitSection(index, into: &elements)
        }
        elements += layoutBoundaryElements().map { $0.pixelRounded(scale) }
        var output = outline(scale: scale)
        output.elements = elements
        return output
    }

    /// Calls `body` with every cell's frame (rounded to pixels with a display scale, §1), section by section,
    /// item by item. Complexity: O(items).
    public func forEachCellFrame(_ body: (IndexPath, Rect) -> Void) {
        if isRightToLeft {  // §10.3: mirrored, then rounded
            let width = mirrorWidth, scale = pixelScale
            forEachExactCellFrame { body($0, $1.mirrored(inWidth: width).pixelRounded(scale)) }
        } else if let scale = pixelScale {
            forEachExactCellFrame { body($0, $1.pixelRounded(scale: scale)) }
        } else {
            forEachExactCellFrame(body)
        }
    }

    private func forEachExactCellFrame(_ body: (IndexPath, Rect) -> Void) {
        for index in sections.indices {
            let start = sectionStart(index)
            let g = sections[index]
            switch g.storage {
            case let .fixed(stride, instances):
                let template = definitions[g.definition]!.template!
                let n = template.count
                for q in 0..<instances {
                    let origin = instanceOrigin(
                        g, start: start, q: q, offset: Double(q) * stride, gQ: template.size.length(g.P.other))
                    let first = q * n
                    for leaf in 0..<min(n, g.itemCount - first) {
                        body(
                            IndexPath(section: index, item: first + leaf),
                            template.cells[leaf].offsetBy(dx: origin.x, dy: origin.y))
                    }
                }
            case .estimated(let storage):
                var offset = 0.0
                for q in 0..<storage.count {
                    let origin = instanceOrigin(
                        g, start: start, q: q, offset: offset, gQ: storage.size(q).length(g.P.other))
                    for item in storage.items(of: q) {
                        body(
                            IndexPath(section: index, item: item),
                            storage.cell(item).offsetBy(dx: origin.x, dy: origin.y))
                    }
                    offset += storage.stride(q)
                }
            }
        }
    }

    /// The cell frame of an item (rounded to pixels with a display scale, §1); nil if the item does not exist
    /// or got no cell ("no room"). Complexity: O(log sections + log instances).
    public func frame(of indexPath: IndexPath) -> Rect? {
        let frame =
            isRightToLeft ? exactFrame(of: indexPath)?.mirrored(inWidth: mirrorWidth) : exactFrame(of: indexPath)
        return frame?.pixelRounded(pixelScale)  // §10.3 mirrored before §1 rounding
    }

    private func exactFrame(of indexPath: IndexPath) -> Rect? {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let g = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < g.itemCount else { return nil }
        let start = sectionStart(indexPath.section)
        switch g.storage {
        case let .fixed(stride, instances):
            let template = definitions[g.definition]!.template!
            guard template.count > 0 else { return nil }
            let q = indexPath.item / template.count
            guard q < instances else { return nil }
            let origin = instanceOrigin(
                g, start: start, q: q, offset: Double(q) * stride, gQ: template.size.length(g.P.other))
            return template.cells[indexPath.item % template.count].offsetBy(dx: origin.x, dy: origin.y)
        case .estimated(let storage):
            guard indexPath.item < storage.itemCount else { return nil }
            let q = storage.instance(of: indexPath.item)
            let origin = instanceOrigin(
                g, start: start, q: q, offset: storage.offset(q), gQ: storage.size(q).length(g.P.other))
            return storage.cell(indexPath.item).offsetBy(dx: origin.x, dy: origin.y)
        }
    }

    /// Every element whose frame intersects `rect` (edges included), at scroll offset 0. With a display scale
    /// the frames are rounded to pixels and selected by their rounded frames (§1).
    ///
    /// The result shares its buffer with the engine until the next query: a caller that lets it go before then
    /// (as a collection view does with each frame's elements) has the next query written into the same buffer,
    /// with no allocation. Mutating the result while the engine still holds it copies it first (copy on write).
    /// - Complexity: O(log sections + log instances + k) for k elements near the rect.
    public func elements(in rect: Rect) -> [LayoutElement] {
        if isRightToLeft { return mirroredQuery(rect) { elements(in: $0, scale: nil) } }
        return recyclingQueryResult { out in appendElements(in: rect, scale: pixelScale, into: &out) }
    }

    /// The most elements whose buffer the engine keeps for the next query (about 300 KB): a query of the
    /// whole content of a large layout is not kept alive by the engine.
    static let recycledQueryCapacity = 4_096

    /// `fill`'s elements, written into the last query's buffer when its result is no longer held anywhere else
    /// (the buffer is then uniquely referenced by the engine), else into a new one; the result's buffer is kept
    /// for the next query when it holds at most `recycledQueryCapacity` elements. Elements are trivially
    /// destructible, so emptying the kept buffer costs O(1).
    private func recyclingQueryResult(_ fill: (inout [LayoutElement]) -> Void) -> [LayoutElement] {
        var out: [LayoutElement] = []
        swap(&out, &recycledQueryResult)
        // A buffer still held by the last result's owner is left to them: this allocates a new one.
        out.removeAll(keepingCapacity: true)
        fill(&out)
        if out.capacity <= Self.recycledQueryCapacity { recycledQueryResult = out }
        return out
    }

    /// `elements(in:)` with frames rounded with `scale` (nil: exact frames, as lazy measuring selects), in a
    /// new array of its own.
    func elements(in rect: Rect, scale: Double?) -> [LayoutElement] {
        var out: [LayoutElement] = []
        appendElements(in: rect, scale: scale, into: &out)
        return out
    }

    /// Appends to `out` (empty) `elements(in:scale:)`.
    private func appendElements(in rect: Rect, scale: Double?, into out: inout [LayoutElement]) {
        // One allocation, not one per doubling: a query usually finds about as many elements as the last. A
        // recycled buffer short of that at least doubles, so that results growing by a few elements at a time
        // (a sweep through sections of different densities) reallocate O(log k) times, not once per query.
        // At most half what is recycled: a viewport after a query of the whole content needs no such buffer.
        let hint = min(queryCapacityHint, Self.recycledQueryCapacity / 2)
        if out.capacity < hint { out.reserveCapacity(max(hint, 2 * out.capacity)) }
        defer { queryCapacityHint = max(16, out.count + out.count / 4) }
        let saved = lendSizing()
        defer { returnSizing(saved) }
        let emitter = Emitter(engine: self, filter: rect, scale: scale)
        // A rounded frame moves by at most a pixel (an edge: half a pixel of origin and of length).
        let slack = scale.map { 1 / $0 } ?? 0
        forEachCandidateSection(alongScroll: rect.origin(scrollAxis) - slack, rect.end(scrollAxis) + slack) { index in
            emitter.emitSection(index, into: &out)
        }
        if !environment.configuration.boundarySupplementaryItems.isEmpty {
            out += layoutBoundaryElements().map { $0.pixelRounded(scale) }.filter { $0.frame.intersects(rect) }
        }
    }

    /// Like `elements(in:)`, with pinned boundary items (`pinToVisibleBounds`) moved for a content offset
    /// `contentOffset` along the scroll axis and a viewport as long as the container (§4.3 "Pinning").
    /// Pinning is computed exactly; the moved frames are then rounded and selected like the others (§1).
    public func elements(in rect: Rect, pinnedAt contentOffset: Double) -> [LayoutElement] {
        guard isRightToLeft else { return elements(in: rect, pinnedAt: contentOffset, scale: pixelScale) }
        // §10.3 In a horizontal layout the scroll axis is x: the viewport at `o` is [W' − o − V, W' − o]
        // unmirrored.
        let viewport = state.layout.container.size.length(scrollAxis)
        let offset = scrollAxis == .x ? mirrorWidth - contentOffset - viewport : contentOffset
        return mirroredQuery(rect) { elements(in: $0, pinnedAt: offset, scale: nil) }
    }

    private func elements(in rect: Rect, pinnedAt contentOffset: Double, scale: Double?) -> [LayoutElement] {
        let viewport = state.layout.container.size.length(scrollAxis)
        var out = elements(in: rect, scale: scale)
        var moved: [ElementKey: LayoutElement] = [:]
        let visibleSections = candidateSections(alongScroll: contentOffset, contentOffset + viewport)
        let saved = lendSizing()
        defer { returnSizing(saved) }
        for index in visibleSections {
            let g = sections[index]
            let start = sectionStart(index), end = start + g.extent
            guard start <= contentOffset + viewport && end >= contentOffset else { continue }
            let cache = definitions[g.definition]!
            guard !cache.pinned.isEmpty else { continue }
            var elements: [LayoutElement] = []
            solver.forEachSectionElement(g, index: index, cache: cache, sizing: lentSizing) { elements.append($0) }
            for (elementIndex, atStart) in cache.pinned {
                var element = elements[elementIndex]
                element.section = index
                element.frame = element.frame.offset(scrollAxis, by: start)
                let unpinned = element.frame.origin(scrollAxis)
                let length = element.frame.length(scrollAxis)
                let pinnedAt =
                    atStart
                    ? min(max(contentOffset, unpinned), max(unpinned, end - length))
                    : max(min(contentOffset + viewport - length, unpinned), min(start, unpinned))
                element.frame = element.frame.offset(scrollAxis, by: pinnedAt - unpinned)
                moved[element.key] = element
            }
        }
        // Layout-level pinned items use the whole content as their section.
        let layoutItems = layoutBoundaryElements()
        for (i, item) in environment.configuration.boundarySupplementaryItems.enumerated() where item.pinToVisibleBounds
        {
            var element = layoutItems[i]
            let unpinned = element.frame.origin(scrollAxis), length = element.frame.length(scrollAxis)
            let atStart = item.alignment.edges.contains(scrollAxis == .x ? .leading : .top)
            let pinnedAt =
                atStart
                ? min(max(contentOffset, unpinned), max(unpinned, exactContentSize.length(scrollAxis) - length))
                : max(min(contentOffset + viewport - length, unpinned), min(0, unpinned))
            element.frame = element.frame.offset(scrollAxis, by: pinnedAt - unpinned)
            moved[element.key] = element
        }
        out.removeAll { moved[$0.key] != nil }
        out += moved.values.map { $0.pixelRounded(scale) }.filter { $0.frame.intersects(rect) }.sorted {
            $0.key < $1.key
        }
        return out
    }

    /// The layout's own boundary items (section −1), placed around the whole content.
    func layoutBoundaryElements() -> [LayoutElement] {
        layoutBoundary.elements(sectionStart: 0, contentStart: layoutBoundary.startExtent, contentEnd: contentEnd)
    }

    /// Sections whose elements may reach into `[low, high]` along the scroll axis.
    func candidateSections(alongScroll low: Double, _ high: Double) -> [Int] {
        var result: [Int] = []
        candidateSections(alongScroll: low, high, into: &result)
        return result
    }

    /// `candidateSections(alongScroll:_:)` into `result` (emptied first, its capacity kept).
    /// Complexity: O(log sections + sections found), O(sections) with a negative inter-section spacing.
    func candidateSections(alongScroll low: Double, _ high: Double, into result: inout [Int]) {
        result.removeAll(keepingCapacity: true)
        forEachCandidateSection(alongScroll: low, high) { result.append($0) }
    }

    /// Calls `body` with each section whose elements may reach into `[low, high]` along the scroll axis, in
    /// order, without collecting them. Complexity: O(log sections + sections visited), or O(sections) with
    /// a negative inter-section spacing.
    func forEachCandidateSection(alongScroll low: Double, _ high: Double, _ body: (Int) -> Void) {
        guard !sections.isEmpty else { return }
        let base = layoutBoundary.startExtent
        if sectionOffsets.negativeCount > 0 {
            // Negative spacing: sections may overlap, so no search by position.
            for i in sections.indices {
                let start = sectionStart(i)
                if start - sections[i].overhangBefore <= high
                    && start + sections[i].extent + sections[i].overhangAfter >= low
                {
                    body(i)
                }
            }
            return
        }
        // A section ends `-spacing` after the next one starts when the spacing is negative (they overlap).
        var first = sectionOffsets.count(upTo: low - overhangAfter - base + min(0, spacing))
        first = max(0, min(first, sections.count - 1) - 1)
        var i = first
        var start = sectionStart(i)
        while i < sections.count && start - overhangBefore <= high {
            if start + sections[i].extent + overhangAfter >= low { body(i) }
            start += sectionOffsets.values[i]
            i += 1
        }
    }

    /// Instance q's origin in content coordinates (§4.1), given its offset from instance 0 along P.
    func instanceOrigin(_ g: SectionGeometry, start: Double, q: Int, offset: Double, gQ: Double) -> Point {
        InstanceOrigins(g, start: start).origin(offset: offset, gQ: gQ)
    }
}

/// Emits the elements of sections, optionally only those intersecting a rect. With a `scale`, frames are
/// computed exactly (anchored supplementaries on exact hosts), then rounded, and the rounded frame is what
/// the rect selects (§1).
struct Emitter {
    let engine: LayoutEngine
    let filter: Rect?
    let scale: Double?
    /// The engine's sizing (anchored supplementaries measure by index), which the emitter's maker lends
    /// (`lendSizing`) for the emitter's life. Read where it is used, not held: a copy of the emitter would
    /// retain its closures.
    var sizing: ItemSizing { engine.lentSizing }

    /// Appends `element` with its frame rounded, if the rounded frame passes the filter.
    @inline(__always)
    private func emit(_ element: consuming LayoutElement, into out: inout [LayoutElement]) {
        Emitter.emit(element, scale: scale, filter: filter, into: &out)
    }

    @inline(__always)
    private static func emit(
        _ element: consuming LayoutElement, scale: Double?, filter: Rect?, into out: inout [LayoutElement]
    ) {
        var element = element
        if let scale { element.frame = element.frame.pixelRounded(scale: scale) }
        if filter.map(element.frame.intersects) ?? true { out.append(element) }
    }

    /// `emit` for a cell: the frame is rounded and tested first, and the element (whose kind is nil) is built
    /// only when it is kept, straight into `out` (no copies of a `LayoutElement`).
    @inline(__always)
    private func emitCell(section: Int, item: Int, frame: Rect, into out: inout [LayoutElement]) {
        var frame = frame
        if let scale { frame = frame.pixelRounded(scale: scale) }
        if let filter, !frame.intersects(filter) { return }
        out.append(LayoutElement(cellInSection: section, item: item, frame: frame))
    }

    func emitSection(_ index: Int, into out: inout [LayoutElement]) {
        // The geometry's fields are read where it is: a copy of it retained and released its storage and its
        // diagnostics (about 370 instructions per section a query visits).
        let start = engine.sectionStart(index)
        let origins = InstanceOrigins(engine.sections, index, start: start)
        let definition = engine.sections[index].definition, itemCount = engine.sections[index].itemCount
        let cache = engine.definitions[definition]!  // read once: each read retains and releases it
        let scrollAxis = engine.scrollAxis
        // The rect along P, relative to instance 0's origin, selects instances.
        var pLow = -Double.infinity, pHigh = Double.infinity
        if let filter {
            let base = origins.orthogonal ? origins.pBase : start + origins.pBase
            // Rounding moves a frame's edges by at most a pixel.
            let slack = scale.map { 1 / $0 } ?? 0
            pLow = filter.origin(origins.P) - base - slack
            pHigh = filter.end(origins.P) - base + slack
        }
        // Only a section whose cells or groups carry anchored supplementaries builds their placement (it copies
        // the container and the sizing, retaining what they hold); the others emit cells alone.
        switch engine.sections[index].storage {
        case let .fixed(stride, instances):
            guard instances > 0 else { break }
            // The template's fields are read where it is, in its definition's cache, on the common path: a copy
            // of it retained and released its five arrays (about 280 instructions per section a query visits).
            var qLow = 0, qHigh = instances - 1
            if filter != nil, stride > 0 {
                qLow = max(0, Int(((pLow - cache.template!.extent.maxP) / stride).rounded(.down)))
                qHigh = min(instances - 1, Int(((pHigh - cache.template!.extent.minP) / stride).rounded(.up)))
            }
            guard qLow <= qHigh else { break }
            let gQ = cache.template!.size.length(origins.P.other)
            if let filter, scale == nil, cache.template!.leafSupplementaries.isEmpty, cache.template!.hosts.isEmpty {
                // The common rect query: exact frames, cells alone.
                appendCells(
                    origins, cache.template!.cells, perInstance: cache.template!.count, itemCount: itemCount,
                    stride: stride, gQ: gQ, instances: qLow...qHigh, section: index, in: filter, into: &out)
                break
            }
            let template = cache.template!
            let leaves = template.leafSupplementaries
            // Instance q's origin, first item and items present.
            func instance(_ q: Int) -> (origin: Point, first: Int, present: Int) {
                let first = q * template.count
                return (
                    origins.origin(offset: Double(q) * stride, gQ: gQ), first,
                    min(template.count, itemCount - first)
                )
            }
            guard !leaves.isEmpty || !template.hosts.isEmpty else {
                for q in qLow...qHigh {
                    let (origin, first, present) = instance(q)
                    emitCells(
                        index, origin: origin, firstItem: first, present: present, cell: { template.cells[$0] },
                        into: &out)
                }
                break
            }
            let anchored = anchoredPlacement(index)
            for q in qLow...qHigh {
                let (origin, first, present) = instance(q)
                emitInstance(
                    index, origin: origin, firstItem: first, present: present, cell: { template.cells[$0] },
                    hasLeafLists: !leaves.isEmpty, leafList: { leaves[$0] }, lists: template.supplementaries.lists,
                    hosts: template.hosts, anchored: anchored, into: &out)
            }
        case .estimated(let storage):
            guard storage.count > 0 else { break }
            var qLow = 0
            let searchable = filter != nil && !storage.hasNegativeStrides
            // A rect that reaches back past instance 0's cells starts there: no search (it would find no
            // stride, all of them being at least 0, and give 0 too).
            if searchable, case let position = pLow - storage.extent.maxP, position >= 0 {
                qLow = max(0, min(storage.instances(upTo: position), storage.count - 1) - 1)
            }
            let hasLeafLists = storage.hasLeafSupplementaries
            let hostsByInstance = storage.hosts  // read once, not once per instance
            let reader = storage.reader
            guard hasLeafLists || !hostsByInstance.isEmpty else {
                if let filter, scale == nil {  // the common rect query: exact frames
                    appendCells(
                        origins, reader, from: qLow, until: searchable ? pHigh : nil, section: index,
                        in: filter, into: &out)
                    break
                }
                forEachInstance(origins, reader, from: qLow, until: searchable ? pHigh : nil) {
                    _, origin, items in
                    let first = items.lowerBound
                    emitCells(
                        index, origin: origin, firstItem: first, present: items.count,
                        cell: { reader.cell(first + $0, leaf: $0) }, into: &out)
                }
                break
            }
            let anchored = anchoredPlacement(index)
            let lists = storage.supplementaries.lists
            forEachInstance(origins, reader, from: qLow, until: searchable ? pHigh : nil) {
                q, origin, items in
                let first = items.lowerBound
                emitInstance(
                    index, origin: origin, firstItem: first, present: items.count,
                    cell: { reader.cell(first + $0, leaf: $0) },
                    hasLeafLists: hasLeafLists, leafList: { storage.leafSupplementary(first + $0) },
                    lists: lists, hosts: hostsByInstance.isEmpty ? [] : hostsByInstance[q],
                    anchored: anchored, into: &out)
            }
        }
        // Geometries are shared by equal sections: the elements are placed with this section's index. The
        // closure captures the scale and the filter, not the emitter (a copy of it retains what it holds).
        // The frame is moved, rounded and tested as `emit` does, in that order, before an element is made.
        let scale = self.scale, filter = self.filter
        let boundaryStart = engine.sections[index].boundaryStart
        let boundaryMiddle = engine.sections[index].boundaryMiddle, extent = engine.sections[index].extent
        var placesBoundaryItems = true
        if let filter, engine.sections[index].boundaryItemsWithin {
            // Every boundary item lies within [0, boundaryStart] or [boundaryStart + boundaryMiddle, extent]
            // along the scroll axis: a rect reaching neither (a pixel of slack for rounding) selects none, and
            // they are not sized and placed for nothing.
            let slack = scale.map { 1 / $0 } ?? 0
            let low = filter.origin(scrollAxis) - start - slack, high = filter.end(scrollAxis) - start + slack
            placesBoundaryItems =
                (low <= boundaryStart && high >= 0) || (low <= extent && high >= boundaryStart + boundaryMiddle)
        }
        engine.solver.appendSectionElements(
            boundaryStart: boundaryStart, boundaryMiddle: boundaryMiddle, placesBoundaryItems: placesBoundaryItems,
            drawsDecorations: engine.sections[index].drawsDecorations, extent: extent,
            index: index, cache: cache,
            measuresSupplementaries: engine.lentSizing.measuresSupplementaries,
            select: { frame in
                var frame = frame.offset(scrollAxis, by: start)
                if let scale { frame = frame.pixelRounded(scale: scale) }
                if let filter, !frame.intersects(filter) { return nil }
                return frame
            }, into: &out)
    }

    private func anchoredPlacement(_ section: Int) -> AnchoredSupplementaryPlacement {
        AnchoredSupplementaryPlacement(section: section, container: engine.state.layout.container, sizing: sizing)
    }

    /// Calls `body` with each instance of an estimated section from instance `qLow` on, its origin and its
    /// items, stopping at the first that starts past `pHigh` (relative to instance 0) when one is given.
    @inline(__always)
    private func forEachInstance(
        _ origins: InstanceOrigins, _ reader: EstimatedInstances.Reader, from qLow: Int, until pHigh: Double?,
        _ body: (Int, Point, Range<Int>) -> Void
    ) {
        var q = qLow
        var offset = reader.offset(q)
        let minP = reader.extent.minP
        while q < reader.count {
            if let pHigh, offset + minP > pHigh { break }
            let (items, size, stride) = reader.instance(q)
            let origin = origins.origin(offset: offset, gQ: size.length(origins.P.other))
            body(q, origin, items)
            offset += stride
            q += 1
        }
    }

    /// `forEachInstance` and `emitCells` for an estimated section without anchored supplementaries and a rect
    /// query without a display scale, the common case: a loop per storage form, testing only the rect, in a
    /// function of its own (in `emitSection`'s loop the form, the scale and the filter were tested per cell,
    /// its values spilled to the stack and reloaded). The same frames, tests and elements, in the same order.
    /// Complexity: O(log instances + items of the instances visited).
    @inline(never)
    private func appendCells(
        _ origins: InstanceOrigins, _ reader: EstimatedInstances.Reader, from qLow: Int, until pHigh: Double?,
        section: Int, in rect: Rect, into out: inout [LayoutElement]
    ) {
        if var elements = CompactCellElements(
            reader, origins: origins, from: qLow, until: pHigh, section: section, in: rect)
        {
            #if DEBUG
            elements.work = engine.queryWork
            #endif
            out.append(contentsOf: elements)
        } else if var elements = FullFormCellElements(
            reader, origins: origins, from: qLow, until: pHigh, section: section, in: rect)
        {
            #if DEBUG
            elements.work = engine.queryWork
            #endif
            if #available(macOS 26, iOS 26, *) {
                elements.append(to: &out)
            } else {
                out.append(contentsOf: elements)
            }
        }
    }

    /// `appendCells` for the instances `instances` of a fixed-size section without anchored supplementaries,
    /// whose template has `cells`, `n` to an instance. Complexity: O(items of those instances).
    @inline(never)
    private func appendCells(
        _ origins: InstanceOrigins, _ cells: ContiguousArray<Rect>, perInstance n: Int, itemCount: Int,
        stride: Double, gQ: Double, instances: ClosedRange<Int>, section: Int, in rect: Rect,
        into out: inout [LayoutElement]
    ) {
        // Written into the result's spare capacity, room made once for every cell of the instances (an `append`
        // per cell tested the array's uniqueness, a runtime call, which kept the loop's values on the stack).
        // `OutputSpan` is in the standard library of Swift 6.2 on: macOS 26 on a Mac, always on Linux.
        #if DEBUG
        engine.queryWork.instancesOpened += instances.count
        #endif
        cells.withUnsafeBufferPointer { cells in
            func frames(_ body: (LayoutElement) -> Void) {
                for q in instances {
                    let origin = origins.origin(offset: Double(q) * stride, gQ: gQ)
                    let first = q * n
                    for leaf in 0..<min(n, itemCount - first) {
                        let frame = cells[leaf].offsetBy(dx: origin.x, dy: origin.y)
                        if frame.intersects(rect) {
                            body(LayoutElement(cellInSection: section, item: first + leaf, frame: frame))
                        }
                    }
                }
            }
            if #available(macOS 26, iOS 26, *) {
                out.append(addingCapacity: instances.count * n) { span in frames { span.append($0) } }
            } else {
                frames { out.append($0) }
            }
        }
    }

    /// The cells of an instance in a section without anchored supplementaries.
    @inline(__always)
    private func emitCells(
        _ section: Int, origin: Point, firstItem: Int, present: Int, cell cellAt: (Int) -> Rect,
        into out: inout [LayoutElement]
    ) {
        for leaf in 0..<present {
            emitCell(
                section: section, item: firstItem + leaf, frame: cellAt(leaf).offsetBy(dx: origin.x, dy: origin.y),
                into: &out)
        }
    }

    private func emitInstance(
        _ section: Int, origin: Point, firstItem: Int, present: Int, cell cellAt: (Int) -> Rect,
        hasLeafLists: Bool, leafList: (Int) -> UInt16, lists: [[SupplementaryItem]],
        hosts: [GroupHost], anchored: AnchoredSupplementaryPlacement, into out: inout [LayoutElement]
    ) {
        for leaf in 0..<present {
            let cell = cellAt(leaf).offsetBy(dx: origin.x, dy: origin.y)
            let item = firstItem + leaf
            emitCell(section: section, item: item, frame: cell, into: &out)
            if hasLeafLists, case let list = leafList(leaf), list != 0 {
                // Hosted on the exact cell frame (§4.4), rounded afterwards.
                for e in anchored.elements(for: lists[Int(list)], host: cell, item: item) {
                    emit(e, into: &out)
                }
            }
        }
        for host in hosts where host.leafCount > 0 && host.firstLeaf < present {
            for e in anchored.elements(
                for: host.supplementaries, host: host.box.offsetBy(dx: origin.x, dy: origin.y),
                item: firstItem + host.firstLeaf)
            {
                emit(e, into: &out)
            }
        }
    }
}
