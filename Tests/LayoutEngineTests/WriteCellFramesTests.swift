import CompositionalLayout
import Testing

@testable import LayoutEngine

/// `writeCellFrames` on fixed-size sections, whose plain frames (no display scale, left to right) are written
/// instance by instance without a test per cell: the frames are `forEachCellFrame`'s, bit for bit, for any
/// buffer length (frames past its end dropped), scrolling either way and in orthogonal sections.
@Suite("writeCellFrames on fixed-size sections")
struct WriteCellFramesTests {
    /// Three 100 × 80 cells a row with 10 pt between rows; 10 items a section (the last row partial). With
    /// `orthogonal`, the sections scroll across (rows side by side).
    static func grid(
        scroll: Axis = .y, orthogonal: Bool = false, displayScale: Double? = nil
    ) -> CollectionLayout {
        let item = LayoutItem(layoutSize: size(.absolute(100), .absolute(80)))
        let row = LayoutGroup(
            layoutSize: scroll == .y ? size(.absolute(330), .absolute(80)) : size(.absolute(80), .absolute(330)),
            arrangement: scroll == .y ? .horizontal : .vertical,
            subitems: .dividing(item.node, count: 3), interItemSpacing: .fixed(15))
        var section = LayoutSection(group: row)
        section.interGroupSpacing = 10
        section.contentInsets = EdgeInsets(top: 7, leading: 5, bottom: 7, trailing: 5)
        if orthogonal { section.orthogonalScrollingBehavior = .continuous }
        var layout = CollectionLayout(
            name: "fixed grid",
            container: LayoutContainer(width: 390, height: 844, displayScale: displayScale),
            sections: [SectionDefinition(count: 6, items: 10, section: section)])
        layout.configuration.scrollDirection = scroll == .y ? .vertical : .horizontal
        return layout
    }

    static func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }

    static func frames(_ engine: LayoutEngine) -> [Rect] {
        var frames: [Rect] = []
        engine.forEachCellFrame { frames.append($1) }
        return frames
    }

    @Test(
        "every buffer length gets forEachCellFrame's frames, bit for bit, and the count of all",
        arguments: [(Axis.y, false), (Axis.y, true), (Axis.x, false), (Axis.x, true)])
    func framesForAnyBufferLength(scroll: Axis, orthogonal: Bool) throws {
        let engine = try LayoutEngine(layout: Self.grid(scroll: scroll, orthogonal: orthogonal), threads: 1)
        let expected = Self.frames(engine)
        #expect(expected.count == 60)
        // A partial last row, a cut inside a row, one frame short, exact, and room to spare.
        for capacity in [1, 4, 11, 59, 60, 64] {
            let buffer = UnsafeMutableBufferPointer<Rect>.allocate(capacity: capacity)
            defer { buffer.deallocate() }
            let sentinel = Rect(x: -1, y: -2, width: -3, height: -4)
            buffer.initialize(repeating: sentinel)
            #expect(engine.writeCellFrames(into: buffer) == 60, "capacity \(capacity)")
            let kept = min(capacity, 60)
            #expect(Array(buffer.prefix(kept)) == Array(expected.prefix(kept)), "capacity \(capacity)")
            #expect(buffer.dropFirst(kept).allSatisfy { $0 == sentinel }, "capacity \(capacity)")
        }
    }

    @Test("with a display scale the frames are rounded as forEachCellFrame rounds them")
    func roundedFrames() throws {
        let engine = try LayoutEngine(layout: Self.grid(displayScale: 3), threads: 1)
        let expected = Self.frames(engine)
        let buffer = UnsafeMutableBufferPointer<Rect>.allocate(capacity: expected.count)
        defer { buffer.deallocate() }
        #expect(engine.writeCellFrames(into: buffer) == expected.count)
        #expect(Array(buffer) == expected)
    }
}
