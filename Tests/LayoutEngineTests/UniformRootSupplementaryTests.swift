import CompositionalLayout
import LayoutEngine
import LayoutSpec
import ReferenceSolver
import Testing

/// docs/version-2.md §10.4, rules revision 1.2: a uniform root group that grows to the section's largest instance
/// is the group from then on, so its own supplementaries are sized and placed on its grown content box. Frames
/// worked out by hand below, checked on both solvers, at 1 and 2 threads, after measures that grow and shrink
/// the largest instance; vertical, horizontal and right-to-left.
@Suite("A grown uniform root group carries its supplementaries (revision 1.2)")
struct UniformRootSupplementaryTests {
    /// Four items in rows of two (each 0.5 of the 370 pt content box = 185 wide), measured 60, 90, 40 and 40
    /// tall by the cycle. The root is `uniformAcrossSiblings` in height with insets 5 (top, bottom) and 10
    /// (leading, trailing): row 0 is 90 + 10 = 100 tall, row 1 40 + 10 = 50, and both take 100. A 20 × 10
    /// `mark` sits on the bottom edge of each row's content box, a `half` (0.5w × 0.5h of the box) on its top
    /// leading corner.
    static func spec(horizontal: Bool = false, rightToLeft: Bool = false) -> String {
        let direction = rightToLeft ? ", layoutDirection: rightToLeft" : ""
        if horizontal {
            // The same turned: columns of two items 0.5h of the 824 pt content box, measured 60, 90, 40, 40 wide;
            // the mark is 10 × 20 on the trailing edge.
            return """
                version: 2
                name: uniform-root-marks-horizontal
                container: { width: 390, height: 844\(direction) }
                layout: { scrollDirection: horizontal }
                selfSizing: { cycle: [{ width: 60 }, { width: 90 }, { width: 40 }, { width: 40 }] }
                sections:
                  - items: 4
                    group:
                      vertical:
                        size: { width: uniformAcrossSiblings(50), height: fractionalHeight(1) }
                        contentInsets: { top: 10, leading: 5, bottom: 10, trailing: 5 }
                        supplementaryItems:
                          - elementKind: mark
                            size: { width: absolute(10), height: absolute(20) }
                            containerAnchor: { edges: [trailing] }
                          - elementKind: half
                            size: { width: fractionalWidth(0.5), height: fractionalHeight(0.5) }
                            containerAnchor: { edges: [top, leading] }
                        subitems: [{ item: { size: { width: estimated(50), height: fractionalHeight(0.5) } } }]
                """
        }
        return """
            version: 2
            name: uniform-root-marks
            container: { width: 390, height: 844\(direction) }
            selfSizing: { cycle: [{ height: 60 }, { height: 90 }, { height: 40 }, { height: 40 }] }
            sections:
              - items: 4
                group:
                  horizontal:
                    size: { width: fractionalWidth(1), height: uniformAcrossSiblings(50) }
                    contentInsets: { top: 5, leading: 10, bottom: 5, trailing: 10 }
                    supplementaryItems:
                      - elementKind: mark
                        size: { width: absolute(20), height: absolute(10) }
                        containerAnchor: { edges: [bottom] }
                      - elementKind: half
                        size: { width: fractionalWidth(0.5), height: fractionalHeight(0.5) }
                        containerAnchor: { edges: [top, leading] }
                    subitems: [{ item: { size: { width: fractionalWidth(0.5), height: estimated(50) } } }]
            """
    }

    /// The group supplementaries of rows `h` tall (vertical layout), row r starting at y = r × h: the content
    /// box is [10, r h + 5, 370, h − 10]; the mark's bottom centre is the box's, (195, r h + h − 5), so it is at
    /// [185, r h + h − 15, 20, 10]; the half is 185 × (h − 10) / 2 at the box's corner. Each reports the row's
    /// first item (0 and 2).
    static func verticalMarks(rowHeight h: Double) -> [ElementKey: Rect] {
        var expected: [ElementKey: Rect] = [:]
        for row in 0..<2 {
            let top = Double(row) * h
            expected[key("mark", item: 2 * row)] = Rect(x: 185, y: top + h - 15, width: 20, height: 10)
            expected[key("half", item: 2 * row)] = Rect(x: 10, y: top + 5, width: 185, height: (h - 10) / 2)
        }
        return expected
    }

    /// The horizontal layout's: column c starts at x = c × w; its content box is [c w + 5, 10, w − 10, 824];
    /// the mark's trailing middle is (c w + w − 5, 422), so it is at [c w + w − 15, 412, 10, 20].
    static func horizontalMarks(columnWidth w: Double) -> [ElementKey: Rect] {
        var expected: [ElementKey: Rect] = [:]
        for column in 0..<2 {
            let left = Double(column) * w
            expected[key("mark", item: 2 * column)] = Rect(x: left + w - 15, y: 412, width: 10, height: 20)
            expected[key("half", item: 2 * column)] = Rect(x: left + 5, y: 10, width: (w - 10) / 2, height: 412)
        }
        return expected
    }

    static func key(_ kind: String, item: Int) -> ElementKey {
        ElementKey(category: .supplementary, kind: kind, section: 0, item: item)
    }

    static func mirrored(_ marks: [ElementKey: Rect]) -> [ElementKey: Rect] {
        marks.mapValues { Rect(x: 390 - $0.x - $0.width, y: $0.y, width: $0.width, height: $0.height) }
    }

    static func supplementaries(_ output: SolveOutput) -> [ElementKey: Rect] {
        var found: [ElementKey: Rect] = [:]
        for element in output.elements where element.category == .supplementary { found[element.key] = element.frame }
        return found
    }

    /// Checks the engine at 1 and 2 threads and a fresh reference solve of the same state against `expected`
    /// after each step: the initial solve, then each measure. `expected[k]` gives the marks after step k.
    func check(
        _ yaml: String, measures: [LayoutOperation], expected: [[ElementKey: Rect]],
        cells: [[Rect]]
    ) throws {
        let layout = try SpecReader.read(yaml: yaml)
        let engines = try [1, 2].map {
            try LayoutEngine(state: LayoutState(layout: layout), threads: $0, parallelGrain: 1)
        }
        var state = LayoutState(layout: layout)
        for step in 0...measures.count {
            if step > 0 {
                try state.apply(measures[step - 1])
                for engine in engines { _ = try engine.apply(measures[step - 1]) }
            }
            let reference = try ReferenceSolver.solve(
                state.layout, sections: state.resolvedSections(),
                sizing: state.sizing())
            #expect(Self.supplementaries(reference) == expected[step], "reference, step \(step)")
            #expect(
                reference.elements.filter { $0.category == .cell }.map(\.frame) == cells[step],
                "reference cells, step \(step)")
            for (engine, threads) in zip(engines, [1, 2]) {
                let output = engine.output()
                #expect(Self.supplementaries(output) == expected[step], "engine at \(threads) threads, step \(step)")
                #expect(output == reference, "engine at \(threads) threads equals the reference, step \(step)")
                // A rect query of just where each mark now is finds it (the query extent covers the grown box).
                for (key, frame) in expected[step] {
                    let found = engine.elements(in: frame).filter { $0.key == key }.map(\.frame)
                    #expect(found == [frame], "engine at \(threads) threads, step \(step): query of \(key)")
                }
            }
        }
    }

    /// Cells of the vertical layout with rows `h` apart and the given measured heights.
    static func verticalCells(rowHeight h: Double, heights: [Double]) -> [Rect] {
        (0..<4).map { i in
            Rect(x: i % 2 == 0 ? 10 : 195, y: Double(i / 2) * h + 5, width: 185, height: heights[i])
        }
    }

    static func horizontalCells(columnWidth w: Double, widths: [Double]) -> [Rect] {
        (0..<4).map { i in
            Rect(x: Double(i / 2) * w + 5, y: i % 2 == 0 ? 10 : 422, width: widths[i], height: 412)
        }
    }

    /// Item 2 grows to 120 (rows 130), back to 20 (rows 100: the largest shrinks), then item 1 to 30 (rows 70).
    static let verticalMeasures: [LayoutOperation] = [
        .measure(section: 0, item: 2, width: 185, height: 120),
        .measure(section: 0, item: 2, width: 185, height: 20),
        .measure(section: 0, item: 1, width: 185, height: 30),
    ]

    @Test func verticalFramesByHand() throws {
        // Spelled out for the first solve: rows 100 tall; row 1's content box [10, 105, 370, 90].
        let first = Self.verticalMarks(rowHeight: 100)
        #expect(first[Self.key("mark", item: 2)] == Rect(x: 185, y: 185, width: 20, height: 10))  // not y 135
        #expect(first[Self.key("half", item: 2)] == Rect(x: 10, y: 105, width: 185, height: 45))  // not 20 high
        try check(
            Self.spec(), measures: Self.verticalMeasures,
            expected: [100, 130, 100, 70].map { Self.verticalMarks(rowHeight: $0) },
            cells: [
                Self.verticalCells(rowHeight: 100, heights: [60, 90, 40, 40]),
                Self.verticalCells(rowHeight: 130, heights: [60, 90, 120, 40]),
                Self.verticalCells(rowHeight: 100, heights: [60, 90, 20, 40]),
                Self.verticalCells(rowHeight: 70, heights: [60, 30, 20, 40]),
            ])
    }

    @Test func rightToLeftMirrorsTheGrownMarks() throws {
        let mirror = { (rects: [Rect]) in
            rects.map { Rect(x: 390 - $0.x - $0.width, y: $0.y, width: $0.width, height: $0.height) }
        }
        try check(
            Self.spec(rightToLeft: true), measures: Self.verticalMeasures,
            expected: [100, 130, 100, 70].map { Self.mirrored(Self.verticalMarks(rowHeight: $0)) },
            cells: [
                mirror(Self.verticalCells(rowHeight: 100, heights: [60, 90, 40, 40])),
                mirror(Self.verticalCells(rowHeight: 130, heights: [60, 90, 120, 40])),
                mirror(Self.verticalCells(rowHeight: 100, heights: [60, 90, 20, 40])),
                mirror(Self.verticalCells(rowHeight: 70, heights: [60, 30, 20, 40])),
            ])
    }

    @Test func horizontalFramesByHand() throws {
        // Columns 100 wide (90 + 10); column 1's content box [105, 10, 90, 824], its mark at x 185 (not 135).
        #expect(
            Self.horizontalMarks(columnWidth: 100)[Self.key("mark", item: 2)]
                == Rect(x: 185, y: 412, width: 10, height: 20))
        try check(
            Self.spec(horizontal: true),
            measures: [
                .measure(section: 0, item: 2, width: 120, height: 412),
                .measure(section: 0, item: 2, width: 20, height: 412),
                .measure(section: 0, item: 1, width: 30, height: 412),
            ], expected: [100, 130, 100, 70].map { Self.horizontalMarks(columnWidth: $0) },
            cells: [
                Self.horizontalCells(columnWidth: 100, widths: [60, 90, 40, 40]),
                Self.horizontalCells(columnWidth: 130, widths: [60, 90, 120, 40]),
                Self.horizontalCells(columnWidth: 100, widths: [60, 90, 20, 40]),
                Self.horizontalCells(columnWidth: 70, widths: [60, 30, 20, 40]),
            ])
    }

    /// Lazy preparation measures row by row; once everything near the rect is measured, it agrees with a full
    /// solve of the same sizes, marks included.
    @Test func lazyPreparationAgrees() throws {
        let layout = try SpecReader.read(yaml: Self.spec())
        let engine = try LayoutEngine(state: LayoutState(layout: layout), lazy: true)
        _ = engine.prepare(visibleRect: Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(Self.supplementaries(engine.output()) == Self.verticalMarks(rowHeight: 100))
    }
}
