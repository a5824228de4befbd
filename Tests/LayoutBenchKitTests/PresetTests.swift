import CompositionalLayout
import LayoutSpec
import ReferenceSolver
import Testing

@testable import BenchResults
@testable import LayoutBenchKit

@Suite("presets")
struct PresetTests {
    @Test(
        "names parse to a kind and an item count",
        arguments: [
            ("grid", LayoutPreset.Kind.grid, 10_000), ("grid-10k", .grid, 10_000), ("nested-100k", .nested, 100_000),
            ("selfsizing-1m", .selfsizing, 1_000_000), ("chips-2500", .chips, 2_500), ("FEED-2.5k", .feed, 2_500),
        ])
    func parsing(name: String, kind: LayoutPreset.Kind, items: Int) throws {
        let preset = try LayoutPreset(parsing: name)
        #expect(preset.kind == kind)
        #expect(preset.items == items)
    }

    @Test("bad names say what is allowed")
    func badNames() {
        #expect(throws: PresetError.unknownPreset("mosaic-10k")) { try LayoutPreset(parsing: "mosaic-10k") }
        #expect(throws: PresetError.badSize("grid-ten")) { try LayoutPreset(parsing: "grid-ten") }
        #expect(throws: PresetError.badSize("grid-0")) { try LayoutPreset(parsing: "grid-0") }
        #expect(PresetError.unknownPreset("x").description.contains("grid, nested, selfsizing, chips, feed"))
    }

    @Test("every preset holds exactly the items its name says", arguments: LayoutPreset.Kind.allCases)
    func exactItemCount(kind: LayoutPreset.Kind) {
        for items in [1, 7, 99, 2_500, 10_000, 100_000, 1_000_000, 1_234_567] {
            let layout = LayoutPreset(kind: kind, items: items, seed: 9).layout()
            #expect(layout.itemCount == items, "\(kind)-\(items)")
            #expect(layout.name == LayoutPreset(kind: kind, items: items).name)
            #expect(layout.sections.count <= 400, "\(kind)-\(items) has \(layout.sections.count) definitions")
        }
    }

    @Test("grid-1m is 10,000 sections of 100 items from one definition")
    func gridMillion() {
        let layout = LayoutPreset(kind: .grid, items: 1_000_000).layout()
        #expect(layout.sections.count == 1)
        #expect(layout.sections[0].count == 10_000)
        #expect(layout.sections[0].items == 100)
    }

    @Test(
        "seeded: the same seed gives the same layout, another seed another one",
        arguments: [LayoutPreset.Kind.nested, .selfsizing, .chips, .feed, .adaptive])
    func seeded(kind: LayoutPreset.Kind) {
        #expect(LayoutPreset(kind: kind, seed: 1).layout() == LayoutPreset(kind: kind, seed: 1).layout())
        #expect(LayoutPreset(kind: kind, seed: 1).layout() != LayoutPreset(kind: kind, seed: 2).layout())
    }

    @Test("self-sizing presets estimate every item; grid and nested none", arguments: LayoutPreset.Kind.allCases)
    func estimatedItems(kind: LayoutPreset.Kind) throws {
        let sections = try LayoutPreset(kind: kind, items: 3_000).layout().resolvedSections()
        let estimated = sections.filter { $0.section.group.node.containsEstimatedDimension }.count
        switch kind {
        case .grid, .nested: #expect(estimated == 0)
        case .selfsizing, .chips: #expect(estimated == sections.count)
        case .feed, .adaptive: #expect(estimated > 0 && estimated < sections.count)
        }
    }

    @Test(
        "each preset solves with the reference solver: every item a cell, no diagnostics",
        arguments: LayoutPreset.Kind.allCases)
    func solves(kind: LayoutPreset.Kind) throws {
        let layout = LayoutPreset(kind: kind, items: 2_000, seed: 4).layout()
        let output = try ReferenceSolver.solve(layout)
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics.prefix(3))")
        #expect(output.elements.filter { $0.category == .cell }.count == 2_000)
    }

    @Test(
        "SpecWriter then SpecReader gives a layout that solves to the same frames",
        arguments: LayoutPreset.Kind.allCases)
    func specRoundTrip(kind: LayoutPreset.Kind) throws {
        let layout = LayoutPreset(kind: kind, items: 1_500, seed: 11).layout()
        let yaml = SpecWriter.yaml(layout)
        let read = try SpecReader.read(yaml: yaml, file: "\(kind).yaml")
        #expect(read.name == layout.name)
        #expect(read.itemCount == layout.itemCount)
        #expect(read.selfSizing == layout.selfSizing)
        #expect(try read.resolvedSections() == layout.resolvedSections())
        #expect(try ReferenceSolver.solve(read) == ReferenceSolver.solve(layout))
    }
}

@Suite("generated shapes")
struct LayoutShapeTests {
    @Test("sections x items, nesting multiplies items per group, ratios choose whole runs")
    func shape() throws {
        let shape = LayoutShape(
            sections: 480, itemsPerSection: 24, nesting: 3, estimatedRatio: 0.5, orthogonalRatio: 0.25,
            supplementaries: true, seed: 3)
        try shape.validate()
        let layout = shape.layout()
        #expect(layout.itemCount == 480 * 24)
        #expect(layout.sectionCount == 480)
        let sections = try layout.resolvedSections()
        let estimated = sections.filter { $0.section.group.node.containsEstimatedDimension }.count
        let orthogonal = sections.filter { $0.section.isOrthogonal }.count
        #expect(estimated == 240)
        #expect(orthogonal == 120)
        #expect(
            sections.allSatisfy {
                $0.section.boundarySupplementaryItems.count == 2 && $0.section.decorationItems.count == 1
            })
        #expect(layout.selfSizing != nil)
    }

    @Test("every nesting depth solves with the reference solver", arguments: 1...LayoutShape.maxNesting)
    func nestingSolves(depth: Int) throws {
        for estimated in [0.0, 1.0] {
            let layout = LayoutShape(
                sections: 3, itemsPerSection: 20, nesting: depth, estimatedRatio: estimated,
                orthogonalRatio: 0.34, supplementaries: true
            ).layout()
            let output = try ReferenceSolver.solve(layout)
            #expect(output.elements.filter { $0.category == .cell }.count == 60)
            #expect(output.diagnostics.isEmpty, "depth \(depth): \(output.diagnostics.prefix(2))")
        }
    }

    @Test("out-of-range values are refused with the flag's name")
    func validation() {
        for (shape, flag) in [
            (LayoutShape(sections: 0), "--sections"), (LayoutShape(nesting: 9), "--nesting"),
            (LayoutShape(estimatedRatio: 1.5), "--estimated"), (LayoutShape(orthogonalRatio: -0.1), "--orthogonal"),
            (LayoutShape(sections: 100_000, itemsPerSection: 10_000), "100,000,000"),
        ] {
            do {
                try shape.validate()
                Issue.record("\(flag) accepted")
            } catch {
                #expect(error.description.contains(flag))
            }
        }
    }
}
