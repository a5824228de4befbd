import CompositionalLayout
import Foundation
import LayoutEngine
import LayoutSpec
import LayoutTestSupport
import ReferenceSolver
import Testing

/// The engine against the shared fixtures: a full solve, rect queries, one item's frame and a lazy scroll
/// must all give the expected frames, for 1 and 2 threads.
struct EngineFixture: CustomTestStringConvertible, Sendable {
    var golden: FixtureCase
    var measure: MeasureMode { golden.measuresNothing ? .none : .all }
    var testDescription: String { (golden.expected as NSString).lastPathComponent }

    static func all() -> [EngineFixture] {
        Fixtures.cases().map { EngineFixture(golden: $0) }
    }

    func load() throws -> (CollectionLayout, SolveOutput) {
        var layout = try SpecReader.read(contentsOf: golden.specURL.path)
        if let width = golden.width { layout = layout.withContainer(width: width) }
        return (layout, try SolveOutput.decode(json: Data(contentsOf: golden.expectedURL)))
    }

}

@Suite("Engine against the fixtures")
struct EngineGoldenTests {
    @Test("the fixtures are found")
    func casesExist() {
        #expect(EngineFixture.all().count >= 40)
    }

    @Test("a full solve gives the expected output", arguments: EngineFixture.all(), [1, 2])
    func fullSolve(_ fixture: EngineFixture, threads: Int) throws {
        let (layout, expected) = try fixture.load()
        let engine = try LayoutEngine(layout: layout, measure: fixture.measure, threads: threads, parallelGrain: 1)
        let output = engine.output()
        let differences = output.differences(from: expected)
        #expect(differences.isEmpty, Comment(rawValue: differences.joined(separator: "\n")))
        #expect(output.elements.count == expected.elements.count)
        for element in expected.elements where element.category == .cell {
            #expect(
                engine.frame(of: IndexPath(section: element.section, item: element.item))
                    == output.elements.first { $0.key == element.key }?.frame)
        }
    }

    @Test("rect queries return exactly the elements that intersect", arguments: EngineFixture.all())
    func rectQueries(_ fixture: EngineFixture) throws {
        let (layout, expected) = try fixture.load()
        let engine = try LayoutEngine(layout: layout, measure: fixture.measure)
        let size = expected.contentSize
        let viewport = Size(width: max(layout.container.width, 1), height: max(layout.container.height, 1))
        var rects: [Rect] = [Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)]
        for k in 0..<8 {
            let t = Double(k) / 7
            rects.append(
                Rect(
                    x: (size.width - viewport.width / 2) * t, y: (size.height - viewport.height / 2) * t,
                    width: viewport.width / 2, height: viewport.height / 3))
        }
        rects.append(Rect(x: -10_000, y: -10_000, width: 40_000, height: 100_000))
        for rect in rects {
            let actual = Set(engine.elements(in: rect).map(\.key))
            let wanted = Set(expected.elements.filter { $0.frame.intersects(rect) }.map(\.key))
            #expect(
                actual == wanted,
                Comment(
                    rawValue: "rect \(rect): missing \(wanted.subtracting(actual).sorted().prefix(5)), "
                        + "extra \(actual.subtracting(wanted).sorted().prefix(5))")
            )
        }
    }

    @Test(
        "a lazy scroll from top to bottom ends with the measure-all frames",
        arguments: EngineFixture.all().filter { $0.measure == .all })
    func lazyScroll(_ fixture: EngineFixture) throws {
        let (layout, expected) = try fixture.load()
        let engine = try LayoutEngine(layout: layout, lazy: true)
        let axis = layout.configuration.scrollDirection
        let viewport = max(axis == .vertical ? layout.container.height : layout.container.width, 1)
        var offset = 0.0
        while offset <= (axis == .vertical ? engine.contentSize.height : engine.contentSize.width) {
            let rect =
                axis == .vertical
                ? Rect(x: -100_000, y: offset, width: 200_000, height: viewport)
                : Rect(x: offset, y: -100_000, width: viewport, height: 200_000)
            engine.prepare(visibleRect: rect)
            offset += viewport / 2
        }
        let differences = engine.output().differences(from: expected)
        #expect(differences.isEmpty, Comment(rawValue: differences.joined(separator: "\n")))
    }
}
