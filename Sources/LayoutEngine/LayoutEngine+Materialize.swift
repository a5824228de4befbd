import CompositionalLayout

/// Writing every cell frame out at once (what a first layout pass hands to the views), split over the
/// engine's threads: sections are independent, so each worker writes a contiguous range of sections into
/// its own part of the caller's buffer.
extension LayoutEngine {
    /// Writes every cell's frame (rounded to pixels with a display scale, §1) into `buffer`, in the order
    /// of `forEachCellFrame` (section by section, item by item; items without a cell are skipped), on at
    /// most `threads` workers (default: the engine's; serial below the grain, see `parallelGrain`). Frames past
    /// the end of `buffer` are not written.
    /// - Returns: the number of cells.
    /// - Complexity: O(sections + items / threads); allocates one array of section positions.
    public func writeCellFrames(into buffer: UnsafeMutableBufferPointer<Rect>, threads: Int? = nil) -> Int {
        let sections = self.sections
        let templates = definitions
        // Templates are shared by many sections: copying one per section from every worker (a retain and a
        // release of each of its arrays) made the workers fight over the same reference counts. Their cells
        // are read through pointers instead, valid while `templates` holds them.
        let templateCells = templates.map { cache in
            cache?.template.map {
                TemplateFrames(
                    cells: $0.cells.withUnsafeBufferPointer { $0 }, size: $0.size,
                    count: $0.count)
            }
        }
        // Where each section's cells go: the prefix sum of its cell counts (items past a "no room" instance
        // have none).
        var firsts = [Int](repeating: 0, count: sections.count + 1)
        for index in sections.indices {
            let cells: Int
            switch sections[index].storage {
            case let .fixed(_, instances):
                cells = min(
                    sections[index].itemCount, instances * (templateCells[sections[index].definition]?.count ?? 0))
            case .estimated(let storage):
                cells = storage.itemCount
            }
            firsts[index + 1] = firsts[index] + cells
        }
        let total = firsts[sections.count]
        guard let base = buffer.baseAddress else { return total }
        // §10.3 right-to-left: frames are mirrored before they are rounded (§1).
        let sink = FrameSink(base: base, count: buffer.count, mirrorWidth: isRightToLeft ? mirrorWidth : nil)
        let offsets = sectionOffsets
        let start = layoutBoundary.startExtent
        let scale = pixelScale
        let starts = firsts
        // Serial below the grain (cells written per worker, see `parallelGrain`).
        let workers = Parallel.workers(work: total, threads: threads ?? self.threads, grain: parallelGrain)
        if workers > 1 { parallelPhasesRun += 1 }
        withExtendedLifetime(templates) {
            Parallel.forEachChunk(count: sections.count, threads: workers, makeScratch: { () }) {
                range, _ in
                for index in range {
                    var slot = starts[index]
                    let sectionStart = start + offsets.prefixSum(index)
                    switch sections[index].storage {
                    case let .fixed(stride, instances):
                        let g = sections[index]
                        let template = templateCells[g.definition]!
                        let n = template.count
                        let gQ = template.size.length(g.P.other)
                        if sink.mirrorWidth == nil && scale == nil {
                            // The common case, frames as they are: instance after instance, each cell moved by
                            // its instance's origin, with no test per cell and no general origin per instance
                            // (grid-1m: 32 instructions a frame before, 17 now).
                            let (along, across) = InstanceOrigins(g, start: sectionStart).linear(gQ: gQ)
                            let cells = min(g.itemCount, instances * n)
                            sink.writeInstances(
                                template.cells, perInstance: n, items: cells, at: slot, stride: stride, P: g.P,
                                along: along, across: across)
                            slot += cells
                            continue
                        }
                        for q in 0..<instances {
                            let origin = g.instanceOrigin(start: sectionStart, offset: Double(q) * stride, gQ: gQ)
                            for leaf in 0..<min(n, g.itemCount - q * n) {
                                sink.write(
                                    slot, template.cells[leaf].offsetBy(dx: origin.x, dy: origin.y), scale: scale)
                                slot += 1
                            }
                        }
                    case .estimated(let storage):
                        let g = sections[index]
                        var offset = 0.0
                        for q in 0..<storage.count {
                            let origin = g.instanceOrigin(
                                start: sectionStart, offset: offset, gQ: storage.size(q).length(g.P.other))
                            for item in storage.items(of: q) {
                                sink.write(slot, storage.cell(item).offsetBy(dx: origin.x, dy: origin.y), scale: scale)
                                slot += 1
                            }
                            offset += storage.stride(q)
                        }
                    }
                }
            }
        }
        return total
    }
}

/// A template's cells read through a pointer while the template is kept alive (see `writeCellFrames`).
private struct TemplateFrames: @unchecked Sendable {
    let cells: UnsafeBufferPointer<Rect>
    let size: Size
    /// N (§4.1): `cells` holds the placed slots, at least as many as any section's items.
    let count: Int
}

/// The caller's frame buffer, written by workers at disjoint slots (each section's cells go to its own
/// range); slots past the end are dropped.
private struct FrameSink: @unchecked Sendable {
    let base: UnsafeMutablePointer<Rect>
    let count: Int
    /// The width to mirror frames in (right-to-left), or nil.
    let mirrorWidth: Double?

    /// Writes the cells of a fixed section's `items` (instance after instance, `perInstance` cells each, the
    /// last maybe fewer) from `slot` on, for a sink that neither mirrors nor rounds: instance q's cells moved by
    /// its origin, `along + Double(q) * stride` along P and `across` across (`InstanceOrigins.linear`: the sums
    /// `origin(offset:gQ:)` makes), each as `Rect.offsetBy` moves it. Those past the end are dropped, as
    /// `write` drops them. O(items).
    @inline(__always)
    func writeInstances(
        _ cells: UnsafeBufferPointer<Rect>, perInstance n: Int, items: Int, at slot: Int, stride: Double, P: Axis,
        along: Double, across: Double
    ) {
        var left = Swift.min(items, count - slot)
        guard left > 0, n > 0, let source = cells.baseAddress else { return }
        // A template holds a slot for each item an instance of its sections can have (fewer than N when every
        // section of the definition has fewer items).
        precondition(Swift.min(n, left) <= cells.count)
        var target = base + slot
        var q = 0
        while left > 0 {
            let a = along + Double(q) * stride
            let dx = P == .x ? a : across, dy = P == .x ? across : a
            let m = Swift.min(n, left)
            for k in 0..<m {
                let cell = source[k]
                target[k] = Rect(x: cell.x + dx, y: cell.y + dy, width: cell.width, height: cell.height)
            }
            target += m
            left -= m
            q += 1
        }
    }

    @inline(__always)
    func write(_ slot: Int, _ frame: Rect, scale: Double?) {
        guard slot < count else { return }
        let placed = mirrorWidth.map { frame.mirrored(inWidth: $0) } ?? frame
        base[slot] = scale.map { placed.pixelRounded(scale: $0) } ?? placed
    }
}

extension SectionGeometry {
    /// Instance q's origin in content coordinates (§4.1), given its offset from instance 0 along P and the
    /// section's start along the scroll axis.
    func instanceOrigin(start: Double, offset: Double, gQ: Double) -> Point {
        if orthogonal {
            return Point.along(P, pBase + offset, across: start + qBase)
        }
        return Point.along(P, start + pBase + offset, across: qBase + cross.offset(gQ))
    }
}
