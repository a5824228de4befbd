import CompositionalLayout
import SolverKernel

/// The pattern path of the flat plan: when no item measures along the main axis, every full instance of a
/// section places the same items at the same main positions, so everything but the cross lengths is
/// computed once per section, and a full instance costs one measure per item and one cell write. The same
/// kernel functions as `boundingSize` and `arrange` (`GroupRules`), in the same order, so cells are bit for
/// bit the ones the general path writes.
extension FlatRowPlan {
    /// One position of the pattern: its plan item and its cell's parts that do not depend on its cross length.
    struct PatternSlot {
        var planIndex: Int
        /// The cell along the main axis (after the item's content insets there, unless estimated).
        var cellMainOrigin: Double
        var cellMainLength: Double
        /// The item's fixed edge spacings across, and whether the leading one is flexible (then the cell is
        /// centred in what is left, split over `flexibleEdges`).
        var preCross: Double
        var postCross: Double
        var flexibleEdges: Int
        /// The item's content insets across (0 when its cross dimension is estimated).
        var crossInsetPre: Double
        var crossInsetPost: Double
        var crossInset: Bool
        var supplementaryList: UInt16
    }

    /// Fits the section's pattern against `slot` once (the scratch keeps it while the content box is the
    /// same): which items a full instance places, their main lengths and positions.
    func establishPattern(
        slot: RootSlot, section: Int, container: LayoutContainer, lengths: borrowing ItemLengths,
        scratch: inout Scratch
    ) throws(LayoutError) {
        let content = slot.content
        guard scratch.patternBox != content else { return }
        var finalPattern = content
        let fits = try placeAlongMain(
            content: content, avail: content.length(main), first: 0, itemCount: Int.max,
            section: section, container: container, scratch: &scratch,
            finalBox: &finalPattern, lengths: lengths)
        scratch.patternBox = content
        scratch.patternFits = fits
        scratch.patternFinalBox = finalPattern
        scratch.patternReach = max(scratch.firstPassCount, scratch.count)
        // The main placement of `arrange`, once: cross lengths do not enter it.
        for k in 0..<scratch.count { scratch.crossLengths[k] = 0 }
        let (_, totals) = boundingSize(slot.proposed, scratch: scratch)
        scratch.patternTotal = totals.total
        let avail = content.length(main)
        var cursor = GroupRules.Cursor(
            origin: insets.pre(main), spacing: spacing, flexibleSpacing: flexibleSpacing,
            extra: GroupRules.extra(
                avail: avail, total: totals.total, flex: totals.flex,
                estimatedMain: estimatedMain))
        scratch.patternSlots.removeAll(keepingCapacity: true)
        for k in 0..<scratch.count {
            let item = items[scratch.plan[k]]
            let mainLength = scratch.mainLengths[k]
            var cellOrigin = cursor.place(
                mainLength: mainLength, pre: item.preMain, post: item.postMain,
                preFlexible: item.preMainFlexible, postFlexible: item.postMainFlexible)
            var cellLength = mainLength
            let mainDimension = main == .x ? item.width : item.height
            if !mainDimension.isEstimated {
                GroupRules.inset(
                    origin: &cellOrigin, length: &cellLength, pre: item.contentInsets.pre(main),
                    post: item.contentInsets.post(main))
            }
            let crossDimension = main == .x ? item.height : item.width
            let insetPre = item.contentInsets.pre(main.other), insetPost = item.contentInsets.post(main.other)
            scratch.patternSlots.append(
                PatternSlot(
                    planIndex: scratch.plan[k], cellMainOrigin: cellOrigin, cellMainLength: cellLength,
                    preCross: item.preCross,
                    postCross: item.postCross,
                    flexibleEdges: GroupRules.flexibleEdges(
                        preFlexible: item.preCrossFlexible,
                        postFlexible: item.postCrossFlexible),
                    crossInsetPre: insetPre, crossInsetPost: insetPost, crossInset: !crossDimension.isEstimated,
                    supplementaryList: item.supplementaryList))
        }
    }

    /// §3.4 a pattern position's item alone across its instance's content (`contentCross` from
    /// `crossStart`), then §2 its cell, as `arrange` places it; `length` is the item's length across.
    @inline(__always)
    func patternCell(_ s: PatternSlot, length: Double, contentCross: Double, crossStart: Double) -> Rect {
        var crossOrigin = GroupRules.crossOrigin(
            contentOrigin: crossStart, contentLength: contentCross, slotLength: length, pre: s.preCross,
            post: s.postCross, flexibleEdges: s.flexibleEdges)
        var crossLength = length
        if s.crossInset {
            GroupRules.inset(origin: &crossOrigin, length: &crossLength, pre: s.crossInsetPre, post: s.crossInsetPost)
        }
        return Rect(
            origin: Point.along(main, s.cellMainOrigin, across: crossOrigin),
            size: Size(main, s.cellMainLength, across: crossLength))
    }

    /// A full instance from the pattern: its items' cross lengths measured, its size (§6) and its cells.
    /// - Complexity: O(items placed), no allocation once the buffers have grown.
    @inline(never)  // kept out of `solveInstance`, so that one stays small enough to inline into the instance loop
    func solvePatternInstance(
        first: Int, slot: RootSlot, container: LayoutContainer, lengths: borrowing ItemLengths,
        scratch: inout Scratch,
        cells: inout ContiguousArray<Rect>,
        leafSupplementaries: inout ContiguousArray<UInt16>
    ) -> (size: Size, count: Int) {
        let cross = main.other
        let finalBox = scratch.patternFinalBox
        let patternTotal = scratch.patternTotal
        let n = scratch.patternSlots.count
        let firstCell = cells.count
        // Pass 1: each item's cross length measured and written as its cell's (scratch is only read here, so
        // reading its slots through a pointer needs no retain), and §6 the largest slot across, as
        // `boundingSize` sums it.
        var largestCross = n == 0 ? 0 : -Double.infinity
        scratch.patternSlots.withUnsafeBufferPointer { slots in
            for k in 0..<n {
                let length = lengths.length(
                    items[slots[k].planIndex], cross, finalBox, first + k,
                    container: container)
                largestCross = max(largestCross, length + slots[k].preCross + slots[k].postCross)
                cells.append(Rect(origin: .zero, size: Size(main, slots[k].cellMainLength, across: length)))
            }
        }
        let size = GroupRules.boundingSize(
            slot.proposed, main: main, insets: insets, estimatedMain: estimatedMain,
            estimatedCross: estimatedCross, total: patternTotal,
            largestCross: largestCross)
        // Pass 2: §3.4 each item alone across, then §2 its cell, as `arrange` places it.
        let contentCross = GroupRules.contentBox(size, insets: insets).length(cross)
        let crossStart = insets.pre(cross)
        let tracksSupplementaries = !supplementaries.isEmpty
        scratch.patternSlots.withUnsafeBufferPointer { slots in
            cells.withUnsafeMutableBufferPointer { written in
                for k in 0..<n {
                    written[firstCell + k] = patternCell(
                        slots[k], length: written[firstCell + k].size.length(cross), contentCross: contentCross,
                        crossStart: crossStart)
                }
            }
            if tracksSupplementaries {
                for k in 0..<n { leafSupplementaries.append(slots[k].supplementaryList) }
            }
        }
        return (size, n)
    }
}
