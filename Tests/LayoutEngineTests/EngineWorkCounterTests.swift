import CompositionalLayout
import ReferenceSolver
import Testing

@testable import LayoutEngine

/// Work counters (`UpdateReport`) of every incremental operation on a 10,000-section layout of estimated
/// lists: each touches the sections and rows its change needs, never a number that grows with the layout,
/// and the result still equals a fresh reference solve.
@Suite("Incremental operations do work bounded by their change")
struct EngineWorkCounterTests {
    /// 10,000 sections of estimated rows: lists (one item per row) in the first half, 2-column cards after.
    static func layout(sections: Int = 10_000, items: Int = 10) -> CollectionLayout {
        let height: LayoutDimension = .estimated(50)
        let row = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), height),
            subitems: [LayoutItem(layoutSize: size(.fractionalWidth(1), height))])
        let pair = LayoutGroup(
            layoutSize: size(.fractionalWidth(1), height), arrangement: .horizontal,
            subitems: .dividing(LayoutItem(layoutSize: size(.fractionalWidth(1), height)).node, count: 2),
            interItemSpacing: .fixed(8))
        var list = LayoutSection(group: row)
        list.boundarySupplementaryItems = [
            BoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(30)), elementKind: "header", alignment: .top)
        ]
        let cards = LayoutSection(group: pair)
        return CollectionLayout(
            name: "counters", container: LayoutContainer(width: 390, height: 844),
            sections: [
                SectionDefinition(count: sections / 2, items: items, section: list),
                SectionDefinition(count: sections / 2, items: items, section: cards),
            ],
            selfSizing: SelfSizing(seed: 5, height: .init(min: 40, max: 120)))
    }

    static func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }

    /// A solved 10,000-section layout (100,000 items, every one measured by the model).
    static func engine() throws -> LayoutEngine { try LayoutEngine(layout: layout(), threads: 2) }

    @Test("measure: 1 section, at most 2 rows, no section shifted by hand")
    func measure() throws {
        let engine = try Self.engine()
        for (section, item) in [(10, 0), (4_001, 7), (9_998, 9), (9_998, 4)] {
            let report = try engine.measure([(IndexPath(section: section, item: item), Size(width: 390, height: 211))])
            #expect(report.sectionsSolved == 1)
            #expect(report.instancesSolved <= 2)
            #expect(report.itemsMeasured == 1)
            #expect(report.sectionsPlaced == 0)
        }
    }

    @Test("insert, delete, reload, move an item: the sections changed, rows bounded by the change")
    func itemOperations() throws {
        let engine = try Self.engine()
        let operations: [LayoutOperation] = [
            .insertItems(section: 20, at: 5, count: 3),
            .deleteItems(section: 21, at: 0, count: 2),
            .reloadItems(section: 22, at: 3, count: 4),
            .moveItem(from: IndexPath(section: 23, item: 3), to: IndexPath(section: 23, item: 9)),
            .moveItem(from: IndexPath(section: 24, item: 3), to: IndexPath(section: 25, item: 0)),
        ]
        let rowBounds = [3 + 3, 2 + 2, 4 + 2, 7 + 2, 4]
        let sectionBounds = [1, 1, 1, 1, 2]
        for (k, operation) in operations.enumerated() {
            let report = try engine.apply(operation)
            #expect(report.sectionsSolved == sectionBounds[k], "\(operation): \(report)")
            #expect(report.instancesSolved <= rowBounds[k], "\(operation): \(report)")
            #expect(report.sectionsPlaced == 0)
        }
    }

    @Test("insert and delete sections, move a section: bounded by the sections changed")
    func sectionOperations() throws {
        let engine = try Self.engine()
        var report = try engine.apply(.insertSections(at: 100, definition: .index(0), count: 2, items: 30))
        #expect(report.sectionsSolved == 2 && report.instancesSolved == 60 && report.sectionsPlaced == 0, "\(report)")
        report = try engine.apply(.deleteSections(at: 100, count: 2))
        #expect(report.sectionsSolved == 0 && report.instancesSolved == 0 && report.sectionsPlaced == 0)
        report = try engine.apply(.moveSection(from: 30, to: 9_000))
        #expect(report.sectionsSolved == 0 && report.instancesSolved == 0 && report.sectionsPlaced == 0)
        report = try engine.apply(.moveSection(from: 9_000, to: 30))
        #expect(report.sectionsSolved == 0 && report.instancesSolved == 0)
    }

    @Test("replaceDefinition re-solves the sections of that definition, and only them")
    func replaceDefinition() throws {
        let engine = try Self.engine()
        var fields = engine.state.layout.sections[1]
        fields.fields.interGroupSpacing = 12
        let report = try engine.replaceDefinition(at: 1, with: fields)
        // Definition 1 builds the second half: 5,000 sections of 10 items in 5 card rows each.
        #expect(
            report.sectionsSolved == 5_000 && report.instancesSolved == 25_000 && report.sectionsPlaced == 0,
            "\(report)")
        let reference = try ReferenceSolver.solve(
            engine.state.layout, sections: engine.state.resolvedSections(),
            sizing: engine.state.sizing())
        #expect(engine.output().differences(from: reference, limit: 4).isEmpty)
    }

    @Test("a section move over headers measured by index places the sections between, and solves none")
    func moveOverIndexMeasuredHeaders() throws {
        // docs/spec-format.md "Self-sizing": a supplementary measures with its section's index, so a move changes
        // the headers of every section it passes: O(distance) placements, no rows solved.
        var layout = Self.layout(sections: 200)
        for d in layout.sections.indices {
            layout.sections[d].fields.boundarySupplementaryItems = [
                BoundarySupplementaryItem(
                    layoutSize: Self.size(.fractionalWidth(1), .estimated(30)), elementKind: "header", alignment: .top,
                    selfSizing: SelfSizing(seed: 3, height: .init(min: 20, max: 60)))
            ]
        }
        let engine = try LayoutEngine(layout: layout)
        let report = try engine.apply(.moveSection(from: 20, to: 70))
        #expect(report.sectionsSolved == 0 && report.instancesSolved == 0, "\(report)")
        #expect(report.sectionsPlaced == 51, "\(report)")
        let reference = try ReferenceSolver.solve(
            engine.state.layout, sections: engine.state.resolvedSections(),
            sizing: engine.state.sizing())
        #expect(engine.output().differences(from: reference, limit: 4).isEmpty)
    }

    @Test("a moved section keeps its measured sizes")
    func moveKeepsSizes() throws {
        let engine = try LayoutEngine(layout: Self.layout(sections: 40), measure: .none)
        try engine.measure([(IndexPath(section: 3, item: 2), Size(width: 390, height: 321))])
        #expect(engine.frame(of: IndexPath(section: 3, item: 2))?.height == 321)
        let report = try engine.apply(.moveSection(from: 3, to: 30))
        #expect(report.sectionsSolved == 0 && report.instancesSolved == 0)
        #expect(engine.frame(of: IndexPath(section: 30, item: 2))?.height == 321)
        let reference = try ReferenceSolver.solve(
            engine.state.layout, sections: engine.state.resolvedSections(),
            sizing: engine.state.sizing())
        #expect(engine.output().differences(from: reference).isEmpty)
    }

    @Test("a rotation and back restores the solve at the first size; any other change in between solves again")
    func rotationBack() throws {
        let engine = try LayoutEngine(layout: Self.layout(sections: 40), measure: .none)
        func matchesReference() throws -> Bool {
            let reference = try ReferenceSolver.solve(
                engine.state.layout, sections: engine.state.resolvedSections(),
                sizing: engine.state.sizing())
            return engine.output().differences(from: reference).isEmpty
        }
        var report = try engine.apply(.resize(width: 844, height: 390))
        #expect(report.sectionsSolved == 40, "\(report)")
        #expect(try matchesReference())
        for _ in 0..<2 {
            report = try engine.apply(.resize(width: 390, height: 844))
            #expect(report.sectionsSolved == 0 && report.instancesSolved == 0, "\(report)")
            #expect(try matchesReference())
            report = try engine.apply(.resize(width: 844, height: 390))
            #expect(report.sectionsSolved == 0 && report.instancesSolved == 0, "\(report)")
            #expect(try matchesReference())
        }
        // A measure in landscape: the portrait solve no longer holds.
        try engine.measure([(IndexPath(section: 3, item: 2), Size(width: 390, height: 321))])
        report = try engine.apply(.resize(width: 390, height: 844))
        #expect(report.sectionsSolved == 40, "\(report)")
        #expect(try matchesReference())
        report = try engine.apply(.resize(width: 844, height: 390))
        #expect(report.sectionsSolved == 0, "\(report)")
        #expect(engine.frame(of: IndexPath(section: 3, item: 2))?.height == 321)
        #expect(try matchesReference())
    }

    @Test("lazy prepare measures only rows near the rect: work bounded by the viewport, not the layout")
    func lazyPrepare() throws {
        let engine = try LayoutEngine(layout: Self.layout(sections: 2_000), lazy: true)
        let report = engine.prepare(visibleRect: Rect(x: 0, y: 300_000, width: 390, height: 844))
        #expect(report.itemsMeasured > 0 && report.itemsMeasured <= 200, "\(report)")
        #expect(report.sectionsSolved <= 20 && report.instancesSolved <= 400, "\(report)")
    }

    @Test("lazy scroll through one long section: each stop solves the rows it measures, not the section")
    func lazyScrollInOneSection() throws {
        var layout = Self.layout(sections: 2, items: 20_000)
        layout.sections[1].count = 0
        let engine = try LayoutEngine(layout: layout, lazy: true)
        var y = 0.0
        var measured = 0
        while y < 200_000 {
            let rect = Rect(x: 0, y: y, width: 390, height: 844)
            let report = engine.prepare(visibleRect: rect)
            measured += report.itemsMeasured
            // Each round solves its measured rows, the row before them and the one after (whose position moved).
            #expect(report.itemsMeasured <= 100, "\(report)")
            #expect(report.instancesSolved <= report.itemsMeasured + 2 * report.sectionsSolved, "\(report)")
            // Nothing is left to measure near the rect: preparing it again does nothing.
            #expect(engine.prepare(visibleRect: rect) == UpdateReport())
            y += 844
        }
        #expect(measured > 1_000)
        let reference = try ReferenceSolver.solve(
            engine.state.layout, sections: engine.state.resolvedSections(),
            sizing: engine.state.sizing())
        #expect(engine.output().differences(from: reference).isEmpty)
    }

    /// Every cell frame, in `forEachCellFrame`'s order.
    static func frames(_ engine: LayoutEngine) -> [Rect] {
        var frames: [Rect] = []
        engine.forEachCellFrame { frames.append($1) }
        return frames
    }

    @Test("serial below the grain: 2 threads on 200 items run no parallel phase, frames equal 1 thread's")
    func serialBelowGrain() throws {
        let serial = try LayoutEngine(layout: Self.layout(sections: 20, items: 10), threads: 1)
        let engine = try LayoutEngine(layout: Self.layout(sections: 20, items: 10), threads: 2)
        #expect(engine.parallelGrain * 2 > 200)
        #expect(engine.report.parallelPhases == 0)
        #expect(Self.frames(engine) == Self.frames(serial))
        let buffer = UnsafeMutableBufferPointer<Rect>.allocate(capacity: 200)
        defer { buffer.deallocate() }
        #expect(engine.writeCellFrames(into: buffer) == 200)
        #expect(engine.parallelPhasesRun == 0)
        #expect(Array(buffer) == Self.frames(serial))
    }

    @Test("above the grain: 2 threads run the solve and the cell writing in parallel, with 1 thread's frames")
    func parallelAboveGrain() throws {
        let serial = try LayoutEngine(layout: Self.layout(sections: 20, items: 10), threads: 1)
        let engine = try LayoutEngine(layout: Self.layout(sections: 20, items: 10), threads: 2)
        engine.parallelGrain = 50  // 200 items: 2 workers of at least 50 each
        try engine.solveAll()
        #expect(engine.report.parallelPhases == 1)
        #expect(engine.parallelPhasesRun == 1)
        #expect(Self.frames(engine) == Self.frames(serial))
        let buffer = UnsafeMutableBufferPointer<Rect>.allocate(capacity: 200)
        defer { buffer.deallocate() }
        #expect(engine.writeCellFrames(into: buffer) == 200)
        #expect(engine.parallelPhasesRun == 2)
        #expect(Array(buffer) == Self.frames(serial))
        // 1 thread never runs a parallel phase, whatever the grain.
        serial.parallelGrain = 1
        try serial.solveAll()
        #expect(serial.report.parallelPhases == 0)
        #expect(serial.parallelPhasesRun == 0)
    }

    @Test("the default grain: 2 workers from 2 x 16,384 estimated items solved alone, serial just below")
    func defaultGrainSplitsLargeLayouts() throws {
        #expect(Parallel.defaultGrain == 16_384)
        // 40,000 estimated items in 4,000 sections, each solved alone: two workers of at least 16,384 each.
        let large = try LayoutEngine(layout: Self.layout(sections: 4_000, items: 10), threads: 2, parallelGrain: nil)
        #expect(large.parallelGrain == Parallel.defaultGrain)
        #expect(large.report.parallelPhases == 1)
        // The work is items plus sections solved alone: 28,000 + 2,800 is under 2 x 16,384, so the solve stays
        // on the calling thread.
        let small = try LayoutEngine(layout: Self.layout(sections: 2_800, items: 10), threads: 2, parallelGrain: nil)
        #expect(small.report.parallelPhases == 0)
    }
}
