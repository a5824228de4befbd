import CompositionalLayout
import SolverKernel

/// Where a flow row's cells go while `FlatRowPlan.solveFlowInstance` places them: appended to a growing
/// array (an update, which solves a few rows into a reused buffer), or written through `FlowCellWriter`
/// into memory that already has room for every item of the section (a fresh solve, which then pays no
/// uniqueness or capacity check per cell: a chip row is three or four items, so these checks weighed as
/// much as placing them).
protocol FlowCells {
    /// The cells written so far.
    var count: Int { get }
    mutating func append(_ cell: Rect)
    /// Drops the cells from `start` on.
    mutating func truncate(to start: Int)
    /// Runs `body` on cells `start..<start + count`, to be written over in place.
    mutating func withCells<R>(from start: Int, count: Int, _ body: (UnsafeMutableBufferPointer<Rect>) -> R) -> R
}

extension ContiguousArray: FlowCells where Element == Rect {
    @inline(__always)
    mutating func truncate(to start: Int) { removeSubrange(start...) }

    @inline(__always)
    mutating func withCells<R>(from start: Int, count: Int, _ body: (UnsafeMutableBufferPointer<Rect>) -> R) -> R {
        withUnsafeMutableBufferPointer { all in body(UnsafeMutableBufferPointer(rebasing: all[start..<start + count])) }
    }
}

/// Cells written one after another from `base`, into room for as many as the section has items (a row
/// never places more than the items left), which `FlowSolveBuffer.solve` makes before it lends a writer.
struct FlowCellWriter: FlowCells {
    private let base: UnsafeMutablePointer<Rect>
    /// The room; checked in debug builds only (a release solve never writes past it: see above).
    private let room: Int
    private(set) var count = 0

    fileprivate init(_ base: UnsafeMutablePointer<Rect>, room: Int) {
        self.base = base
        self.room = room
    }

    @inline(__always)
    mutating func append(_ cell: Rect) {
        assert(count < room, "a flow row wrote past the section's items")
        (base + count).initialize(to: cell)
        count += 1
    }

    @inline(__always)
    mutating func truncate(to start: Int) { count = start }

    @inline(__always)
    func withCells<R>(from start: Int, count: Int, _ body: (UnsafeMutableBufferPointer<Rect>) -> R) -> R {
        body(UnsafeMutableBufferPointer(start: base + start, count: count))
    }
}

/// The rows of a fresh flow solve, written one after another through pointers into room for as many rows
/// as the section has items, which `FlowSolveBuffer.solve` makes before it lends a writer.
struct FlowRowWriter {
    private let firstItems: UnsafeMutablePointer<Int32>
    private let sizes: UnsafeMutablePointer<Size>
    private let strides: UnsafeMutablePointer<Double>
    /// The room; checked in debug builds only (every row holds an item, so rows never outnumber them).
    private let room: Int
    private(set) var count = 0

    fileprivate init(
        firstItems: UnsafeMutablePointer<Int32>, sizes: UnsafeMutablePointer<Size>,
        strides: UnsafeMutablePointer<Double>, room: Int
    ) {
        self.firstItems = firstItems
        self.sizes = sizes
        self.strides = strides
        self.room = room
    }

    @inline(__always)
    mutating func append(firstItem: Int32, size: Size, stride: Double) {
        assert(count < room, "more flow rows than the section's items")
        (firstItems + count).initialize(to: firstItem)
        (sizes + count).initialize(to: size)
        (strides + count).initialize(to: stride)
        count += 1
    }
}

/// A worker's grow-only memory for a fresh flow solve's cells and rows, written through `FlowCellWriter`
/// and `FlowRowWriter`, then frozen straight from here (`InstanceColumns`). By hand because no
/// array lets a caller write into its spare capacity without a check per element on every platform this
/// package supports (`OutputSpan` needs macOS 26): appends cost a uniqueness and a capacity check per
/// cell and per row, as much as placing a chip; a new array per section cost an allocation each. One per
/// `SolveScratch`, used by one thread at a time.
final class FlowSolveBuffer {
    // nil until the first solve: most workers' scratches never solve a flow.
    private var cells: UnsafeMutablePointer<Rect>? = nil
    private var firstItems: UnsafeMutablePointer<Int32>? = nil
    private var sizes: UnsafeMutablePointer<Size>? = nil
    private var strides: UnsafeMutablePointer<Double>? = nil
    /// The cells and rows it has room for (0 until the first solve).
    private(set) var capacity = 0

    init() {}

    deinit { release() }  // every element type is trivial: nothing to deinitialize

    private func release() {
        cells?.deallocate()
        firstItems?.deallocate()
        sizes?.deallocate()
        strides?.deallocate()
    }

    /// Room for `room` cells and rows: grown (not kept) when there is less. O(1), O(room) when it grows.
    private func reserve(_ room: Int) {
        guard capacity < room || cells == nil else { return }
        release()
        capacity = max(room, capacity * 2, 1)
        cells = .allocate(capacity: capacity)
        firstItems = .allocate(capacity: capacity)
        sizes = .allocate(capacity: capacity)
        strides = .allocate(capacity: capacity)
    }

    /// Runs `body` with a cell writer that has room for `room` cells, for a solve that takes each row's cells
    /// as it goes (`remeasureFlowRows` writes every row over the old one, then starts the writer over).
    /// Complexity: O(1) plus `body`'s, O(room) the first time the buffer grows to it.
    @inline(__always)
    func withCells<R, E: Error>(room: Int, _ body: (inout FlowCellWriter) throws(E) -> R) throws(E) -> R {
        reserve(room)
        var writer = FlowCellWriter(cells.unsafelyUnwrapped, room: max(room, 0))
        return try body(&writer)
    }

    /// Runs `body` with writers that have room for `room` cells and `room` rows, then freezes what they
    /// wrote, with the extent `body` returns and `strideTerms`: with `freeze` (a re-solve's splice), or as
    /// `EstimatedInstances.make` does from a builder, without copying into one first.
    /// Complexity: O(cells and rows written) plus `freeze`'s, O(room) the first time the buffer grows to it.
    @inline(__always)
    func solve<E: Error>(
        room: Int, strideTerms: StrideTerms?,
        _ body: (inout FlowCellWriter, inout FlowRowWriter) throws(E) -> RelativeExtent,
        freeze: (InstanceColumns) -> EstimatedInstances = EstimatedInstances.make
    ) throws(E) -> EstimatedInstances {
        reserve(room)
        let cells = cells.unsafelyUnwrapped, firstItems = firstItems.unsafelyUnwrapped
        let sizes = sizes.unsafelyUnwrapped, strides = strides.unsafelyUnwrapped
        var cellWriter = FlowCellWriter(cells, room: max(room, 0))
        var rowWriter = FlowRowWriter(firstItems: firstItems, sizes: sizes, strides: strides, room: max(room, 0))
        let extent = try body(&cellWriter, &rowWriter)
        let rows = rowWriter.count
        return freeze(
            InstanceColumns(
                firstItem: UnsafeBufferPointer(start: firstItems, count: rows),
                sizes: UnsafeBufferPointer(start: sizes, count: rows),
                strides: UnsafeBufferPointer(start: strides, count: rows),
                cells: UnsafeBufferPointer(start: cells, count: cellWriter.count),
                leafSupplementaries: UnsafeBufferPointer(start: nil, count: 0), supplementaries: nil, hosts: nil,
                extent: extent, strideTerms: strideTerms))
    }
}
