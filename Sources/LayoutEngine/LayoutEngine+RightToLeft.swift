import CompositionalLayout

/// docs/version-2.md §10.3 right-to-left at output and query time: the engine stores left-to-right frames; a
/// query mirrors its rect, queries, and mirrors the frames back, then rounds them to pixels (§1 comes after
/// mirroring) and selects with the rounded frames.
extension LayoutEngine {
    var isRightToLeft: Bool { state.layout.container.layoutDirection == .rightToLeft }

    /// The width frames mirror in: the container's (vertical) or the exact content width (horizontal).
    var mirrorWidth: Double {
        scrollAxis == .x ? exactContentSize.width : state.layout.container.width
    }

    /// Runs a left-to-right query `body` over `rect` mirrored (widened by a pixel so that rounding cannot
    /// lose an element), mirrors its exact frames back, rounds them and keeps those meeting `rect`.
    func mirroredQuery(_ rect: Rect, _ body: (Rect) -> [LayoutElement]) -> [LayoutElement] {
        let width = mirrorWidth
        let scale = pixelScale
        let slack = scale.map { 1 / $0 } ?? 0
        let widened = Rect(
            x: rect.x - slack, y: rect.y - slack, width: rect.width + 2 * slack, height: rect.height + 2 * slack)
        // In place: a `compactMap` built a second array, growing it by doubling (12% of a right-to-left
        // query's instructions).
        var elements = body(widened.mirrored(inWidth: width))
        for index in elements.indices {
            elements[index].frame = elements[index].frame.mirrored(inWidth: width).pixelRounded(scale)
        }
        elements.removeAll { !$0.frame.intersects(rect) }
        return elements
    }
}
