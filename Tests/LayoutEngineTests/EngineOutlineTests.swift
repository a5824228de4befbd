import CompositionalLayout
import LayoutEngine
import LayoutSpec
import LayoutTestSupport
import Testing

/// The solve read in parts (what a picture of a large layout reads): the outline, each section's element
/// count and its elements together give exactly `output()`.
@Suite("Engine outline, counts and sections")
struct EngineOutlineTests {
    @Test("outline, counts and elements by section add up to the output", arguments: EngineFixture.all())
    func partsAddUp(_ fixture: EngineFixture) throws {
        let (layout, _) = try fixture.load()
        let engine = try LayoutEngine(layout: layout, measure: fixture.measure)
        let output = engine.output()
        var outline = engine.outline()
        #expect(outline.elements.isEmpty)
        outline.elements = output.elements
        #expect(outline == output)
        var total = engine.layoutElements().count
        for index in 0..<engine.sectionCount {
            let expected = output.elements.filter { $0.section == index }.sorted { $0.key < $1.key }
            let elements = engine.elements(inSections: index...index).sorted { $0.key < $1.key }
            #expect(elements == expected, "section \(index)")
            #expect(engine.elementCount(inSection: index) == expected.count, "section \(index)")
            total += engine.elementCount(inSection: index)
        }
        #expect(total == output.elements.count)
        #expect(
            engine.layoutElements().sorted { $0.key < $1.key }
                == output.elements.filter { $0.section < 0 }.sorted { $0.key < $1.key })
        if engine.sectionCount > 1 {
            #expect(
                engine.elements(inSections: 0...(engine.sectionCount - 1)).count
                    == output.elements.count - engine.layoutElements().count)
        }
    }

    @Test("a large layout's counts come from its templates, and a section range emits only those sections")
    func countsOfALargeGrid() throws {
        // 30 sections of 1,000 items in rows of 4 (a fixed-size template), each with a header: 1,001 elements.
        let yaml = """
            version: 1
            name: grid
            container: { width: 400, height: 800 }
            sections:
              - items: 1000
                count: 30
                boundarySupplementaryItems:
                  - { elementKind: header, size: { width: fractionalWidth(1), height: absolute(30) }, alignment: top }
                group:
                  horizontal:
                    size: { width: fractionalWidth(1), height: absolute(50) }
                    subitems:
                      - item: { size: { width: fractionalWidth(0.25), height: fractionalHeight(1) } }
            """
        let engine = try LayoutEngine(layout: try SpecReader.read(yaml: yaml), measure: .none)
        #expect(engine.sectionCount == 30)
        #expect((0..<30).map { engine.elementCount(inSection: $0) } == Array(repeating: 1_001, count: 30))
        let tail = engine.elements(inSections: 28...40)
        #expect(tail.count == 2 * 1_001)
        #expect(Set(tail.map(\.section)) == [28, 29])
    }
}
