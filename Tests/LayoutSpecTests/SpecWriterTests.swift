import CompositionalLayout
import Testing

@testable import LayoutSpec

/// The writer's promise: what it writes reads back to the same layout.
@Suite struct SpecWriterTests {
    @Test(arguments: SharedSpecs.all)
    func sharedSpecsRoundTrip(_ spec: String) throws {
        do {
            let layout = try SpecReader.read(contentsOf: SharedSpecs.path(spec))
            let text = SpecWriter.yaml(layout)
            let again = try SpecReader.read(yaml: text, file: "written.yaml")
            #expect(again == layout, "\(spec) written as:\n\(text)")
            #expect(SpecWriter.yaml(again) == text)
        }
    }

    /// A fixture-driven test with no fixture would pass without checking anything.
    @Test func fixturesAreFound() {
        #expect(SharedSpecs.all.count >= 36)
    }

    /// A layout built in Swift with every feature the format has, including values that need care:
    /// fractions with no short decimal, tiny and negative numbers, names YAML would misread, names that
    /// look like version 2 values, empty maps.
    @Test func everyFeatureRoundTrips() throws {
        let layout = Self.everything
        let text = SpecWriter.yaml(layout)
        let again = try SpecReader.read(yaml: text, file: "everything.yaml")
        #expect(again == layout, "written as:\n\(text)")
        // And through JSON: the writer's YAML, as JSON, reads the same too.
        let json = jsonText(try yamlTree(text))
        #expect(try SpecReader.read(json: json) == layout)
    }

    @Test func writesReadableYAML() {
        let text = SpecWriter.yaml(Self.everything)
        #expect(
            text.hasPrefix("version: 1\nname: \"null\"\ncontainer: { width: 820, height: 1180, displayScale: 2 }\n"))
        #expect(text.contains("size: { width: fractionalWidth(0.3333333333333333), height: estimated(44.5) }"))
        #expect(text.contains("interItemSpacing: flexible(0.1)"))
        #expect(text.contains("when: {}"))
        #expect(text.contains("elementKind: \"yes\""))
        #expect(text.contains("name: busy day"))
    }

    @Test func numbersKeepEveryDigit() throws {
        for value in [0.1 + 0.2, 1.0 / 3.0, 1e-7, 123456.789, 999_999.999_999_9, Double.leastNonzeroMagnitude, 0.5] {
            let text = SpecWriter.number(value)
            #expect(SpecNumber(literal: text, allowYAMLForms: false)?.double == value, "\(value) written as \(text)")
        }
        #expect(SpecWriter.number(44) == "44")
        #expect(SpecWriter.number(-12) == "-12")
        #expect(SpecWriter.string("date-header") == "date-header")
        #expect(SpecWriter.string("True") == "\"True\"")
        #expect(SpecWriter.string("a: b") == "\"a: b\"")
        #expect(SpecWriter.string("") == "\"\"")
        #expect(SpecWriter.string("line\u{2028}break") == "\"line\\u2028break\"")
    }

    static let everything: CollectionLayout = {
        let third = 1.0 / 3.0
        let badge = SupplementaryItem(
            layoutSize: LayoutSize(widthDimension: .absolute(20), heightDimension: .estimated(18)),
            elementKind: "badge",
            containerAnchor: LayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.3, y: -0.3)),
            itemAnchor: LayoutAnchor(edges: [.bottom]), zIndex: 7,
            selfSizing: SelfSizing(seed: -3, height: .init(min: 10, max: 30)))
        let pill = SupplementaryItem(
            layoutSize: LayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(10)),
            elementKind: "uniformAcrossSiblings(2) pill",
            containerAnchor: LayoutAnchor(edges: []))
        let cell = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(third), heightDimension: .estimated(44.5)),
            supplementaryItems: [badge], contentInsets: EdgeInsets(top: 1, leading: 2, bottom: 0, trailing: 4),
            edgeSpacing: EdgeSpacing(),
            selfSizing: SelfSizing(seed: Int64.max, width: .init(fixed: 0), height: .init(min: 3, max: 1_000_000)))
        let plainCell = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalHeight(1000), heightDimension: .absolute(1e-7)))
        let inner = LayoutGroup(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)),
            arrangement: .vertical, subitems: .dividing(.item(plainCell), count: 3),
            interItemSpacing: .fixed(8), contentInsets: EdgeInsets(all: 2),
            edgeSpacing: EdgeSpacing(leading: .flexible(0), top: nil, trailing: .fixed(3), bottom: .flexible(1.5)),
            supplementaryItems: [pill])
        let custom = LayoutGroup.custom(
            layoutSize: LayoutSize(widthDimension: .absolute(100), heightDimension: .absolute(50)),
            frames: [Rect(x: -5, y: 0.25, width: 10, height: 0), Rect(x: 1e5, y: -1e5, width: 0.125, height: 3)])
        let root = LayoutGroup(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(200)),
            arrangement: .horizontal, subitems: .repeatingUntilFull([.item(cell), .group(inner), .group(custom)]),
            interItemSpacing: .flexible(0.1))
        let repeating = LayoutGroup.vertical(
            layoutSize: LayoutSize(widthDimension: .absolute(0), heightDimension: .absolute(300)),
            repeatingSubitem: plainCell, count: 10_000_000)
        let header = BoundarySupplementaryItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(30)),
            elementKind: "header", alignment: .topLeading, absoluteOffset: Point(x: 0, y: -4), extendsBoundary: false,
            pinToVisibleBounds: true, zIndex: -2, selfSizing: SelfSizing(height: .init(fixed: 31)))
        let yes = BoundarySupplementaryItem(
            layoutSize: LayoutSize(widthDimension: .absolute(1), heightDimension: .absolute(2)),
            elementKind: "yes", alignment: .bottomTrailing)
        let grid = SectionDefinition(
            name: "busy day", count: 3, items: 17,
            fields: SectionFields(
                content: .group(root), contentInsets: EdgeInsets(top: 0, leading: 0, bottom: 12, trailing: 0),
                interGroupSpacing: -6.25, orthogonalScrollingBehavior: .groupPagingCentered,
                boundarySupplementaryItems: [header, yes],
                decorationItems: [
                    DecorationItem(elementKind: "background", contentInsets: EdgeInsets(all: 5), zIndex: -1),
                    DecorationItem(elementKind: "rim", zIndex: 4),
                ],
                supplementariesFollowContentInsets: false),
            variants: [
                SectionVariant(
                    when: WidthCondition(minWidth: 600, maxWidth: 1024.5),
                    fields: SectionFields(content: .group(repeating), boundarySupplementaryItems: [])),
                SectionVariant(when: WidthCondition(), fields: SectionFields(interGroupSpacing: 0)),
                SectionVariant(
                    when: nil,
                    fields: SectionFields(
                        content: .list(ListConfiguration(appearance: .sidebar)),
                        decorationItems: [])),
                SectionVariant(when: WidthCondition(maxWidth: 10), fields: SectionFields()),
            ])
        let list = SectionDefinition(
            name: "null", items: 0,
            fields: SectionFields(
                content: .list(
                    ListConfiguration(
                        appearance: .insetGrouped, headerMode: .supplementary, footerMode: .supplementary,
                        rowHeight: .absolute(80),
                        headerHeight: .estimated(40), footerHeight: .fractionalHeight(0.1)))))
        let onlyVariants = SectionDefinition(
            name: "calc(width)", items: 5, fields: SectionFields(contentInsets: .zero),
            variants: [
                SectionVariant(when: WidthCondition(minWidth: 0), fields: SectionFields(content: .group(custom)))
            ])
        let fromSection = SectionDefinition(
            items: 2, section: LayoutSection.list(using: ListConfiguration(appearance: .plain)))
        return CollectionLayout(
            name: "null",
            container: LayoutContainer(width: 820, height: 1180, displayScale: 2),
            configuration: LayoutConfiguration(
                scrollDirection: .horizontal, interSectionSpacing: -3,
                boundarySupplementaryItems: [yes]),
            sections: [grid, list, onlyVariants, fromSection],
            selfSizing: SelfSizing(seed: 99, width: .init(min: 40, max: 60)))
    }()
}
