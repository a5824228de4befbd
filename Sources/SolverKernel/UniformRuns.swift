import CompositionalLayout

/// docs/version-2.md §10.4 `uniformAcrossSiblings`: in each group instance, after the fit of §3.1–§3.2 and before
/// arrangement (§3.3), the placed subitems split into maximal runs of consecutive items (a nested group ends
/// a run and belongs to none). In a run of at least two items, M is per axis the largest slot length among
/// the run's items whose length on that axis is known (fixed, or measured); each item uniform on that axis
/// takes M when M > 0 and keeps its own length otherwise. No second fit: a widened run may overflow.
extension GroupSolver {
    /// Evens out `placed`'s runs in place (the placements are changed where they are, never copied).
    /// - Complexity: O(placed), allocating only the leaves it replaces.
    func uniformRuns(_ placed: inout [Placement]) {
        var start = 0
        while start < placed.count {
            guard placed[start].item != nil else { start += 1; continue }
            var end = start
            while end < placed.count, placed[end].item != nil { end += 1 }
            if end - start >= 2 { evenOut(&placed, start..<end) }
            start = end
        }
    }

    private func evenOut(_ placed: inout [Placement], _ run: Range<Int>) {
        for axis in Axis.allCases {
            var m = 0.0
            for index in run where axis == .x ? placed[index].knownX : placed[index].knownY {
                m = max(m, placed[index].node.size.length(axis))
            }
            guard m > 0 else { continue }
            for index in run {
                guard let item = placed[index].item, item.layoutSize.dimension(axis).isUniform else { continue }
                let size = Size(axis, m, across: placed[index].node.size.length(axis.other))
                let slot = Rect(origin: .zero, size: size)
                placed[index].node.size = size
                placed[index].node.leaves = [
                    PlacedLeaf(slot: slot, cell: DimensionResolver.cellFrame(slot: slot, item: item), item: item)
                ]
            }
        }
    }
}
