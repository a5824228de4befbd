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

    @Test("pixelRound rounds to the nearest pixel, halves away from zero, −0 as 0 (docs/layout-rules.md §1)")
    func pixelRounding() {
        #expect(pixelRound(84.17, scale: 2) == 84)
        #expect(pixelRound(121.66, scale: 2) == 121.5)
        #expect(pixelRound(0.25, scale: 2) == 0.5)
        #expect(pixelRound(-0.25, scale: 2) == -0.5)
        #expect(pixelRound(-7.5, scale: 3) == -23.0 / 3)
        let negativeZero = pixelRound(-0.1, scale: 2)
        #expect(negativeZero == 0 && negativeZero.sign == .plus)
        // Each field on its own: a rect's width does not follow from its rounded edges.
        #expect(
            Rect(x: 206.24, y: 0, width: 84.17, height: 50).pixelRounded(scale: 2)
                == Rect(x: 206, y: 0, width: 84, height: 50))
        #expect(Rect(x: 1.3, y: 2, width: 3, height: 4).pixelRounded(nil) == Rect(x: 1.3, y: 2, width: 3, height: 4))
        #expect(LayoutContainer(width: 1, height: 1, displayScale: 0).pixelScale == nil)
    }

    @Test("snapDown floors to device pixels only with a display scale")
    func snap() {
        #expect(LayoutContainer(width: 390, height: 844).snapDown(87.5) == 87.5)
        #expect(abs(LayoutContainer(width: 390, height: 844, displayScale: 3).snapDown(87.5) - 262.0 / 3) < 1e-12)
        // The 1e-6 guard keeps values already on a pixel where they are.
        #expect(LayoutContainer(width: 390, height: 844, displayScale: 3).snapDown(1.0 / 3 * 3) == 1)
    }

    @Test("the first variant whose width condition holds overrides the fields it names")
    func variants() throws {
        let narrow = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(10)),
            subitems: [
                LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(10)))
            ])
        var wide = narrow
        wide.layoutSize.heightDimension = .absolute(20)
        let definition = SectionDefinition(
            items: 3, fields: SectionFields(content: .group(narrow), interGroupSpacing: 4),
            variants: [
                SectionVariant(when: WidthCondition(minWidth: 600), fields: SectionFields(content: .group(wide)))
            ])
        #expect(try definition.section(forWidth: 390).group == narrow)
        #expect(try definition.section(forWidth: 600).group == wide)
        #expect(try definition.section(forWidth: 600).interGroupSpacing == 4)
        let onlyWide = SectionDefinition(
            items: 1, fields: SectionFields(),
            variants: [
                SectionVariant(when: WidthCondition(minWidth: 600), fields: SectionFields(content: .group(wide)))
            ])
        #expect(throws: LayoutError(.noVariantForWidth(width: 390))) { try onlyWide.section(forWidth: 390) }
    }

    @Test("a list's own insets replace the appearance's; its header comes before the section's own items")
    func lists() throws {
        let own = BoundarySupplementaryItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(5)),
            elementKind: "banner", alignment: .top)
        let fields = SectionFields(
            content: .list(ListConfiguration(appearance: .insetGrouped, headerMode: .supplementary)),
            contentInsets: EdgeInsets(all: 3), boundarySupplementaryItems: [own])
        let section = try #require(fields.section())
        #expect(section.contentInsets == EdgeInsets(all: 3))
        #expect(section.boundarySupplementaryItems.map(\.elementKind) == ["header", "banner"])
        #expect(
            LayoutSection.list(using: ListConfiguration(appearance: .plain, headerMode: .supplementary))
                .boundarySupplementaryItems[0].pinToVisibleBounds)
        #expect(
            LayoutSection.list(using: ListConfiguration(appearance: .grouped)).contentInsets
                == EdgeInsets(top: 17.5, bottom: 17.5))
    }

    @Test("list metrics follow the table of docs/layout-rules.md §7 (revision 1.1)")
    func listMetrics() {
        // appearance, insets (top, leading, bottom, trailing), header height, footer height, header pinned
        let table: [(ListConfiguration.Appearance, EdgeInsets, LayoutDimension, LayoutDimension, Bool)] = [
            (.plain, .zero, .estimated(28), .estimated(28), true),
            (
                .grouped, EdgeInsets(top: 17.5, leading: 0, bottom: 17.5, trailing: 0), .estimated(38), .estimated(38),
                false
            ),
            (
                .insetGrouped, EdgeInsets(top: 17.5, leading: 20, bottom: 17.5, trailing: 20), .estimated(38),
                .estimated(38), false
            ),
            (.sidebar, EdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10), .estimated(40), .estimated(28), false),
            (.sidebarPlain, .zero, .estimated(40), .estimated(28), true),
        ]
        #expect(table.map(\.0) == ListConfiguration.Appearance.allCases)
        for (appearance, insets, header, footer, pinned) in table {
            let metrics = ListConfiguration.metrics(appearance)
            #expect(metrics.contentInsets == insets, "\(appearance)")
            #expect(
                metrics.headerHeight == header && metrics.footerHeight == footer && metrics.pinsHeader == pinned,
                "\(appearance)")
        }
    }

    @Test("the JSON output reads back to the same output")
    func jsonRoundTrip() throws {
        let output = SolveOutput(
            spec: "a \"quoted\" name", container: Size(width: 390, height: 844),
            contentSize: Size(width: 390, height: 123.456),
            elements: [
                LayoutElement(
                    category: .cell, section: 0, item: 0,
                    frame: Rect(x: 0.1, y: 1e-7, width: 130.33333333333334, height: 44), zIndex: 0),
                LayoutElement(
                    category: .supplementary, kind: "header", section: -1, item: 0,
                    frame: Rect(x: -3, y: 0, width: 390, height: 50), zIndex: 1),
            ],
            sections: [
                SectionFrame(
                    index: 0, frame: Rect(x: 0, y: 0, width: 390, height: 123.456),
                    orthogonalContentSize: Size(width: 3315, height: 337.6))
            ],
            diagnostics: [LayoutDiagnostic(section: 0, kind: .noRoom, message: "no room for group: line\nbreak")])
        let back = try SolveOutput.decode(json: Data(output.jsonText().utf8))
        #expect(back == output)
        #expect(back.differences(from: output).isEmpty)
        let compact = try SolveOutput.decode(json: Data(output.jsonText(pretty: false).utf8))
        #expect(compact == output)
        #expect(!output.jsonText(pretty: false).contains("\n"))
    }

    @Test("differences name the element, the expected and the actual frame")
    func differences() {
        let a = SolveOutput(
            spec: "s", container: .zero, contentSize: .zero,
            elements: [
                LayoutElement(
                    category: .cell, section: 0, item: 0, frame: Rect(x: 0, y: 0, width: 1, height: 1), zIndex: 0)
            ],
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
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)),
            subitems: [
                LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)))
            ])
        let layout = CollectionLayout(
            name: "t", container: LayoutContainer(width: 390, height: 844),
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

@Suite("Diagnostics")
struct DiagnosticTests {
    @Test("a diagnostic's kind survives the JSON round trip; a foreign output's kind comes from its words")
    func kindsRoundTrip() throws {
        let output = SolveOutput(
            spec: "d", container: Size(width: 10, height: 10), contentSize: Size(width: 10, height: 0),
            elements: [], sections: [],
            diagnostics: [
                LayoutDiagnostic(section: 0, .noRoom, detail: "the root group holds no items"),
                LayoutDiagnostic(section: 2, .flexibleEdgeSpacingIgnored),
            ])
        let decoded = try SolveOutput.decode(json: Data(output.jsonText().utf8))
        #expect(decoded.diagnostics == output.diagnostics)
        #expect(decoded.diagnostics[0].message == "no room for group: the root group holds no items")

        let foreign = """
            {"version": 1, "spec": "x", "container": {"width": 0, "height": 1}, "contentSize": {"width": 0, "height": 0},
             "elements": [], "diagnostics": [{"section": 0, "message": "section 0: no room for the root group"},
                                             {"section": 1, "message": "edge spacing ignored"}]}
            """
        let read = try SolveOutput.decode(json: Data(foreign.utf8))
        #expect(read.diagnostics.map(\.kind) == [.noRoom, .unclassified])
    }

    @Test("comparison tells a missing \"no room\" apart from another diagnostic in the same section")
    func comparisonNamesKinds() {
        let base = SolveOutput(
            spec: "d", container: Size(width: 10, height: 10), contentSize: Size(width: 10, height: 0),
            elements: [], sections: [], diagnostics: [LayoutDiagnostic(section: 0, .noRoom)])
        var other = base
        other.diagnostics = [LayoutDiagnostic(section: 0, .flexibleEdgeSpacingIgnored)]
        #expect(base.differences(from: base).isEmpty)
        #expect(other.differences(from: base).contains { $0.contains("no room") })
    }
}
