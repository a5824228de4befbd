import CompositionalLayout
import SolverKernel

/// A fast path for the most common estimated sections: a root group whose subitems are items (lists,
/// chips, feeds, columns). It applies docs/layout-rules.md §3.1–§3.4 and §6 through the kernel's functions
/// (`DimensionResolver`, `GroupRules`), as `GroupSolver` does, but writes cell frames straight into the
/// section's buffers with no allocation per instance, which is what makes a million self-sizing items solve in
/// tens of milliseconds. Any other shape takes `GroupSolver`.
/// A class: sections hand it around once each, and a reference costs one retain where a struct of arrays
/// costs one per array.
final class FlatRowPlan: Sendable {
    /// An item declaration as plain data: copying it touches no reference count (it is read per item, from
    /// every thread).
    /// Trivial (no references), so reading one from `items` copies bytes only: its self-sizing model is
    /// `selfSizings[selfSizing]`.
    struct Item: Sendable {
        var selfSizing: Int
        var contentInsets: EdgeInsets
        var width: LayoutDimension
        var height: LayoutDimension
        var preMain: Double, postMain: Double, preCross: Double, postCross: Double
        var preMainFlexible: Bool, postMainFlexible: Bool, preCrossFlexible: Bool, postCrossFlexible: Bool
        var mainDependent: Bool
        var supplementaryList: UInt16
    }

    enum Mode: Sendable {
        case untilFull
        case repeating(count: Int)
        case dividing(count: Int)
    }

    let main: Axis
    let rootSize: LayoutSize
    let insets: EdgeInsets
    let spacing: Double
    let flexibleSpacing: Bool
    let estimatedMain: Bool
    let estimatedCross: Bool
    let mode: Mode
    let items: [Item]
    /// The items' self-sizing models, by `Item.selfSizing`.
    let selfSizings: [SelfSizing?]
    /// The same models in their plain form (nil where an item has none).
    let seededModels: [SeededModel?]
    /// Whether some item's model measures from a cycle: then lengths are asked through the sizing's closure.
    let hasCycleModel: Bool
    let supplementaries: SupplementaryTable
    /// Whether no item measures along the main axis: then every instance that does not run out of items
    /// places the same items at the same main positions, computed once per section (`Scratch.pattern`).
    let mainIsConstant: Bool
    /// Whether the single-item flow path applies (`solveFlowInstance`, FlatRowPlan+Flow.swift).
    let isSingleItemFlow: Bool
    /// Whether an instance never runs §3.1's second pass (no spacing, or no main-dependent item): then it
    /// examines its own items and, at most, the one after them (its rejected candidate), never more.
    let neverRestartsForSpacing: Bool

    /// The plan for a root group, or nil when it is not a flat group of items.
    init?(_ group: LayoutGroup) {
        guard let main = group.arrangement.mainAxis, group.supplementaryItems.isEmpty else { return nil }
        var nodes: [LayoutNode]
        switch group.subitems {
        case .repeatingUntilFull(let list): nodes = list; mode = .untilFull
        case .repeating(let node, let count): nodes = [node]; mode = .repeating(count: count)
        case .dividing(let node, let count): nodes = [node]; mode = .dividing(count: count)
        }
        guard !nodes.isEmpty else { return nil }
        var table = SupplementaryTable()
        var items: [Item] = []
        var selfSizings: [SelfSizing?] = []
        for node in nodes {
            guard case .item(let item) = node else { return nil }
            let edges = item.edgeSpacing ?? EdgeSpacing()
            let cross = main.other
            selfSizings.append(item.selfSizing)
            items.append(
                Item(
                    selfSizing: selfSizings.count - 1, contentInsets: item.contentInsets,
                    width: item.layoutSize.widthDimension, height: item.layoutSize.heightDimension,
                    preMain: edges.pre(main)?.value ?? 0, postMain: edges.post(main)?.value ?? 0,
                    preCross: edges.pre(cross)?.value ?? 0, postCross: edges.post(cross)?.value ?? 0,
                    preMainFlexible: edges.pre(main)?.isFlexible ?? false,
                    postMainFlexible: edges.post(main)?.isFlexible ?? false,
                    preCrossFlexible: edges.pre(cross)?.isFlexible ?? false,
                    postCrossFlexible: edges.post(cross)?.isFlexible ?? false,
                    mainDependent: GroupRules.isMainDependent(item.layoutSize, main: main),
                    supplementaryList: table.intern(item.supplementaryItems)))
        }
        self.main = main
        self.selfSizings = selfSizings
        self.seededModels = selfSizings.map { $0.flatMap(SeededModel.init) }
        self.hasCycleModel = selfSizings.contains { $0?.cycle != nil }
        self.rootSize = group.layoutSize
        self.insets = group.contentInsets
        self.spacing = group.interItemSpacing?.value ?? 0
        self.flexibleSpacing = group.interItemSpacing?.isFlexible ?? false
        self.estimatedMain = group.layoutSize.dimension(main).isEstimated
        self.estimatedCross = group.layoutSize.dimension(main.other).isEstimated
        self.items = items
        self.supplementaries = table
        self.mainIsConstant = !items.contains { (main == .x ? $0.width : $0.height).isEstimated }
        neverRestartsForSpacing = !(spacing > 0 && items.contains { $0.mainDependent })
        if case .untilFull = mode, items.count == 1, !items[0].mainDependent, !estimatedMain, table.isEmpty {
            isSingleItemFlow = true
        } else {
            isSingleItemFlow = false
        }
    }

    /// Scratch space reused across instances: the placed items' plan indices and main and cross lengths.
    /// Only `count` entries are live; the buffers grow and are never shrunk.
    struct Scratch {
        var plan: [Int] = []
        var mainLengths: [Double] = []
        var crossLengths: [Double] = []
        var count = 0
        /// Main lengths of the plan's items that do not measure, for the last two boxes seen: every instance
        /// of a section resolves against the same boxes, so these are computed once per section, not per item.
        var cachedBoxes: [Size] = []
        var cachedLengths: [[Double]] = []
        /// The main-axis placement of a full instance against `patternBox` (see `mainIsConstant`).
        var patternBox: Size? = nil
        var patternFinalBox = Size.zero
        var patternFits = false
        /// How many items the pattern's first pass took: an instance with fewer items left runs out there,
        /// which changes the spacing restart, so it cannot use the pattern.
        var patternReach = 0
        /// Per position of the pattern, what its cell needs besides its cross length (`PatternSlot`), and the
        /// pattern's §3.3 total and flexible count.
        var patternSlots: [PatternSlot] = []
        var patternTotal = 0.0
        /// Items the last `placeAlongMain` looked at in its first pass.
        var firstPassCount = 0

        /// The plan items' main lengths against `box` (NaN for estimated ones, which measure per item).
        mutating func mainLengths(_ plan: FlatRowPlan, box: Size, container: LayoutContainer) -> Int {
            if let slot = cachedBoxes.firstIndex(of: box) { return slot }
            let lengths = plan.items.map { item -> Double in
                DimensionResolver.length(plan.main == .x ? item.width : item.height, box: box, container: container) {
                    _ in .nan
                }
            }
            if cachedBoxes.count >= 2 {
                cachedBoxes.removeFirst()
                cachedLengths.removeFirst()
            }
            cachedBoxes.append(box)
            cachedLengths.append(lengths)
            return cachedBoxes.count - 1
        }

        @inline(__always)  // once per item placed: the call cost more than the body
        mutating func append(_ planIndex: Int, main: Double) {
            if count < plan.count {
                plan[count] = planIndex
                mainLengths[count] = main
            } else {
                plan.append(planIndex)
                mainLengths.append(main)
                crossLengths.append(0)
            }
            count += 1
        }
    }

    /// One length of an item declaration (§2): measured when estimated. Lengths are computed only where
    /// needed (the cross length once the item is placed), which is safe because measuring is a pure function.
    /// Made once per section: the sizing's plain per-section form (`fast`) is read per item with no closure
    /// call, so no reference count is touched in the loop; the closure is the fallback.
    struct ItemLengths {
        let plan: FlatRowPlan
        let section: Int
        /// The plain form, when `fallback` is nil. Not optional: reading it through an optional copied the
        /// whole value (about 80 bytes) once per item measured.
        let fast: SectionLengths
        /// The sizing, kept only when it has no plain form.
        let fallback: ItemSizing?

        init(plan: FlatRowPlan, sizing: borrowing ItemSizing, section: Int) {
            self.plan = plan
            self.section = section
            let plain = plan.hasCycleModel ? nil : sizing.sectionLengths?(section)
            fast = plain ?? .estimatesOnly
            fallback = plain == nil ? copy sizing : nil
        }

        @inline(__always)
        func length(_ item: Item, _ axis: Axis, _ box: Size, _ index: Int, container: LayoutContainer) -> Double {
            DimensionResolver.length(axis == .x ? item.width : item.height, box: box, container: container) { v in
                measure(item, axis, v, index)
            }
        }

        /// Section item `index` (declared as `item`) measured along `axis`, its estimate `estimate`.
        @inline(__always)
        func measure(_ item: Item, _ axis: Axis, _ estimate: Double, _ index: Int) -> Double {
            measure(item, axis, estimate, index, declared: plan.seededModels[item.selfSizing])
        }

        /// `measure` for items read in order: through `stretch` while the item is in it, else through the
        /// stretch that holds it (`SectionLengths.stretch`), kept in `stretch` for the items that follow.
        /// The same lengths as `measure`, without a call and two binary searches per item.
        @inline(__always)
        func measure(
            _ item: Item, _ axis: Axis, _ estimate: Double, _ index: Int, declared: SeededModel?,
            stretch: inout LengthStretch
        ) -> Double {
            guard fallback == nil else { return measure(item, axis, estimate, index, declared: declared) }
            if !stretch.items.contains(index) {
                guard let found = fast.stretch(containing: index, axis: axis, declared: declared) else {
                    return fast.length(item: index, axis: axis, estimate: estimate, declared: declared)
                }
                stretch = found
            }
            return stretch.length(item: index, estimate: estimate)
        }

        /// `measure` with the declaration's plain model already read (`plan.seededModels[item.selfSizing]`).
        @inline(__always)
        func measure(
            _ item: Item, _ axis: Axis, _ estimate: Double, _ index: Int, declared: SeededModel?
        ) -> Double {
            if fallback == nil {
                return fast.length(item: index, axis: axis, estimate: estimate, declared: declared)
            }
            return fallback!.itemLength(
                ItemSizing.Request(
                    section: section, item: index, axis: axis, estimate: estimate,
                    declared: plan.selfSizings[item.selfSizing]))
        }
    }

    /// §2 the root's slot against the section's box (estimated lengths keep their estimates for now) and its
    /// content box: the same for every instance of a section, so computed once per section.
    struct RootSlot {
        var proposed: Size
        var content: Size
    }

    @inline(__always)
    func rootSlot(box: Size, container: LayoutContainer) -> RootSlot {
        let proposed = DimensionResolver.size(rootSize, box: box, container: container)
        return RootSlot(proposed: proposed, content: GroupRules.contentBox(proposed, insets: insets))
    }

    /// Solves the instance starting at section item `first`, appending its cells (and leaf supplementary
    /// lists when the table has any) to the buffers. Returns the instance's final size and item count (0:
    /// no room, which ends the section).
    /// - Complexity: O(items placed), with no allocation once `scratch` has grown to the instance's size.
    func solveInstance(
        first: Int, itemCount: Int, slot: RootSlot, section: Int, container: LayoutContainer,
        lengths: borrowing ItemLengths, scratch: inout Scratch, cells: inout ContiguousArray<Rect>,
        leafSupplementaries: inout ContiguousArray<UInt16>
    ) throws(LayoutError) -> (size: Size, count: Int) {
        let proposed = slot.proposed, content = slot.content
        scratch.count = 0
        guard content.length(main) > 0 else { return (proposed, 0) }
        if mainIsConstant {
            // The pattern holds while the content box does: checked here, not in a call per instance.
            let content = slot.content
            if !(scratch.patternBox.map { $0.width == content.width && $0.height == content.height } ?? false) {
                try establishPattern(
                    slot: slot, section: section, container: container, lengths: lengths, scratch: &scratch)
            }
            if scratch.patternFits && first + scratch.patternReach <= itemCount {
                return solvePatternInstance(
                    first: first, slot: slot, container: container, lengths: lengths,
                    scratch: &scratch, cells: &cells,
                    leafSupplementaries: &leafSupplementaries)
            }
        }
        guard
            let finalBox = try fitAlongMain(
                slot: slot, first: first, itemCount: itemCount, section: section,
                container: container, lengths: lengths, scratch: &scratch)
        else { return (proposed, 0) }
        // Cross lengths of the placed items, against the box they were placed with.
        for k in 0..<scratch.count {
            scratch.crossLengths[k] = lengths.length(
                items[scratch.plan[k]], main.other, finalBox, first + k,
                container: container)
        }
        let (size, totals) = boundingSize(proposed, scratch: scratch)
        arrange(
            size: size, avail: content.length(main), totals: totals, scratch: scratch,
            cells: &cells, leafSupplementaries: &leafSupplementaries)
        return (size, scratch.count)
    }

    /// §3.1–§3.2 which items the instance places along the main axis and their lengths (into `scratch`); the
    /// box they resolved against, or nil when the group has no room. (Full instances of a section whose items
    /// do not measure along the row take the pattern path instead, `solvePatternInstance`.)
    private func fitAlongMain(
        slot: RootSlot, first: Int, itemCount: Int, section: Int, container: LayoutContainer,
        lengths: borrowing ItemLengths, scratch: inout Scratch
    ) throws(LayoutError) -> Size? {
        // The box the placed items resolved against (pass 2 narrows it).
        var finalBox = slot.content
        let fits = try placeAlongMain(
            content: slot.content, avail: slot.content.length(main), first: first,
            itemCount: itemCount, section: section, container: container, scratch: &scratch,
            finalBox: &finalBox, lengths: lengths)
        return fits ? finalBox : nil
    }

    /// §6 an estimated group bounds its children: along its main axis the arranged total plus its insets,
    /// across the largest slot plus edge spacings plus its insets. Also returns §3.3's `total` and `flex`.
    func boundingSize(_ proposed: Size, scratch: Scratch) -> (size: Size, totals: GroupRules.Totals) {
        let n = scratch.count
        var totals = GroupRules.Totals(count: n, spacing: spacing, flexibleSpacing: flexibleSpacing)
        // The largest slot across, even a negative one (a box too small for its insets); 0 with none.
        var largestCross = n == 0 ? 0 : -Double.infinity
        for k in 0..<n {
            let item = items[scratch.plan[k]]
            totals.add(
                mainLength: scratch.mainLengths[k], pre: item.preMain, post: item.postMain,
                preFlexible: item.preMainFlexible, postFlexible: item.postMainFlexible)
            largestCross = max(largestCross, scratch.crossLengths[k] + item.preCross + item.postCross)
        }
        let size = GroupRules.boundingSize(
            proposed, main: main, insets: insets, estimatedMain: estimatedMain,
            estimatedCross: estimatedCross, total: totals.total,
            largestCross: largestCross)
        return (size, totals)
    }

    /// §3.3 arrangement along the main axis, §3.4 each item alone across the group, and §2 the cell (the slot
    /// inset by the item's insets, except along estimated axes), appended to `cells`.
    private func arrange(
        size: Size, avail: Double, totals: GroupRules.Totals, scratch: Scratch,
        cells: inout ContiguousArray<Rect>, leafSupplementaries: inout ContiguousArray<UInt16>
    ) {
        let cross = main.other
        let contentCross = GroupRules.contentBox(size, insets: insets).length(cross)
        var cursor = GroupRules.Cursor(
            origin: insets.pre(main), spacing: spacing, flexibleSpacing: flexibleSpacing,
            extra: GroupRules.extra(
                avail: avail, total: totals.total, flex: totals.flex,
                estimatedMain: estimatedMain))
        let crossStart = insets.pre(cross)
        let tracksSupplementaries = !supplementaries.isEmpty
        for k in 0..<scratch.count {
            let item = items[scratch.plan[k]]
            let slotSize = Size(main, scratch.mainLengths[k], across: scratch.crossLengths[k])
            let mainOrigin = cursor.place(
                mainLength: slotSize.length(main), pre: item.preMain, post: item.postMain,
                preFlexible: item.preMainFlexible, postFlexible: item.postMainFlexible)
            let crossOrigin = GroupRules.crossOrigin(
                contentOrigin: crossStart, contentLength: contentCross, slotLength: slotSize.length(cross),
                pre: item.preCross, post: item.postCross,
                flexibleEdges: GroupRules.flexibleEdges(
                    preFlexible: item.preCrossFlexible,
                    postFlexible: item.postCrossFlexible))
            let cell = GroupRules.cellFrame(
                slot: Rect(origin: Point.along(main, mainOrigin, across: crossOrigin), size: slotSize),
                insets: item.contentInsets, widthEstimated: item.width.isEstimated,
                heightEstimated: item.height.isEstimated)
            cells.append(cell)
            if tracksSupplementaries { leafSupplementaries.append(item.supplementaryList) }
        }
    }

    /// §3.1–§3.2 along the main axis: which items the instance places and their main lengths (in `scratch`),
    /// and the box they resolved against. False when the group has no room.
    func placeAlongMain(
        content: Size, avail: Double, first: Int, itemCount: Int, section: Int,
        container: LayoutContainer, scratch: inout Scratch, finalBox: inout Size,
        lengths: borrowing ItemLengths
    ) throws(LayoutError) -> Bool {
        scratch.count = 0
        scratch.firstPassCount = 0
        switch mode {
        case .untilFull:
            // §3.1 pass 1, then the spacing restart.
            guard
                try pass(
                    box: content, avail: avail, spacingForAll: false, first: first, itemCount: itemCount,
                    section: section, container: container, scratch: &scratch, lengths: lengths)
            else { return false }
            let n = scratch.count
            scratch.firstPassCount = n
            var anyMainDependent = false
            for k in 0..<n where items[scratch.plan[k]].mainDependent { anyMainDependent = true }
            if GroupRules.restartsForSpacing(spacing: spacing, placed: n, anyMainDependent: anyMainDependent) {
                finalBox = GroupRules.reducedBox(content, main: main, spacing: spacing, count: n)
                guard
                    try pass(
                        box: finalBox, avail: avail, spacingForAll: true, first: first, itemCount: itemCount,
                        section: section, container: container, scratch: &scratch, lengths: lengths)
                else { return false }
            }
        case .repeating(let count), .dividing(let count):
            // §3.2 count groups, stopping when the section's items run out (§6).
            let item = items[0]
            let dividing: Bool
            if case .dividing = mode { dividing = true } else { dividing = false }
            if dividing || (spacing > 0 && count >= 2 && item.mainDependent) {
                finalBox = GroupRules.reducedBox(content, main: main, spacing: spacing, count: count)
            }
            // §3.2 the equal share, down to the pixel grid.
            let share = GroupRules.equalShare(avail: avail, spacing: spacing, count: count, container: container)
            var next = first
            for _ in 0..<count where next < itemCount {
                scratch.append(
                    0,
                    main: dividing
                        ? share : lengths.length(item, main, finalBox, next, container: container))
                next += 1
            }
        }
        return true
    }

    /// One pass of the §3.1 loop over main lengths; false when the group has no room.
    private func pass(
        box: Size, avail: Double, spacingForAll: Bool, first: Int, itemCount: Int, section: Int,
        container: LayoutContainer, scratch: inout Scratch,
        lengths: borrowing ItemLengths
    ) throws(LayoutError) -> Bool {
        let cacheSlot = scratch.mainLengths(self, box: box, container: container)
        let cachedLengths = scratch.cachedLengths[cacheSlot]  // read once, not per item through `scratch`
        scratch.count = 0
        var remaining = avail
        var next = first
        var index = 0
        while true {
            if estimatedMain && index == items.count { break }
            guard next < itemCount else { break }
            let planIndex = index % items.count
            var mainLength = cachedLengths[planIndex]
            if mainLength.isNaN { mainLength = lengths.length(items[planIndex], main, box, next, container: container) }
            let need = GroupRules.need(
                mainLength: mainLength, pre: items[planIndex].preMain,
                post: items[planIndex].postMain, spacing: spacing,
                addsSpacing: scratch.count > 0
                    && (spacingForAll || !items[planIndex].mainDependent))
            if need <= 0 { return false }
            if !estimatedMain && GroupRules.overflows(remaining: remaining, need: need) { break }
            scratch.append(planIndex, main: mainLength)
            remaining -= need
            next += 1
            index += 1
            if scratch.count > CollectionLayout.maxItemsPerGroupInstance {
                throw LayoutError(
                    .tooManyItemsInGroup(limit: CollectionLayout.maxItemsPerGroupInstance), section: section)
            }
        }
        return scratch.count > 0
    }
}
