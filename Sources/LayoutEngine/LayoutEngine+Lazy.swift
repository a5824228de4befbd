import CompositionalLayout

/// Lazy self-sizing, as UIKit does it (SEMANTICS.md §6): items start at their estimates; when a rect is about
/// to show, the items in and near it measure and everything after them moves. A scroll from top to bottom
/// measures every item and ends with the frames of a measure-all solve.
extension LayoutEngine {
    /// Measures the unmeasured items in and near `visibleRect` with `measuring` (called once per item), then
    /// looks again, since measuring moves other items into the rect, until none is left unmeasured there.
    /// - Complexity: O(k log n) for k items measured, plus the queries.
    @discardableResult
    public func prepare(visibleRect: Rect, measuring: (IndexPath) -> Size) -> UpdateReport {
        prepare(visibleRect) { pending in
            try? self.measure(pending.map { ($0, measuring($0)) })
        }
    }

    /// Like `prepare(visibleRect:measuring:)`, measuring with the spec's self-sizing model: what a full
    /// `--measure all` solve would give each item.
    @discardableResult
    public func prepare(visibleRect: Rect) -> UpdateReport {
        prepare(visibleRect) { pending in
            var bySection: [Int: [Int]] = [:]
            for path in pending { bySection[path.section, default: []].append(path.item) }
            var report = UpdateReport()
            report.itemsMeasured = pending.count
            for (section, items) in bySection.sorted(by: { $0.key < $1.key }) {
                self.state.markMeasuredByModel(section: section, items: items)
                try? self.resolveMeasured(section: section, low: items.min()!, high: items.max()!, report: &report)
            }
            return report
        }
    }

    private func prepare(_ visibleRect: Rect, measureAll: ([IndexPath]) -> UpdateReport?) -> UpdateReport {
        let margin = visibleRect.length(scrollAxis) / 2
        let area = scrollAxis == .y
            ? Rect(x: visibleRect.x, y: visibleRect.y - margin, width: visibleRect.width, height: visibleRect.height + 2 * margin)
            : Rect(x: visibleRect.x - margin, y: visibleRect.y, width: visibleRect.width + 2 * margin, height: visibleRect.height)
        var total = UpdateReport()
        // Each round measures at least one item, so this ends; the bound only guards against a bug.
        for _ in 0..<10_000 {
            var pending: [IndexPath] = []
            // Exact frames: which items are near the rect does not depend on pixel rounding.
            for element in elements(in: area, scale: nil) where element.category == .cell {
                // Only estimated sections measure; marking fixed-size items would only cost memory.
                guard case .estimated = sections[element.section].storage else { continue }
                if !state.sections[element.section].items[element.item].isMeasured {
                    pending.append(IndexPath(section: element.section, item: element.item))
                }
            }
            if pending.isEmpty { break }
            guard let report = measureAll(pending) else { break }
            total = total + report
        }
        lastReport = total
        return total
    }
}
