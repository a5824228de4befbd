import CompositionalLayout
import LayoutEngine
import LayoutReplay
import LayoutSpec
import Testing

/// A candidate that is a nested group looks at several items before it is dropped (docs/layout-rules.md §3.1,
/// §6): a measure must re-solve every earlier instance that looked at the item, not only the one before it.
@Suite struct NestedCandidateLookaheadTests {
    static let spec = """
        version: 1
        container: { width: 17.5, height: 383.5, displayScale: 2 }
        selfSizing: { seed: 6546945365491621311, height: { min: 53, max: 68 } }
        sections:
          - name: tags2
            items: 38
            group:
              vertical:
                size: { width: fractionalWidth(0.35), height: absolute(162) }
                interItemSpacing: fixed(0)
                contentInsets: { leading: 2, bottom: 5.5, trailing: 4.5 }
                edgeSpacing: { leading: flexible(0), top: fixed(2.5), bottom: fixed(0) }
                subitems:
                  - horizontal:
                      size: { width: fractionalWidth(1), height: absolute(58.75) }
                      interItemSpacing: flexible(2)
                      subitems:
                        - item:
                            size: { width: absolute(33.599999999999994), height: absolute(177.5) }
                        - item:
                            size: { width: fractionalWidth(1), height: fractionalHeight(0.2) }
                  - vertical:
                      size: { width: fractionalWidth(1), height: estimated(184) }
                      subitems:
                        - item:
                            size: { width: fractionalHeight(0.35), height: estimated(137) }
                        - item:
                            size: { width: absolute(63.5), height: absolute(11.48) }
                            contentInsets: { top: 5, leading: 1.5, bottom: 6, trailing: 4.5 }
                        - item:
                            size: { width: estimated(70), height: estimated(196) }
                            selfSizing: { seed: 8002973356406221477, height: 59 }
                  - item:
                      size: { width: estimated(57), height: estimated(106) }
                      selfSizing: { seed: 3979049397684082957, height: { min: 50, max: 82 } }
            interGroupSpacing: 10
        """

    /// Every instance holds one item (the vertical group of the next three is too tall); item 3 measured small
    /// lets instance 0 take items 0...3. The engine kept instance 0 and gave item k the frame of item k + 3.
    @Test func measureLetsAnEarlierInstanceTakeTheItem() throws {
        var state = LayoutState(layout: try SpecReader.read(yaml: Self.spec), measure: .all)
        let engine = try LayoutEngine(state: state, threads: 1)
        for operation: LayoutOperation in [
            .resize(width: 383.5, height: 17.5, environment: .init()),
            .measure(section: 0, item: 3, width: 26, height: 22),
        ] {
            try state.apply(operation)
            try engine.apply(operation)
            #expect(engine.output() == (try Replayer.solve(state)), "after \(operation)")
        }
    }

    /// The property test's scenario that found it (docs/layout-rules.md §1.1 at display scale 2).
    @Test func foundBySeed() {
        EnginePropertyTests.check(
            RandomScenario(seed: 3_282_191_426_223_660_106, operations: 12, displayScale: 2),
            threads: [1, 2])
    }
}
