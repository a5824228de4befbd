import CompositionalLayout
import LayoutEngine
import LayoutRender
import LayoutSpec
import LayoutTestSupport
import Testing

/// A picture drawn from the engine read by section is the picture of its whole output: every fixture spec,
/// whole, with an element limit that keeps only leading sections or cuts a section after some items, and with
/// a section range.
@Suite("Pictures drawn from the engine")
struct EngineRenderTests {
    static let specs: [String] = Array(Set(LayoutTestSupport.Fixtures.cases().map(\.specURL.path))).sorted()

    @Test("the engine's picture equals the picture of its output", arguments: specs)
    func sameAsWholeOutput(_ path: String) throws {
        let engine = try LayoutEngine(layout: try SpecReader.read(contentsOf: path), measure: .all)
        let output = engine.output()
        var options: [RenderOptions] = [
            RenderOptions(), RenderOptions(elementLimit: 7), RenderOptions(elementLimit: 1),
        ]
        if engine.sectionCount > 1 { options.append(RenderOptions(sections: 1...(engine.sectionCount - 1))) }
        for option in options {
            #expect(SVGRenderer.render(engine, options: option) == SVGRenderer.render(output, options: option))
        }
    }

    @Test("a large layout's picture names its total and draws only the leading sections")
    func largeLayout() throws {
        let yaml = """
            version: 1
            name: grid
            container: { width: 400, height: 800 }
            sections:
              - items: 1000
                count: 200
                group:
                  horizontal:
                    size: { width: fractionalWidth(1), height: absolute(50) }
                    subitems:
                      - item: { size: { width: fractionalWidth(0.25), height: fractionalHeight(1) } }
            """
        let engine = try LayoutEngine(layout: try SpecReader.read(yaml: yaml), measure: .none)
        let svg = try ParsedSVG(SVGRenderer.render(engine))
        #expect(
            try svg.texts(class: "note").joined(separator: " ")
                == "element limit 5,000: showing sections 0–4 of 200 (5,000 of 200,000 elements)")
    }

    @Test("a section cut after some items is read by rect query, only as far as the picture needs")
    func cutSectionReadByRectQuery() throws {
        let yaml = """
            version: 1
            name: one long section
            container: { width: 400, height: 800 }
            sections:
              - items: 40000
                group:
                  horizontal:
                    size: { width: fractionalWidth(1), height: absolute(50) }
                    subitems:
                      - item: { size: { width: fractionalWidth(0.25), height: fractionalHeight(1) } }
                boundarySupplementaryItems:
                  - { elementKind: header, size: { width: fractionalWidth(1), height: absolute(30) }, alignment: top }
            """
        let engine = try LayoutEngine(layout: try SpecReader.read(yaml: yaml), measure: .none)
        let counting = CountingSource(engine: engine)
        let options = RenderOptions(elementLimit: 1_000)
        let picture = SVGRenderer.render(counting, options: options)
        #expect(picture == SVGRenderer.render(engine.output(), options: options))
        // 1,000 elements drawn of 40,001: the reads stop within a doubling of the budget, far from the section.
        #expect(counting.wholeSectionReads == 0)
        #expect(counting.elementsRead > 1_000 && counting.elementsRead < 8_000, "read \(counting.elementsRead)")
        // The note wraps at the drawing's width: its lines read as one.
        let note = try ParsedSVG(picture).texts(class: "note").joined(separator: " ")
        #expect(note.hasPrefix("element limit 1,000: showing section 0 of 1, items 0–"), "\(note)")
    }
}

/// The engine as a render source, counting what the picture reads of it.
private final class CountingSource: RenderSource {
    let engine: LayoutEngine
    var elementsRead = 0
    var wholeSectionReads = 0
    init(engine: LayoutEngine) { self.engine = engine }
    func outline() -> SolveOutput { engine.outline() }
    func elementCount(inSection index: Int) -> Int { engine.elementCount(inSection: index) }
    func elements(inSections range: ClosedRange<Int>) -> [LayoutElement] {
        let found = engine.elements(inSections: range)
        elementsRead += found.count
        if !found.isEmpty { wholeSectionReads += 1 }
        return found
    }
    func layoutElements() -> [LayoutElement] { engine.layoutElements() }
    func elements(in rect: Rect) -> [LayoutElement] {
        let found = engine.elements(in: rect)
        elementsRead += found.count
        return found
    }
}
