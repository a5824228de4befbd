import CompositionalLayout
import ReferenceSolver
import Testing

@testable import LayoutEngine

/// The compact form of estimated storage (`CompactForm`): lists and column grids take it, anything whose
/// items do not repeat their positions keeps the full form, both forms read alike value for value, and
/// updates in place keep it while the engine still equals the reference.
@Suite("Compact estimated storage")
struct CompactInstancesTests {
    static func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }

    /// Lists (with insets and spacing), 2-column cards and chips (widths measured along the row).
    static func layout() -> CollectionLayout {
        let height: LayoutDimension = .estimated(50)
        let row = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), height),
            subitems: [LayoutItem(layoutSize: size(.fractionalWidth(1), height))])
        var list = LayoutSection(group: row)
        list.contentInsets = EdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16)
        list.interGroupSpacing = 3
        let pair = LayoutGroup(
            layoutSize: size(.fractionalWidth(1), height), arrangement: .horizontal,
            subitems: .dividing(LayoutItem(layoutSize: size(.fractionalWidth(1), height)).node, count: 2),
            interItemSpacing: .fixed(8))
        // Posts with a badge on each: a leaf supplementary list per item, the same at every position.
        let badge = SupplementaryItem(
            layoutSize: size(.absolute(22), .absolute(22)), elementKind: "badge",
            containerAnchor: LayoutAnchor(edges: [.top, .trailing], absoluteOffset: Point(x: -4, y: 4)))
        let post = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), height),
            subitems: [LayoutItem(layoutSize: size(.fractionalWidth(1), height), supplementaryItems: [badge])])
        let chip = LayoutItem(layoutSize: size(.estimated(60), .absolute(30)))
        let chips = LayoutGroup(
            layoutSize: size(.fractionalWidth(1), .absolute(30)), arrangement: .horizontal,
            subitems: .repeatingUntilFull([chip.node]), interItemSpacing: .fixed(6))
        return CollectionLayout(
            name: "compact", container: LayoutContainer(width: 390, height: 844),
            sections: [
                SectionDefinition(count: 3, items: 9, section: list),
                SectionDefinition(count: 3, items: 7, section: LayoutSection(group: pair)),
                SectionDefinition(count: 2, items: 25, section: LayoutSection(group: chips)),
                SectionDefinition(count: 2, items: 6, section: LayoutSection(group: post)),
            ],
            selfSizing: SelfSizing(seed: 11, width: .init(min: 40, max: 140), height: .init(min: 40, max: 120)))
    }

    static func storages(_ engine: LayoutEngine) -> [EstimatedInstances] {
        engine.sections.map { geometry -> EstimatedInstances in
            guard case .estimated(let storage) = geometry.storage else { fatalError("every section here is estimated") }
            return storage
        }
    }

    /// Every read of `storage` against the same instances in the full form.
    static func readsAlike(_ storage: EstimatedInstances) -> Bool {
        let full = storage.fullForm()
        guard !full.isCompact, full.count == storage.count, full.itemCount == storage.itemCount else { return false }
        guard storage.hasLeafSupplementaries == full.hasLeafSupplementaries else { return false }
        for i in 0..<storage.itemCount
        where storage.cell(i) != full.cell(i) || storage.instance(of: i) != full.instance(of: i)
            || storage.leafSupplementary(i) != full.leafSupplementary(i)
        {
            return false
        }
        for q in 0..<storage.count {
            guard storage.size(q) == full.size(q), storage.stride(q) == full.stride(q),
                storage.firstItem(q) == full.firstItem(q),
                storage.items(of: q) == full.items(of: q), storage.offset(q + 1) == full.offset(q + 1)
            else { return false }
        }
        return true
    }

    /// `EstimatedInstances.Reader` (what rect queries read) against the storage's own reads, bit for bit.
    static func readerReadsAlike(_ storage: EstimatedInstances) -> Bool {
        let reader = storage.reader
        guard reader.count == storage.count, reader.itemCount == storage.itemCount else { return false }
        for q in 0..<storage.count {
            let (items, size, stride) = reader.instance(q)
            guard items == storage.items(of: q), size == storage.size(q), stride == storage.stride(q),
                reader.offset(q + 1) == storage.offset(q + 1)
            else { return false }
            for i in items where reader.cell(i, leaf: i - items.lowerBound) != storage.cell(i) { return false }
        }
        return reader.offset(0) == storage.offset(0) && reader.extent.minP == storage.extent.minP
    }

    @Test("the reader of rect queries reads as the storage, in both forms")
    func readerReadsAlike() throws {
        let engine = try LayoutEngine(layout: Self.layout())
        for storage in Self.storages(engine) {
            #expect(Self.readerReadsAlike(storage))
            #expect(Self.readerReadsAlike(storage.fullForm()))
        }
    }

    func matchesReference(_ engine: LayoutEngine) throws -> Bool {
        let reference = try ReferenceSolver.solve(
            engine.state.layout, sections: engine.state.resolvedSections(),
            sizing: engine.state.sizing())
        return engine.output().differences(from: reference).isEmpty
    }

    @Test("lists and card grids are compact, chips are not, and both forms read alike")
    func forms() throws {
        let engine = try LayoutEngine(layout: Self.layout())
        let storages = Self.storages(engine)
        #expect(storages.map(\.isCompact) == [true, true, true, true, true, true, false, false, true, true])
        #expect(storages[8].hasLeafSupplementaries && storages[8].leafSupplementary(3) != 0)
        for storage in storages { #expect(Self.readsAlike(storage)) }
    }

    @Test(
        "in place a measure keeps the compact form, a taller card too; inserts and deletes re-solve it; all match"
    )
    func measureInPlace() throws {
        let engine = try LayoutEngine(layout: Self.layout(), measure: .none)
        // An identity only: holding the storage would make it shared, and an update would copy it.
        let before = ObjectIdentifier(Self.storages(engine)[1])
        // A new height: in place, same object, still compact.
        let report = try engine.measure([(IndexPath(section: 1, item: 4), Size(width: 358, height: 211))])
        #expect(report.sectionsSolved == 1 && report.instancesSolved <= 2)
        #expect(ObjectIdentifier(Self.storages(engine)[1]) == before && Self.storages(engine)[1].isCompact)
        #expect(engine.frame(of: IndexPath(section: 1, item: 4))?.height == 211)
        #expect(Self.readsAlike(Self.storages(engine)[1]))
        #expect(try matchesReference(engine))
        // A card twice as tall as its neighbour: the pair's row grows, the pattern still holds.
        _ = try engine.measure([(IndexPath(section: 4, item: 2), Size(width: 100, height: 300))])
        #expect(Self.storages(engine)[4].isCompact && Self.readsAlike(Self.storages(engine)[4]))
        #expect(try matchesReference(engine))
        // A post with its badge, measured in place: the leaf lists stay the pattern's.
        let post = ObjectIdentifier(Self.storages(engine)[9])
        _ = try engine.measure([(IndexPath(section: 9, item: 1), Size(width: 390, height: 140))])
        #expect(ObjectIdentifier(Self.storages(engine)[9]) == post && Self.storages(engine)[9].isCompact)
        #expect(Self.readsAlike(Self.storages(engine)[9]))
        #expect(try matchesReference(engine))
        // Insert and delete re-solve into new storage, compact again.
        _ = try engine.apply(.insertItems(section: 0, at: 3, count: 2))
        _ = try engine.apply(.deleteItems(section: 3, at: 0, count: 1))
        _ = try engine.apply(.insertItems(section: 8, at: 2, count: 1))
        #expect(
            Self.storages(engine)[0].isCompact && Self.storages(engine)[3].isCompact
                && Self.storages(engine)[8].isCompact)
        #expect(Self.readsAlike(Self.storages(engine)[8]))
        #expect(try matchesReference(engine))
    }

    @Test("a measured width the pattern cannot hold: the update re-solves into the full form, equal to the reference")
    func widthLeavesThePattern() throws {
        // One item per row, estimated on both axes: at their estimates every row repeats the first.
        let item = LayoutItem(layoutSize: Self.size(.estimated(200), .estimated(50)))
        let row = LayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .estimated(50)), subitems: [item])
        let layout = CollectionLayout(
            name: "widths", container: LayoutContainer(width: 390, height: 844),
            sections: [SectionDefinition(count: 2, items: 6, section: LayoutSection(group: row))])
        let engine = try LayoutEngine(layout: layout, measure: .none)
        #expect(Self.storages(engine).allSatisfy { $0.isCompact })
        _ = try engine.measure([(IndexPath(section: 1, item: 2), Size(width: 120, height: 70))])
        #expect(Self.storages(engine)[0].isCompact && !Self.storages(engine)[1].isCompact)
        #expect(engine.frame(of: IndexPath(section: 1, item: 2))?.size == Size(width: 120, height: 70))
        #expect(try matchesReference(engine))
    }
}
