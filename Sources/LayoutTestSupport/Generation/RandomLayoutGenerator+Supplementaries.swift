import CompositionalLayout
import SeededRandom

/// Boundary items (docs/layout-rules.md §4.3) of every alignment, extending or not, offset, pinned, estimated with
/// or without their own self-sizing; anchored supplementaries (§4.4) with absolute or fractional offsets,
/// item anchors and estimated sizes; decorations (§4.5) with insets and zIndex.
extension LayoutBuilder {
    /// A header, footer or side item of a section or of the whole layout.
    mutating func boundaryItem(estimatedAllowed: Bool) -> BoundarySupplementaryItem {
        let cross = scrollAxis.other
        let crossDimension: LayoutDimension = rng.weighted([
            (0.6, fraction(of: cross, 1)),
            (0.2, fraction(of: cross, rng.double(0.3...1, step: 0.05))),
            (0.2, .absolute(rng.double(40...300, step: 1))),
        ])
        let scrollDimension: LayoutDimension = rng.weighted([
            (0.5, .absolute(rng.double(0...80, step: 1))),
            (estimatedAllowed ? 0.3 : 0, .estimated(rng.double(20...60, step: 1))),
            (0.2, fraction(of: scrollAxis, rng.double(0.02...0.15, step: 0.01))),
        ])
        let size = LayoutSize(scrollAxis, scrollDimension, across: crossDimension)
        let alignment = rng.pick(BoundaryAlignment.allCases)
        let prefix: String
        switch alignment {
        case .top, .topLeading, .topTrailing: prefix = "hdr"
        case .bottom, .bottomLeading, .bottomTrailing: prefix = "ftr"
        case .leading, .trailing: prefix = "side"
        }
        var item = BoundarySupplementaryItem(layoutSize: size, elementKind: kind(prefix), alignment: alignment)
        if rng.chance(0.2) {
            item.offset = Point(x: rng.double(-10...10, step: 0.5), y: rng.double(-10...10, step: 0.5))
        }
        if rng.chance(0.2) { item.extendsBoundary = false }
        if rng.chance(0.2) { item.pinToVisibleBounds = true }
        if rng.chance(0.15) { item.zIndex = rng.int(-2...5) }
        if size.hasEstimatedDimension, rng.chance(0.6) { item.selfSizing = selfSizing(bothAxesLikely: false) }
        return item
    }

    /// A badge or pill anchored to an item or a group.
    mutating func anchoredItem() -> SupplementaryItem {
        func dimension(_ rng: inout BenchRandom, _ axis: Axis) -> LayoutDimension {
            rng.weighted([
                (0.55, .absolute(rng.double(6...30, step: 1))),
                (
                    0.25,
                    axis == .x
                        ? .fractionalWidth(rng.double(0.1...0.5, step: 0.05))
                        : .fractionalHeight(rng.double(0.1...0.5, step: 0.05))
                ),
                (0.2, .estimated(rng.double(10...30, step: 1))),
            ])
        }
        let size = LayoutSize(widthDimension: dimension(&rng, .x), heightDimension: dimension(&rng, .y))
        let edges = anchorEdges()
        let containerAnchor: LayoutAnchor
        switch rng.int(0...2) {
        case 0: containerAnchor = LayoutAnchor(edges: edges)
        case 1:
            containerAnchor = LayoutAnchor(
                edges: edges,
                absoluteOffset: Point(x: rng.double(-10...10, step: 0.5), y: rng.double(-10...10, step: 0.5)))
        default:
            containerAnchor = LayoutAnchor(
                edges: edges,
                fractionalOffset: Point(x: rng.double(-0.5...0.5, step: 0.1), y: rng.double(-0.5...0.5, step: 0.1)))
        }
        var item = SupplementaryItem(layoutSize: size, elementKind: kind("badge"), containerAnchor: containerAnchor)
        if rng.chance(0.3) { item.itemAnchor = LayoutAnchor(edges: anchorEdges()) }
        if rng.chance(0.2) { item.zIndex = rng.int(-1...4) }
        if size.hasEstimatedDimension, rng.chance(0.6) { item.selfSizing = selfSizing(bothAxesLikely: false) }
        return item
    }

    /// Edges without a contradictory pair: top, bottom or neither, with leading, trailing or neither.
    mutating func anchorEdges() -> DirectionalRectEdge {
        var edges: DirectionalRectEdge = []
        switch rng.int(0...2) {
        case 0: edges.insert(.top)
        case 1: edges.insert(.bottom)
        default: break
        }
        switch rng.int(0...2) {
        case 0: edges.insert(.leading)
        case 1: edges.insert(.trailing)
        default: break
        }
        return edges
    }

    /// A background.
    mutating func decorationItem() -> DecorationItem {
        var item = DecorationItem(elementKind: kind("bg"))
        if rng.chance(0.4) { item.contentInsets = insets(max: 12) }
        if rng.chance(0.2) { item.zIndex = rng.int(-3...2) }
        return item
    }
}
