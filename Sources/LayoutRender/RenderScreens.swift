import CompositionalLayout

/// A long drawing cut into screens (`RenderOptions.columns`): pieces of the container's length along the scroll
/// axis, laid side by side `perRow` to a row (across the scroll axis), rows following along it, so a feed reads
/// like a phone's screens one after the other. Each piece is the same drawing, moved into its slot and clipped.
struct RenderScreens {
    static let gapAcross = 24.0

    let axis: Axis
    /// Each screen's range along the scroll axis, in content coordinates.
    let pieces: [ClosedRange<Double>]
    /// How many screens the whole extent makes (more than `pieces` when a limit cut them).
    let totalScreens: Int
    let perRow: Int
    let rows: Int
    /// One screen's length in px.
    let screenPx: Double
    /// The region's length across the scroll axis, in px.
    let acrossPx: Double
    /// Where the region starts along the scroll axis (content coordinates).
    let regionStart: Double
    let scale: Double

    /// The screens of `extent`, or nil when fewer than two columns are asked for or the extent fits one screen.
    /// Complexity: O(extent / screen).
    init?(
        extent: ClosedRange<Double>, screen: Double, columns: Int?, limit: Int? = nil, axis: Axis,
        acrossLength: Double
    ) {
        guard let columns, columns >= 2, screen > 0, screen.isFinite else { return nil }
        let length = extent.upperBound - extent.lowerBound
        guard length > screen else { return nil }
        var pieces: [ClosedRange<Double>] = []
        var start = extent.lowerBound
        var total = 0
        while start < extent.upperBound {
            if pieces.count < max(1, limit ?? Int.max) { pieces.append(start...min(extent.upperBound, start + screen)) }
            total += 1
            start += screen
        }
        totalScreens = total
        self.axis = axis
        self.pieces = pieces
        perRow = min(columns, pieces.count)
        rows = (pieces.count + perRow - 1) / perRow
        screenPx = screen
        acrossPx = acrossLength
        regionStart = extent.lowerBound
        scale = 1
    }

    private init(_ other: RenderScreens, scale: Double) {
        axis = other.axis
        pieces = other.pieces
        totalScreens = other.totalScreens
        perRow = other.perRow
        rows = other.rows
        screenPx = other.screenPx / other.scale * scale
        acrossPx = other.acrossPx / other.scale * scale
        regionStart = other.regionStart
        self.scale = scale
    }

    /// The same screens measured at `scale` px per point.
    func scaled(_ scale: Double) -> RenderScreens { RenderScreens(self, scale: scale) }

    /// The gap between rows along the scroll axis: room for each screen's tag in a vertical drawing.
    var gapAlong: Double { axis == .y ? RenderCanvas.tagRoom + 8 : Self.gapAcross }
    var slotAcross: Double { acrossPx + RenderCanvas.gutter + Self.gapAcross }
    var slotAlong: Double { screenPx + gapAlong }

    /// The arranged drawing's size in px, gutters between screens included (the first gutter is the canvas's).
    var pixelSize: (width: Double, height: Double) {
        let across = Double(perRow) * slotAcross - Self.gapAcross - RenderCanvas.gutter
        let along = Double(rows) * slotAlong - gapAlong
        return axis == .y ? (across, along) : (along, across)
    }

    /// The arranged drawing's size in points at scale 1, for choosing the scale.
    var pointSize: Rect {
        let size = scaled(1).pixelSize
        return Rect(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// The row and column of screen `index`.
    func slot(_ index: Int) -> (row: Int, column: Int) { (index / perRow, index % perRow) }

    /// How far screen `index` is moved from where the unbroken drawing would put it, in px.
    func translation(_ index: Int) -> (dx: Double, dy: Double) {
        let (row, column) = slot(index)
        let along = Double(row) * slotAlong - (pieces[index].lowerBound - regionStart) * scale
        let across = Double(column) * slotAcross
        return axis == .y ? (across, along) : (along, across)
    }
}
