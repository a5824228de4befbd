import CompositionalLayout

/// Lazy self-sizing, as UIKit does it (SEMANTICS.md §6): items start at their estimates; when a rect is about
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
            for item in items {
                let size = measuring(IndexPath(section: section, item: item))
                // A size that cannot be applied stops the preparation (the item would stay unmeasured).
                do { try self.state.apply(.measure(section: section, item: item, width: size.width, height: size.height)) }
                catch { return false }
            }
            return true
        }
    }

    /// Like `prepare(visibleRect:measuring:)`, measuring with the spec's self-sizing model: what a full
    /// `--measure all` solve would give each item.
    @discardableResult
    public func prepare(visibleRect: Rect) -> UpdateReport {
        prepare(visibleRect) { section, items in
            self.state.markMeasuredByModel(section: section, items: items)
            return true
        }
    }

    private func prepare(_ visibleRect: Rect,
                         mark: (Int, [Int]) -> Bool) -> UpdateReport {
        let margin = visibleRect.length(scrollAxis) / 2
        // §10.3 the stored frames are left-to-right: a right-to-left rect is mirrored first.
        let visibleRect = isRightToLeft ? visibleRect.mirrored(inWidth: mirrorWidth) : visibleRect
        let area = scrollAxis == .y
            ? Rect(x: visibleRect.x, y: visibleRect.y - margin, width: visibleRect.width, height: visibleRect.height + 2 * margin)
            : Rect(x: visibleRect.x - margin, y: visibleRect.y, width: visibleRect.width + 2 * margin, height: visibleRect.height)
        var total = UpdateReport()
        var pending = lazyPending
        lazyPending = []
        defer { lazyPending = pending }
        // Each round measures at least one item, so this ends; the bound only guards against a bug.
        rounds: for _ in 0..<10_000 {
            pending.removeAll(keepingCapacity: true)
            unmeasuredCells(in: area, into: &pending)
            if pending.isEmpty { break }
            // `pending` holds (section, item) pairs in order: measure section by section.
            var start = 0
            while start < pending.count {
                let section = pending[start]
                var end = start + 2
                while end < pending.count && pending[end] == section { end += 2 }
                var items = pendingItems
                pendingItems = []
                items.removeAll(keepingCapacity: true)
                for k in Swift.stride(from: start + 1, to: end, by: 2) { items.append(pending[k]) }
                do throws(LayoutError) {
                    guard mark(section, items) else {
                        pendingItems = items
                        break rounds
                    }
                    total.itemsMeasured += items.count
                    try resolveChanged(section: section, at: items.first!, reuse: .changed(items.first!, items.last!), report: &total)
                } catch {
                    pendingItems = items
                    break rounds
                }
                pendingItems = items
                start = end
            }
        }
        lastReport = total
        return total
    }

    /// Appends (section, item) for every unmeasured cell of an estimated section whose exact frame meets
    /// `area`, in section and item order. Complexity: O(log sections + log rows + cells near the area).
    private func unmeasuredCells(in area: Rect, into pending: inout [Int]) {
        for index in candidateSections(alongScroll: area.origin(scrollAxis), area.end(scrollAxis)) {
            let g = sections[index]
            guard case .estimated(let storage) = g.storage, storage.count > 0 else { continue }
            let items = state.sections[index].items
            let start = sectionStart(index)
            let base = g.orthogonal ? g.pBase : start + g.pBase
            let pLow = area.origin(g.P) - base, pHigh = area.end(g.P) - base
            let searchable = !storage.hasNegativeStrides
            var q = searchable ? max(0, min(storage.instances(upTo: pLow - storage.extent.maxP), storage.count - 1) - 1) : 0
            var offset = storage.offset(q)
            while q < storage.count {
                if searchable, offset + storage.extent.minP > pHigh { break }
                let origin = instanceOrigin(g, start: start, q: q, offset: offset, gQ: storage.size(q).length(g.P.other))
                for item in storage.items(of: q) where !items[item].isMeasured {
                    if storage.cell(item).offsetBy(dx: origin.x, dy: origin.y).intersects(area) {
                        pending.append(index)
                        pending.append(item)
                    }
                }
                offset += storage.stride(q)
                q += 1
            }
        }
    }
}
