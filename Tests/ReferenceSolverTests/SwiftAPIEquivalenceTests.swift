import CompositionalLayout
import Foundation
import LayoutSpec
import LayoutTestSupport
import ReferenceSolver
import Testing

/// A spec file and the same layout written with the Swift API give identical frames.
@Suite("Spec files and the Swift API agree")
struct SwiftAPIEquivalenceTests {
    static let specs = Fixtures.specs

    @Test("the README's photo grid, built in Swift, equals spec-format-sample.yaml")
    func photoGrid() throws {
        let item = LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
            contentInsets: EdgeInsets(all: 2))
        let group = LayoutGroup.horizontal(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.25)),
            subitem: item, count: 4)
        var section = LayoutSection(group: group, contentInsets: EdgeInsets(all: 8), interGroupSpacing: 8)
        section.boundarySupplementaryItems = [
            BoundarySupplementaryItem(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)),
                elementKind: "header", alignment: .top)
        ]
        section.decorationItems = [.background(elementKind: "background")]
        let swift = CollectionLayout(
            name: "photo-grid", container: LayoutContainer(width: 390, height: 844),
            sections: [SectionDefinition(count: 3, items: 30, section: section)])
        let spec = try SpecReader.read(
            contentsOf: Self.specs.appendingPathComponent("examples/spec-format-sample.yaml").path)
        let fromSwift = try ReferenceSolver.solve(swift)
        let fromSpec = try ReferenceSolver.solve(spec)
        #expect(fromSwift.elements == fromSpec.elements)
        #expect(fromSwift.contentSize == fromSpec.contentSize)
        #expect(fromSwift.elements.count == 96)
    }

    @Test("a list section built with LayoutSection.list equals the settings spec's first sections")
    func lists() throws {
        let spec = try SpecReader.read(contentsOf: Self.specs.appendingPathComponent("realistic/settings.yaml").path)
        var account = ListConfiguration(appearance: .insetGrouped)
        account.rowHeight = .absolute(80)
        let notifications = ListConfiguration(appearance: .insetGrouped, headerMode: .supplementary)
        let swift = CollectionLayout(
            name: "settings", container: LayoutContainer(width: 390, height: 844),
            sections: [
                SectionDefinition(name: "account", items: 1, section: .list(using: account)),
                SectionDefinition(
                    name: "connectivity", items: 5, section: .list(using: ListConfiguration(appearance: .insetGrouped))),
                SectionDefinition(name: "notifications", items: 4, section: .list(using: notifications)),
            ],
            selfSizing: SelfSizing(seed: 17, height: .init(min: 44, max: 60)))
        var prefix = spec
        prefix.sections = Array(spec.sections.prefix(3))
        #expect(try ReferenceSolver.solve(swift).elements == ReferenceSolver.solve(prefix).elements)
    }
}
