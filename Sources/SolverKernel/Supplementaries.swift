import CompositionalLayout

/// docs/layout-rules.md §4.3 (boundary items: extending, placed across, inside the host, offset) and §4.4 (anchored
/// supplementary items).

/// `point(rect, edges)` of §4.4: minX with leading, maxX with trailing, else midX; likewise top/bottom for y.
package func anchorPoint(_ rect: Rect, _ edges: DirectionalRectEdge) -> Point {
    let x = edges.contains(.leading) ? rect.minX : edges.contains(.trailing) ? rect.maxX : rect.midX
    let y = edges.contains(.top) ? rect.minY : edges.contains(.bottom) ? rect.maxY : rect.midY
    return Point(x: x, y: y)
}

/// The edge that names the start of `axis` (leading for x, top for y) and the one naming its end.
private func startEdge(_ axis: Axis) -> DirectionalRectEdge { axis == .x ? .leading : .top }
private func endEdge(_ axis: Axis) -> DirectionalRectEdge { axis == .x ? .trailing : .bottom }

/// §4.3 The boundary items of one section (or of the layout, section −1), sized when needed; placed when the
/// section's content is known. Allocates nothing: sizes are recomputed from the items (they are pure functions
/// of the section index, the item and the container), so a section's elements can be visited on demand.
package struct BoundaryItemsPlacement {
    private let items: [BoundarySupplementaryItem]
    private let section: Int
    private let scrollAxis: Axis
    private let container: LayoutContainer
    /// The sizing's `measuresSupplementaries`: all a boundary item's size reads from it.
    private let measures: Bool
    /// The boundary container: (W, H) minus the followed insets on the layout's cross axis.
    private let box: Size
    /// The boundary container across the scroll axis: `[a0, a0 + Aq]`.
    private let a0: Double
    private let aq: Double
    package let startExtent: Double
    package let endExtent: Double
    /// Whether every item extends the section, unmoved, with a length along the scroll axis of at least 0
    /// (and the padding before them too): then, with a host of at least 0 long, every frame lies within the
    /// section along the scroll axis, and it has no overhang to measure.
    package let extendsWithinSection: Bool
    private let startPadding: Double

    /// - Parameter followedInsets: the section's insets when boundary items follow them, `.zero` when they do
    ///   not, nil for the layout's own items (whose container is the whole (W, H)).
    /// - Parameter startPadding: space before the extending start items (a list's header top padding,
    ///   docs/version-2.md §10.8): they and everything after them move by it, and it counts in `startExtent`.
    package init(
        items: [BoundarySupplementaryItem], section: Int, container: LayoutContainer, scrollAxis: Axis,
        followedInsets: EdgeInsets?, sizing: ItemSizing, startPadding: Double = 0
    ) {
        self.init(
            items: items, section: section, container: container, scrollAxis: scrollAxis,
            followedInsets: followedInsets, measures: sizing.measuresSupplementaries, startPadding: startPadding,
            sizesExtents: true)
    }

    /// `sizesExtents` false leaves `startExtent` and `endExtent` at 0 (only for placing items whose section
    /// already knows its extents: `appendElements`), not sizing the extending items for them.
    private init(
        items: [BoundarySupplementaryItem], section: Int, container: LayoutContainer, scrollAxis: Axis,
        followedInsets: EdgeInsets?, measures: Bool, startPadding: Double, sizesExtents: Bool
    ) {
        let cross = scrollAxis.other
        let insets = followedInsets ?? .zero
        // §2 The boundary container: (W, H) minus the followed insets on the layout's cross axis.
        let box = Size(
            cross, container.size.length(cross) - insets.sum(cross), across: container.size.length(scrollAxis))
        self.items = items
        self.section = section
        self.scrollAxis = scrollAxis
        self.container = container
        self.measures = measures
        self.box = box
        self.a0 = insets.pre(cross)
        self.aq = box.length(cross)
        self.startPadding = startPadding
        var startExtent = startPadding, endExtent = 0.0
        var within = startPadding >= 0
        // Each item's fields are read in the array: binding `items[k]` to a value copies the item (retaining
        // its strings), per boundary item of every section placed and every section a rect query visits.
        for k in items.indices where sizesExtents {
            let start = Self.extendsStart(items, k, scrollAxis), end = Self.extendsEnd(items, k, scrollAxis)
            guard start || end else {
                within = false
                continue
            }
            let length = Self.size(
                items, k, index: Self.kindIndex(items, k), box: box, container: container,
                section: section, measures: measures
            ).length(scrollAxis)
            if start { startExtent += length }
            if end { endExtent += length }
            if !(length >= 0) || items[k].offset.x != 0 || items[k].offset.y != 0 { within = false }
        }
        self.startExtent = startExtent
        self.endExtent = endExtent
        extendsWithinSection = within
    }

    /// The item's index among the items of its element kind (earlier items of that kind).
    private static func kindIndex(_ items: [BoundarySupplementaryItem], _ k: Int) -> Int {
        var index = 0
        for j in 0..<k where items[j].internedKind == items[k].internedKind { index += 1 }
        return index
    }

    /// Item `k`'s size.
    private static func size(
        _ items: [BoundarySupplementaryItem], _ k: Int, index: Int, box: Size, container: LayoutContainer,
        section: Int, measures: Bool
    ) -> Size {
        func length(_ axis: Axis) -> Double {
            DimensionResolver.length(items[k].layoutSize.dimension(axis), box: box, container: container) {
                estimate in
                ItemSizing.supplementaryLength(
                    measuring: measures, section: section, item: index, axis: axis,
                    estimate: estimate, declared: items[k].selfSizing)
            }
        }
        return Size(width: length(.x), height: length(.y))
    }

    /// An item extends its section at the start when it says so and its alignment names the scroll axis's start.
    private static func extendsStart(_ items: [BoundarySupplementaryItem], _ k: Int, _ scrollAxis: Axis) -> Bool {
        items[k].extendsBoundary && items[k].alignment.edges.contains(startEdge(scrollAxis))
    }
    private static func extendsEnd(_ items: [BoundarySupplementaryItem], _ k: Int, _ scrollAxis: Axis) -> Bool {
        items[k].extendsBoundary && items[k].alignment.edges.contains(endEdge(scrollAxis))
    }

    /// The placed items of a section that starts at `sectionStart` and whose host (content plus insets) runs
    /// from `contentStart` to `contentEnd` along the scroll axis.
    package func elements(sectionStart: Double, contentStart: Double, contentEnd: Double) -> [LayoutElement] {
        var elements: [LayoutElement] = []
        elements.reserveCapacity(items.count)
        forEachElement(sectionStart: sectionStart, contentStart: contentStart, contentEnd: contentEnd) {
            elements.append($0)
        }
        return elements
    }

    /// Visits the placed items in order (their index in the section's boundary items), allocating nothing.
    package func forEachElement(
        sectionStart: Double, contentStart: Double, contentEnd: Double,
        _ body: (LayoutElement) -> Void
    ) {
        var startCursor = sectionStart + startPadding
        var endCursor = contentEnd
        for k in items.indices {
            let index = Self.kindIndex(items, k)
            let size = Self.size(
                items, k, index: index, box: box, container: container, section: section, measures: measures)
            let origin = place(
                k, size: size, contentStart: contentStart, contentEnd: contentEnd, startCursor: &startCursor,
                endCursor: &endCursor)
            body(
                LayoutElement(
                    category: .supplementary, internedKind: items[k].internedKind, section: section,
                    item: index, frame: Rect(origin: origin, size: size), zIndex: items[k].zIndex))
        }
    }

    /// For a rect query: appends to `out` the items of a section starting at `sectionStart` whose host runs
    /// from `contentStart` to `contentEnd`, placed as `forEachElement` places them and in its order, that `select`
    /// keeps, with the frame it returns for them (moved and rounded by the caller). An item it drops is never
    /// made an element, a kept one is built in `out` (with its interned kind), and nothing is sized for
    /// the extents, which the section already holds. `measuresSupplementaries` is the sizing's (all a
    /// boundary item's size reads from it). Complexity: O(boundary items²), allocating nothing.
    package static func appendElements(
        _ items: [BoundarySupplementaryItem], section: Int, container: LayoutContainer, scrollAxis: Axis,
        followedInsets: EdgeInsets?, measuresSupplementaries: Bool, startPadding: Double, sectionStart: Double,
        contentStart: Double, contentEnd: Double, select: (Rect) -> Rect?, into out: inout [LayoutElement]
    ) {
        let placement = BoundaryItemsPlacement(
            items: items, section: section, container: container, scrollAxis: scrollAxis,
            followedInsets: followedInsets, measures: measuresSupplementaries, startPadding: startPadding,
            sizesExtents: false)
        var startCursor = sectionStart + startPadding
        var endCursor = contentEnd
        for k in items.indices {
            let index = kindIndex(items, k)
            let size = Self.size(
                items, k, index: index, box: placement.box, container: container, section: section,
                measures: placement.measures)
            let origin = placement.place(
                k, size: size, contentStart: contentStart, contentEnd: contentEnd, startCursor: &startCursor,
                endCursor: &endCursor)
            guard let frame = select(Rect(origin: origin, size: size)) else { continue }
            out.append(queryElement(.supplementary, items[k].internedKind, section, index, frame, items[k].zIndex))
        }
    }

    /// The placed items' frames, in the order and at the places `forEachElement` gives, without making their
    /// elements (whose kind string each costs a retain and a release): all a section's overhang needs. Both
    /// place each item with `place`.
    package func forEachFrame(
        sectionStart: Double, contentStart: Double, contentEnd: Double, _ body: (Rect) -> Void
    ) {
        var startCursor = sectionStart + startPadding
        var endCursor = contentEnd
        for k in items.indices {
            let size = Self.size(
                items, k, index: Self.kindIndex(items, k), box: box, container: container, section: section,
                measures: measures)
            let origin = place(
                k, size: size, contentStart: contentStart, contentEnd: contentEnd, startCursor: &startCursor,
                endCursor: &endCursor)
            body(Rect(origin: origin, size: size))
        }
    }

    /// Item `k`'s origin, `size` long: extending items one after another from the cursors (which it moves),
    /// the others inside the host.
    @inline(__always)
    private func place(
        _ k: Int, size: Size, contentStart: Double, contentEnd: Double, startCursor: inout Double,
        endCursor: inout Double
    ) -> Point {
        let cross = scrollAxis.other
        var origin: Point
        let extendsStart = Self.extendsStart(items, k, scrollAxis)
        if extendsStart || Self.extendsEnd(items, k, scrollAxis) {
            let along: Double
            if extendsStart {
                along = startCursor
                startCursor += size.length(scrollAxis)
            } else {
                along = endCursor
                endCursor += size.length(scrollAxis)
            }
            // Across, by the cross component of the alignment: start, end, or centered.
            let edges = items[k].alignment.edges
            let across: Double
            if edges.contains(startEdge(cross)) {
                across = a0
            } else if edges.contains(endEdge(cross)) {
                across = a0 + aq - size.length(cross)
            } else {
                across = a0 + (aq - size.length(cross)) / 2
            }
            origin = Point.along(scrollAxis, along, across: across)
        } else {
            // Inside the host, with the anchor rule of §4.4 on the alignment's edges.
            let host = Rect.along(
                scrollAxis, origin: contentStart, length: contentEnd - contentStart,
                acrossOrigin: a0, acrossLength: aq)
            let edges = items[k].alignment.edges
            let onHost = anchorPoint(host, edges)
            let onItem = anchorPoint(Rect(origin: .zero, size: size), edges)
            origin = Point(x: onHost.x - onItem.x, y: onHost.y - onItem.y)
        }
        // `offset` shifts the item; it changes no extent.
        origin.x += items[k].offset.x
        origin.y += items[k].offset.y
        return origin
    }
}

/// A boundary item placed once for every section of a definition (`BoundaryItemsPlacement.fixedStartElements`):
/// its frame in a section that starts at 0, its kind, its index among the items of that kind and its z-index.
package struct FixedBoundaryElement: Sendable {
    package let frame: Rect
    package let kind: ElementKind
    package let item: Int
    package let zIndex: Int
}

extension BoundaryItemsPlacement {
    /// The elements of `items` as `forEachElement` places them in a section that starts at 0, when each is the
    /// same in every section of the definition: every item extends the section at its start (placed from the
    /// section's start and the items before it, never from its content or extent) and none has a
    /// self-sizing model (its size is its declared or estimated one, whatever the section's index and the
    /// sizing). nil otherwise. A rect query then moves these frames by the section's start instead of sizing
    /// and placing the items again in every section it visits (about 0.36k instructions for a header).
    /// Complexity: O(items²), once per definition.
    package static func fixedStartElements(
        _ items: [BoundarySupplementaryItem], container: LayoutContainer, scrollAxis: Axis,
        followedInsets: EdgeInsets?, startPadding: Double
    ) -> [FixedBoundaryElement]? {
        guard !items.isEmpty,
            items.indices.allSatisfy({ extendsStart(items, $0, scrollAxis) && items[$0].selfSizing == nil })
        else { return nil }
        let placement = BoundaryItemsPlacement(
            items: items, section: 0, container: container, scrollAxis: scrollAxis,
            followedInsets: followedInsets, measures: false, startPadding: startPadding, sizesExtents: false)
        var fixed: [FixedBoundaryElement] = []
        fixed.reserveCapacity(items.count)
        // No item reads its host: every one extends the start.
        placement.forEachElement(sectionStart: 0, contentStart: 0, contentEnd: 0) { element in
            fixed.append(
                FixedBoundaryElement(
                    frame: element.frame, kind: element.internedKind!, item: element.item, zIndex: element.zIndex))
        }
        return fixed
    }
}

/// §4.4 Supplementaries anchored to an item's cell frame or a group instance's slot.
package struct AnchoredSupplementaryPlacement {
    package let section: Int
    package let container: LayoutContainer
    package let sizing: ItemSizing

    package init(section: Int, container: LayoutContainer, sizing: ItemSizing) {
        self.section = section
        self.container = container
        self.sizing = sizing
    }

    /// The supplementaries of one host, `item` being the host item's index (a group's first item).
    package func elements(for supplementaries: [SupplementaryItem], host: Rect, item: Int) -> [LayoutElement] {
        guard !supplementaries.isEmpty else { return [] }
        return supplementaries.map { supplementary in
            // §2 An anchored supplementary resolves against its host's frame size.
            func length(_ axis: Axis) -> Double {
                DimensionResolver.length(supplementary.layoutSize.dimension(axis), box: host.size, container: container)
                { estimate in
                    sizing.supplementaryLength(
                        section: section, item: item, axis: axis, estimate: estimate,
                        declared: supplementary.selfSizing)
                }
            }
            let size = Size(width: length(.x), height: length(.y))
            let anchor = supplementary.containerAnchor
            let offset: Point
            switch anchor.offset {
            case .absolute(let p): offset = p
            case .fractional(let f): offset = Point(x: f.x * size.width, y: f.y * size.height)
            }
            let onHost = anchorPoint(host, anchor.edges)
            let onItem = anchorPoint(Rect(origin: .zero, size: size), (supplementary.itemAnchor ?? anchor).edges)
            let frame = Rect(
                x: onHost.x + offset.x - onItem.x, y: onHost.y + offset.y - onItem.y,
                width: size.width, height: size.height)
            return LayoutElement(
                category: .supplementary, internedKind: supplementary.internedKind, section: section,
                item: item, frame: frame, zIndex: supplementary.zIndex)
        }
    }
}

/// §4.5 Backgrounds: a decoration covers its section's whole extent along the scroll axis and the whole
/// container across, inset by its own insets, width and height clamped at 0 (our choice).
package func decorationElements(
    _ decorations: [DecorationItem], section: Int, sectionStart: Double, extent: Double,
    container: LayoutContainer, scrollAxis: Axis
) -> [LayoutElement] {
    var elements: [LayoutElement] = []
    elements.reserveCapacity(decorations.count)
    forEachDecorationElement(
        decorations, section: section, sectionStart: sectionStart, extent: extent,
        container: container, scrollAxis: scrollAxis
    ) { elements.append($0) }
    return elements
}

/// `decorationElements`, visited in order without allocating.
package func forEachDecorationElement(
    _ decorations: [DecorationItem], section: Int, sectionStart: Double, extent: Double,
    container: LayoutContainer, scrollAxis: Axis, _ body: (LayoutElement) -> Void
) {
    let cover = decorationCover(
        sectionStart: sectionStart, extent: extent, container: container, scrollAxis: scrollAxis)
    for k in decorations.indices {
        let decoration = decorations[k]
        let frame = decorationFrame(decoration.contentInsets, cover: cover)
        var item = 0
        for j in 0..<k where decorations[j].internedKind == decoration.internedKind { item += 1 }
        body(
            LayoutElement(
                category: .decoration, internedKind: decoration.internedKind, section: section, item: item,
                frame: frame, zIndex: decoration.zIndex))
    }
}

/// For a rect query: appends to `out` the decorations `forEachDecorationElement` gives, in its order, whose frame
/// `select` keeps, with the frame it returns (moved and rounded by the caller); a dropped one is never made an
/// element (nor its decoration copied, which retains its kind). Complexity: O(decorations²).
package func appendDecorationElements(
    _ decorations: [DecorationItem], section: Int, sectionStart: Double, extent: Double,
    container: LayoutContainer, scrollAxis: Axis, select: (Rect) -> Rect?, into out: inout [LayoutElement]
) {
    let cover = decorationCover(
        sectionStart: sectionStart, extent: extent, container: container, scrollAxis: scrollAxis)
    for k in decorations.indices {
        guard let frame = select(decorationFrame(decorations[k].contentInsets, cover: cover)) else { continue }
        var item = 0
        for j in 0..<k where decorations[j].internedKind == decorations[k].internedKind { item += 1 }
        out.append(queryElement(.decoration, decorations[k].internedKind, section, item, frame, decorations[k].zIndex))
    }
}

/// An element a rect query keeps, of an interned kind (nothing to retain).
@inline(__always)
private func queryElement(
    _ category: ElementCategory, _ kind: ElementKind, _ section: Int, _ item: Int, _ frame: Rect, _ zIndex: Int
) -> LayoutElement {
    LayoutElement(category: category, internedKind: kind, section: section, item: item, frame: frame, zIndex: zIndex)
}

/// The frames `forEachDecorationElement` gives, in order, without making their elements (nor copying a
/// decoration, which retains its kind): all a section's overhang needs.
package func forEachDecorationFrame(
    _ decorations: [DecorationItem], sectionStart: Double, extent: Double, container: LayoutContainer,
    scrollAxis: Axis, _ body: (Rect) -> Void
) {
    let cover = decorationCover(
        sectionStart: sectionStart, extent: extent, container: container, scrollAxis: scrollAxis)
    for k in decorations.indices { body(decorationFrame(decorations[k].contentInsets, cover: cover)) }
}

/// §4.5 what every decoration of a section covers before its insets: the section along the scroll axis, the
/// container across.
@inline(__always)
private func decorationCover(sectionStart: Double, extent: Double, container: LayoutContainer, scrollAxis: Axis)
    -> Rect
{
    let crossLength = container.size.length(scrollAxis.other)
    return Rect.along(scrollAxis, origin: sectionStart, length: extent, acrossOrigin: 0, acrossLength: crossLength)
}

/// §4.5 a decoration's frame: `cover` inset by its insets, width and height clamped at 0.
@inline(__always)
private func decorationFrame(_ i: EdgeInsets, cover: Rect) -> Rect {
    Rect(
        x: cover.x + i.leading, y: cover.y + i.top,
        width: max(0, cover.width - i.leading - i.trailing), height: max(0, cover.height - i.top - i.bottom))
}
