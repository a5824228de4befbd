import CompositionalLayout
import ReferenceSolver
import SeededRandom
import Testing

@testable import LayoutEngine

/// A rect query copies a flow's instance without testing each cell when the rect holds the instance by its
/// section's cell extent (`HoldingBound`). Random chip flows (`FlowRowAgreementTests.layout`), plain, with
/// their rows centred across (flexible root edges: an origin across per instance) and scrolling orthogonally,
/// queried by rects that hold some rows whole and cut others, before and after measures: the elements found
/// are the reference solver's elements that intersect the rect, with its frames, and both the held and the
/// tested path ran.
@Suite("Rect queries copy held flow instances without a test per cell")
struct HeldInstanceQueryTests {
    enum Variant: CaseIterable { case plain, centred, orthogonal }

    static func layout(seed: UInt64, _ variant: Variant) -> CollectionLayout {
        var layout = FlowRowAgreementTests.layout(seed: seed) { row, section, vertical in
            switch variant {
            case .plain: break
            case .centred:
                // A row narrower than the section across, centred by flexible edges on both sides.
                if vertical {
                    row.layoutSize.widthDimension = .fractionalWidth(0.8)
                    row.edgeSpacing = EdgeSpacing(leading: .flexible(0), trailing: .flexible(0))
                } else {
                    row.layoutSize.heightDimension = .fractionalHeight(0.8)
                    row.edgeSpacing = EdgeSpacing(top: .flexible(0), bottom: .flexible(0))
                }
            case .orthogonal:
                section.orthogonalScrollingBehavior = .continuous
            }
        }
        layout.container.displayScale = nil  // exact frames: the path that copies held instances
        return layout
    }

    /// The reference solver's output for the engine's state: frames made apart from the engine's queries.
    static func reference(_ engine: LayoutEngine) throws -> SolveOutput {
        try ReferenceSolver.solve(
            engine.state.layout, sections: engine.state.resolvedSections(), sizing: engine.state.sizing())
    }

    @Test(
        "the elements found are the reference's that intersect the rect, with its frames", arguments: Variant.allCases)
    func heldInstancesEqualTheReference(_ variant: Variant) throws {
        var held = 0, opened = 0, compared = 0
        for seed in UInt64(1)...40 {
            let layout = Self.layout(seed: seed, variant)
            let engine = try LayoutEngine(layout: layout)
            var rng = BenchRandom(seed: seed &* 31)
            for step in 0..<4 {
                if step > 0 {
                    let section = rng.index(below: engine.sectionCount)
                    let count = engine.itemCount(inSection: section)
                    if count > 0 {
                        try engine.apply(
                            .measure(
                                section: section, item: rng.index(below: count), width: rng.double(5...200, step: 1),
                                height: rng.double(5...200, step: 1)))
                    }
                }
                let content = engine.exactContentSize
                let reference = try Self.reference(engine)
                let frames = Dictionary(reference.elements.map { ($0.key, $0.frame) }) { a, _ in a }
                for _ in 0..<12 {
                    // Off the half-point grid, so that edges rarely touch frames exactly; wide and narrow rects.
                    let x = rng.double(-20...max(0, content.width) + 20) + 0.0123
                    let y = rng.double(-20...max(0, content.height) + 20) + 0.0321
                    // Up to 5 content widths wide: an orthogonal section's rows reach past the content's width.
                    let w = rng.double(0...max(1, content.width) * 5), h = rng.double(0...max(1, content.height) * 0.6)
                    let rect = Rect(x: x, y: y, width: w, height: h)
                    let before = (engine.queryWork.instancesHeld, engine.queryWork.instancesOpened)
                    let found = engine.elements(in: rect)
                    held += engine.queryWork.instancesHeld - before.0
                    opened += engine.queryWork.instancesOpened - before.1
                    compared += 1
                    let problems =
                        EngineOracle.queryProblems(found, rect: rect, expected: reference)
                        + found.filter { !EngineOracle.close($0.frame, frames[$0.key] ?? .zero) }.prefix(2).map {
                            "\($0.key): \($0.frame) against the reference's \(frames[$0.key].map { "\($0)" } ?? "none")"
                        }
                    #expect(problems.isEmpty, "seed \(seed) step \(step) \(variant): \(problems)")
                }
            }
        }
        #expect(compared == 40 * 4 * 12)
        // Both paths ran: instances held whole, and more opened than held (cut by the rect's edges).
        #expect(held > 100, "\(variant): \(held) instances held")
        #expect(opened > held + 100, "\(variant): \(opened) opened, \(held) held")
    }
}
