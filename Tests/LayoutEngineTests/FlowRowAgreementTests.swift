import CompositionalLayout
import ReferenceSolver
import SeededRandom
import Testing

@testable import LayoutEngine

/// The flow path of the flat plan (`FlatRowPlan.solveFlowInstance`): rows of one item declaration repeated
/// until full, measured along the row (chips, tags). Random flows (either scroll direction, fixed and flexible
/// spacings, edge spacings, item and group insets, estimated or fixed lengths across, display scales, room
/// for none) are solved, measured, edited and resized, and after every step the frames equal a fresh
/// reference solve; the path is checked to be the one taken.
@Suite("Flow rows agree with the reference")
struct FlowRowAgreementTests {
    static func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }

    static func spacing(_ rng: inout BenchRandom) -> LayoutSpacing? {
        switch rng.int(0...3) {
        case 0: return nil
        case 1: return .flexible(rng.double(0...12, step: 1))
        default: return .fixed(rng.double(0...12, step: 0.5))
        }
    }

    /// A random chip flow along `main` (the scroll axis's other one), with `items` items per section;
    /// `adjust` changes its row and section (given whether it scrolls vertically) before they are used.
    static func layout(
        seed: UInt64, adjust: (inout LayoutGroup, inout LayoutSection, Bool) -> Void = { _, _, _ in }
    ) -> CollectionLayout {
        var rng = BenchRandom(seed: seed)
        let vertical = rng.chance(0.7)
        let main: Axis = vertical ? .x : .y
        let along = LayoutDimension.estimated(rng.double(30...120, step: 1))
        let across: LayoutDimension = rng.weighted([
            (0.5, .absolute(rng.double(20...40, step: 1))), (0.3, .estimated(rng.double(20...40, step: 1))),
            (0.2, .fractionalHeight(0.5)),
        ])
        var edges: EdgeSpacing? = nil
        if rng.chance(0.4) {
            edges = EdgeSpacing(
                leading: rng.chance(0.5) ? .fixed(rng.double(0...6, step: 1)) : nil,
                top: rng.chance(0.5) ? (rng.chance(0.5) ? .flexible(2) : .fixed(3)) : nil,
                trailing: rng.chance(0.3) ? .flexible(rng.double(0...4, step: 1)) : nil,
                bottom: rng.chance(0.3) ? .fixed(rng.double(0...4, step: 1)) : nil)
        }
        let chip = LayoutItem(
            layoutSize: main == .x ? size(along, across) : size(across, along),
            contentInsets: rng.chance(0.3) ? EdgeInsets(all: rng.double(0...4, step: 1)) : .zero,
            edgeSpacing: edges)
        let rowAcross: LayoutDimension =
            rng.chance(0.5) ? .estimated(rng.double(20...50, step: 1)) : .absolute(rng.double(20...50, step: 1))
        let row = LayoutGroup(
            layoutSize: main == .x ? size(.fractionalWidth(1), rowAcross) : size(rowAcross, .fractionalHeight(1)),
            arrangement: main == .x ? .horizontal : .vertical, subitems: .repeatingUntilFull([chip.node]),
            interItemSpacing: spacing(&rng),
            contentInsets: rng.chance(0.3) ? EdgeInsets(all: rng.double(0...6, step: 1)) : .zero)
        var section = LayoutSection(group: row)
        section.contentInsets = EdgeInsets(all: rng.double(0...12, step: 1))
        section.interGroupSpacing = rng.double(-4...10, step: 1)
        var adjusted = section.group
        adjust(&adjusted, &section, vertical)
        section.group = adjusted
        var definitions: [SectionDefinition] = []
        for _ in 0..<rng.int(1...3) {
            definitions.append(SectionDefinition(count: rng.int(1...2), items: rng.int(0...40), section: section))
        }
        let extent = rng.double(150...480, step: 1)
        var container = LayoutContainer(width: vertical ? extent : 600, height: vertical ? 800 : extent)
        if rng.chance(0.4) { container.displayScale = rng.pick([2.0, 3.0]) }
        let ranges = (SelfSizing.LengthRange(min: 10, max: 180), SelfSizing.LengthRange(min: 15, max: 45))
        return CollectionLayout(
            name: "flow-\(seed)", container: container,
            configuration: LayoutConfiguration(scrollDirection: vertical ? .vertical : .horizontal),
            sections: definitions,
            selfSizing: SelfSizing(
                seed: Int64(seed), width: vertical ? ranges.0 : ranges.1, height: vertical ? ranges.1 : ranges.0))
    }

    func differences(_ engine: LayoutEngine) throws -> [String] {
        let reference = try ReferenceSolver.solve(
            engine.state.layout, sections: engine.state.resolvedSections(), sizing: engine.state.sizing())
        return engine.output().differences(from: reference).prefix(3).map { "\($0)" }
    }

    @Test("random flows: solved, measured, edited and resized, equal to the reference after every step")
    func randomFlows() throws {
        var flowSections = 0
        for seed in UInt64(1)...120 {
            let layout = Self.layout(seed: seed)
            let engine = try LayoutEngine(layout: layout)
            flowSections +=
                engine.definitions.compactMap { $0?.flatPlan }.filter {
                    $0.isSingleItemFlow && !$0.mainIsConstant
                }.count
            #expect(try differences(engine).isEmpty, "seed \(seed): solve")
            var rng = BenchRandom(seed: seed &* 7919)
            for step in 0..<12 {
                let section = rng.index(below: engine.sectionCount)
                let count = engine.itemCount(inSection: section)
                let operation: LayoutOperation
                switch rng.int(0...4) {
                case 0 where count > 0:
                    operation = .deleteItems(section: section, at: rng.index(below: count), count: 1)
                case 1:
                    operation = .insertItems(section: section, at: rng.int(0...count), count: rng.int(1...3))
                case 2 where step == 6:
                    operation = .resize(width: layout.container.width * 0.8, height: layout.container.height * 0.9)
                default:
                    guard count > 0 else { continue }
                    operation = .measure(
                        section: section, item: rng.index(below: count), width: rng.double(5...200, step: 1),
                        height: rng.double(5...200, step: 1))
                }
                try engine.apply(operation)
                #expect(try differences(engine).isEmpty, "seed \(seed) step \(step): \(operation)")
            }
        }
        // Most random flows take the path (those whose group is estimated along the row do not).
        #expect(flowSections > 100)
    }
    @Test("a measure that reflows rows into as many rows writes them over the old ones, equal to the reference")
    func reflowedRowsOverwritten() throws {
        var overwritten = 0, spliced = 0, splicedInPlace = 0
        for seed in UInt64(1)...60 {
            let engine = try LayoutEngine(layout: Self.layout(seed: seed))
            var rng = BenchRandom(seed: seed &* 104_729)
            for step in 0..<16 {
                let section = rng.index(below: engine.sectionCount)
                let count = engine.itemCount(inSection: section)
                guard count > 0 else { continue }
                let before = engine.updateWork.flowRowsOverwritten
                let inPlaceBefore = engine.updateWork.flowRowsSplicedInPlace
                let rows = RemeasureInstanceTests.storage(engine, section)?.count
                let measure = LayoutOperation.measure(
                    section: section, item: rng.index(below: count), width: rng.double(5...200, step: 1),
                    height: rng.double(5...200, step: 1))
                try engine.apply(measure)
                #expect(try differences(engine).isEmpty, "seed \(seed) step \(step): \(measure)")
                let after = RemeasureInstanceTests.storage(engine, section)?.count
                if engine.updateWork.flowRowsOverwritten > before {
                    overwritten += 1
                    // Written over only when the rows stayed as many.
                    #expect(rows == after, "seed \(seed) step \(step)")
                } else if rows != nil, after != nil, rows != after {
                    spliced += 1
                    if engine.updateWork.flowRowsSplicedInPlace > inPlaceBefore { splicedInPlace += 1 }
                }
            }
        }
        // Both happen: reflows that end with as many rows, and ones that change the count (spliced).
        #expect(overwritten > 80, "\(overwritten) overwritten")
        #expect(spliced > 20, "\(spliced) spliced")
        // Most splices (a row more or fewer) fit in the old storage's allocation (`spliceInPlace`).
        #expect(splicedInPlace * 2 > spliced, "\(splicedInPlace) of \(spliced) spliced in place")
    }

    @Test("inserted and deleted chips are spliced into the old storage's allocation, equal to the reference")
    func editsSplicedInPlace() throws {
        var edits = 0, inPlace = 0
        for seed in UInt64(1)...60 {
            let engine = try LayoutEngine(layout: Self.layout(seed: seed))
            var rng = BenchRandom(seed: seed &* 15_485_863)
            for step in 0..<12 {
                let section = rng.index(below: engine.sectionCount)
                let count = engine.itemCount(inSection: section)
                guard count > 0, RemeasureInstanceTests.storage(engine, section)?.splices == true else { continue }
                let before = engine.updateWork.flowRowsSplicedInPlace
                let edit =
                    rng.chance(0.5)
                    ? LayoutOperation.insertItems(section: section, at: rng.int(0...count), count: 1)
                    : LayoutOperation.deleteItems(section: section, at: rng.index(below: count), count: 1)
                try engine.apply(edit)
                #expect(try differences(engine).isEmpty, "seed \(seed) step \(step): \(edit)")
                edits += 1
                if engine.updateWork.flowRowsSplicedInPlace > before { inPlace += 1 }
            }
        }
        #expect(edits > 100, "\(edits) edits")
        #expect(inPlace * 2 > edits, "\(inPlace) of \(edits) edits spliced in place")
    }
}
