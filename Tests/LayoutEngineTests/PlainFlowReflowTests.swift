import CompositionalLayout
import ReferenceSolver
import SeededRandom
import Testing

@testable import LayoutEngine

/// A measure or an insert in a plain chip flow (`PlainFlowReflow`) reflows its rows in place
/// (`EstimatedInstances.reflowPlainRows`) instead of re-solving them through the general flow path. Each
/// operation is applied to two engines: one that takes the plain path, one with it turned off
/// (`UpdateWork.takesPlainFlowPath`: the general re-solve, `resolveFlowRows`). Every read of their storages,
/// their sections' placement and their outputs must be equal bit for bit, and the output the reference
/// solver's (to the oracle's 1e-6: sections after the first start at a prefix sum of the section offsets,
/// which the reference adds in another order).
@Suite("Plain chip flows reflow in place")
struct PlainFlowReflowTests {
    static func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }

    /// A random plain flow: no edge spacing, insets on the row or item, nor flexible spacing; fixed or
    /// estimated lengths across; either scroll direction; a header on some sections; negative inter-group
    /// spacing sometimes.
    static func layout(seed: UInt64) -> CollectionLayout {
        var rng = BenchRandom(seed: seed)
        let vertical = rng.chance(0.7)
        let main: Axis = vertical ? .x : .y
        let along = LayoutDimension.estimated(rng.double(30...90, step: 0.5))
        let acrossLength = rng.double(20...40, step: 0.5)
        let across: LayoutDimension = rng.chance(0.6) ? .absolute(acrossLength) : .estimated(acrossLength)
        let chip = LayoutItem(layoutSize: main == .x ? size(along, across) : size(across, along))
        let rowAcross = LayoutDimension.absolute(acrossLength)
        let row = LayoutGroup(
            layoutSize: main == .x ? size(.fractionalWidth(1), rowAcross) : size(rowAcross, .fractionalHeight(1)),
            arrangement: main == .x ? .horizontal : .vertical, subitems: .repeatingUntilFull([chip.node]),
            interItemSpacing: rng.chance(0.2) ? nil : .fixed(rng.double(0...9, step: 0.3)))
        var section = LayoutSection(group: row)
        section.contentInsets = EdgeInsets(
            top: rng.double(0...12, step: 0.7), leading: rng.double(0...12, step: 0.7),
            bottom: rng.double(0...12, step: 0.7), trailing: rng.double(0...12, step: 0.7))
        section.interGroupSpacing = rng.chance(0.15) ? -rng.double(1...50, step: 1) : rng.double(0...10, step: 0.5)
        var withHeader = section
        withHeader.boundarySupplementaryItems = [
            BoundarySupplementaryItem(
                layoutSize: vertical
                    ? size(.fractionalWidth(1), .absolute(30)) : size(.absolute(30), .fractionalHeight(1)),
                elementKind: "header", alignment: vertical ? .top : .leading, absoluteOffset: .zero,
                extendsBoundary: true)
        ]
        let definitions = (0..<rng.int(1...3)).map { k in
            SectionDefinition(count: rng.int(1...2), items: rng.int(1...70), section: k == 1 ? withHeader : section)
        }
        let extent = rng.double(160...420, step: 0.5)
        return CollectionLayout(
            name: "plain-reflow-\(seed)",
            container: LayoutContainer(width: vertical ? extent : 600, height: vertical ? 800 : extent),
            configuration: LayoutConfiguration(scrollDirection: vertical ? .vertical : .horizontal),
            sections: definitions,
            selfSizing: SelfSizing(
                seed: Int64(seed), width: .init(min: 10, max: 150), height: .init(min: 10, max: 150)))
    }

    /// What the two engines must agree on: every storage read, each section's placement, the query margins
    /// (as numbers: the largest of the sections' margins may be 0 or -0 as the sections were placed in turn).
    static func state(_ engine: LayoutEngine) -> [String] {
        var lines = ["overhang \(engine.overhangBefore + 0) \(engine.overhangAfter + 0)"]
        for s in 0..<engine.sectionCount {
            let g = engine.sections[s]
            lines.append(
                "section \(s): extent \(g.extent) overhang \(g.overhangBefore) \(g.overhangAfter) "
                    + "pBase \(g.pBase) qBase \(g.qBase) offset \(engine.sectionOffsets.prefixSum(s))")
            if let storage = RemeasureInstanceTests.storage(engine, s) {
                lines += SpliceInPlaceTests.reads(storage).map { "section \(s) \($0)" }
            }
        }
        return lines
    }

    func reference(_ engine: LayoutEngine) throws -> SolveOutput {
        try ReferenceSolver.solve(
            engine.state.layout, sections: engine.state.resolvedSections(), sizing: engine.state.sizing())
    }

    @Test("random measures and inserts: the plain path leaves what the general re-solve leaves")
    func agreesWithGeneralPath() throws {
        var measures = 0, inserts = 0, rowsChanged = 0, general = 0, plainSections = 0
        for seed in UInt64(1)...80 {
            let layout = Self.layout(seed: seed)
            let fast = try LayoutEngine(layout: layout)
            let slow = try LayoutEngine(layout: layout)
            slow.updateWork.takesPlainFlowPath = false
            plainSections += fast.definitions.compactMap { $0?.plainReflow }.count
            var rng = BenchRandom(seed: seed &* 6_700_417)
            for step in 0..<30 {
                let section = rng.index(below: fast.sectionCount)
                let count = fast.itemCount(inSection: section)
                let operation: LayoutOperation
                if rng.chance(0.35) || count == 0 {
                    // Mostly one chip, at the start, the end or anywhere; now and then more than the plain
                    // path takes at once.
                    let at = rng.weighted([(0.15, 0), (0.15, count), (0.7, rng.int(0...count))])
                    let n = rng.weighted([(0.7, 1), (0.25, rng.int(2...4)), (0.05, PlainFlowReflow.insertLimit + 1)])
                    operation = .insertItems(section: section, at: at, count: n)
                } else {
                    // Wider and narrower chips, now and then one with no length or wider than any row.
                    let length =
                        rng.chance(0.05) ? 0 : rng.chance(0.05) ? 900 : rng.double(5...160, step: rng.pick([1, 0.25]))
                    operation = .measure(
                        section: section, item: rng.index(below: count), width: length,
                        height: rng.double(5...60, step: 0.5))
                }
                let rowsBefore = RemeasureInstanceTests.storage(fast, section)?.count
                let (measuresBefore, insertsBefore) = (
                    fast.updateWork.plainFlowReflows, fast.updateWork.plainFlowInserts
                )
                let report = try fast.apply(operation)
                try slow.apply(operation)
                #expect(slow.updateWork.plainFlowReflows + slow.updateWork.plainFlowInserts == 0)
                let tookMeasure = fast.updateWork.plainFlowReflows > measuresBefore
                let tookInsert = fast.updateWork.plainFlowInserts > insertsBefore
                if tookMeasure || tookInsert {
                    if tookMeasure { measures += 1 } else { inserts += 1 }
                    if RemeasureInstanceTests.storage(fast, section)?.count != rowsBefore { rowsChanged += 1 }
                    // The rows written: the holding one (or the one before), and those a reflow reaches.
                    #expect(report.instancesSolved >= 1 && report.instancesSolved <= PlainFlowReflow.rowLimit)
                } else {
                    general += 1
                }
                let label = "seed \(seed) step \(step): \(operation)"
                if let difference = SpliceInPlaceTests.firstDifference(Self.state(fast), Self.state(slow)) {
                    Issue.record("\(label): \(difference)")
                }
                #expect(fast.output().elements == slow.output().elements, "\(label)")
                #expect(fast.output().differences(from: try reference(fast)).isEmpty, "\(label)")
            }
        }
        #expect(plainSections > 60, "\(plainSections) plain flow definitions")
        // Most operations take the plain path, some changing the rows' number there; the rest (no room, a
        // large insert, more rows than the allocation holds) take the general re-solve.
        #expect(measures > 900, "\(measures) plain measures")
        #expect(inserts > 500, "\(inserts) plain inserts")
        #expect(rowsChanged > 300, "\(rowsChanged) with a row more or fewer")
        #expect(general > 100, "\(general) general")
    }

    @Test("a reflow longer than the row limit, and rows past the allocation, go to the general re-solve")
    func limitsFallBack() throws {
        // Chips of 5 to 15 points (rows that differ, so the storage takes the full form), then all measured
        // to 10 points at once: ten fill a 100-point row exactly, and a first chip 5 points wider moves every
        // row's break.
        let chip = LayoutItem(layoutSize: Self.size(.estimated(10), .absolute(20)))
        let row = LayoutGroup(
            layoutSize: Self.size(.fractionalWidth(1), .absolute(20)), arrangement: .horizontal,
            subitems: .repeatingUntilFull([chip.node]), interItemSpacing: .fixed(0))
        let layout = CollectionLayout(
            name: "cascade", container: LayoutContainer(width: 100, height: 800),
            sections: [SectionDefinition(count: 1, items: 1_000, section: LayoutSection(group: row))],
            selfSizing: SelfSizing(seed: 3, width: .init(min: 5, max: 15)))
        let engine = try LayoutEngine(layout: layout)
        #expect(engine.definitions[0]?.plainReflow != nil)
        try engine.measure((0..<1_000).map { (IndexPath(section: 0, item: $0), Size(width: 10, height: 20)) })
        #expect(RemeasureInstanceTests.storage(engine, 0)?.splices == true)
        #expect(RemeasureInstanceTests.storage(engine, 0)?.count == 100)
        #expect(engine.updateWork.plainFlowReflows == 0)
        // Within the last row: the plain path.
        try engine.measure([(IndexPath(section: 0, item: 995), Size(width: 5, height: 20))])
        #expect(engine.updateWork.plainFlowReflows == 1)
        #expect(engine.output().elements == (try reference(engine)).elements)
        // Every row reflows (more than `rowLimit`): the general re-solve, which adds a row.
        try engine.measure([(IndexPath(section: 0, item: 0), Size(width: 15, height: 20))])
        #expect(engine.updateWork.plainFlowReflows == 1)
        #expect(RemeasureInstanceTests.storage(engine, 0)?.count == 101)
        #expect(engine.output().elements == (try reference(engine)).elements)
        // Rows added one by one at the end (a chip as wide as the row) until the allocation is full: then the
        // general re-solve grows it.
        var plainRowsAdded = 0
        for k in 0..<300 {
            let before = engine.updateWork.plainFlowReflows
            try engine.measure([(IndexPath(section: 0, item: 999 - k), Size(width: 100, height: 20))])
            if engine.updateWork.plainFlowReflows > before { plainRowsAdded += 1 }
        }
        #expect((RemeasureInstanceTests.storage(engine, 0)?.count ?? 0) > 300)
        #expect(plainRowsAdded > 100 && plainRowsAdded < 300, "\(plainRowsAdded) of 300 measures in place")
        #expect(engine.output().elements == (try reference(engine)).elements)
    }
}
