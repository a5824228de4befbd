import CompositionalLayout
import Foundation
import Testing

@testable import LayoutRender

/// Drawing part of a layout: a range of sections, and the element limit for large layouts.
@Suite struct SVGRendererSelectionTests {
    @Test func aSectionRangeKeepsOnlyThoseSectionsElements() throws {
        let svg = try ParsedSVG(SVGRenderer.render(Fixtures.feed, options: RenderOptions(sections: 1...1)))
        let labels = try svg.texts(class: "cell-label")
        #expect(labels.count == 6)
        #expect(labels.allSatisfy { $0.hasPrefix("1.") })
        #expect(try svg.elements("rect", class: "cell").count == 6)
        #expect(try svg.elements("rect", class: "decoration").count == 1)
        // The badge of section 1 stays; the header of section 0 and the layout footer (not overlapping) go.
        #expect(try svg.elements("rect", class: "supplementary").count == 1)
        #expect(try svg.texts(class: "note") == ["showing section 1 of 3 (8 of 19 elements)"])
        #expect(try svg.elements("rect", class: "scroller").isEmpty)
    }

    @Test func theFirstDrawnSectionIsMovedToTheTop() throws {
        let part = try ParsedSVG(SVGRenderer.render(Fixtures.feed, options: RenderOptions(sections: 1...2)))
        let band = try #require(try part.elements("rect", class: "band1").first)
        let viewport = try #require(try part.elements("rect", class: "viewport").first)
        // Section 1 starts the drawing (where the viewport is drawn, saying where that is), and its first
        // cell keeps its place in the section (8 pt below its start).
        #expect(band.number("y") == viewport.number("y"))
        #expect(try part.texts(class: "viewport-label") == ["viewport 390×844 at y 176"])
        let cell = try #require(try part.cell("1.0"))
        #expect(cell.number("y") == band.number("y") + 8)
        // Without the orthogonal shelf, the canvas is no wider than the container needs.
        #expect(try #require(part.rootNumber("width")) < 700)
    }

    @Test func layoutWideElementsAppearWhereTheyOverlapTheDrawnSections() throws {
        let last = try ParsedSVG(SVGRenderer.render(Fixtures.feed, options: RenderOptions(sections: 2...2)))
        #expect(try last.texts(class: "supplementary-label").contains { $0.hasPrefix("layout-footer") })
        let first = try ParsedSVG(
            SVGRenderer.render(Fixtures.feed, options: RenderOptions(sections: 0...0, full: true)))
        #expect(try !first.texts(class: "supplementary-label").contains { $0.hasPrefix("layout-footer") })
        #expect(try first.elements("rect", class: "cell").count == 6)
        #expect(try first.elements("rect", class: "scroller").count == 1)
    }

    @Test func aRangeWithNoSectionsSaysSo() throws {
        let svg = try ParsedSVG(SVGRenderer.render(Fixtures.feed, options: RenderOptions(sections: 7...9)))
        #expect(try svg.elements("rect", class: "cell").isEmpty)
        #expect(try svg.texts(class: "note").joined(separator: " ") == "no section in 7–9: the layout has 3 sections")
    }

    @Test func largeLayoutsDrawOnlyTheirLeadingSectionsByDefault() throws {
        #expect(SVGRenderer.defaultElementLimit == 5000)
        let output = Fixtures.grid(sections: 400, itemsPerSection: 300)  // 120,000 elements
        let svgText = SVGRenderer.render(output)
        let svg = try ParsedSVG(svgText)
        let cells = try svg.elements("rect", class: "cell")
        #expect(cells.count == 4800)  // 16 sections of 300
        #expect(
            try svg.texts(class: "note").joined(separator: " ")
                == "element limit 5,000: showing sections 0–15 of 400 (4,800 of 120,000 elements)")
        #expect(svgText.utf8.count < 2_000_000)
        // An explicit range is drawn whole.
        let ranged = try ParsedSVG(SVGRenderer.render(output, options: RenderOptions(sections: 20...39)))
        #expect(try ranged.elements("rect", class: "cell").count == 6000)
    }

    @Test func aSingleHugeSectionIsCutAfterItsLeadingItems() throws {
        let output = Fixtures.grid(sections: 1, itemsPerSection: 1_000_000)
        let clock = ContinuousClock()
        var svgText = ""
        let elapsed = clock.measure { svgText = SVGRenderer.render(output) }
        #expect(elapsed < .seconds(20))
        #expect(svgText.utf8.count < 2_000_000)
        let svg = try ParsedSVG(svgText)
        #expect(try svg.elements("rect", class: "cell").count == 5000)
        #expect(
            try svg.texts(class: "note").joined(separator: " ")
                == "element limit 5,000: showing section 0 of 1, items 0–4,999 only (5,000 of 1,000,000 elements)")
        // The picture ends after the last drawn row, not at the section's end.
        #expect(try #require(svg.rootNumber("height")) < 12_000 + 400)
    }

    @Test func theLimitCanBeChanged() throws {
        let output = Fixtures.grid(sections: 10, itemsPerSection: 30)
        let svg = try ParsedSVG(SVGRenderer.render(output, options: RenderOptions(elementLimit: 100)))
        #expect(try svg.elements("rect", class: "cell").count == 90)
        let all = try ParsedSVG(SVGRenderer.render(output))
        #expect(try all.elements("rect", class: "cell").count == 300)
        #expect(try all.texts(class: "note").isEmpty)
    }

    @Test func sectionFramesAreDerivedWhenTheOutputHasNone() throws {
        var output = Fixtures.feed
        output.sections = []
        let svg = try ParsedSVG(SVGRenderer.render(output, options: RenderOptions(sections: 1...1)))
        #expect(try svg.elements("rect", class: "cell").count == 6)
        #expect(try svg.texts(class: "gutter-label") == ["s1"])
    }
}
