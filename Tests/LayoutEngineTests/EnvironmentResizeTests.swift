import CompositionalLayout
import LayoutEngine
import LayoutSpec
import ReferenceSolver
import Testing

/// A version 2 `resize` (docs/version-2.md §10): the environment changes with the size or alone; the engine
/// re-selects variants, re-evaluates calc values and re-solves only the sections whose resolved values changed.
@Suite("Resizes that change the environment")
struct EnvironmentResizeTests {
    static let spec = """
        version: 2
        container: { width: 390, height: 844 }
        sections:
          - name: adaptive
            items: 8
            variants:
              - when: { horizontalSizeClass: regular }
                group:
                  horizontal:
                    size: { width: fractionalWidth(1), height: absolute(80) }
                    subitem: { item: { size: { width: fractionalWidth(1), height: fractionalHeight(1) } } }
                    count: 4
              - group:
                  horizontal:
                    size: { width: fractionalWidth(1), height: absolute(80) }
                    subitem: { item: { size: { width: fractionalWidth(1), height: fractionalHeight(1) } } }
                    count: 2
          - name: plain
            count: 3
            items: 5
            contentInsetsReference: none
            contentInsets: { leading: "calc(max(8, width / 30))" }
            list: { appearance: plain, headerMode: supplementary, headerTopPadding: automatic }
        """

    @Test func traitsAloneResolveOnlyTheSectionsTheyChange() throws {
        let layout = try SpecReader.read(yaml: Self.spec)
        let engine = try LayoutEngine(layout: layout)
        let report = try engine.apply(
            .resize(width: 390, height: 844, environment: EnvironmentChange(horizontalSizeClass: .regular)))
        #expect(report.sectionsSolved == 1)  // the adaptive section; the three list sections are unchanged
        #expect(engine.output() == (try ReferenceSolver.solve(engine.state.layout)))
        #expect(engine.output().elements.filter { $0.section == 0 && $0.category == .cell }.first?.frame.width == 97.5)
    }

    @Test func directionAloneResolvesNothing() throws {
        let engine = try LayoutEngine(layout: try SpecReader.read(yaml: Self.spec))
        let report = try engine.apply(
            .resize(width: 390, height: 844, environment: EnvironmentChange(layoutDirection: .rightToLeft)))
        #expect(report.sectionsSolved == 0)
        #expect(engine.output() == (try ReferenceSolver.solve(engine.state.layout)))
    }

    @Test func aRotationWithASafeAreaMatchesAFreshSolve() throws {
        let engine = try LayoutEngine(layout: try SpecReader.read(yaml: Self.spec), threads: 2, parallelGrain: 1)
        try engine.apply(
            .resize(
                width: 844, height: 390,
                environment: EnvironmentChange(safeAreaInsets: EdgeInsets(leading: 47, bottom: 21, trailing: 47))))
        let expected = try ReferenceSolver.solve(engine.state.layout)
        #expect(engine.output() == expected)
        // The safe area's leading 47 moves the adaptive section's first cell (safeArea reference by default).
        #expect(expected.elements.first { $0.section == 0 && $0.category == .cell }?.frame.x == 47)
    }

    @Test func replayLinesCarryTheEnvironment() throws {
        let operation = LayoutOperation.resize(
            width: 844, height: 390,
            environment: EnvironmentChange(
                safeAreaInsets: EdgeInsets(leading: 47, trailing: 47), layoutDirection: .rightToLeft,
                horizontalSizeClass: .regular, contentSizeCategory: .accessibilityLarge))
        let line = OperationsWriter.line(operation)
        #expect(try OperationsReader.read(text: line).map(\.operation) == [operation])
        let partial = #"{"op": "resize", "width": 390, "height": 844, "traits": {"verticalSizeClass": "compact"}}"#
        #expect(
            try OperationsReader.read(text: partial).map(\.operation)
                == [.resize(width: 390, height: 844, environment: EnvironmentChange(verticalSizeClass: .compact))])
        let bad = #"{"op": "resize", "width": 390, "height": 844, "layoutDirection": "upsideDown"}"#
        #expect(throws: SpecError.self) { try OperationsReader.read(text: bad) }
    }
}
