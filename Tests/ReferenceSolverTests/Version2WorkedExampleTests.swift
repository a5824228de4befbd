import CompositionalLayout
import ReferenceSolver
import Testing

/// The worked examples of docs/version-2.md §10.10 (version 2), built with the Swift API and checked against the
/// numbers the text gives. (The golden tests check the same examples from spec files.)
@Suite("docs/version-2.md §10.10 worked examples, Swift API")
struct Version2WorkedExampleTests {
    typealias W = WorkedExampleTests

    /// Root horizontal 1w × absolute(height) holding one item 1w × 1h.
    static func fullWidthRows(height: Double) -> LayoutGroup {
        .horizontal(
            layoutSize: W.size(.fractionalWidth(1), .absolute(height)),
            subitems: [LayoutItem(layoutSize: W.size(.fractionalWidth(1), .fractionalHeight(1)))])
    }

    static let landscape = LayoutContainer(
        width: 844, height: 390, safeAreaInsets: EdgeInsets(leading: 47, trailing: 47))

    @Test("E15 safe area: the layout's reference is safeArea; a section's none ignores it")
    func e15() throws {
        let section = LayoutSection(group: Self.fullWidthRows(height: 50), contentInsets: EdgeInsets(all: 10))
        let output = try W.solve(section, items: 2, container: Self.landscape)
        #expect(
            W.cells(output) == [Rect(x: 57, y: 10, width: 730, height: 50), Rect(x: 57, y: 60, width: 730, height: 50)])
        #expect(output.sections[0].frame.height == 120)
        var none = section
        none.contentInsetsReference = .none
        let plain = try W.solve(none, items: 2, container: Self.landscape)
        #expect(
            W.cells(plain) == [Rect(x: 10, y: 10, width: 824, height: 50), Rect(x: 10, y: 60, width: 824, height: 50)])
    }

    @Test("E16 layout margins: 16 below 414 pt, 20 from 414 pt")
    func e16() throws {
        var section = LayoutSection(group: Self.fullWidthRows(height: 50), contentInsets: EdgeInsets(all: 10))
        section.contentInsetsReference = .layoutMargins
        let narrow = try W.solve(section, items: 2)
        #expect(
            W.cells(narrow) == [Rect(x: 26, y: 10, width: 338, height: 50), Rect(x: 26, y: 60, width: 338, height: 50)])
        let wide = try W.solve(section, items: 2, container: LayoutContainer(width: 414, height: 844))
        #expect(W.cells(wide)[0] == Rect(x: 30, y: 10, width: 354, height: 50))
    }

    @Test("E17 right-to-left: a grid and an orthogonal section, mirrored")
    func e17() throws {
        let half = LayoutItem(layoutSize: W.size(.fractionalWidth(0.5), .fractionalHeight(1)))
        let grid = LayoutSection(
            group: .horizontal(layoutSize: W.size(.fractionalWidth(1), .absolute(100)), subitems: [half]))
        let full = LayoutItem(layoutSize: W.size(.fractionalWidth(1), .fractionalHeight(1)))
        var carousel = LayoutSection(
            group: .horizontal(layoutSize: W.size(.fractionalWidth(0.8), .absolute(100)), subitems: [full]))
        carousel.orthogonalScrollingBehavior = .continuous
        let layout = CollectionLayout(
            name: "E17", container: LayoutContainer(width: 390, height: 844, layoutDirection: .rightToLeft),
            sections: [SectionDefinition(items: 2, section: grid), SectionDefinition(items: 3, section: carousel)])
        let output = try ReferenceSolver.solve(layout)
        #expect(
            W.cells(output) == [Rect(x: 195, y: 0, width: 195, height: 100), Rect(x: 0, y: 0, width: 195, height: 100)])
        let mirrored = W.cells(output, section: 1)
        for (k, x) in [78.0, -234, -546].enumerated() {
            W.expectClose(mirrored[k], Rect(x: x, y: 100, width: 312, height: 100))
        }
    }

    @Test("E18 uniform heights from a cycle; estimates without measuring")
    func e18() throws {
        let item = LayoutItem(layoutSize: W.size(.fractionalWidth(0.5), .uniformAcrossSiblings(estimate: 50)))
        let root = LayoutGroup.horizontal(layoutSize: W.size(.fractionalWidth(1), .estimated(50)), subitems: [item])
        let layout = CollectionLayout(
            name: "E18", container: W.phone,
            sections: [SectionDefinition(items: 4, section: LayoutSection(group: root))],
            selfSizing: SelfSizing(cycle: [.init(height: 60), .init(height: 90)]))
        let measured = try ReferenceSolver.solve(layout)
        #expect(
            W.cells(measured) == [
                Rect(x: 0, y: 0, width: 195, height: 90), Rect(x: 195, y: 0, width: 195, height: 90),
                Rect(x: 0, y: 90, width: 195, height: 90), Rect(x: 195, y: 90, width: 195, height: 90),
            ])
        #expect(measured.contentSize.height == 180)
        let estimates = try ReferenceSolver.solve(layout, measure: .none)
        #expect(W.cells(estimates).map(\.height) == [50, 50, 50, 50])
        #expect(W.cells(estimates).map(\.y) == [0, 0, 50, 50])
    }

    @Test("E19 computed insets: calc(0.055 * width) at 390 and 1024")
    func e19() throws {
        let expression = try CalcExpression(parsing: "0.055 * width")
        let definition = SectionDefinition(items: 1, section: LayoutSection(group: Self.fullWidthRows(height: 44)))
        let layout = CollectionLayout(
            name: "E19", container: W.phone, sections: [definition],
            computedValues: [
                ComputedValue(path: "sections[0].contentInsets.leading", expression: expression, range: .nonNegative),
                ComputedValue(path: "sections[0].contentInsets.trailing", expression: expression, range: .nonNegative),
            ])
        W.expectClose(W.cells(try ReferenceSolver.solve(layout))[0], Rect(x: 21.45, y: 0, width: 347.1, height: 44))
        W.expectClose(
            W.cells(try ReferenceSolver.solve(layout.withContainer(width: 1024)))[0],
            Rect(x: 56.32, y: 0, width: 911.36, height: 44))
    }

    @Test("E20 variants by effective width")
    func e20() throws {
        func columns(_ n: Int) -> SectionFields {
            let item = LayoutItem(layoutSize: W.size(.fractionalWidth(1), .fractionalHeight(1)))
            return SectionFields(
                content: .group(
                    .horizontal(
                        layoutSize: W.size(.fractionalWidth(1), .absolute(100)),
                        subitem: item, count: n)))
        }
        let definition = SectionDefinition(
            items: 4, fields: SectionFields(),
            variants: [
                SectionVariant(when: VariantCondition(widthAbove: 800), fields: columns(4)),
                SectionVariant(fields: columns(2)),
            ])
        let safe = try ReferenceSolver.solve(
            CollectionLayout(name: "E20", container: Self.landscape, sections: [definition]))
        #expect(W.cells(safe).prefix(2).map(\.x) == [47, 422])
        #expect(W.cells(safe).allSatisfy { $0.width == 375 })
        let bare = try ReferenceSolver.solve(
            CollectionLayout(
                name: "E20", container: LayoutContainer(width: 844, height: 390),
                sections: [definition]))
        #expect(W.cells(bare).map(\.x) == [0, 211, 422, 633])
        #expect(W.cells(bare).allSatisfy { $0.width == 211 })
    }
}
