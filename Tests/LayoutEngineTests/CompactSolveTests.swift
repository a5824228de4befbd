import CompositionalLayout
import ReferenceSolver
import SeededRandom
import Testing

@testable import LayoutEngine

/// The compact solve (`SectionBuilder.solveCompact`): a fresh solve of a list or column grid written straight
/// into compact storage reads, value for value, as the storage the general path builds and freezes for the
/// same section (`CompactForm.analyse` deciding its form), across random columns, insets, edge spacings,
/// estimated groups, item counts that leave a short last row or too few rows, and display scales; and the
/// engine equals the reference.
@Suite("The compact solve reads as the general path")
struct CompactSolveTests {
    static func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }

    static func layout(seed: UInt64) -> CollectionLayout {
        var rng = BenchRandom(seed: seed)
        let columns = rng.int(1...3)
        let height = LayoutDimension.estimated(rng.double(30...90, step: 1))
        var edges: EdgeSpacing? = nil
        if rng.chance(0.4) {
            edges = EdgeSpacing(
                leading: rng.chance(0.5) ? .fixed(rng.double(0...6, step: 1)) : nil,
                top: rng.chance(0.5) ? (rng.chance(0.3) ? .flexible(2) : .fixed(3)) : nil,
                trailing: rng.chance(0.3) ? .flexible(rng.double(0...4, step: 1)) : nil,
                bottom: rng.chance(0.3) ? .fixed(rng.double(0...4, step: 1)) : nil)
        }
        let item = LayoutItem(
            layoutSize: size(.fractionalWidth(1 / Double(columns)), height),
            contentInsets: rng.chance(0.4) ? EdgeInsets(all: rng.double(0...5, step: 1)) : .zero, edgeSpacing: edges)
        let subitems: LayoutGroup.Subitems =
            switch rng.int(0...2) {
            case 0: .dividing(item.node, count: columns)
            case 1: .repeating(item.node, count: columns)
            default: .repeatingUntilFull([item.node])
            }
        let row = LayoutGroup(
            layoutSize: size(rng.chance(0.2) ? .estimated(300) : .fractionalWidth(1), height),
            arrangement: .horizontal, subitems: subitems,
            interItemSpacing: rng.chance(0.5) ? .fixed(rng.double(0...10, step: 1)) : nil,
            contentInsets: rng.chance(0.3) ? EdgeInsets(all: rng.double(0...6, step: 1)) : .zero)
        var section = LayoutSection(group: row)
        section.contentInsets = EdgeInsets(all: rng.double(0...12, step: 1))
        section.interGroupSpacing = rng.double(-3...10, step: 1)
        var container = LayoutContainer(width: rng.double(200...500, step: 1), height: 800)
        if rng.chance(0.4) { container.displayScale = rng.pick([2.0, 3.0]) }
        return CollectionLayout(
            name: "compact-\(seed)", container: container,
            sections: (0..<3).map { _ in SectionDefinition(items: rng.int(0...13), section: section) },
            selfSizing: SelfSizing(seed: Int64(seed), height: .init(min: 20, max: 140)))
    }

    /// The first way two storages read differently (counts, form, every cell, size, stride, first item, offset,
    /// extent), or nil. `containing`: `a`'s query extent need only
    /// contain `b`'s (updates in place grow it, as a conservative bound, and never shrink it).
    static func difference(_ a: EstimatedInstances, _ b: EstimatedInstances, containing: Bool = false) -> String? {
        guard a.count == b.count, a.itemCount == b.itemCount, a.isCompact == b.isCompact else {
            return "counts \(a.count), \(a.itemCount), \(a.isCompact) vs \(b.count), \(b.itemCount), \(b.isCompact)"
        }
        let x = a.extent, y = b.extent
        let extentsAgree =
            containing
            ? x.minP <= y.minP && x.maxP >= y.maxP && x.minQ <= y.minQ && x.maxQ >= y.maxQ
            : x.minP == y.minP && x.maxP == y.maxP && x.minQ == y.minQ && x.maxQ == y.maxQ
        guard extentsAgree, a.hasNegativeStrides == b.hasNegativeStrides else { return "extent \(x) vs \(y)" }
        if let f = a.head.pointee.compact, let g = b.head.pointee.compact {
            guard f.perInstance == g.perInstance, f.varying == g.varying, f.instanceAcross == g.instanceAcross,
                f.instanceOverCell == g.instanceOverCell
            else { return "form \(f) vs \(g)" }
        }
        for i in 0..<a.itemCount where a.cell(i) != b.cell(i) { return "cell \(i): \(a.cell(i)) vs \(b.cell(i))" }
        for q in 0..<a.count {
            guard a.size(q) == b.size(q), a.stride(q) == b.stride(q), a.firstItem(q) == b.firstItem(q),
                a.offset(q + 1) == b.offset(q + 1)
            else { return "instance \(q): \(a.size(q)), \(a.stride(q)) vs \(b.size(q)), \(b.stride(q))" }
        }
        return nil
    }

    @Test("random lists and column grids: the same storage as the general path, and the reference's frames")
    func randomSections() throws {
        var direct = 0
        for seed in UInt64(1)...150 {
            let engine = try LayoutEngine(layout: Self.layout(seed: seed))
            try Self.expectFresh(engine, "seed \(seed)", containing: false)
            let sizing = engine.state.sizing()
            for (index, geometry) in engine.sections.enumerated() where geometry.itemCount > 0 {
                guard case .estimated = geometry.storage, let cache = engine.definitions[geometry.definition],
                    let plan = cache.flatPlan
                else { continue }
                var probe = SolveScratch()
                if try engine.solver.solveCompact(
                    plan, cache: cache, index: index,
                    itemCount: geometry.itemCount, sizing: sizing, scratch: &probe) != nil
                {
                    direct += 1
                }
            }
        }
        // Most sections take the path (those with a flexible edge across, fewer than two rows or no items do not).
        #expect(direct > 150)
    }

    /// Every estimated section of `engine` against a fresh solve by the general path, and the engine against
    /// the reference. `containing`: see `difference` (after updates in place).
    static func expectFresh(_ engine: LayoutEngine, _ context: String, containing: Bool = true) throws {
        var general = engine.solver
        general.solvesCompact = false
        var scratch = SolveScratch()
        let sizing = engine.state.sizing()
        for (index, geometry) in engine.sections.enumerated() {
            guard case .estimated(let storage) = geometry.storage, geometry.itemCount > 0 else { continue }
            let cache = try #require(engine.definitions[geometry.definition])
            let (expected, _, _) = try general.solveInstances(
                cache, index: index, itemCount: geometry.itemCount,
                sizing: sizing, scratch: &scratch)
            let difference = Self.difference(storage, expected, containing: containing)
            #expect(difference == nil, "\(context) section \(index): \(difference ?? "")")
        }
        let reference = try ReferenceSolver.solve(
            engine.state.layout, sections: engine.state.resolvedSections(), sizing: engine.state.sizing())
        #expect(engine.output().differences(from: reference).isEmpty, "\(context)")
    }

    @Test("inserts and deletes re-solve from the stored lengths (measured ones too): the fresh solve's storage")
    func itemChanges() throws {
        var compactChanges = 0
        for seed in UInt64(1)...100 {
            var rng = BenchRandom(seed: seed &+ 7_000)
            let engine = try LayoutEngine(layout: Self.layout(seed: seed))
            for step in 0..<8 {
                let section = rng.int(0...2)
                let count = engine.itemCount(inSection: section)
                let wasCompact: Bool
                if case .estimated(let storage) = engine.sections[section].storage {
                    wasCompact = storage.isCompact
                } else {
                    wasCompact = false
                }
                switch rng.int(0...3) {
                case 0 where count > 0:
                    // A measured size, so that later changes read lengths that are not estimates.
                    let item = rng.int(0...count - 1)
                    try engine.measure([
                        (
                            IndexPath(section: section, item: item),
                            Size(width: 100, height: rng.double(10...150, step: 1))
                        )
                    ])
                case 1 where count > 0:
                    let at = rng.int(0...count - 1)
                    try engine.apply(.deleteItems(section: section, at: at, count: rng.int(1...min(3, count - at))))
                    if wasCompact { compactChanges += 1 }
                default:
                    try engine.apply(.insertItems(section: section, at: rng.int(0...count), count: rng.int(1...4)))
                    if wasCompact { compactChanges += 1 }
                }
                try Self.expectFresh(engine, "seed \(seed) step \(step)")
            }
        }
        #expect(compactChanges > 300)
    }

    @Test(
        "an insert or delete in a 400-item list or 2-column grid measures only new items' rows and a short last row"
    )
    func itemChangesMeasureOnlyNewItems() throws {
        let item = LayoutItem(layoutSize: Self.size(.fractionalWidth(0.5), .estimated(60)))
        let grid = LayoutGroup(
            layoutSize: Self.size(.fractionalWidth(1), .estimated(60)), arrangement: .horizontal,
            subitems: .dividing(item.node, count: 2), interItemSpacing: .fixed(8))
        let row = LayoutGroup(
            layoutSize: Self.size(.fractionalWidth(1), .estimated(44)), arrangement: .horizontal,
            subitems: .dividing(LayoutItem(layoutSize: Self.size(.fractionalWidth(1), .estimated(44))).node, count: 1))
        let layout = CollectionLayout(
            name: "compact-work", container: LayoutContainer(width: 390, height: 844),
            sections: [
                SectionDefinition(items: 400, section: LayoutSection(group: row)),
                SectionDefinition(items: 400, section: LayoutSection(group: grid)),
            ],
            selfSizing: SelfSizing(seed: 9, height: .init(min: 20, max: 140)))
        let engine = try LayoutEngine(layout: layout)
        for section in 0...1 {
            // A measured item, so that the lengths read back are not all the model's.
            try engine.measure([(IndexPath(section: section, item: 300), Size(width: 100, height: 77))])
            // The grid's last row is solved by the general path whenever it is short (401 items), so it counts
            // as measured then. The general re-solve solved every row after the change in the grid (its pairs
            // change): 152 rows for this insert.
            var report = try engine.apply(.insertItems(section: section, at: 101, count: 1))
            #expect(
                report.sectionsSolved == 1 && report.instancesSolved == (section == 0 ? 1 : 2),
                "section \(section): \(report)")
            try Self.expectFresh(engine, "insert in section \(section)")
            report = try engine.apply(.deleteItems(section: section, at: 20, count: 1))
            #expect(
                report.sectionsSolved == 1 && report.instancesSolved == (section == 0 ? 0 : 1),
                "section \(section): \(report)")
            try Self.expectFresh(engine, "delete in section \(section)")
        }
    }
}
