import CompositionalLayout
import Foundation
import Testing

@testable import LayoutRender

/// The default picture is the device's view: the container's width, orthogonal sections clipped at its edges at
/// their scroll offset with a tag of what lies beyond, and long layouts cut into screens on request.
@Suite struct DeviceViewTests {
    @Test func theViewportSpansTheDrawingAndNothingIsDrawnBeyondTheContainer() throws {
        let svg = try ParsedSVG(SVGRenderer.render(Fixtures.feed))
        let viewport = try #require(try svg.elements("rect", class: "viewport").first)
        #expect(viewport.number("width") == 390)
        // The picture is the drawing (gutter, container) and its margins: nothing wider.
        let width = try #require(svg.rootNumber("width"))
        #expect(width == RenderCanvas.margin * 2 + RenderCanvas.gutter + 390)
        #expect(try svg.elements("rect", class: "scroller").isEmpty)
        #expect(try svg.elements("rect", class: "offscreen").isEmpty)
        // The shelf's cards start at x 16, 226, 436, ...: two are on screen, four beyond the edge.
        #expect(try svg.cell("0.0") != nil && svg.cell("0.1") != nil)
        #expect(try svg.cell("0.2") == nil && svg.cell("0.5") == nil)
        #expect(try svg.elements("rect", class: "cell").count == 2 + 6 + 3)
        // The scroller is 1282 long on a 390 container: it scrolls on 892 pt.
        #expect(try svg.texts(class: "beyond-label") == ["4 more · 892 pt →"])
        #expect(try svg.texts(class: "subtitle").joined(separator: " ").contains("device's view"))
    }

    @Test func aScrollOffsetMovesTheShelfAndIsMarkedAtBothEdges() throws {
        let options = RenderOptions(scrollOffsets: [0: 400])
        let svg = try ParsedSVG(SVGRenderer.render(Fixtures.feed, options: options))
        let drawingX = RenderCanvas.margin + RenderCanvas.gutter
        // Card 0.2 (x 436) is drawn at 436 − 400 = 36; card 0.0 (x 16..216) is wholly before the edge.
        let card = try #require(try svg.cell("0.2"))
        #expect(card.number("x") == drawingX + 36)
        #expect(try svg.cell("0.0") == nil)
        #expect(try svg.cell("0.1") != nil && svg.cell("0.3") != nil && svg.cell("0.4") == nil)
        #expect(try Set(svg.texts(class: "beyond-label")) == ["← 1 before · 400 pt", "2 more · 492 pt →"])
        // The shelf's header is a boundary item: it does not scroll with the cards.
        let header = try #require(
            try svg.elements("rect", class: "supplementary").first { $0.number("height") == 32 })
        #expect(header.number("x") == drawingX + 16)
    }

    @Test func anOffsetPastTheEndStopsAtTheScrollersEnd() throws {
        let svg = try ParsedSVG(SVGRenderer.render(Fixtures.feed, options: RenderOptions(scrollOffsets: [0: 5000])))
        #expect(try svg.texts(class: "beyond-label") == ["← 4 before · 892 pt"])
        let last = try #require(try svg.cell("0.5"))
        // Card 0.5 (x 1066..1266) at offset 892 ends at 374: the scroller's trailing inset stays on screen.
        #expect(last.number("x") + last.number("width") == RenderCanvas.margin + RenderCanvas.gutter + 374)
    }

    @Test func fullDrawsTheWholeExtentAsBefore() throws {
        let svg = try ParsedSVG(SVGRenderer.render(Fixtures.feed, options: RenderOptions(full: true)))
        #expect(try svg.elements("rect", class: "scroller").first?.number("width") == 1282)
        #expect(try svg.texts(class: "beyond-label").isEmpty)
        #expect(try svg.elements("rect", class: "cell").count == 15)
        #expect(try svg.texts(class: "subtitle").joined(separator: " ").contains("whole extent"))
    }

    @Test func aHorizontalLayoutIsClippedAtTheContainersHeight() throws {
        let svg = try ParsedSVG(SVGRenderer.render(Fixtures.horizontal))
        let viewport = try #require(try svg.elements("rect", class: "viewport").first)
        #expect(viewport.number("height") == 390)
        // The column's cells (y 10 + 130 i) that start at or past 390 are beyond: items 3...7.
        #expect(try svg.elements("rect", class: "cell").count == 4 + 3)
        #expect(try svg.texts(class: "beyond-label") == ["5 more · 660 pt ↓"])
        let height = try #require(svg.rootNumber("height"))
        #expect(height < viewport.number("y") + 390 + 40)
    }

    @Test func columnsCutALongLayoutIntoScreensSideBySide() throws {
        let output = Fixtures.grid(sections: 4, itemsPerSection: 90)  // 4 × 3900 pt on an 844 pt screen
        let screens = Int((output.contentSize.height / 844).rounded(.up))
        let svg = SVGRenderer.render(output, options: RenderOptions(columns: 4))
        let parsed = try ParsedSVG(svg)
        #expect(svg.components(separatedBy: "<g class=\"screen\"").count - 1 == screens)
        let labels = try parsed.texts(class: "screen-label")
        #expect(labels.first == "screen 1 · y 0–844")
        #expect(labels.count == screens)
        // Four screens to a row: the picture is about four containers wide, rows of one screen each.
        let width = try #require(parsed.rootNumber("width"))
        #expect(width >= 4 * 390 && width < 4 * (390 + RenderCanvas.gutter + RenderScreens.gapAcross) + 40)
        let rows = Double((screens + 3) / 4)
        #expect(try #require(parsed.rootNumber("height")) > rows * 844)
        // Every cell is drawn at least once (once, or twice when it straddles a screen's edge).
        let cells = try parsed.elements("rect", class: "cell").count
        #expect(cells >= output.elements.count && cells < output.elements.count * 2)
    }

    @Test func oneColumnOrAShortLayoutIsOneStrip() throws {
        let short = SVGRenderer.render(Fixtures.feed, options: RenderOptions(columns: 3))
        #expect(!short.contains("<g class=\"screen\""))
        #expect(short == SVGRenderer.render(Fixtures.feed))
    }
}
