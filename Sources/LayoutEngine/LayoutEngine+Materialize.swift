import CompositionalLayout

/// Writing every cell frame out at once (what a first layout pass hands to the views), split over the
/// engine's threads: sections are independent, so each worker writes a contiguous range of sections into
/// its own part of the caller's buffer.
extension LayoutEngine {
    /// Writes every cell's frame (rounded to pixels with a display scale, §1) into `buffer`, in the order
    /// of `forEachCellFrame` (section by section, item by item; items without a cell are skipped), on
    /// exactly `threads` workers (default: the engine's). Frames past the end of `buffer` are not written.
    /// - Returns: the number of cells.
    /// - Complexity: O(sections + items / threads); allocates one array of section positions.
    public func writeCellFrames(into buffer: UnsafeMutableBufferPointer<Rect>, threads: Int? = nil) -> Int {
        let sections = self.sections
        // Where each section's cells go: the prefix sum of its cell counts.
        var firsts = [Int](repeating: 0, count: sections.count + 1)
        for (index, g) in sections.enumerated() {
            firsts[index + 1] = firsts[index] + cellCount(g)
        }
        let total = firsts[sections.count]
        guard let base = buffer.baseAddress else { return total }
        // §10.3 right-to-left: frames are mirrored before they are rounded (§1).
        let sink = FrameSink(base: base, count: buffer.count, mirrorWidth: isRightToLeft ? mirrorWidth : nil)
        let offsets = sectionOffsets
        let start = layoutBoundary.startExtent
        let templates = definitions
        let scale = pixelScale
        let starts = firsts
        Parallel.forEachChunk(count: sections.count, threads: threads ?? self.threads, makeScratch: { () }) { range, _ in
            for index in range {
                let g = sections[index]
                var slot = starts[index]
                let sectionStart = start + offsets.prefixSum(index)
                switch g.storage {
                case let .fixed(stride, instances):
                    let template = templates[g.definition]!.template!
                    let n = template.count
                    let gQ = template.size.length(g.P.other)
                    for q in 0..<instances {
                        let origin = g.instanceOrigin(start: sectionStart, offset: Double(q) * stride, gQ: gQ)
                        for leaf in 0..<min(n, g.itemCount - q * n) {
                            sink.write(slot, template.cells[leaf].offsetBy(dx: origin.x, dy: origin.y), scale: scale)
                            slot += 1
                        }
                    }
                case .estimated(let storage):
                    var offset = 0.0
                    for q in 0..<storage.count {
                        let origin = g.instanceOrigin(start: sectionStart, offset: offset, gQ: storage.size(q).length(g.P.other))
                        for item in storage.items(of: q) {
                            sink.write(slot, storage.cell(item).offsetBy(dx: origin.x, dy: origin.y), scale: scale)
                            slot += 1
                        }
                        offset += storage.stride(q)
                    }
                }
            }
        }
        return total
    }

    /// The cells a section has (items past a "no room" instance have none). O(1).
    private func cellCount(_ g: SectionGeometry) -> Int {
        switch g.storage {
        case let .fixed(_, instances):
            let n = definitions[g.definition]?.template?.count ?? 0
            return min(g.itemCount, instances * n)
        case .estimated(let storage):
            return storage.itemCount
        }
    }
}

/// The caller's frame buffer, written by workers at disjoint slots (each section's cells go to its own
/// range); slots past the end are dropped.
private struct FrameSink: @unchecked Sendable {
    let base: UnsafeMutablePointer<Rect>
    let count: Int
    /// The width to mirror frames in (right-to-left), or nil.
    let mirrorWidth: Double?

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
