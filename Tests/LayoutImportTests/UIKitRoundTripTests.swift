// Behind a package trait: compiled only in a build with it (scripts/test.sh enables every trait).
#if Import
import CompositionalLayout
import CompositionalLayoutUIKit
import Foundation
import LayoutEngine
import LayoutSpec
import LayoutTestSupport
import ReferenceSolver
import Testing

/// Every fixture spec and docs example through the UIKit-named API and back: spec → UIKit objects → spec.
struct RoundTripCase: CustomTestStringConvertible, Sendable {
    var path: String
    var testDescription: String { (path as NSString).lastPathComponent }

    static func all() -> [RoundTripCase] {
        let docs = Fixtures.packageRoot.appendingPathComponent("docs/examples").path
        let examples = ((try? FileManager.default.contentsOfDirectory(atPath: docs)) ?? [])
            .filter { $0.hasSuffix(".yaml") }.sorted().map { docs + "/" + $0 }
        return (Fixtures.specFiles().map { Fixtures.url($0).path } + examples).map(RoundTripCase.init)
    }
}

func itemCounts(_ layout: CollectionLayout) -> [Int] {
    layout.sections.flatMap { Array(repeating: $0.items, count: $0.count) }
}

@Suite("The UIKit-named API round-trips every fixture")
struct UIKitRoundTripTests {
    @Test("the cases are found")
    func casesExist() { #expect(RoundTripCase.all().count >= 50) }

    @Test("spec → UIKit objects → spec, and the frames of both solvers", arguments: RoundTripCase.all())
    func roundTrip(_ fixture: RoundTripCase) throws {
        let spec = try SpecReader.read(contentsOf: fixture.path)
        let uikit = UICollectionViewCompositionalLayout(spec)
        let back = try uikit.collectionLayout(
            name: spec.name, container: spec.container, itemCounts: itemCounts(spec),
            selfSizing: spec.selfSizing)
        let exact = spec.computedValues.isEmpty && spec.sections.allSatisfy { $0.variants.isEmpty && $0.name == nil }
        if exact {
            #expect(back == spec)
        } else {
            // Variants and calc are resolved at the container: the sections in force are the same.
            #expect(try back.resolvedSections() == (try spec.resolvedForEnvironment().resolvedSections()))
        }
        // What a spec file can say survives writing too.
        #expect(try SpecReader.read(yaml: SpecWriter.yaml(back)) == back)
        let expected = try ReferenceSolver.solve(spec)
        #expect(try ReferenceSolver.solve(back).differences(from: expected).isEmpty)
        let engine = try LayoutEngine(layout: back, measure: .all, threads: 1)
        #expect(engine.output().differences(from: expected).isEmpty)
    }

    @Test("mutations after an object is added are seen, as with UIKit's reference semantics")
    func referenceSemantics() throws {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(0.5),
                heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        let layout = UICollectionViewCompositionalLayout(section: section)
        item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
        section.interGroupSpacing = 8
        let model = try layout.collectionLayout(
            name: "t", container: LayoutContainer(width: 400, height: 800),
            itemCounts: [4])
        guard case .group(let g)? = model.sections[0].fields.content,
            case .repeatingUntilFull(let nodes) = g.subitems, case .item(let i) = nodes[0]
        else {
            Issue.record("not a group of items"); return
        }
        #expect(i.contentInsets == EdgeInsets(all: 4))
        #expect(model.sections[0].fields.interGroupSpacing == 8)
    }

    @Test("a provider is asked per section with the container's environment")
    func providerSeesEnvironment() throws {
        let layout = UICollectionViewCompositionalLayout { _, environment in
            let columns = environment.container.effectiveContentSize.width > 500 ? 4 : 2
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1 / CGFloat(columns)), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)), subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }
        let narrow = try layout.collectionLayout(
            name: "n", container: LayoutContainer(width: 390, height: 844),
            itemCounts: [8, 8])
        let wide = try layout.collectionLayout(
            name: "w", container: LayoutContainer(width: 844, height: 390),
            itemCounts: [8, 8])
        #expect(narrow.sections.count == 1 && narrow.sections[0].count == 2)
        #expect(narrow.sections[0].fields != wide.sections[0].fields)
    }

    @Test("a provider returning nil for a section with items is an error naming the section")
    func nilSection() {
        let layout = UICollectionViewCompositionalLayout { index, environment in
            index == 0
                ? NSCollectionLayoutSection.list(
                    using: UICollectionLayoutListConfiguration(appearance: .plain),
                    layoutEnvironment: environment) : nil
        }
        #expect(throws: UIKitConversionError.self) {
            try layout.collectionLayout(
                name: "n", container: LayoutContainer(width: 390, height: 844), itemCounts: [3, 3])
        }
    }
}
#endif
