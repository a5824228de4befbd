import CompositionalLayout

// A rect query's cells of an estimated section without anchored supplementaries, one sequence per storage
// form (`Emitter.appendCells`). A sequence, so that `Array.append(contentsOf:)` writes the elements straight
// into the result's spare capacity: an `append` per element tested the array's uniqueness (a runtime call)
// and capacity, and the call made the loop keep its values on the stack (about 20 instructions per element).
// Both give the frames, tests and elements of `forEachInstance` with the form's cells, in the same order.
// They read the storage through the reader's pointers: valid while it is alive and unchanged, as while the
// emitter that makes them holds it.

/// The cells of a full-form estimated section (flows: chips, reflowing rows) whose frames intersect a rect,
/// from instance `qLow` on, in order, stopping at the first instance that starts past `high` (relative to
/// instance 0 along P).
///
/// Reads the columns through the reader's pointers, unwrapped once, and walks the instances in order (an
/// instance's end is the next one's first item). Complexity: O(items of the instances visited), after the
/// caller's O(log instances) search for `qLow`.
struct FullFormCellElements: Sequence, IteratorProtocol {
    private let cells: UnsafePointer<Rect>
    private let firstItems: UnsafePointer<Int32>, sizes: UnsafePointer<Size>, strides: UnsafePointer<Double>
    private let count: Int, itemCount: Int
    private let origins: InstanceOrigins
    private let rect: Rect
    private let section: Int
    /// The scroll-axis bound: `offset + minP` past it ends the walk (+∞ for none; NaN never ends it).
    private let minP: Double, high: Double
    /// The next instance to open, where it starts, and the current instance's items left (`item..<end`)
    /// and origin.
    private var q: Int, offset: Double
    private var item: Int, end: Int
    private var originX = 0.0, originY = 0.0
    #if DEBUG
    /// Debug builds count the instances opened, for the work-counter tests of rect queries.
    var work: QueryWork? = nil
    #endif

    /// The walk over `reader`'s instances from `qLow` (nil when the reader is not in the full form).
    init?(
        _ reader: EstimatedInstances.Reader, origins: InstanceOrigins, from qLow: Int, until pHigh: Double?,
        section: Int, in rect: Rect
    ) {
        guard reader.form == nil, let firstItems = reader.firstItems, let sizes = reader.sizes,
            let strides = reader.strides
        else { return nil }
        self.cells = reader.cells
        self.firstItems = firstItems; self.sizes = sizes; self.strides = strides
        count = reader.count; itemCount = reader.itemCount
        self.origins = origins; self.rect = rect; self.section = section
        minP = reader.extent.minP; high = pHigh ?? .infinity
        q = qLow
        offset = qLow < count ? reader.offset(qLow) : 0
        item = qLow < count ? Int(firstItems[qLow]) : 0
        end = item
    }

    @inline(__always)
    mutating func next() -> LayoutElement? {
        while true {
            while item < end {
                let frame = cells[item].offsetBy(dx: originX, dy: originY)
                let i = item
                item += 1
                if frame.intersects(rect) { return LayoutElement(cellInSection: section, item: i, frame: frame) }
            }
            guard q < count, !(offset + minP > high) else { return nil }
            #if DEBUG
            work?.instancesOpened += 1
            #endif
            end = q + 1 < count ? Int(firstItems[q + 1]) : itemCount
            let origin = origins.origin(offset: offset, gQ: sizes[q].length(origins.P.other))
            originX = origin.x; originY = origin.y
            offset += strides[q]
            q += 1
        }
    }
}

/// The cells of a compact-form estimated section (lists, column grids) whose frames intersect a rect, from
/// instance `qLow` on, in order, stopping at the first instance that starts past `high` (relative to instance
/// 0 along P): item i is its position's pattern cell with its own length, instance q holds `perInstance`
/// items from `q × perInstance`, and its length is derived from its one cell or stored after the items'.
/// Complexity: O(items of the instances visited), after the caller's O(log instances) search for `qLow`.
struct CompactCellElements: Sequence, IteratorProtocol {
    private let pattern: UnsafePointer<Rect>, lengths: UnsafePointer<Double>
    private let form: CompactForm
    private let count: Int, itemCount: Int
    private let origins: InstanceOrigins
    private let rect: Rect
    private let section: Int
    private let minP: Double, high: Double
    private var q: Int, offset: Double
    /// The current instance's next item, its end, and the item's position in the instance.
    private var item: Int, end: Int, leaf = 0
    private var originX = 0.0, originY = 0.0
    #if DEBUG
    /// Debug builds count the instances opened, for the work-counter tests of rect queries.
    var work: QueryWork? = nil
    #endif

    /// The walk over `reader`'s instances from `qLow` (nil when the reader is not in the compact form).
    init?(
        _ reader: EstimatedInstances.Reader, origins: InstanceOrigins, from qLow: Int, until pHigh: Double?,
        section: Int, in rect: Rect
    ) {
        guard let form = reader.form, let lengths = reader.lengths else { return nil }
        pattern = reader.cells; self.lengths = lengths; self.form = form
        count = reader.count; itemCount = reader.itemCount
        self.origins = origins; self.rect = rect; self.section = section
        minP = reader.extent.minP; high = pHigh ?? .infinity
        q = qLow
        offset = qLow < count ? reader.offset(qLow) : 0
        item = 0; end = 0
    }

    @inline(__always)
    mutating func next() -> LayoutElement? {
        while true {
            while item < end {
                let frame = form.cell(pattern: pattern[leaf], length: lengths[item]).offsetBy(dx: originX, dy: originY)
                let i = item
                item += 1
                leaf += 1
                if frame.intersects(rect) { return LayoutElement(cellInSection: section, item: i, frame: frame) }
            }
            guard q < count, !(offset + minP > high) else { return nil }
            #if DEBUG
            work?.instancesOpened += 1
            #endif
            item = q * form.perInstance
            end = q + 1 < count ? item + form.perInstance : itemCount
            leaf = 0
            let size =
                form.instanceOverCell.map { form.size(length: lengths[q] + $0) }
                ?? form.size(length: lengths[itemCount + q])
            let origin = origins.origin(offset: offset, gQ: size.length(origins.P.other))
            originX = origin.x; originY = origin.y
            offset += form.strides.stride(size)
            q += 1
        }
    }
}

/// What debug builds' rect queries count (`LayoutEngine.queryWork`), so that tests can hold a query's work to
/// the instances near its rect: the instances whose cells a query tested, over every form. Release builds
/// have no counter (it would cost the queries it counts).
final class QueryWork {
    var instancesOpened = 0
}
