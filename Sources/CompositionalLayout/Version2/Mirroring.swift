/// docs/version-2.md §10.3 Right-to-left: a layout is solved left-to-right and every frame then mirrored in x:
/// `x' = W − x − w` in a vertical layout, `x' = contentWidth − x − w` in a horizontal one (section 0 at the
/// right). y never changes. Pixel rounding (§1) comes after mirroring.
extension Rect {
    /// The rect mirrored in a span of `width` starting at 0.
    @inlinable public func mirrored(inWidth width: Double) -> Rect {
        Rect(x: width - x - self.width, y: y, width: self.width, height: height)
    }
}

extension SolveOutput {
    /// The width frames are mirrored in: the container's in a vertical layout, the content's in a
    /// horizontal one.
    public var mirrorWidth: Double { scrollDirection == .horizontal ? contentSize.width : container.width }

    /// Every frame mirrored (§10.3): elements and the `sections` frames; content sizes do not change.
    public func mirroredHorizontally() -> SolveOutput {
        var copy = self
        let width = mirrorWidth
        for i in copy.elements.indices { copy.elements[i].frame = copy.elements[i].frame.mirrored(inWidth: width) }
        for i in copy.sections.indices { copy.sections[i].frame = copy.sections[i].frame.mirrored(inWidth: width) }
        return copy
    }
}
