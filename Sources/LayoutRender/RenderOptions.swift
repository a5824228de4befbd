/// What to draw and how large: the knobs of `SVGRenderer.render`.
public struct RenderOptions: Hashable, Sendable {
    /// Only these sections (and their elements) are drawn, translated so the first one starts the picture.
    /// Layout-wide elements (section −1) are drawn only where they overlap the drawn sections. `nil` draws
    /// the whole layout, or its leading sections when it has more than `elementLimit` elements.
    public var sections: ClosedRange<Int>?
    /// SVG px per layout point. Reduced automatically (never raised) so that neither side of the drawing
    /// exceeds `maxPixelLength`; the title says when it was.
    public var scale: Double
    /// Whether cells, supplementaries and decorations carry text labels (index paths and kinds). Section
    /// numbers, the viewport tag, the title and the legend are always written.
    public var showLabels: Bool
    /// A heading for the picture; the spec name when nil (it is still written on the line below otherwise).
    public var title: String?
    /// With no `sections` range, a layout with more elements than this draws only its leading sections
    /// that fit under the limit (or the leading items of its first section when even that one does not).
    public var elementLimit: Int
    /// The longest side, in px, the drawing may take before `scale` is reduced to fit.
    public var maxPixelLength: Double
    /// Whether to draw every element at its whole extent: orthogonal sections at their full scroller length,
    /// the part beyond the container hatched. False (the default) draws the device's view: the container's
    /// width (height, for a horizontal layout), each orthogonal section clipped at the container's edges at its
    /// scroll offset, with a marker of what scrolls beyond.
    public var full: Bool
    /// The scroll offset (points) of orthogonal sections by section index, in the device's view; 0 when not
    /// given, clamped to the section's scroll range.
    public var scrollOffsets: [Int: Double]
    /// Cut the drawing along the scroll axis into screens (the container's length each) laid side by side,
    /// this many to a row; nil or below 2 draws one long strip.
    public var columns: Int?
    /// With `columns`, draw only the first this many screens (the header says how many there are).
    public var screenLimit: Int?

    public init(
        sections: ClosedRange<Int>? = nil, scale: Double = 1, showLabels: Bool = true,
        title: String? = nil, elementLimit: Int = SVGRenderer.defaultElementLimit,
        maxPixelLength: Double = 12_000, full: Bool = false, scrollOffsets: [Int: Double] = [:],
        columns: Int? = nil, screenLimit: Int? = nil
    ) {
        self.sections = sections
        self.scale = scale
        self.showLabels = showLabels
        self.title = title
        self.elementLimit = elementLimit
        self.maxPixelLength = maxPixelLength
        self.full = full
        self.scrollOffsets = scrollOffsets
        self.columns = columns
        self.screenLimit = screenLimit
    }
}
