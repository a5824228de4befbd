import CompositionalLayout
import ReferenceSolver
import Testing

@testable import LayoutEngine

/// Items inserted into and deleted from compact sections are spliced (`SectionBuilder.spliceCompact`): the
/// old item lengths copied in blocks, only the rows the change touched solved. The frames equal a fresh
/// reference solve after every change, with measured items moving with their sizes, at the first, a middle
/// and the last item, by one item, by whole rows and by an odd count.
@Suite("Inserts and deletes splice a compact section")
struct CompactSpliceTests {
    /// Plain lists, inset-grouped lists and 2-column card grids (the `selfsizing` preset's kinds), with
    /// enough items for rows before and after every change.
    static func layout() -> CollectionLayout {
        var layout = RemeasureInstanceTests.layout()
        layout.sections[0].items = 14
        layout.sections[1].items = 11
        layout.sections[2].items = 15
        return layout
    }

    func matchesReference(_ engine: LayoutEngine) throws -> Bool {
        let reference = try ReferenceSolver.solve(
            engine.state.layout, sections: engine.state.resolvedSections(), sizing: engine.state.sizing())
        return engine.output().differences(from: reference).isEmpty
    }

    @Test("inserts and deletes of 1, 2 and 3 items at the first, a middle and the last item equal the reference")
    func insertAndDelete() throws {
        let engine = try LayoutEngine(layout: Self.layout())
        // Measured sizes, so that a stored length read from the wrong item shows in the frames.
        for section in 0..<engine.sectionCount {
            let sizes = (0..<engine.itemCount(inSection: section)).map { item in
                (IndexPath(section: section, item: item), Size(width: 100, height: Double(30 + 17 * item % 90)))
            }
            try engine.measure(sizes)
        }
        #expect(try matchesReference(engine))
        var splices = 0
        for section in [0, 3, 4, 5] {
            for count in [1, 2, 3] {
                for place in ["first", "middle", "last"] {
                    let items = engine.itemCount(inSection: section)
                    let at = place == "first" ? 0 : place == "middle" ? items / 2 : items
                    let inserted = try engine.apply(.insertItems(section: section, at: at, count: count))
                    splices += 1
                    #expect(engine.updateWork.compactSplices == splices, "insert \(count) at \(at) in \(section)")
                    #expect(inserted.sectionsSolved == 1)
                    if section < 4 {
                        // A list solves only the new rows.
                        #expect(inserted.instancesSolved == count, "\(inserted)")
                    }
                    #expect(try matchesReference(engine), "insert \(count) at \(at) in \(section)")
                    // The new items measured, then deleted again from the other end of the change.
                    try engine.measure(
                        (at..<at + count).map { (IndexPath(section: section, item: $0), Size(width: 90, height: 211)) })
                    #expect(try matchesReference(engine))
                    let from = place == "last" ? max(0, at - 1) : at
                    let deleted = try engine.apply(.deleteItems(section: section, at: from, count: count))
                    splices += 1
                    #expect(engine.updateWork.compactSplices == splices, "delete \(count) at \(from) in \(section)")
                    if section < 4 { #expect(deleted.instancesSolved == 0, "\(deleted)") }
                    #expect(try matchesReference(engine), "delete \(count) at \(from) in \(section)")
                }
            }
            #expect(RemeasureInstanceTests.storage(engine, section)?.isCompact == true)
        }
        // Deletes always fit in the old storage's allocation, and most inserts of a few items do
        // (`EstimatedInstances.rewriteCompact`).
        #expect(engine.updateWork.compactSplicesInPlace * 4 > splices * 3, "\(engine.updateWork.compactSplicesInPlace)")
    }

    @Test("an insert too large for the old storage's allocation splices into a new one, equal to the reference")
    func largeInsertAllocates() throws {
        let engine = try LayoutEngine(layout: Self.layout())
        // Only its identity kept: a reference held here would make every splice allocate.
        #expect(RemeasureInstanceTests.storage(engine, 0)?.isCompact == true)
        let oldIdentity = ObjectIdentifier(try #require(RemeasureInstanceTests.storage(engine, 0)))
        // 200 items more than 14: far past any room the allocator left.
        let (splices, inPlace) = (engine.updateWork.compactSplices, engine.updateWork.compactSplicesInPlace)
        try engine.apply(.insertItems(section: 0, at: 7, count: 200))
        #expect(engine.updateWork.compactSplices == splices + 1)
        #expect(engine.updateWork.compactSplicesInPlace == inPlace)
        #expect(try matchesReference(engine))
        let newIdentity = ObjectIdentifier(try #require(RemeasureInstanceTests.storage(engine, 0)))
        #expect(newIdentity != oldIdentity)
        // One more item then fits in the new storage's own room, or not: either way the frames are right,
        // and a delete of one always fits.
        try engine.apply(.deleteItems(section: 0, at: 100, count: 1))
        #expect(engine.updateWork.compactSplicesInPlace == inPlace + 1)
        #expect(ObjectIdentifier(try #require(RemeasureInstanceTests.storage(engine, 0))) == newIdentity)
        #expect(try matchesReference(engine))
    }

    @Test("a card grid's rows re-pair after an odd change; the odd last card stays off the pattern")
    func cardRowsRePair() throws {
        let engine = try LayoutEngine(layout: Self.layout())
        // Every card a different height, so that each row's height is its taller card's.
        for section in [4, 5] {
            try engine.measure(
                (0..<engine.itemCount(inSection: section)).map {
                    (IndexPath(section: section, item: $0), Size(width: 100, height: Double(20 + 37 * $0 % 150)))
                })
        }
        let before = engine.updateWork.compactSplices
        // 15 cards: 7 full rows and the last alone; one more makes 8 full rows, one fewer again 7 and 1.
        try engine.apply(.insertItems(section: 4, at: 3, count: 1))
        #expect(try matchesReference(engine))
        try engine.apply(.deleteItems(section: 4, at: 0, count: 1))
        #expect(try matchesReference(engine))
        try engine.apply(.deleteItems(section: 5, at: 14, count: 1))
        #expect(try matchesReference(engine))
        try engine.apply(.insertItems(section: 5, at: 7, count: 2))
        #expect(try matchesReference(engine))
        #expect(engine.updateWork.compactSplices == before + 4)
        for section in [4, 5] { #expect(RemeasureInstanceTests.storage(engine, section)?.isCompact == true) }
    }
}
