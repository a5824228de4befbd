import CompositionalLayout

/// Where things go in the picture: margins, the header, the section gutter (left of a vertical layout, above a
/// horizontal one), the drawing, and the map from content points to SVG px.
struct RenderCanvas {
    static let margin = 16.0
    /// The strip beside the drawing where section numbers are written.
    static let gutter = 34.0
    /// Room above a vertical drawing for the viewport's tag (a horizontal one has it in the gutter).
    static let tagRoom = 24.0

    let scrollAxis: Axis
    /// The covered content, in content coordinates.
    let region: Rect
    /// SVG px per point.
    let scale: Double
    /// Where the region's origin lands, in px.
    let originX: Double
    let originY: Double
    /// The document's size in px.
    let width: Double
    let height: Double

    /// The scale to draw at: the requested one (1 when not a positive number), reduced so the drawing's longer
    /// side stays within `options.maxPixelLength`.
    static func scale(for region: Rect, options: RenderOptions) -> Double {
        var scale = options.scale.isFinite && options.scale > 0 ? options.scale : 1
        let longest = max(region.width, region.height) * scale
        if options.maxPixelLength.isFinite, options.maxPixelLength > 0, longest > options.maxPixelLength {
            scale *= options.maxPixelLength / longest
        }
        return scale
    }

    /// The width in px the drawing and its gutter take.
    static func drawingWidth(region: Rect, scale: Double, scrollAxis: Axis) -> Double {
        region.width * scale + (scrollAxis == .y ? gutter : 0)
    }

    /// - Parameter screens: how the drawing is cut into screens; its size replaces the region's when given.
    init(
        region: Rect, scale: Double, scrollAxis: Axis, headerSize: (width: Double, height: Double),
        screens: RenderScreens? = nil
    ) {
        self.region = region
        self.scale = scale
        self.scrollAxis = scrollAxis
        let top = Self.margin + headerSize.height
        if scrollAxis == .y {
            originX = Self.margin + Self.gutter
            originY = top + Self.tagRoom
        } else {
            originX = Self.margin
            originY = top + Self.gutter
        }
        let size = screens?.pixelSize ?? (width: region.width * scale, height: region.height * scale)
        let right = originX + size.width + Self.margin
        width = (max(right, headerSize.width + 2 * Self.margin)).rounded(.up)
        height = (originY + size.height + Self.margin).rounded(.up)
    }

    /// A content x in px.
    func px(x: Double) -> Double { originX + (x - region.minX) * scale }
    /// A content y in px.
    func px(y: Double) -> Double { originY + (y - region.minY) * scale }

    /// A content rectangle in px.
    func px(_ r: Rect) -> PixelRect {
        PixelRect(x: px(x: r.x), y: px(y: r.y), width: max(0, r.width) * scale, height: max(0, r.height) * scale)
    }

    /// The region in px.
    var drawing: PixelRect { px(region) }

    /// A rectangle spanning `along` on the scroll axis and `across` on the other, in content coordinates.
    func rect(along: ClosedRange<Double>, across: ClosedRange<Double>) -> Rect {
        let a = along.upperBound - along.lowerBound, c = across.upperBound - across.lowerBound
        return scrollAxis == .y
            ? Rect(x: across.lowerBound, y: along.lowerBound, width: c, height: a)
            : Rect(x: along.lowerBound, y: across.lowerBound, width: a, height: c)
    }
}
