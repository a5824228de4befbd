import CompositionalLayout

/// docs/version-2.md §10.4 `uniformAcrossSiblings`: in each group instance, after the fit of §3.1–§3.2 and before
/// arrangement (§3.3), the placed subitems split into maximal runs of consecutive items (a nested group ends
/// a run and belongs to none). In a run of at least two items, M is per axis the largest slot length among
/// the run's items whose length on that axis is known (fixed, or measured); each item uniform on that axis
/// takes M when M > 0 and keeps its own length otherwise. No second fit: a widened run may overflow.
extension GroupSolver {
    func uniformRuns(_ placed: [Placement]) -> [Placement] {
        var result = placed
        var start = 0
        while start < result.count {
            guard result[start].item != nil else { start += 1; continue }
            var end = start
            while end < result.count, result[end].item != nil { end += 1 }
            if end - start >= 2 { evenOut(&result, start..<end) }
            start = end
        }
        return result
    }

    private func evenOut(_ placed: inout [Placement], _ run: Range<Int>) {
        for axis in Axis.allCases {
            let known = run.filter { axis == .x ? placed[$0].knownX : placed[$0].knownY }
            let m = known.map { placed[$0].node.size.length(axis) }.max() ?? 0
            guard m > 0 else { continue }
            for index in run {
                guard let item = placed[index].item, item.layoutSize.dimension(axis).isUniform else { continue }
                var node = placed[index].node
                node.size = Size(axis, m, across: node.size.length(axis.other))
                let slot = Rect(origin: .zero, size: node.size)
                node.leaves = [
                    PlacedLeaf(slot: slot, cell: DimensionResolver.cellFrame(slot: slot, item: item), item: item)
                ]
                placed[index].node = node
            }
        }
    }
}
