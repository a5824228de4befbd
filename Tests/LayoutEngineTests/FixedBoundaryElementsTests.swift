import CompositionalLayout
import LayoutSpec
import ReferenceSolver
import Testing

@testable import LayoutEngine

/// A section whose boundary items all extend its start and none measures has them placed once for its
/// definition (`DefinitionCache.fixedBoundaryElements`); a rect query moves those frames by the section's
/// start. Its elements must be the ones a reference solve has in the rect, the boundary items with their
/// frames, kinds, indices and z-indices, scrolling either way, mirrored and rounded to pixels (the engine's
/// whole output goes through the same emitter, so it is no independent check). Sections with a footer, an
/// item that measures or one placed inside the host keep the general placement.
@Suite("Boundary items placed once per definition")
struct FixedBoundaryElementsTests {
    /// Four definitions: two headers and a narrower badge at the top leading corner with an offset and a
    /// z-index, under fractional section insets (fixed); a header with a footer (general); a header that
    /// measures (general); an overlay that does not extend the section (general).
    static func spec(horizontal: Bool, rightToLeft: Bool, scale: Double?) -> String {
        let container =
            "{ width: 390, height: 844"
            + (rightToLeft ? ", layoutDirection: rightToLeft" : "")
            + (scale.map { ", displayScale: \($0)" } ?? "") + " }"
        let along = horizontal ? "height" : "width", across = horizontal ? "width" : "height"
        let start = horizontal ? "leading" : "top", end = horizontal ? "trailing" : "bottom"
        let full = "\(along): fractional\(along.capitalized)(1)"
        let half = "\(along): fractional\(along.capitalized)(0.5)"
        func header(_ kind: String, _ alignment: String, _ length: Double, extra: String = "") -> String {
            "{ elementKind: \(kind), size: { \(full), \(across): absolute(\(length)) },"
                + " alignment: \(alignment)\(extra) }"
        }
        let badge =
            "{ elementKind: badge, size: { \(along): absolute(100.3), \(across): absolute(18.6) },"
            + " alignment: topLeading, offset: { x: 3.3, y: 1.7 }, zIndex: 4 }"
        let measured =
            "{ elementKind: header, size: { \(full), \(across): estimated(40) }, alignment: \(start),"
            + " selfSizing: { seed: 9, \(across): { min: 20, max: 60 } } }"
        let group = """
            group:
                  \(horizontal ? "vertical" : "horizontal"):
                    size: { \(full), \(across): estimated(44) }
                    subitems: [{ item: { size: { \(half), \(across): estimated(44) } } }]
            """
        return """
            version: 2
            name: fixed-boundary
            container: \(container)
            \(horizontal ? "layout: { scrollDirection: horizontal }" : "")
            selfSizing: { seed: 3, \(across): { min: 30, max: 70 } }
            sections:
              - count: 3
                items: 7
                contentInsets: { top: 6.3, leading: 10.7, bottom: 4.1, trailing: 8.2 }
                boundarySupplementaryItems:
                  - \(header("header", start, 30.35))
                  - \(header("subheader", start, 20.2))
                  - \(badge)
                \(group)
              - count: 2
                items: 5
                boundarySupplementaryItems:
                  - \(header("header", start, 28))
                  - \(header("footer", end, 22))
                \(group)
              - count: 2
                items: 5
                boundarySupplementaryItems:
                  - \(measured)
                \(group)
              - count: 2
                items: 5
                boundarySupplementaryItems:
                  - \(header("overlay", start, 24, extra: ", extendsBoundary: false"))
                \(group)
            """
    }

    @Test(
        "queries equal the reference's elements in the rect, both directions, mirrored, at scales nil and 3",
        arguments: [false, true], [(false, nil), (true, nil), (false, 3.0), (true, 3.0)] as [(Bool, Double?)])
    func queriesEqualTheReference(horizontal: Bool, variant: (rightToLeft: Bool, scale: Double?)) throws {
        let layout = try SpecReader.read(
            yaml: Self.spec(horizontal: horizontal, rightToLeft: variant.rightToLeft, scale: variant.scale))
        let state = try LayoutState(layout: layout)
        let engine = try LayoutEngine(state: state)
        let output = try ReferenceSolver.solve(state.layout, sections: state.resolvedSections(), sizing: state.sizing())
        let fixed = engine.sections.map { engine.definitions[$0.definition]!.fixedBoundaryElements != nil }
        #expect(fixed == [true, true, true, false, false, false, false, false, false])
        #expect(output.elements.filter { $0.category == .supplementary && $0.section == 0 }.count == 3)
        let axis: Axis = horizontal ? .x : .y
        let content = engine.contentSize.length(axis)
        var checked = 0
        // Windows a third of the screen long, every 37 pt over the content: many cut a header's edge.
        for origin in stride(from: -20.0, through: content, by: 37) {
            let rect =
                horizontal
                ? Rect(x: origin, y: 0, width: 130, height: 844) : Rect(x: 0, y: origin, width: 390, height: 281)
            let found = engine.elements(in: rect)
            #expect(EngineOracle.queryProblems(found, rect: rect, expected: output) == [], "rect \(rect)")
            // Boundary items to a billionth of a point (the section's start is summed in another order by the
            // reference; a misplaced item is off by far more), with their kind, index and z-index.
            let expected = output.elements.filter { $0.category == .supplementary && $0.frame.intersects(rect) }
            let boundary = found.filter { $0.category == .supplementary }
            #expect(boundary.map(\.key).sorted() == expected.map(\.key).sorted(), "rect \(rect)")
            for element in boundary {
                guard let match = expected.first(where: { $0.key == element.key }) else { continue }
                #expect(match.zIndex == element.zIndex, "\(element.key)")
                #expect(
                    abs(match.frame.x - element.frame.x) < 1e-9 && abs(match.frame.y - element.frame.y) < 1e-9
                        && abs(match.frame.width - element.frame.width) < 1e-9
                        && abs(match.frame.height - element.frame.height) < 1e-9,
                    "\(element.key): \(element.frame) against the reference's \(match.frame)")
                if element.section < 3 { checked += 1 }
            }
        }
        #expect(checked > 10)
    }
}
