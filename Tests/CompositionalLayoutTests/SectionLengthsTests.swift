import Testing

@testable import CompositionalLayout

/// `SectionLengths` is the plain-data form of a state's sizing that the engine's inner loop reads: for every
/// item, axis, measure mode and declared model it must answer exactly what the sizing's closure answers.
@Suite("Section lengths agree with the sizing closure")
struct SectionLengthsTests {
    private func state(mode: MeasureMode, layoutModel: SelfSizing?) -> LayoutState {
        let item = LayoutItem(layoutSize: LayoutSize(widthDimension: .estimated(50), heightDimension: .estimated(44)))
        let group = LayoutGroup(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)),
            arrangement: .horizontal, subitems: .repeatingUntilFull([item.node]))
        let layout = CollectionLayout(
            name: "lengths", container: LayoutContainer(width: 390, height: 844),
            sections: [SectionDefinition(count: 4, items: 12, section: LayoutSection(group: group))],
            selfSizing: layoutModel)
        return LayoutState(layout: layout, measure: mode)
    }

    @Test(
        "implicit, sparse and explicit sections, measured and lazily measured items, both modes, any models",
        arguments: [MeasureMode.all, .none])
    func agree(mode: MeasureMode) throws {
        let layoutModels: [SelfSizing?] = [
            nil, SelfSizing(seed: 3, width: .init(min: 20, max: 90), height: .init(min: 30, max: 60)),
            SelfSizing(seed: 5, height: .init(min: 10, max: 20)),
        ]
        let declaredModels: [SelfSizing?] = [nil, SelfSizing(seed: 9, width: .init(min: 100, max: 140))]
        var checked = 0
        for layoutModel in layoutModels {
            var state = state(mode: mode, layoutModel: layoutModel)
            // Section 0 stays implicit; section 1 gets measures, an insert and lazy marks; section 2 a move.
            try state.apply(.measure(section: 1, item: 2, width: 77, height: 33))
            try state.apply(.insertItems(section: 1, at: 0, count: 2))
            try state.apply(.measure(section: 1, item: 5, width: 12, height: 91))
            state.markMeasuredByModel(section: 1, items: [7, 8])
            try state.apply(.moveItem(from: IndexPath(section: 2, item: 0), to: IndexPath(section: 0, item: 3)))
            // Section 3 only measures and inserts: it keeps the sparse form.
            try state.apply(.measure(section: 3, item: 4, width: 31, height: 17))
            try state.apply(.insertItems(section: 3, at: 2, count: 1))
            if case .sparse = state.sections[3].items {
            } else {
                Issue.record("section 3 is not sparse: \(state.sections[3].items)")
            }
            let sizing = state.sizing()
            let sectionLengths = try #require(sizing.sectionLengths)
            for section in 0..<4 {
                let plain = try #require(sectionLengths(section))
                for item in 0..<state.sections[section].items.count {
                    for axis in [Axis.x, .y] {
                        for declared in declaredModels {
                            let request = ItemSizing.Request(
                                section: section, item: item, axis: axis, estimate: 44, declared: declared)
                            let fast = plain.length(
                                item: item, axis: axis, estimate: 44, declared: declared.flatMap(SeededModel.init))
                            #expect(fast == sizing.itemLength(request), "section \(section) item \(item) \(axis)")
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 3 * 2 * 2 * (13 + 14 + 11 + 13))  // section 0 gained the moved item, 3 an insert
    }

    @Test(
        "an untouched section's implicit lengths answer what `length` does; a touched one has none",
        arguments: [MeasureMode.all, .none])
    func implicitLengthsAgree(mode: MeasureMode) throws {
        let layoutModels: [SelfSizing?] = [
            nil, SelfSizing(seed: 3, width: .init(min: 20, max: 90), height: .init(min: 30, max: 60)),
            SelfSizing(seed: 5, height: .init(min: 10, max: 20)),
        ]
        let declaredModels: [SeededModel?] = [
            nil, SeededModel(SelfSizing(seed: 9, width: .init(min: 100, max: 140))),
        ]
        var checked = 0
        for layoutModel in layoutModels {
            var state = state(mode: mode, layoutModel: layoutModel)
            try state.apply(.measure(section: 2, item: 4, width: 31, height: 17))
            let lengths = try #require(state.sizing().sectionLengths)
            for section in 0..<4 {
                let plain = try #require(lengths(section))
                for axis in [Axis.x, .y] {
                    for declared in declaredModels {
                        guard let implicit = plain.implicitLengths(axis: axis, declared: declared) else {
                            #expect(section == 2, "section \(section) has no implicit lengths")
                            continue
                        }
                        #expect(section != 2, "a measured section has implicit lengths")
                        for item in 0..<12 {
                            let expected = plain.length(item: item, axis: axis, estimate: 44, declared: declared)
                            #expect(implicit.length(item: item, estimate: 44) == expected, "\(section) \(item) \(axis)")
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 3 * 3 * 2 * 2 * 12)
    }

    @Test("a model that measures from a cycle has no plain form")
    func cycleHasNoPlainForm() {
        let cycle = SelfSizing(cycle: [SelfSizing.CycleEntry(height: 10)])
        #expect(SeededModel(cycle) == nil)
        let state = state(mode: .all, layoutModel: cycle)
        #expect(state.sizing().sectionLengths?(0) == nil)
    }

    @Test(
        "every item's stretch answers what `length` does for each of its items, and holds no measured item",
        arguments: [MeasureMode.all, .none])
    func stretchesAgree(mode: MeasureMode) throws {
        let layoutModels: [SelfSizing?] = [
            nil, SelfSizing(seed: 3, width: .init(min: 20, max: 90), height: .init(min: 30, max: 60)),
        ]
        let declaredModels: [SeededModel?] = [nil, SeededModel(SelfSizing(seed: 9, width: .init(min: 100, max: 140)))]
        var checked = 0, stretches = 0
        for layoutModel in layoutModels {
            var state = state(mode: mode, layoutModel: layoutModel)
            // Section 0 stays implicit; 1 has runs (two inserts, a delete) and measured items at its ends
            // and in the middle; 2 is made explicit; 3 has one measured item and no runs.
            try state.apply(.insertItems(section: 1, at: 3, count: 2))
            try state.apply(.measure(section: 1, item: 0, width: 77, height: 33))
            try state.apply(.measure(section: 1, item: 6, width: 12, height: 91))
            try state.apply(.insertItems(section: 1, at: 9, count: 1))
            try state.apply(.deleteItems(section: 1, at: 11, count: 1))
            try state.apply(.measure(section: 1, item: 12, width: 5, height: 6))
            state.markMeasuredByModel(section: 2, items: [1])
            try state.apply(.measure(section: 3, item: 5, width: 31, height: 17))
            let lengths = try #require(state.sizing().sectionLengths)
            for section in 0..<4 {
                let plain = try #require(lengths(section))
                let count = state.sections[section].items.count
                for axis in [Axis.x, .y] {
                    for declared in declaredModels {
                        for item in 0..<count {
                            let measured = state.sections[section].items.lengthSource(item, axis: axis, mode: mode)
                            guard let stretch = plain.stretch(containing: item, axis: axis, declared: declared) else {
                                if case .measured = measured { continue }
                                #expect(section == 2, "section \(section) item \(item) has no stretch")
                                continue
                            }
                            stretches += 1
                            #expect(stretch.items.contains(item) && stretch.items.upperBound <= count)
                            for j in stretch.items {
                                if case .measured = state.sections[section].items.lengthSource(
                                    j, axis: axis, mode: mode)
                                {
                                    Issue.record("section \(section): the stretch of item \(item) holds measured \(j)")
                                }
                                let expected = plain.length(item: j, axis: axis, estimate: 44, declared: declared)
                                #expect(stretch.length(item: j, estimate: 44) == expected, "\(section) \(j) \(axis)")
                                checked += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(stretches > 0 && checked > stretches)
    }

    /// One measure, one insert or one delete of an untouched section is held in the `Items` enum's own bytes
    /// (`measuredOnce`, `shiftedOnce`) or leaves untouched items: every read (the item, its length source on
    /// both axes in both modes, its stretch) answers exactly what the sparse form of the same items answers.
    @Test(
        "a section one measure, insert or delete reached reads as its sparse form does",
        arguments: [MeasureMode.all, .none])
    func touchedOnceReadsAsSparse(mode: MeasureMode) throws {
        typealias Sparse = LayoutState.SparseItems
        var cases: [(name: String, apply: (inout LayoutState) throws -> Void, sparse: (inout Sparse) -> Void)] = []
        for item in 0..<12 {
            cases.append(
                (
                    "measure \(item)", { try $0.apply(.measure(section: 3, item: item, width: 31, height: 17)) },
                    { $0.measure(item, width: 31, height: 17) }
                ))
        }
        for n in 1...3 {
            for at in 0...12 {
                cases.append(
                    (
                        "insert \(n) at \(at)", { try $0.apply(.insertItems(section: 3, at: at, count: n)) },
                        { $0.insert(at: at, count: n, originSection: 3) }
                    ))
            }
            for at in 0...(12 - n) {
                cases.append(
                    (
                        "delete \(n) at \(at)", { try $0.apply(.deleteItems(section: 3, at: at, count: n)) },
                        { $0.delete(at: at, count: n) }
                    ))
            }
        }
        var forms: [String: Int] = [:]
        for (name, apply, applySparse) in cases {
            var state = state(mode: mode, layoutModel: SelfSizing(seed: 3, width: .init(min: 20, max: 90)))
            try apply(&state)
            let items = state.sections[3].items
            switch items {
            case .implicit: forms["implicit", default: 0] += 1
            case .measuredOnce: forms["measuredOnce", default: 0] += 1
            case .shiftedOnce: forms["shiftedOnce", default: 0] += 1
            case .sparse: forms["sparse", default: 0] += 1
            case .explicit: forms["explicit", default: 0] += 1
            }
            var sparse = Sparse(originSection: 3, count: 12)
            applySparse(&sparse)
            let expected = LayoutState.Items.sparse(sparse)
            #expect(items.count == expected.count, "\(name)")
            let declared = SeededModel(SelfSizing(seed: 9, height: .init(min: 10, max: 60)))
            let lengths = SectionLengths(items: items, mode: mode, layoutModel: nil)
            let sparseLengths = SectionLengths(items: expected, mode: mode, layoutModel: nil)
            for i in 0..<expected.count {
                let a = items[i], b = expected[i]
                #expect(a.originSection == b.originSection && a.originItem == b.originItem, "\(name) item \(i)")
                #expect(
                    a.measuredWidth.bitPattern == b.measuredWidth.bitPattern
                        && a.measuredHeight.bitPattern == b.measuredHeight.bitPattern, "\(name) item \(i)")
                for axis in [Axis.x, .y] {
                    #expect(
                        items.lengthSource(i, axis: axis, mode: mode)
                            == expected.lengthSource(i, axis: axis, mode: mode),
                        "\(name) item \(i) \(axis)")
                    let stretch = lengths.stretch(containing: i, axis: axis, declared: declared)
                    let sparseStretch = sparseLengths.stretch(containing: i, axis: axis, declared: declared)
                    #expect(stretch?.items == sparseStretch?.items, "\(name) item \(i) \(axis)")
                    #expect(stretch?.shift == sparseStretch?.shift, "\(name) item \(i) \(axis)")
                    #expect(stretch?.lengths.section == sparseStretch?.lengths.section, "\(name) item \(i) \(axis)")
                    #expect(
                        stretch?.length(item: i, estimate: 44) == sparseStretch?.length(item: i, estimate: 44),
                        "\(name) item \(i) \(axis)")
                }
            }
        }
        // Inserts at the end and deletes of the last items leave untouched items; inserts and deletes elsewhere
        // one shift; measures one size. None allocates the sparse form.
        #expect(forms == ["measuredOnce": 12, "implicit": 6, "shiftedOnce": 36 + 30])
    }

    /// `ImplicitLengths` takes the range's minimum and span once and truncates instead of calling `floor`:
    /// for every range, in the fast span and at its edges (empty, single, negative, 2^52 and past it,
    /// overflowing), it answers bit for bit what `SelfSizing.length` answers.
    @Test("implicit lengths equal SelfSizing.length for ranges at and past the fast span's edges")
    func implicitLengthsAtTheEdges() {
        let ranges: [SelfSizing.LengthRange] = [
            .init(min: 20, max: 90), .init(fixed: 44), .init(min: -30, max: -10), .init(min: -5, max: 5),
            .init(min: 0, max: (1 << 52) - 2), .init(min: 0, max: 1 << 52), .init(min: 3, max: 1 << 60),
            .init(min: 7, max: 6), .init(min: 10, max: 0),
        ]
        var checked = 0
        for (r, range) in ranges.enumerated() {
            let lengths = ImplicitLengths(seed: 0x5EED &+ UInt64(r), section: r, range: range)
            for item in 0..<500 {
                let seed = 0x5EED &+ UInt64(r)
                let general = SelfSizing.length(seed: seed, section: r, item: item, range: range)
                // The documented formula, written out: min + floor(u * (max - min + 1)).
                let key = seed ^ (UInt64(r) << 32) ^ UInt64(item)
                let u = Double(SelfSizing.splitmix64(key) >> 11) * 0x1p-53
                let expected = Double(range.min) + (u * Double(range.max - range.min + 1)).rounded(.down)
                let fast = lengths.length(item: item, estimate: 44)
                #expect(general.bitPattern == expected.bitPattern, "range \(range) item \(item)")
                #expect(fast.bitPattern == expected.bitPattern, "range \(range) item \(item)")
                checked += 1
            }
        }
        #expect(checked == ranges.count * 500)
        #expect(ImplicitLengths(seed: 1, section: 0, range: nil).length(item: 3, estimate: 44) == 44)
        // Past the fast span the item goes the slow way (NaN span), which an overflowing range would trap in.
        #expect(ImplicitLengths(seed: 1, section: 0, range: .init(min: Int.min, max: Int.max)).span.isNaN)
        #expect(ImplicitLengths(seed: 1, section: 0, range: .init(min: 7, max: 6)).span.isNaN)
        #expect(ImplicitLengths(seed: 1, section: 0, range: .init(min: 0, max: 1 << 52)).span.isNaN)
        #expect(ImplicitLengths(seed: 1, section: 0, range: .init(min: 0, max: (1 << 52) - 2)).span == 0x1p52 - 1)
    }
}
