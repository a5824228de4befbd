import CompositionalLayout
import LayoutEngine
import LayoutTestSupport
import ReferenceSolver
import Testing

/// A template's slots past the item count are counted, not placed (docs/spec-format.md "Limits"), yet a
/// nested group with no room in one of them is reported as if it were placed (docs/layout-rules.md §3.6): the
/// reference (capped at the section's items) and the engine (capped at the largest section's) agree.
@Suite struct CountedSlotNoRoomTests {
    /// Found by the lazy property test at display scale 3: a 11.5 pt wide container, a count group of 4 copies
    /// in a one-item section, whose copies' nested groups have no room.
    static let scenario = RandomScenario(
        seed: 14_945_284_330_456_782_565, operations: 12, displayScale: 3, movesSections: true)

    @Test func noRoomInACountedSlotIsReported() throws {
        let reference = try ReferenceSolver.solve(Self.scenario.layout)
        let engine = try LayoutEngine(state: Self.scenario.initialState, threads: 1)
        let sections = { (output: SolveOutput) in output.diagnostics.filter { $0.kind == .noRoom }.map(\.section) }
        #expect(sections(reference) == [0, 2, 3])
        #expect(sections(engine.output()) == sections(reference))
    }

    @Test func lazyScrollingAgrees() {
        EngineMovePropertyTests.checkLazy(Self.scenario, threads: [1, 2])
    }
}
