import CompositionalLayout
import Foundation
import Testing

@Suite("The model")
struct ModelTests {
    @Test("splitmix64 is the standard finaliser")
    func splitmix() {
        // Reference values of splitmix64 as a finaliser of 0 and 1 (the first outputs of the generator seeded with 0).
        #expect(SelfSizing.splitmix64(0) == 0xE220_A839_7B1D_CDAF)
        #expect(SelfSizing.splitmix64(0x9E37_79B9_7F4A_7C15) == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test("measured lengths stay in their range and depend on section and item")
    func measuredLengths() {
        let range = SelfSizing.LengthRange(min: 40, max: 120)
        var seen = Set<Double>()
        for s in 0..<5 {
            for i in 0..<50 {
                let v = SelfSizing.length(seed: 7, section: s, item: i, range: range)
                #expect(v >= 40 && v <= 120 && v == v.rounded())
                seen.insert(v)
            }
        }
        #expect(seen.count > 40)
        #expect(SelfSizing.length(seed: 7, section: 0, item: 0, range: .init(fixed: 50)) == 50)
        // A negative seed uses its two's-complement bits.
        #expect(SelfSizing(seed: -1).seed == UInt64.max)
    }

    @Test("snap floors to device pixels only with a display scale")
    func snap() {
        #expect(LayoutContainer(width: 390, height: 844).snap(87.5) == 87.5)
        #expect(abs(LayoutContainer(width: 390, height: 844, displayScale: 3).snap(87.5) - 262.0 / 3) < 1e-12)
        // The 1e-6 guard keeps values already on a pixel where they are.
        #expect(LayoutContainer(width: 390, height: 844, displayScale: 3).snap(1.0 / 3 * 3) == 1)
    }

    @Test("the first variant whose width condition holds overrides the fields it names")
    func variants() throws {
        let narrow = LayoutGroup.horizontal(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(10)),
                                            subitems: [LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(10)))])
        var wide = narrow
        wide.layoutSize.heightDimension = .absolute(20)
        let definition = SectionDefinition(
            items: 3, fields: SectionFields(content: .group(narrow), interGroupSpacing: 4),
            variants: [SectionVariant(when: WidthCondition(minWidth: 600), fields: SectionFields(content: .group(wide)))])
        #expect(try definition.section(forWidth: 390).group == narrow)
        #expect(try definition.section(forWidth: 600).group == wide)
        #expect(try definition.section(forWidth: 600).interGroupSpacing == 4)
        let onlyWide = SectionDefinition(items: 1, fields: SectionFields(),
                                         variants: [SectionVariant(when: WidthCondition(minWidth: 600), fields: SectionFields(content: .group(wide)))])
        #expect(throws: LayoutError(.noVariantForWidth(width: 390))) { try onlyWide.section(forWidth: 390) }
    }

    @Test("a list's own insets replace the appearance's; its header comes before the section's own items")
    func lists() throws {
        let own = BoundarySupplementaryItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(5)),
                                            elementKind: "banner", alignment: .top)
        let fields = SectionFields(content: .list(ListConfiguration(appearance: .insetGrouped, headerMode: .supplementary)),
                                   contentInsets: EdgeInsets(all: 3), boundarySupplementaryItems: [own])
        let section = try #require(fields.section())
        #expect(section.contentInsets == EdgeInsets(all: 3))
        #expect(section.boundarySupplementaryItems.map(\.elementKind) == ["header", "banner"])
        #expect(LayoutSection.list(using: ListConfiguration(appearance: .plain, headerMode: .supplementary)).boundarySupplementaryItems[0].pinToVisibleBounds)
        #expect(LayoutSection.list(using: ListConfiguration(appearance: .grouped)).contentInsets == EdgeInsets(bottom: 35))
    }

    @Test("the JSON output reads back to the same output")
    func jsonRoundTrip() throws {
        let output = SolveOutput(
            spec: "a \"quoted\" name", container: Size(width: 390, height: 844), contentSize: Size(width: 390, height: 123.456),
            elements: [LayoutElement(category: .cell, section: 0, item: 0, frame: Rect(x: 0.1, y: 1e-7, width: 130.33333333333334, height: 44), zIndex: 0),
                       LayoutElement(category: .supplementary, kind: "header", section: -1, item: 0, frame: Rect(x: -3, y: 0, width: 390, height: 50), zIndex: 1)],
            sections: [SectionFrame(index: 0, frame: Rect(x: 0, y: 0, width: 390, height: 123.456), orthogonalContentSize: Size(width: 3315, height: 337.6))],
            diagnostics: [LayoutDiagnostic(section: 0, message: "no room for group: line\nbreak")])
        let back = try SolveOutput.decode(json: Data(output.jsonText().utf8))
        #expect(back == output)
        #expect(back.differences(from: output).isEmpty)
        let compact = try SolveOutput.decode(json: Data(output.jsonText(pretty: false).utf8))
        #expect(compact == output)
        #expect(!output.jsonText(pretty: false).contains("\n"))
    }

    @Test("differences name the element, the expected and the actual frame")
    func differences() {
        let a = SolveOutput(spec: "s", container: .zero, contentSize: .zero,
                            elements: [LayoutElement(category: .cell, section: 0, item: 0, frame: Rect(x: 0, y: 0, width: 1, height: 1), zIndex: 0)],
                            sections: [], diagnostics: [])
        var b = a
        b.elements[0].frame.x = 0.5
        let found = a.differences(from: b)
        #expect(found.count == 1)
        #expect(found[0].contains("section 0, item 0") && found[0].contains("expected [0.5, 0, 1, 1]"))
        var c = a
        c.elements[0].frame.x = 1e-7
        #expect(a.differences(from: c).isEmpty)
    }

    @Test("operations on the data state keep measured sizes with their items")
    func stateKeepsSizes() throws {
        let group = LayoutGroup.horizontal(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)),
                                           subitems: [LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)))])
        let layout = CollectionLayout(name: "t", container: LayoutContainer(width: 390, height: 844),
                                      sections: [SectionDefinition(items: 3, section: LayoutSection(group: group))])
        var state = LayoutState(layout: layout, measure: .none)
        try state.apply(.measure(section: 0, item: 2, width: 390, height: 99))
        try state.apply(.insertItems(section: 0, at: 0, count: 2))
        let request = ItemSizing.Request(section: 0, item: 4, axis: .y, estimate: 44, declared: nil)
        #expect(state.sizing().itemLength(request) == 99)
        try state.apply(.reloadItems(section: 0, at: 4, count: 1))
        #expect(state.sizing().itemLength(request) == 44)
        #expect(throws: OperationError.self) { try state.apply(.deleteItems(section: 0, at: 3, count: 5)) }
    }
}
