import Testing

@testable import CompositionalLayout

/// `LayoutState`, the data both solvers read (docs/operations.md): measured sizes belong to
/// items and follow them across moves, inserts and deletes; a reload drops them; bad addresses are errors
/// that change nothing.
@Suite("LayoutState operations")
struct LayoutStateOperationTests {
    /// Two sections of 6 items whose rows have estimated heights, and a layout-wide model (so every item's
    /// model height depends on where it came into existence).
    static let layout: CollectionLayout = {
        let item = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .estimated(44)))
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)),
            subitems: [item])
        return CollectionLayout(
            name: "state", container: LayoutContainer(width: 390, height: 844),
            sections: [
                SectionDefinition(name: "rows", count: 2, items: 6, section: LayoutSection(group: group)),
                SectionDefinition(name: "more", items: 1, section: LayoutSection(group: group)),
            ],
            selfSizing: SelfSizing(seed: 3, height: SelfSizing.LengthRange(min: 10, max: 1000)))
    }()

    /// What item `item` of section `section` measures to along y, as the solvers ask.
    func height(_ state: LayoutState, _ section: Int, _ item: Int) -> Double {
        state.sizing().itemLength(
            ItemSizing.Request(section: section, item: item, axis: .y, estimate: 44, declared: nil))
    }

    /// The model's height for an item that came into existence as (section, item).
    func model(_ section: Int, _ item: Int) -> Double {
        SelfSizing.length(seed: 3, section: section, item: item, range: SelfSizing.LengthRange(min: 10, max: 1000))
    }

    @Test func measuredSizesFollowTheirItems() throws {
        var state = LayoutState(layout: Self.layout)
        try state.apply(.measure(section: 0, item: 2, width: 50, height: 77))
        #expect(height(state, 0, 2) == 77)
        try state.apply(.insertItems(section: 0, at: 0, count: 2))  // item 2 is now 4
        #expect(height(state, 0, 4) == 77)
        #expect(height(state, 0, 2) == model(0, 0), "the old item 0 moved to 2 and keeps its model size")
        #expect(
            height(state, 0, 0) == model(0, 0) && height(state, 0, 1) == model(0, 1),
            "inserted items measure as the items (0, 0) and (0, 1) they came into existence as")
        try state.apply(.deleteItems(section: 0, at: 1, count: 2))  // 4 -> 2
        #expect(height(state, 0, 2) == 77)
        try state.apply(.moveItem(from: IndexPath(section: 0, item: 2), to: IndexPath(section: 1, item: 6)))
        #expect(height(state, 1, 6) == 77, "moved to the end of section 1")
        #expect(state.sections[0].items.count == 5 && state.sections[1].items.count == 7)
        try state.apply(.moveItem(from: IndexPath(section: 1, item: 0), to: IndexPath(section: 1, item: 6)))
        #expect(height(state, 1, 5) == 77, "a move within a section inserts after the removal")
        #expect(height(state, 1, 6) == model(1, 0))
        try state.apply(.insertSections(at: 0, definition: .name("more"), count: 1, items: 3))
        #expect(height(state, 2, 5) == 77, "sections inserted before it move it, not its size")
        try state.apply(.resize(width: 844, height: 390))
        #expect(height(state, 2, 5) == 77, "sizes survive a resize")
        try state.apply(.deleteSections(at: 1, count: 1))
        #expect(height(state, 1, 5) == 77)
    }

    @Test func aMeasureKeepsItsAxesAndReplacesAnEarlierOne() throws {
        var state = LayoutState(layout: Self.layout)
        try state.apply(.measure(section: 1, item: 0, width: 10, height: 20))
        try state.apply(.measure(section: 1, item: 0, width: 30, height: 40))
        #expect(height(state, 1, 0) == 40)
        let width = state.sizing().itemLength(
            ItemSizing.Request(section: 1, item: 0, axis: .x, estimate: 9, declared: nil))
        #expect(width == 30)
    }

    @Test func reloadDropsMeasuredSizes() throws {
        var state = LayoutState(layout: Self.layout)
        try state.apply(.measure(section: 0, item: 3, width: 50, height: 77))
        try state.apply(.insertItems(section: 0, at: 0, count: 1))  // now item 4
        try state.apply(.reloadItems(section: 0, at: 3, count: 2))
        #expect(height(state, 0, 4) == model(0, 4), "a reloaded item measures as if it came into existence at (0, 4)")
        #expect(height(state, 0, 3) == model(0, 3))
        #expect(!state.sections[0].items[4].isMeasured)
    }

    @Test func measureNoneKeepsEstimatesUntilMeasured() throws {
        var state = LayoutState(layout: Self.layout, measure: .none)
        #expect(height(state, 0, 0) == 44)
        try state.apply(.measure(section: 0, item: 0, width: 5, height: 61))
        try state.apply(.moveItem(from: IndexPath(section: 0, item: 0), to: IndexPath(section: 0, item: 5)))
        #expect(height(state, 0, 5) == 61 && height(state, 0, 0) == 44)
        #expect(!state.sizing().measuresSupplementaries)
    }

    @Test func untouchedSectionsStayImplicit() throws {
        var state = LayoutState(layout: Self.layout)
        try state.apply(.measure(section: 1, item: 0, width: 1, height: 1))
        guard case .implicit = state.sections[0].items else { Issue.record("section 0 was made explicit"); return }
        // One measure is held in the enum's bytes; more measures, inserts and deletes keep the section sparse; a
        // move makes it explicit.
        guard case .measuredOnce = state.sections[1].items else {
            Issue.record("section 1 should be measured once"); return
        }
        try state.apply(.deleteItems(section: 1, at: 3, count: 1))
        guard case .sparse = state.sections[1].items else { Issue.record("section 1 should be sparse"); return }
        try state.apply(.insertItems(section: 1, at: 0, count: 2))
        guard case .sparse = state.sections[1].items else { Issue.record("section 1 should still be sparse"); return }
        try state.apply(.moveItem(from: IndexPath(section: 1, item: 0), to: IndexPath(section: 1, item: 4)))
        guard case .explicit = state.sections[1].items else { Issue.record("section 1 should be explicit"); return }
        #expect(state.sections[1].items[1].measuredHeight == 1)
    }

    /// The forms held in the `Items` enum's own bytes do not grow it, nor a section: operations copy sections,
    /// and a section that grew from 48 to about 150 bytes (an earlier try with a small inline list) cost full
    /// solves 5% to 56% (docs/engine-instructions.md).
    @Test func touchedOnceFormsKeepASectionsSize() {
        #expect(MemoryLayout<LayoutState.OneMeasuredItem>.size <= MemoryLayout<LayoutState.SparseItems>.size)
        #expect(MemoryLayout<LayoutState.OneShift>.size <= MemoryLayout<LayoutState.SparseItems>.size)
        #expect(MemoryLayout<LayoutState.Items>.size == MemoryLayout<LayoutState.SparseItems>.size + 1)
        #expect(MemoryLayout<LayoutState.Section>.stride == 48)
    }

    /// The runs of an insert into an untouched section, made at once (`insertedOnce`, `insertIntoUntouched`),
    /// are the ones the general insert and its merge leave: the new items join the head when they come from
    /// the same section, and no run is empty. Two runs from the section itself are one shift in the enum's
    /// bytes, one run is untouched items; new items from another section take the sparse form.
    @Test func insertIntoAnUntouchedSectionLeavesMergedRuns() throws {
        func runs(_ state: LayoutState, _ section: Int) -> (form: String, runs: [[Int]]) {
            let runs: [LayoutState.SparseItems.Run]
            let form: String
            switch state.sections[section].items {
            case .implicit(let origin, _):
                (form, runs) = ("implicit", [.init(start: 0, originSection: origin, originItem: 0)])
            case .shiftedOnce(let shift): (form, runs) = ("shifted", shift.sparse().runs)
            case .sparse(let sparse): (form, runs) = ("sparse", sparse.runs)
            default: return ("other", [])
            }
            return (form, runs.map { [$0.start, $0.originSection, $0.originItem] })
        }
        var state = LayoutState(layout: Self.layout)
        try state.apply(.insertItems(section: 1, at: 3, count: 2))
        #expect(runs(state, 1) == ("shifted", [[0, 1, 0], [5, 1, 3]]))
        try state.apply(.insertItems(section: 0, at: 0, count: 1))
        #expect(runs(state, 0) == ("shifted", [[0, 0, 0], [1, 0, 0]]))
        try state.apply(.insertItems(section: 2, at: 1, count: 3))
        #expect(runs(state, 2) == ("implicit", [[0, 2, 0]]))  // at the end: the new items continue the only run
        // Deleting what was inserted leaves untouched items again.
        try state.apply(.deleteItems(section: 1, at: 3, count: 2))
        #expect(runs(state, 1) == ("implicit", [[0, 1, 0]]))
        // A section whose items came from another index: the new items are a run of their own.
        var moved = LayoutState(layout: Self.layout)
        try moved.apply(.deleteSections(at: 0, count: 1))
        try moved.apply(.insertItems(section: 0, at: 3, count: 2))
        #expect(runs(moved, 0) == ("sparse", [[0, 1, 0], [3, 0, 3], [5, 1, 3]]))
        #expect(moved.sections[0].items.count == 8)
        #expect(height(moved, 0, 4) == model(0, 4) && height(moved, 0, 5) == model(1, 3))
    }

    /// Sparse items read exactly like explicit ones through any sequence of measures, inserts and deletes
    /// (checked against a plain list that applies the same rules), and turn explicit past their limit.
    @Test(arguments: 0..<40)
    func sparseItemsMatchAnExplicitList(seed: Int) throws {
        var wide = Self.layout
        wide.sections[0].items = 12
        var state = LayoutState(layout: wide)
        var expected = (0..<12).map { LayoutState.Item(originSection: 0, originItem: $0) }
        var rng = SplitMix(seed: UInt64(seed))
        for step in 0..<30 {
            let count = expected.count
            switch rng.next(4) {
            case 0 where count > 0:
                let item = rng.next(count), h = Double(step + 1)
                try state.apply(.measure(section: 0, item: item, width: 2, height: h))
                expected[item].measuredWidth = 2
                expected[item].measuredHeight = h
            case 1, 0:
                let at = rng.next(count + 1), n = 1 + rng.next(3)
                try state.apply(.insertItems(section: 0, at: at, count: n))
                expected.insert(
                    contentsOf: (at..<at + n).map { LayoutState.Item(originSection: 0, originItem: $0) }, at: at)
            default:
                guard count > 0 else { continue }
                let at = rng.next(count), n = 1 + rng.next(min(3, count - at))
                try state.apply(.deleteItems(section: 0, at: at, count: n))
                expected.removeSubrange(at..<at + n)
            }
            let items = state.sections[0].items
            #expect(items.count == expected.count)
            for i in 0..<expected.count {
                // Field by field: an unmeasured size is NaN, which `==` never matches.
                let a = items[i], b = expected[i]
                #expect(a.originSection == b.originSection && a.originItem == b.originItem, "step \(step) item \(i)")
                #expect(
                    a.measuredWidth.bitPattern == b.measuredWidth.bitPattern
                        && a.measuredHeight.bitPattern == b.measuredHeight.bitPattern,
                    "step \(step) item \(i)")
                #expect(
                    height(state, 0, i)
                        == (b.measuredHeight.isNaN ? model(Int(b.originSection), Int(b.originItem)) : b.measuredHeight))
            }
            if case .sparse(let sparse) = items {
                #expect(sparse.runs.count + sparse.sizes.count <= LayoutState.SparseItems.limit)
            }
        }
    }

    /// A small deterministic generator for the sequences above.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(max(1, bound)))
        }
    }

    /// Bad addresses and values throw, name what is wrong, and leave the state as it was.
    @Test(arguments: [
        (LayoutOperation.measure(section: 3, item: 0, width: 1, height: 1), "section 3 does not exist"),
        (.measure(section: 0, item: 6, width: 1, height: 1), "item 6 of section 0 does not exist"),
        (.measure(section: 0, item: -1, width: 1, height: 1), "item -1 of section 0 does not exist"),
        (.measure(section: 0, item: 0, width: .nan, height: 1), "finite width and height"),
        (.resize(width: -1, height: 10), "finite width and height"),
        (.insertItems(section: 0, at: 7, count: 1), "insert at 0...6"),
        (.insertItems(section: 0, at: 0, count: 0), "count must be >= 1"),
        (.deleteItems(section: 1, at: 4, count: 3), "deleteItems 4..<7: section 1 has 6 items"),
        (.reloadItems(section: 2, at: 1, count: 1), "reloadItems 1..<2: section 2 has 1 items"),
        (.moveItem(from: IndexPath(section: 0, item: 6), to: IndexPath(section: 0, item: 0)), "item 6 of section 0"),
        (
            .moveItem(from: IndexPath(section: 0, item: 0), to: IndexPath(section: 0, item: 6)),
            "after the removal section 0 has 5 items"
        ),
        (.moveItem(from: IndexPath(section: 0, item: 0), to: IndexPath(section: 1, item: 7)), "section 1 has 6 items"),
        (.insertSections(at: 4, definition: .index(0), count: 1, items: 1), "insert at 0...3"),
        (.insertSections(at: 0, definition: .index(2), count: 1, items: 1), "definition 2 does not exist"),
        (
            .insertSections(at: 0, definition: .name("missing"), count: 1, items: 1),
            "no section definition is named 'missing'"
        ),
        (.deleteSections(at: 2, count: 2), "the layout has 3 sections"),
    ])
    func badOperationsThrowAndChangeNothing(_ operation: LayoutOperation, _ message: String) {
        var state = LayoutState(layout: Self.layout)
        let before = state.sections
        #expect {
            try state.apply(operation)
        } throws: { error in
            "\(error)".contains(message)
        }
        #expect(state.sections == before)
    }

    /// A definition name used twice cannot be addressed by name.
    @Test func ambiguousDefinitionName() {
        var layout = Self.layout
        layout.sections[1].name = "rows"
        var state = LayoutState(layout: layout)
        #expect(throws: OperationError.self) {
            try state.apply(.insertSections(at: 0, definition: .name("rows"), count: 1, items: 1))
        }
        #expect(throws: Never.self) {
            try state.apply(.insertSections(at: 0, definition: .index(1), count: 1, items: 1))
        }
    }
}
