import CompositionalLayout
import Testing

@testable import LayoutEngine

/// A rect query writes into the buffer of the last query's result once its caller has let it go (as a
/// collection view does every frame), never into a result someone still holds, and does not keep a result
/// too large to be worth keeping.
@Suite("Rect queries recycle the last result's buffer")
struct RecycledQueryResultTests {
    /// A list of 20,000 rows of 44 pt with a header per section of 200.
    static func engine() throws -> LayoutEngine {
        func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
            LayoutSize(widthDimension: w, heightDimension: h)
        }
        let row = LayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(44)))
        var section = LayoutSection(
            group: LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(44)), subitems: [row]))
        section.boundarySupplementaryItems = [
            BoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(30)), elementKind: "header", alignment: .top)
        ]
        return try LayoutEngine(
            layout: CollectionLayout(
                name: "recycled-query", container: LayoutContainer(width: 390, height: 844),
                sections: [SectionDefinition(count: 100, items: 200, section: section)]))
    }

    static func address(_ elements: [LayoutElement]) -> UnsafeRawPointer? {
        elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test("a result let go is written over by the next query, with the next query's elements")
    func recyclesALetGoResult() throws {
        let engine = try Self.engine()
        let fresh = try Self.engine()
        var last: UnsafeRawPointer? = nil
        for y in stride(from: 0.0, through: 50_000, by: 5_000) {
            let rect = Rect(x: 0, y: y, width: 390, height: 844)
            let found = engine.elements(in: rect)
            #expect(found == fresh.elements(in: rect, scale: fresh.pixelScale), "y \(y)")
            let address = Self.address(found)
            #expect(Self.address(engine.recycledQueryResult) == address, "y \(y): the engine keeps the result's buffer")
            // Every query after the first finds about as many elements: the buffer stays the same.
            if y > 0 { #expect(address == last, "y \(y): a new buffer although the last result was let go") }
            last = address
        }
    }

    /// The first query reserves room for a screenful, so that the second, which asks a quarter more than
    /// the first found, does not allocate again (from a first hint of 16, the first query's appends left
    /// about as much room as it found).
    @Test("the first query leaves room for the next screenful")
    func firstQueryLeavesRoom() throws {
        let engine = try Self.engine()
        let first = engine.elements(in: Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(first.count > 16 && first.count < 100)
        #expect(engine.recycledQueryResult.capacity >= 128)
        let address = Self.address(first)
        _ = consume first
        let second = engine.elements(in: Rect(x: 0, y: 10_000, width: 390, height: 844))
        #expect(Self.address(second) == address, "the second query allocated a new buffer")
    }

    /// Chip clouds (flows, kept in the full form) of 150 chips under a header, each section two screens long:
    /// a query that finds no more elements than the kept buffer holds writes into it, wherever the rect cuts
    /// the sections (a walk that asked for as much room as the result held, not what it had left, made the
    /// buffer grow where a section's walk started past half of it).
    @Test("flow queries that fit in the kept buffer write into it")
    func flowQueriesKeepTheBuffer() throws {
        func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
            LayoutSize(widthDimension: w, heightDimension: h)
        }
        let chip = LayoutItem(layoutSize: size(.estimated(72), .absolute(32)))
        var section = LayoutSection(
            group: LayoutGroup(
                layoutSize: size(.fractionalWidth(1), .absolute(32)), arrangement: .horizontal,
                subitems: .repeatingUntilFull([chip.node]), interItemSpacing: .fixed(8)))
        section.interGroupSpacing = 8
        section.boundarySupplementaryItems = [
            BoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(30)), elementKind: "header", alignment: .top)
        ]
        let engine = try LayoutEngine(
            layout: CollectionLayout(
                name: "recycled-flow-query", container: LayoutContainer(width: 390, height: 844),
                sections: [SectionDefinition(count: 40, items: 150, section: section)],
                selfSizing: SelfSizing(seed: 7, width: .init(min: 40, max: 140))))
        #expect(engine.sections.allSatisfy { $0.holdsCompactInstances == false })
        // A first query past the content's end finds nothing and leaves the buffer it reserved (room for 128
        // or more). Rects 1,300 pt tall find about as many chips: many take most of one section and the start
        // of the next.
        var last = Self.address(engine.elements(in: Rect(x: 0, y: 1e7, width: 390, height: 1_300)))
        #expect(engine.recycledQueryResult.capacity >= 128)
        var kept = 0
        for y in stride(from: 0.0, through: 40_000, by: 333) {
            // What the buffer holds, and what the query reserves first (a quarter more than the last found).
            let room = engine.recycledQueryResult.capacity, hint = engine.queryCapacityHint
            let found = engine.elements(in: Rect(x: 0, y: y, width: 390, height: 1_300))
            let address = Self.address(found)
            if found.count <= room && hint <= room {
                #expect(address == last, "y \(y): \(found.count) elements in a new buffer, \(room) of room")
                kept += 1
            }
            last = address
        }
        #expect(kept > 20)
    }

    @Test("a result still held is never written over")
    func leavesAHeldResultAlone() throws {
        let engine = try Self.engine()
        let first = engine.elements(in: Rect(x: 0, y: 0, width: 390, height: 844))
        let copy = first.map { $0 }  // its own buffer
        #expect(first.contains { $0.kind == "header" && $0.category == .supplementary })
        let second = engine.elements(in: Rect(x: 0, y: 20_000, width: 390, height: 844))
        #expect(first == copy)
        #expect(Self.address(first) != Self.address(second))
        #expect(second.allSatisfy { $0.frame.y >= 20_000 - 44 })
    }

    @Test("a result of more than recycledQueryCapacity elements is not kept")
    func dropsALargeResult() throws {
        let engine = try Self.engine()
        let whole = engine.elements(in: Rect(x: 0, y: 0, width: 390, height: 900_000))
        #expect(whole.count > LayoutEngine.recycledQueryCapacity)
        #expect(engine.recycledQueryResult.capacity == 0)
        _ = engine.elements(in: Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(engine.recycledQueryResult.capacity > 0)
        #expect(engine.recycledQueryResult.capacity <= LayoutEngine.recycledQueryCapacity)
    }
}
