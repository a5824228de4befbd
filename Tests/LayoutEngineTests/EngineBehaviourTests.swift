import CompositionalLayout
import Foundation
import LayoutEngine
import LayoutSpec
import LayoutTestSupport
import ReferenceSolver
import Testing

/// Pinned boundary items at a content offset (docs/layout-rules.md §4.3), and work proportional to each change.
@Suite("Engine behaviour")
struct EngineBehaviourTests {
    static func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }

    /// Sections of `items` rows 50 tall, a pinned 30-point header and an unpinned footer.
    static func pinnedLayout(sections: Int = 5, items: Int = 10, estimated: Bool = false) -> CollectionLayout {
        let height: LayoutDimension = estimated ? .estimated(50) : .absolute(50)
        let item = LayoutItem(layoutSize: size(.fractionalWidth(1), height))
        let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), height), subitems: [item])
        var section = LayoutSection(group: group)
        section.boundarySupplementaryItems = [
            BoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(30)), elementKind: "header",
                alignment: .top, pinToVisibleBounds: true),
            BoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(20)), elementKind: "footer",
                alignment: .bottom, pinToVisibleBounds: true),
        ]
        return CollectionLayout(
            name: "pinned", container: LayoutContainer(width: 390, height: 300),
            sections: [SectionDefinition(count: sections, items: items, section: section)],
            selfSizing: SelfSizing(seed: 3, height: .init(min: 40, max: 70)))
    }

    @Test("a pinned header sticks to the top of the visible bounds within its section")
    func pinnedHeader() throws {
        let engine = try LayoutEngine(layout: Self.pinnedLayout())
        // Each section: header 30 + 10 rows of 50 + footer 20 = 550.
        let viewport = Rect(x: 0, y: 100, width: 390, height: 300)
        let elements = engine.elements(in: viewport, pinnedAt: 100)
        let header0 = elements.first { $0.kind == "header" && $0.section == 0 }
        #expect(header0?.frame == Rect(x: 0, y: 100, width: 390, height: 30))
        // Near the end of section 0 the header stops at the section's end.
        let late = engine.elements(in: Rect(x: 0, y: 530, width: 390, height: 300), pinnedAt: 530)
        let stuck = late.first { $0.kind == "header" && $0.section == 0 }?.frame.y ?? -1
        #expect(abs(stuck - 520) < 1e-9, "\(stuck.bitPattern) \(stuck)")
        // The next section's header is at its own place until the offset passes it.
        #expect(late.first { $0.kind == "header" && $0.section == 1 }?.frame.y == 550)
        // A pinned footer sticks to the bottom of the visible bounds while its section shows, never above its section.
        let top = engine.elements(in: Rect(x: 0, y: 0, width: 390, height: 300), pinnedAt: 0)
        let footer = top.first { $0.kind == "footer" && $0.section == 0 }?.frame.y ?? -1
        #expect(abs(footer - 280) < 1e-9, "\(footer)")
        // At offset 0 nothing moves for the header: it is at its own place.
        #expect(top.first { $0.kind == "header" && $0.section == 0 }?.frame.y == 0)
    }

    @Test("pinning keeps the element count and changes only pinned items")
    func pinningChangesOnlyPinned() throws {
        let engine = try LayoutEngine(layout: Self.pinnedLayout())
        let rect = Rect(x: 0, y: 0, width: 390, height: 3000)
        let plain = Dictionary(uniqueKeysWithValues: engine.elements(in: rect).map { ($0.key, $0) })
        let pinned = engine.elements(in: rect, pinnedAt: 260)
        for element in pinned where element.category == .cell {
            #expect(plain[element.key]?.frame == element.frame)
        }
        #expect(pinned.filter { $0.category == .cell }.count == plain.values.filter { $0.category == .cell }.count)
    }

    @Test("measuring one item re-solves one instance of one section, at any size")
    func measureOneIsLocal() throws {
        for sections in [10, 200] {
            let engine = try LayoutEngine(layout: Self.pinnedLayout(sections: sections, items: 100, estimated: true))
            let before = engine.frame(of: IndexPath(section: sections - 1, item: 0))!
            let report = try engine.measure([(IndexPath(section: 3, item: 40), Size(width: 390, height: 200))])
            #expect(report.sectionsSolved == 1)
            #expect(report.instancesSolved <= 2)
            #expect(report.itemsMeasured == 1)
            let after = engine.frame(of: IndexPath(section: sections - 1, item: 0))!
            let delta = 200 - engine.frame(of: IndexPath(section: 3, item: 40))!.height + (after.y - before.y)
            #expect(abs(after.y - before.y) > 0 && delta >= 0)
            // And the result equals a fresh reference solve of the same state.
            let reference = try ReferenceSolver.solve(
                engine.state.layout, sections: engine.state.resolvedSections(),
                sizing: engine.state.sizing())
            #expect(engine.output().differences(from: reference).isEmpty)
        }
    }

    @Test("inserting an item re-solves only its section")
    func insertIsLocal() throws {
        let engine = try LayoutEngine(layout: Self.pinnedLayout(sections: 200, items: 100))
        let report = try engine.apply(.insertItems(section: 7, at: 50, count: 1))
        #expect(report.sectionsSolved == 1)
        #expect(engine.itemCount(inSection: 7) == 101)
        #expect(
            engine.frame(of: IndexPath(section: 8, item: 0))!.y == engine.frame(of: IndexPath(section: 7, item: 100))!
                .maxY + 20 + 30)
    }

    @Test("a full solve gives the same output for 1 and 2 threads")
    func threadsAgree() throws {
        let spec = Fixtures.url("realistic/social-feed.yaml")
        let layout = try SpecReader.read(contentsOf: spec.path)
        let one = try LayoutEngine(layout: layout, threads: 1).output()
        let two = try LayoutEngine(layout: layout, threads: 2, parallelGrain: 1).output()
        #expect(one.elements == two.elements)
        #expect(one.contentSize == two.contentSize)
    }
}
