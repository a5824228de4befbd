import CompositionalLayout

/// Lazy self-sizing, as UIKit does it (docs/layout-rules.md §6): items start at their estimates; when a rect is about
/// to show, the items in and near it measure and everything after them moves. A scroll from top to bottom
/// measures every item and ends with the frames of a measure-all solve.
///
/// Each round looks only at the cells of estimated sections near the rect (no element is built), measures
/// the unmeasured ones section by section, and re-solves their rows in place; the list of pending items is
/// a buffer the engine keeps, so a scroll allocates about nothing per stop.
extension LayoutEngine {
    /// Measures the unmeasured items in and near `visibleRect` with `measuring` (called once per item), then
    /// looks again, since measuring moves other items into the rect, until none is left unmeasured there.
    /// - Complexity: O(log sections + log rows + c) per round for c cells near the rect, plus
    ///   O(k log n) for the k items measured (rows re-solved in place).
    @discardableResult
    public func prepare(visibleRect: Rect, measuring: (IndexPath) -> Size) -> UpdateReport {
        prepare(visibleRect) { section, items in
            var sizes = lazySizes
            lazySizes = []
            defer { lazySizes = sizes }
            sizes.removeAll(keepingCapacity: true)
            for item in items {
                let size = measuring(IndexPath(section: section, item: item))
                // A size that cannot be applied stops the preparation (the item stays unmeasured).
                guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else { break }
                sizes.append(size)
            }
            return self.state.applyMeasured(section: section, items: items, sizes: sizes)
        }
    }

    /// Like `prepare(visibleRect:measuring:)`, measuring with the spec's self-sizing model: what a full
    /// `--measure all` solve would give each item.
    @discardableResult
    public func prepare(visibleRect: Rect) -> UpdateReport {
        prepare(visibleRect) { section, items in
            self.state.markMeasuredByModel(section: section, items: items)
            return items.count
        }
    }

    /// The rounds of a preparation: `mark` measures items of one section (in increasing order) and returns
    /// how many of them it measured; fewer than all stops the preparation once those are solved.
    private func prepare(_ visibleRect: Rect, mark: (_ section: Int, _ items: [Int]) -> Int) -> UpdateReport {
        // §10.3 the stored frames are left-to-right: a right-to-left rect is mirrored first.
        let visibleRect = isRightToLeft ? visibleRect.mirrored(inWidth: mirrorWidth) : visibleRect
        func extended(by margin: Double) -> Rect {
            scrollAxis == .y
                ? Rect(
                    x: visibleRect.x, y: visibleRect.y - margin, width: visibleRect.width,
                    height: visibleRect.height + 2 * margin)
                : Rect(
                    x: visibleRect.x - margin, y: visibleRect.y, width: visibleRect.width + 2 * margin,
                    height: visibleRect.height)
        }
        // Items within half a rect of it must be measured. When some are not, measuring goes a rect further
        // (as UIKit prefetches): the stops that follow in a scroll then find their items measured, and the
        // rows measured per re-solve double, which halves the fixed cost per row.
        let length = visibleRect.length(scrollAxis)
        var total = UpdateReport()
        var pending = lazyPending
        lazyPending = []
        var items = pendingItems
        pendingItems = []
        defer {
            lazyPending = pending
            pendingItems = items
        }
        unmeasuredCells(in: extended(by: length / 2), into: &pending)
        guard !pending.isEmpty else {
            lastReport = total
            return total
        }
        let area = extended(by: length * 1.5)
        // Each round measures at least one item, so this ends; the bound only guards against a bug.
        rounds: for _ in 0..<10_000 {
            unmeasuredCells(in: area, into: &pending)
            if pending.isEmpty { break }
            // `pending` holds (section, item) pairs in order: measure section by section.
            var start = 0
            while start < pending.count {
                let section = pending[start]
                var end = start + 2
                while end < pending.count && pending[end] == section { end += 2 }
                items.removeAll(keepingCapacity: true)
                for k in Swift.stride(from: start + 1, to: end, by: 2) { items.append(pending[k]) }
                let measured = mark(section, items)
                if measured > 0 {
                    total.itemsMeasured += measured
                    do throws(LayoutError) {
                        try resolveChanged(
                            section: section, at: items[0], reuse: .changed(items[0], items[measured - 1]),
                            report: &total)
                    } catch {
                        break rounds
                    }
                }
                if measured < items.count { break rounds }
                start = end
            }
        }
        lastReport = total
        return total
    }

    /// Replaces `pending` with (section, item) for every unmeasured cell of an estimated section whose exact
    /// frame meets `area`, in section and item order. Rows before a section's `measuredPrefix` are skipped,
    /// and the prefix moves past the rows found measured.
    /// Complexity: O(log sections + log rows + c) for c cells near the area past the sections' prefixes.
    private func unmeasuredCells(in area: Rect, into pending: inout [Int]) {
        pending.removeAll(keepingCapacity: true)
        var candidates = lazySections
        lazySections = []
        defer { lazySections = candidates }
        candidateSections(alongScroll: area.origin(scrollAxis), area.end(scrollAxis), into: &candidates)
        for index in candidates {
            guard case .estimated(let storage) = sections[index].storage, storage.count > 0 else { continue }
            // Every item before `known` is measured.
            var known = sections[index].measuredPrefix
            guard known < storage.itemCount else { continue }
            let g = sections[index]
            let start = sectionStart(index)
            let base = g.orthogonal ? g.pBase : start + g.pBase
            let pLow = area.origin(g.P) - base, pHigh = area.end(g.P) - base
            let searchable = !storage.hasNegativeStrides
            var q = 0, offset = 0.0
            if known > 0 {
                // Rows before the one holding `known` have nothing to measure.
                q = storage.instance(of: known)
                offset = storage.offset(q)
                if searchable && offset + storage.extent.minP > pHigh { continue }
            }
            if searchable && (known == 0 || offset + storage.extent.maxP < pLow) {
                let first = max(0, min(storage.instances(upTo: pLow - storage.extent.maxP), storage.count - 1) - 1)
                if first > q {
                    q = first
                    offset = storage.offset(q)
                }
            }
            let items = state.sections[index].items
            while q < storage.count {
                if searchable, offset + storage.extent.minP > pHigh { break }
                let rowItems = storage.items(of: q)
                if rowItems.upperBound > known {
                    var allMeasured = true
                    let origin = instanceOrigin(
                        g, start: start, q: q, offset: offset, gQ: storage.size(q).length(g.P.other))
                    for item in rowItems where !items[item].isMeasured {
                        allMeasured = false
                        if storage.cell(item).offsetBy(dx: origin.x, dy: origin.y).intersects(area) {
                            pending.append(index)
                            pending.append(item)
                        }
                    }
                    if allMeasured && rowItems.lowerBound <= known { known = rowItems.upperBound }
                }
                offset += storage.stride(q)
                q += 1
            }
            if known > g.measuredPrefix { sections[index].measuredPrefix = known }
        }
    }
}
