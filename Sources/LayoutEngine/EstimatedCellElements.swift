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
/// instance's end is the next one's first item). An instance whose cells the rect holds by the section's
/// extent is copied without a test per cell (`_copyContents`). Complexity: O(items of the instances visited),
/// after the caller's O(log instances) search for `qLow`.
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
    /// Whether the current instance's cells all lie inside the rect (`holds`).
    private var inside = false
    private let holds: HoldingBound
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
        holds = HoldingBound(rect: rect, extent: reader.extent, origins: origins)
        q = qLow
        offset = qLow < count ? reader.offset(qLow) : 0
        item = qLow < count ? Int(firstItems[qLow]) : 0
        end = item
    }

    /// Opens the next instance: its items, its origin, and whether all its cells lie inside the rect. False
    /// when the walk is over (no instance left, or the next starts past `high`).
    @inline(__always)
    private mutating func openNext() -> Bool {
        guard q < count, !(offset + minP > high) else { return false }
        #if DEBUG
        work?.instancesOpened += 1
        #endif
        end = q &+ 1 < count ? Int(firstItems[q &+ 1]) : itemCount
        let p: Double, across: Double, acrossInside: Bool
        if holds.constantAcross {
            p = holds.pStart + offset
            across = holds.across; acrossInside = holds.acrossInside
        } else {
            let origin = origins.origin(offset: offset, gQ: sizes[q].length(origins.P.other))
            (p, across) = holds.pIsY ? (origin.y, origin.x) : (origin.x, origin.y)
            acrossInside = holds.holdsAcross(across)
        }
        if holds.pIsY { originX = across; originY = p } else { originX = p; originY = across }
        inside = acrossInside && holds.holdsAlong(p)
        #if DEBUG
        if inside { work?.instancesHeld += 1 }
        #endif
        offset += strides[q]
        q &+= 1
        return true
    }

    /// Writes the walk's elements into `buffer` until it is full or the walk ends, and returns the walk where
    /// it stopped with the count written: what `Array.append(contentsOf:)` calls to fill its spare capacity.
    /// The same elements as `next()`. O(items of the instances visited).
    __consuming func _copyContents(
        initializing buffer: UnsafeMutableBufferPointer<LayoutElement>
    ) -> (FullFormCellElements, Int) {
        var walk = self
        guard let out = buffer.baseAddress else { return (walk, 0) }
        let written = walk.fill(out, capacity: buffer.count).count
        return (walk, written)
    }

    /// Appends the walk's elements to `out`, written straight into its spare capacity (grown as an append
    /// grows it when that runs out), without `append(contentsOf:)`'s sequence machinery and its copies of the
    /// walk (about 300 bytes): the same elements, in the same order. O(items of the instances visited).
    @available(macOS 26, iOS 26, *)
    @inline(__always)
    mutating func append(to out: inout [LayoutElement]) {
        while true {
            let spare = out.capacity &- out.count
            if spare > 0 {
                var ended = false
                out.append(addingCapacity: spare) { span in
                    span.withUnsafeMutableBufferPointer { buffer, initialized in
                        let (written, done) = fill(
                            buffer.baseAddress.unsafelyUnwrapped + initialized, capacity: buffer.count &- initialized)
                        initialized &+= written
                        ended = done
                    }
                }
                if ended { return }
            }
            // The room is full: the next element, if there is one, grows the result as an append does (asking
            // for more room first would grow it for a walk that has nothing left), and the walk goes on in it.
            guard let element = next() else { return }
            out.append(element)
        }
    }

    /// Writes the walk's elements from where it is to `out` until `capacity` are written or the walk ends
    /// (`ended`), and leaves the walk where it stopped. O(items of the instances visited).
    @inline(__always)
    private mutating func fill(
        _ out: UnsafeMutablePointer<LayoutElement>, capacity: Int
    ) -> (count: Int, ended: Bool) {
        var written = 0
        // The walk's fields a cell needs, in locals: the walk lives in memory (`copyHeldRun` takes it), and read
        // through it they were loaded again for every cell.
        let cells = self.cells, rect = self.rect, section = self.section
        while true {
            let dx = originX, dy = originY, end = self.end
            var i = item
            if inside {
                let stop = Swift.min(end, i &+ (capacity &- written))
                while i < stop {
                    let frame = cells[i].offsetBy(dx: dx, dy: dy)
                    assert(frame.intersects(rect), "a cell outside its section's extent")
                    (out + written).initialize(to: LayoutElement(cellInSection: section, item: i, frame: frame))
                    written &+= 1
                    i &+= 1
                }
                item = i
                if i == end && holds.constantAcross && holds.acrossInside {
                    copyHeldRun(into: out, written: &written, capacity: capacity)
                }
            } else {
                while i < end && written < capacity {
                    let frame = cells[i].offsetBy(dx: dx, dy: dy)
                    if frame.intersects(rect) {
                        (out + written).initialize(to: LayoutElement(cellInSection: section, item: i, frame: frame))
                        written &+= 1
                    }
                    i &+= 1
                }
                item = i
            }
            if written == capacity { return (written, false) }
            if !openNext() { return (written, true) }
        }
    }

    /// After an instance held whole, when every instance shares the rect-held origin across: the instances
    /// that follow while the rect holds each along P too, copied one after another with only that test, their
    /// first item the previous one's end and their origin `pStart` + offset (what `openNext` finds for them,
    /// without its branches for origins that vary across, nor a return to the walk's loop per instance). A
    /// chip cloud's screen holds some 20 rows this way. Stops before an instance the rect does not hold or
    /// one that does not fit in the room left; the walk then goes on from there.
    @inline(never)
    private mutating func copyHeldRun(
        into out: UnsafeMutablePointer<LayoutElement>, written: inout Int, capacity: Int
    ) {
        // One loop per orientation: choosing the origin's coordinates per instance cost a dozen instructions.
        if holds.pIsY {
            copyHeldRun(into: out, written: &written, capacity: capacity) { p, across in (across, p) }
        } else {
            copyHeldRun(into: out, written: &written, capacity: capacity) { p, across in (p, across) }
        }
    }

    @inline(__always)
    private mutating func copyHeldRun(
        into out: UnsafeMutablePointer<LayoutElement>, written: inout Int, capacity: Int,
        origin: (_ p: Double, _ across: Double) -> (x: Double, y: Double)
    ) {
        var q = self.q, offset = self.offset, item = self.end
        // The walk's fields in locals: read through `self` in the loop, they were loaded again for every
        // instance (the stores through `target` might have changed them, as far as the compiler knew).
        let holds = self.holds, count = self.count, itemCount = self.itemCount, section = self.section
        let firstItems = self.firstItems, strides = self.strides
        let pStart = holds.pStart, across = holds.across
        // Instances follow one another in the cells and in the output, so one pointer each runs through them.
        let itemLimit = item &+ (capacity &- written)
        var target = out + written
        var source = cells + item
        // No test against `high`: an instance the rect holds has every cell in the rect, so copying it is
        // right wherever the walk would have stopped.
        while q < count {
            let p = pStart + offset
            guard holds.holdsAlong(p) else { break }
            let end = q &+ 1 < count ? Int(firstItems[q &+ 1]) : itemCount
            guard end <= itemLimit else { break }
            #if DEBUG
            work?.instancesOpened += 1
            work?.instancesHeld += 1
            #endif
            let (dx, dy) = origin(p, across)
            while item < end {
                let frame = source.pointee.offsetBy(dx: dx, dy: dy)
                assert(frame.intersects(rect), "a cell outside its section's extent")
                target.initialize(to: LayoutElement(cellInSection: section, item: item, frame: frame))
                target += 1
                source += 1
                item &+= 1
            }
            offset += strides[q]
            q &+= 1
        }
        written = target - out
        self.q = q; self.offset = offset; self.item = item; self.end = item
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
            guard openNext() else { return nil }
        }
    }
}

/// When a rect holds every cell of an instance, from the instance's origin and its section's cell extent (a
/// bound of every instance's cells about its origin): the rect holds the bound, so it holds and intersects
/// each cell, whatever the sign of the cell's lengths.
///
/// The rect is first shrunk by far more than the rounding of a frame's sums (a few units in the last place
/// of the largest coordinate involved), so that a cell at the bound's edge, whose end is rounded past it,
/// never counts as held; an instance that close to the rect's edge takes the tested path. Most sections'
/// instances share their origin across (all but a flexibly centred root group), and then so does the test.
struct HoldingBound {
    let pIsY: Bool
    /// Whether every instance's origin across is `across` (then `acrossInside` is its test), and where
    /// instance 0 starts along P (an instance's origin along P is `pStart + offset`).
    let constantAcross: Bool
    let across: Double, acrossInside: Bool, pStart: Double
    private let minP: Double, maxP: Double, minQ: Double, maxQ: Double
    private let lowP: Double, highP: Double, lowQ: Double, highQ: Double

    /// Inlined so that it is built where the walk keeps it (as a call, it was built on the stack and copied).
    @inline(__always)
    init(rect: Rect, extent: RelativeExtent, origins: InstanceOrigins) {
        let P = origins.P
        pIsY = P == .y
        minP = extent.minP; maxP = extent.maxP; minQ = extent.minQ; maxQ = extent.maxQ
        let scale =
            abs(rect.origin(P)) + abs(rect.end(P)) + abs(rect.origin(P.other)) + abs(rect.end(P.other))
            + 4 * (abs(minP) + abs(maxP) + abs(minQ) + abs(maxQ))
        let margin = scale * 0x1p-40  // infinite or NaN for an empty extent: nothing is held then
        lowP = rect.origin(P) + margin; highP = rect.end(P) - margin
        lowQ = rect.origin(P.other) + margin; highQ = rect.end(P.other) - margin
        if origins.orthogonal {
            constantAcross = true
            pStart = origins.pBase; across = origins.start + origins.qBase
        } else {
            constantAcross = origins.cross.flexibleEdges == 0
            pStart = origins.start + origins.pBase; across = origins.qBase + origins.cross.pre
        }
        acrossInside = lowQ <= across + minQ && across + maxQ <= highQ
    }

    /// Whether the rect holds the bound about an origin `across`, across P.
    @inline(__always) func holdsAcross(_ across: Double) -> Bool {
        lowQ <= across + minQ && across + maxQ <= highQ
    }

    /// Whether the rect holds the bound about an origin `p`, along P.
    @inline(__always) func holdsAlong(_ p: Double) -> Bool {
        lowP <= p + minP && p + maxP <= highP
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
    /// Full-form instances the rect held whole (`HoldingBound`), copied without a test per cell.
    var instancesHeld = 0
}
