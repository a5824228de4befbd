import CompositionalLayout
import Foundation
import Testing

@testable import LayoutRender

/// What a picture of a whole layout shows: cells, labels, supplementaries, decorations, the viewport and
/// orthogonal scrollers at full length, in vertical and horizontal layouts.
@Suite struct SVGRendererTests {
    let feed = SVGRenderer.render(Fixtures.feed, options: RenderOptions(full: true))

    @Test func oneRoundedRectPerCell() throws {
        let svg = try ParsedSVG(feed)
        let cells = try svg.elements("rect", class: "cell")
        #expect(cells.count == Fixtures.feed.elements.filter { $0.category == .cell }.count)
        #expect(cells.allSatisfy { $0.number("rx") > 0 })
        // At scale 1 a cell keeps its size in px.
        #expect(cells.contains { $0.number("width") == 200 && $0.number("height") == 120 })
    }

    @Test func cellsAreLabelledWithTheirIndexPath() throws {
        let labels = try ParsedSVG(feed).texts(class: "cell-label")
        let expected = Fixtures.feed.elements.filter { $0.category == .cell }.map { "\($0.section).\($0.item)" }
        #expect(Set(labels) == Set(expected))
        #expect(labels.count == expected.count)
    }

    @Test func supplementariesAndDecorationsHaveTheirOwnStyle() throws {
        let svg = try ParsedSVG(feed)
        #expect(try svg.elements("rect", class: "supplementary").count == 3)
        #expect(try svg.elements("rect", class: "decoration").count == 1)
        #expect(try svg.texts(class: "supplementary-label").contains("Q&A <header> 0.0"))
        #expect(try svg.texts(class: "decoration-label") == ["background"])
        #expect(feed.contains(".supplementary,.key-supplementary{") && feed.contains("stroke-dasharray"))
    }

    @Test func decorationsArePaintedFirstAndSupplementariesLast() throws {
        let classes = try ParsedSVG(feed).paintedRectClasses()
        let decoration = try #require(classes.firstIndex(of: "decoration"))
        let firstCell = try #require(classes.firstIndex(of: "cell"))
        let lastCell = try #require(classes.lastIndex(of: "cell"))
        let firstSupplementary = try #require(classes.firstIndex(of: "supplementary"))
        #expect(decoration < firstCell)
        #expect(lastCell < firstSupplementary)
    }

    @Test func viewportIsTheContainerAtOffsetZero() throws {
        let svg = try ParsedSVG(feed)
        let viewport = try #require(try svg.elements("rect", class: "viewport").first)
        #expect(viewport.number("width") == 390 && viewport.number("height") == 844)
        #expect(try svg.texts(class: "viewport-label") == ["viewport 390×844"])
        // Offset 0 is the top of the first section's band.
        let band = try #require(try svg.elements("rect", class: "band0").first)
        #expect(viewport.number("y") == band.number("y"))
    }

    @Test func canvasCoversTheOrthogonalScrollerAtFullLength() throws {
        let svg = try ParsedSVG(feed)
        let scroller = try #require(try svg.elements("rect", class: "scroller").first)
        #expect(scroller.number("width") == 1282)
        #expect(try #require(svg.rootNumber("width")) >= scroller.number("x") + 1282)
        // Beyond the container the shelf is hatched, from the container's edge on.
        let viewport = try #require(try svg.elements("rect", class: "viewport").first)
        let hatch = try #require(try svg.elements("rect", class: "offscreen").first)
        #expect(hatch.number("x") == viewport.number("x") + 390)
        #expect(hatch.string("fill") == "url(#hatch)")
        #expect(try svg.texts(class: "offscreen-label").contains("scrolls sideways →"))
    }

    @Test func titleNamesTheSpecAndContentSize() throws {
        let svg = try ParsedSVG(feed)
        #expect(try svg.texts(class: "title") == ["feed"])
        let subtitle = try svg.texts(class: "subtitle").joined(separator: " ")
        #expect(subtitle.contains("content 390×590 pt"))
        #expect(subtitle.contains("scrolls vertically"))
        let legend = try svg.texts(class: "legend-label").joined(separator: "|")
        for entry in ["cell", "supplementary", "decoration", "viewport", "scrolls sideways"] {
            #expect(legend.contains(entry))
        }
        let titled = try ParsedSVG(SVGRenderer.render(Fixtures.feed, options: RenderOptions(title: "My feed")))
        #expect(try titled.texts(class: "title") == ["My feed"])
        #expect(try titled.texts(class: "subtitle").joined(separator: " ").contains("spec feed"))
    }

    @Test func horizontalLayoutExtendsDownForItsVerticalScroller() throws {
        let svg = try ParsedSVG(SVGRenderer.render(Fixtures.horizontal, options: RenderOptions(full: true)))
        let viewport = try #require(try svg.elements("rect", class: "viewport").first)
        #expect(viewport.number("width") == 844 && viewport.number("height") == 390)
        // The scroller's last cell ends at y = 1040: the canvas reaches it.
        #expect(try #require(svg.rootNumber("height")) >= viewport.number("y") + 1040)
        let scroller = try #require(try svg.elements("rect", class: "scroller").first)
        #expect(scroller.number("height") == 1050)
        let hatch = try #require(try svg.elements("rect", class: "offscreen").first)
        #expect(hatch.number("y") == viewport.number("y") + 390)
        #expect(try svg.texts(class: "offscreen-label").contains("scrolls vertically ↓"))
        #expect(try svg.texts(class: "subtitle").joined(separator: " ").contains("scrolls horizontally"))
        #expect(try svg.elements("rect", class: "cell").count == 12)
    }

    @Test func labelsCanBeTurnedOff() throws {
        let svg = try ParsedSVG(
            SVGRenderer.render(Fixtures.feed, options: RenderOptions(showLabels: false, full: true)))
        #expect(try svg.texts(class: "cell-label").isEmpty)
        #expect(try svg.texts(class: "supplementary-label").isEmpty)
        #expect(try svg.elements("rect", class: "cell").count == 15)
        #expect(try svg.texts(class: "viewport-label").count == 1)
    }

    @Test func labelsAreLeftOutOfCellsTooSmallToHoldThem() throws {
        var output = Fixtures.feed
        output.elements.append(Fixtures.cell(2, 3, Rect(x: 0, y: 540, width: 6, height: 4)))
        let svg = try ParsedSVG(SVGRenderer.render(output, options: RenderOptions(full: true)))
        #expect(try svg.elements("rect", class: "cell").count == 16)
        #expect(try !svg.texts(class: "cell-label").contains("2.3"))
    }

    @Test func scaleMultipliesPointsIntoPixels() throws {
        let svg = try ParsedSVG(SVGRenderer.render(Fixtures.feed, options: RenderOptions(scale: 0.5)))
        let viewport = try #require(try svg.elements("rect", class: "viewport").first)
        #expect(viewport.number("width") == 195 && viewport.number("height") == 422)
        #expect(try svg.texts(class: "subtitle").joined(separator: " ").contains("scale 0.5"))
    }

    @Test func hugeContentIsScaledDownToFit() throws {
        let output = Fixtures.grid(sections: 40, itemsPerSection: 90)  // 40 × 3900 pt tall
        let svg = try ParsedSVG(SVGRenderer.render(output, options: RenderOptions(maxPixelLength: 4000)))
        #expect(try #require(svg.rootNumber("height")) < 4400)
        let cell = try #require(try svg.elements("rect", class: "cell").first)
        #expect(cell.number("width") < 130)
    }
}
