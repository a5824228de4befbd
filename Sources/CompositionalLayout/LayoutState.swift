/// The data a layout lays out, as it changes: which sections exist (and which definition builds each), the
/// items in each, and what each item measured to. Measured sizes belong to items, not positions: an item
/// keeps its size when it moves or when items before it come and go (docs/operations.md).
///
/// Both solvers read it: the reference solves it afresh after every operation, the engine keeps its frames
/// up to date.
public struct LayoutState: Sendable {
    /// An item: where it came into existence (its model size depends on that) and what it measured to.
    public struct Item: Hashable, Sendable {
        public var originSection: Int32
        public var originItem: Int32
        /// A `measure` operation's width and height (NaN: none arrived).
        public var measuredWidth: Float64 = .nan
        public var measuredHeight: Float64 = .nan
        /// Lazy measuring reached the item: it takes the model's size even with `--measure none`.
        public var measuredByModel = false

        public init(originSection: Int, originItem: Int) {
            self.originSection = Int32(truncatingIfNeeded: originSection)
            self.originItem = Int32(truncatingIfNeeded: originItem)
        }
        public var isMeasured: Bool { measuredByModel || !measuredWidth.isNaN || !measuredHeight.isNaN }
    }

    /// The items of a section: implicit while untouched (item i came into existence as (origin, i)), sparse
    /// while a few measures, inserts and deletes reached them, explicit once more did or another operation
    /// changed them, so an untouched million-item layout stores no per-item data. Between untouched and
    /// sparse, a section that one measure, or one insert or delete, reached holds it in the enum's own bytes
    /// (`measuredOnce`, `shiftedOnce`): the sparse form's lists allocate, and most sections an operation
    /// reaches in a large layout are fresh ones. Every form reads the same for the same items.
    public enum Items: Hashable, Sendable {
        case implicit(originSection: Int, count: Int)
        case measuredOnce(OneMeasuredItem)
        case shiftedOnce(OneShift)
        case sparse(SparseItems)
        case explicit([Item])

        /// Inlinable: a call from another module copied the items to pass them (a retain and a release).
        @inlinable public var count: Int {
            switch self {
            case .implicit(_, let count): return count
            case .measuredOnce(let one): return one.count
            case .shiftedOnce(let shift): return shift.count
            case .sparse(let items): return items.count
            case .explicit(let items): return items.count
            }
        }

        /// Item `index`. Complexity: O(1) (O(log runs + log sizes) for sparse items).
        public subscript(index: Int) -> Item {
            switch self {
            case .implicit(let origin, _): return Item(originSection: origin, originItem: index)
            case .measuredOnce(let one):
                var item = Item(originSection: Int(one.originSection), originItem: index)
                if index == one.item {
                    item.measuredWidth = one.width
                    item.measuredHeight = one.height
                }
                return item
            case .shiftedOnce(let shift):
                let origin = shift.origin(index)
                return Item(originSection: origin.section, originItem: origin.item)
            case .sparse(let items): return items.item(index)
            case .explicit(let items): return items[index]
            }
        }

        /// The explicit list. Complexity: O(count) the first time.
        /// Where item `item`'s length along `axis` comes from in a state measuring with `mode`: a measured
        /// length, the model at the item's origin, or its estimate. The one reading of the items that both the
        /// sizing's closure and `SectionLengths` make. Complexity: O(1).
        @inline(__always)
        func lengthSource(_ item: Int, axis: Axis, mode: MeasureMode) -> LengthSource {
            switch self {
            case .implicit(let originSection, _):
                // Untouched sections (most of a large layout) need no per-item record.
                return mode == .all ? .model(section: originSection, item: item) : .estimate
            case .measuredOnce(let one):
                if item == one.item { return .measured(axis == .x ? one.width : one.height) }
                return mode == .all ? .model(section: Int(one.originSection), item: item) : .estimate
            case .shiftedOnce(let shift):
                guard mode == .all else { return .estimate }
                let origin = shift.origin(item)
                return .model(section: origin.section, item: origin.item)
            case .sparse(let items):
                if let size = items.size(item) { return .measured(axis == .x ? size.width : size.height) }
                guard mode == .all else { return .estimate }
                let origin = items.origin(item)
                return .model(section: origin.section, item: origin.item)
            case .explicit(let items):
                let entry = items[item]
                let measured = axis == .x ? entry.measuredWidth : entry.measuredHeight
                if !measured.isNaN { return .measured(measured) }
                guard mode == .all || entry.measuredByModel else { return .estimate }
                return .model(section: Int(entry.originSection), item: Int(entry.originItem))
            }
        }

        mutating func makeExplicit() -> [Item] {
            switch self {
            case .implicit(let origin, let count):
                var items: [Item] = []
                items.reserveCapacity(count + 1)  // room for the insert that often follows
                for i in 0..<count { items.append(Item(originSection: origin, originItem: i)) }
                return items
            case .measuredOnce(let one):
                return one.sparse().explicit()
            case .shiftedOnce(let shift):
                return shift.sparse().explicit()
            case .sparse(let items):
                return items.explicit()
            case .explicit(let items):
                self = .implicit(originSection: 0, count: 0)  // release the buffer so the caller owns it uniquely
                return items
            }
        }

        /// The sparse form to change, taken out (the enum keeps nothing, so it is uniquely referenced), or nil
        /// for explicit items.
        private mutating func takeSparse() -> SparseItems? {
            switch self {
            case .implicit(let origin, let count):
                return SparseItems(originSection: origin, count: count)
            case .measuredOnce(let one):
                return one.sparse()
            case .shiftedOnce(let shift):
                return shift.sparse()
            case .sparse(let items):
                self = .implicit(originSection: 0, count: 0)
                return items
            case .explicit:
                return nil
            }
        }

        /// Keeps `items` in the smallest form that reads the same (`compacted`).
        private mutating func putBack(_ items: SparseItems) {
            self = .compacted(items)
        }

        /// Gives item `index` a measured size. O(runs + sizes) while sparse (O(count) when the section turns
        /// explicit), O(1) for explicit items after the first time.
        mutating func measure(_ index: Int, width: Double, height: Double) {
            if case .implicit(let origin, let count) = self,
                let one = Self.measuredOnce(
                    originSection: origin, count: count, item: index, width: width, height: height)
            {
                self = one
                return
            }
            if var sparse = takeSparse() {
                sparse.measure(index, width: width, height: height)
                putBack(sparse)
                return
            }
            var items = makeExplicit()
            items[index].measuredWidth = width
            items[index].measuredHeight = height
            self = .explicit(items)
        }

        /// Inserts `count` items at `at` that came into existence as `(section, at + k)`. O(runs + sizes)
        /// while sparse, else O(count of the section).
        mutating func insert(at: Int, count: Int, section: Int) {
            if case .implicit(let origin, let items) = self,
                let shifted = Self.insertedOnce(originSection: origin, count: items, at: at, n: count, section: section)
            {
                self = shifted
                return
            }
            if var sparse = takeSparse() {
                sparse.insert(at: at, count: count, originSection: section)
                putBack(sparse)
                return
            }
            var items = makeExplicit()
            if count == 1 {
                items.insert(Item(originSection: section, originItem: at), at: at)
            } else {
                items.insert(contentsOf: (at..<at + count).map { Item(originSection: section, originItem: $0) }, at: at)
            }
            self = .explicit(items)
        }

        /// Deletes items `at..<at + count`. O(runs + sizes) while sparse, else O(count of the section).
        mutating func delete(at: Int, count: Int) {
            if case .implicit(let origin, let items) = self,
                let shifted = Self.deletedOnce(originSection: origin, count: items, at: at, n: count)
            {
                self = shifted
                return
            }
            if var sparse = takeSparse() {
                sparse.delete(at: at, count: count)
                putBack(sparse)
                return
            }
            var items = makeExplicit()
            items.removeSubrange(at..<at + count)
            self = .explicit(items)
        }
    }

    public struct Section: Hashable, Sendable {
        /// Index into the layout's `sections` (definitions).
        public var definition: Int
        public var items: Items
    }

    public private(set) var layout: CollectionLayout
    public private(set) var sections: [Section]
    /// Whether unmeasured items take the spec's model (`--measure all`) or keep their estimates.
    public var measureMode: MeasureMode
    /// Lazy measuring: items measure when they come near the screen (`Item.measuredByModel`), while
    /// supplementaries, which are not items, always take their own model.
    public var isLazy = false

    public init(layout: CollectionLayout, measure: MeasureMode = .all) {
        self.layout = layout
        self.measureMode = measure
        var sections: [Section] = []
        sections.reserveCapacity(layout.sectionCount)
        for (d, definition) in layout.sections.enumerated() {
            for _ in 0..<definition.count {
                sections.append(
                    Section(definition: d, items: .implicit(originSection: sections.count, count: definition.items)))
            }
        }
        self.sections = sections
    }

    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// The sections as they solve now: variants chosen for the current width.
    /// Version 2: `calc` values evaluated and variants chosen in the current environment (docs/version-2.md §10).
    public func resolvedSections() throws(LayoutError) -> [ResolvedSection] {
        let layout = try self.layout.resolvedForEnvironment()
        var byDefinition: [Int: LayoutSection] = [:]
        var result: [ResolvedSection] = []
        result.reserveCapacity(sections.count)
        for section in sections {
            let resolved: LayoutSection
            if let known = byDefinition[section.definition] {
                resolved = known
            } else {
                do {
                    resolved = try layout.section(forDefinition: section.definition)
                } catch {
                    throw error.located(definition: section.definition, section: result.count)
                }
                byDefinition[section.definition] = resolved
            }
            result.append(
                ResolvedSection(definition: section.definition, section: resolved, itemCount: section.items.count))
        }
        return result
    }

    /// How items measure in the current state: a `measure` operation's size on the axes it gave, else the
    /// model at the item's origin (`--measure all`) or the estimate (`--measure none`).
    ///
    /// A snapshot: its closures hold the sections as they are now (constants, read without the dynamic
    /// exclusivity checks a `SizingSource`'s variables need, which matters when a full solve asks per item).
    public func sizing() -> ItemSizing {
        let sections = self.sections
        let model = layout.selfSizing
        let mode = measureMode
        let isMeasured: @Sendable (ItemSizing.Request) -> Bool = { request in
            mode == .all || Self.isMeasured(request, items: sections[request.section].items)
        }
        var sizing = ItemSizing(
            measuresSupplementaries: mode == .all || isLazy,
            itemLength: { request in
                Self.length(request, items: sections[request.section].items, mode: mode, model: model)
            }, isMeasured: isMeasured)
        sizing.sectionLengths = { section in
            SectionLengths.make(items: sections[section].items, mode: mode, model: model)
        }
        return sizing
    }

    /// Whether an item took a size of its own: a `measure` operation's on the request's axis, or the model's
    /// (lazy measuring reached it).
    static func isMeasured(_ request: ItemSizing.Request, items: Items) -> Bool {
        // Without `--measure all`, only a measure or lazy measuring gives an item more than its estimate.
        items.lengthSource(request.item, axis: request.axis, mode: .none) != .estimate
    }

    /// An item's length: a `measure` operation's size on the axes it gave, else the model at the item's origin
    /// (mode `all` or measured by the model) or the estimate.
    @inline(__always)
    static func length(_ request: ItemSizing.Request, items: Items, mode: MeasureMode, model: SelfSizing?) -> Double {
        switch items.lengthSource(request.item, axis: request.axis, mode: mode) {
        case .measured(let length): return length
        case .estimate: return request.estimate
        case .model(let section, let item):
            return ItemSizing.modelLength(
                section: section, item: item, axis: request.axis,
                estimate: request.estimate, declared: request.declared, layoutModel: model)
        }
    }

    /// A sizing that reads the state through `source` when it is asked, so one sizing (and its closures) can
    /// be made once and serve many operations: whoever owns `source` refreshes it (`SizingSource.read`)
    /// before the sizing is used and empties it afterwards (so the state's arrays stay uniquely referenced).
    public static func sizing(reading source: SizingSource) -> ItemSizing {
        var sizing = ItemSizing(
            measuresSupplementaries: source.measuresSupplementaries,
            itemLength: { request in
                length(request, items: source.sections[request.section].items, mode: source.mode, model: source.model)
            },
            isMeasured: { request in
                source.mode == .all || isMeasured(request, items: source.sections[request.section].items)
            })
        sizing.sectionLengths = { section in
            SectionLengths.make(items: source.sections[section].items, mode: source.mode, model: source.model)
        }
        return sizing
    }

    /// Replaces a section definition's fields (what a spec edit does); its sections keep their items.
    public mutating func replaceDefinition(at index: Int, with definition: SectionDefinition) throws(OperationError) {
        guard index >= 0, index < layout.sections.count else {
            throw OperationError(
                "definition \(index) does not exist: the spec has \(layout.sections.count) section definitions")
        }
        layout.sections[index] = definition
    }

    /// Marks items as measured by the self-sizing model (lazy measuring, as a collection view does when
    /// items come near the screen). Complexity: O(section items) the first time a section changes, then O(k).
    public mutating func markMeasuredByModel(section: Int, items: [Int]) {
        var list = sections[section].items.makeExplicit()
        for item in items { list[item].measuredByModel = true }
        sections[section].items = .explicit(list)
    }

    /// Items of one section take measured sizes, as `measure` operations would one by one, up to the first
    /// that cannot be applied (an item that does not exist, a size that is not finite and >= 0). Returns how
    /// many were applied. Complexity: O(section items) the first time a section changes, then O(k).
    public mutating func applyMeasured(section: Int, items: [Int], sizes: [Size]) -> Int {
        guard section >= 0, section < sections.count else { return 0 }
        let count = sections[section].items.count
        var valid = 0
        for (item, size) in zip(items, sizes) {
            guard item >= 0, item < count, size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0
            else { break }
            valid += 1
        }
        guard valid > 0 else { return 0 }
        var list = sections[section].items.makeExplicit()
        for k in 0..<valid {
            list[items[k]].measuredWidth = sizes[k].width
            list[items[k]].measuredHeight = sizes[k].height
        }
        sections[section].items = .explicit(list)
        return valid
    }

    // MARK: Operations

    /// `apply(.measure(...))` without the operation, for an engine's per-item calls (building and switching
    /// over a `LayoutOperation` costs about 20 instructions). Throws without changing anything.
    public mutating func measure(section: Int, item: Int, width: Double, height: Double) throws(OperationError) {
        try checkItem(section, item)
        guard width.isFinite, height.isFinite, width >= 0, height >= 0 else {
            throw OperationError("measure needs a finite width and height >= 0, got \(width) x \(height)")
        }
        sections[section].items.measure(item, width: width, height: height)
    }

    /// Applies one operation, or throws without changing anything.
    public mutating func apply(_ operation: LayoutOperation) throws(OperationError) {
        switch operation {
        case let .resize(width, height, environment):
            guard width.isFinite, height.isFinite, width >= 0, height >= 0 else {
                throw OperationError("resize needs a finite width and height >= 0, got \(width) x \(height)")
            }
            layout.container = environment.applied(to: layout.container)
            layout.container.width = width
            layout.container.height = height
        case let .measure(section, item, width, height):
            try measure(section: section, item: item, width: width, height: height)
        case let .insertItems(section, at, count):
            try checkSection(section)
            try checkCount(count)
            guard at >= 0, at <= sections[section].items.count else {
                throw OperationError(
                    "insertItems at \(at): section \(section) has \(sections[section].items.count) "
                        + "items (insert at 0...\(sections[section].items.count))"
                )
            }
            sections[section].items.insert(at: at, count: count, section: section)
        case let .deleteItems(section, at, count):
            try checkRange(section, at, count, "deleteItems")
            sections[section].items.delete(at: at, count: count)
        case let .moveItem(from, to):
            try checkItem(from.section, from.item)
            try checkSection(to.section)
            let countAfterRemoval = sections[to.section].items.count - (to.section == from.section ? 1 : 0)
            guard to.item >= 0, to.item <= countAfterRemoval else {
                throw OperationError(
                    "moveItem to \(to): after the removal section \(to.section) has "
                        + "\(countAfterRemoval) items (insert at 0...\(countAfterRemoval))"
                )
            }
            var source = sections[from.section].items.makeExplicit()
            let moved = source.remove(at: from.item)
            sections[from.section].items = .explicit(source)
            var target = sections[to.section].items.makeExplicit()
            target.insert(moved, at: to.item)
            sections[to.section].items = .explicit(target)
        case let .reloadItems(section, at, count):
            try checkRange(section, at, count, "reloadItems")
            var items = sections[section].items.makeExplicit()
            for i in at..<at + count { items[i] = Item(originSection: section, originItem: i) }
            sections[section].items = .explicit(items)
        case let .insertSections(at, reference, count, itemCount):
            try checkCount(count)
            guard itemCount >= 0 else { throw OperationError("insertSections needs items >= 0, got \(itemCount)") }
            guard at >= 0, at <= sections.count else {
                throw OperationError(
                    "insertSections at \(at): the layout has \(sections.count) "
                        + "sections (insert at 0...\(sections.count))"
                )
            }
            let definition = try definitionIndex(reference)
            let new = (at..<at + count).map { s in
                Section(
                    definition: definition,
                    items: .explicit((0..<itemCount).map { Item(originSection: s, originItem: $0) }))
            }
            sections.insert(contentsOf: new, at: at)
        case let .deleteSections(at, count):
            try checkCount(count)
            guard at >= 0, at + count <= sections.count else {
                throw OperationError("deleteSections \(at)..<\(at + count): the layout has \(sections.count) sections")
            }
            sections.removeSubrange(at..<at + count)
        case let .moveSection(from, to):
            try checkSection(from)
            guard to >= 0, to < sections.count else {
                throw OperationError(
                    "moveSection to \(to): the layout has \(sections.count) "
                        + "sections (move to 0...\(sections.count - 1))"
                )
            }
            sections.moveElement(from: from, to: to)
        }
    }

    /// The definition an operation names.
    public func definitionIndex(_ reference: LayoutOperation.DefinitionReference) throws(OperationError) -> Int {
        switch reference {
        case .index(let index):
            guard index >= 0, index < layout.sections.count else {
                throw OperationError(
                    "definition \(index) does not exist: the spec has \(layout.sections.count) "
                        + "section definitions (0...\(layout.sections.count - 1))"
                )
            }
            return index
        case .name(let name):
            let matches = layout.sections.indices.filter { layout.sections[$0].name == name }
            guard matches.count == 1 else {
                let names = layout.sections.compactMap(\.name).map { "'\($0)'" }.joined(separator: ", ")
                throw OperationError(
                    matches.isEmpty
                        ? "no section definition is named '\(name)' (names: \(names.isEmpty ? "none" : names))"
                        : "\(matches.count) section definitions are named '\(name)': name exactly one, or use its index"
                )
            }
            return matches[0]
        }
    }

    private func checkSection(_ section: Int) throws(OperationError) {
        guard section >= 0, section < sections.count else {
            throw OperationError("section \(section) does not exist: the layout has \(sections.count) sections")
        }
    }
    private func checkItem(_ section: Int, _ item: Int) throws(OperationError) {
        try checkSection(section)
        guard item >= 0, item < sections[section].items.count else {
            throw OperationError(
                "item \(item) of section \(section) does not exist: "
                    + "the section has \(sections[section].items.count) items"
            )
        }
    }
    private func checkCount(_ count: Int) throws(OperationError) {
        guard count >= 1 else { throw OperationError("count must be >= 1, got \(count)") }
    }
    private func checkRange(_ section: Int, _ at: Int, _ count: Int, _ op: String) throws(OperationError) {
        try checkSection(section)
        try checkCount(count)
        guard at >= 0, at + count <= sections[section].items.count else {
            throw OperationError(
                "\(op) \(at)..<\(at + count): section \(section) has \(sections[section].items.count) items")
        }
    }
}

/// What a sizing made by `LayoutState.sizing(reading:)` reads: the state's sections, model and measure mode.
/// Mutable so that one sizing can serve many operations; its owner uses it from one thread at a time (the
/// workers of a full solve each get a snapshot of their own).
public final class SizingSource: @unchecked Sendable {
    // Unchecked: read per item by the sizing's closures and written around every operation, from one thread,
    // never while a read is under way; the dynamic checks would cost more than the reads.
    @exclusivity(unchecked) public var sections: [LayoutState.Section]
    @exclusivity(unchecked) public var model: SelfSizing?
    @exclusivity(unchecked) public var mode: MeasureMode
    /// Fixed when the sizing is made: supplementaries measure (mode `all` or a lazy state).
    public let measuresSupplementaries: Bool

    /// A snapshot of `state`.
    public init(_ state: LayoutState) {
        sections = state.sections
        model = state.layout.selfSizing
        mode = state.measureMode
        measuresSupplementaries = state.measureMode == .all || state.isLazy
    }

    /// Puts `newSections` in place of `sections` and returns the ones it held. O(1).
    ///
    /// A client that assigns `sections` itself checks the access dynamically (about 75 instructions): the
    /// property's unchecked enforcement holds in this module's code, not in another module's direct access.
    public func exchangeSections(_ newSections: [LayoutState.Section]) -> [LayoutState.Section] {
        let old = sections
        sections = newSections
        return old
    }

    /// Reads `state` again (its measure mode and laziness must be those the sizing was made with).
    public func read(_ state: LayoutState) {
        sections = state.sections
        model = state.layout.selfSizing
        mode = state.measureMode
    }
}

extension LayoutState {
    /// Section `section`'s item lengths as plain data: what the sizings' `sectionLengths` give for it, without
    /// a sizing or its closures (an update that measures a few new items reads them here). Nil when the
    /// layout's model measures from a cycle. O(1).
    public func sectionLengths(_ section: Int) -> SectionLengths? {
        SectionLengths.make(items: sections[section].items, mode: measureMode, model: layout.selfSizing)
    }
}
