// Behind a package trait: compiled only in a build with it (scripts/test.sh enables every trait).
#if Import
import CompositionalLayout
import CompositionalLayoutUIKit
import LayoutEngine
import LayoutEngineUIKit
import ReferenceSolver
import Testing

/// An engine built from a UIKit layout asks its section provider again when the container changes, as UIKit does.
@Suite("UIKitLayoutEngine")
struct UIKitLayoutEngineTests {
    /// Two columns below 500 pt of effective width, four above; rows 50 pt tall.
    static func columns(minimum: Int = 2) -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { _, environment in
            let columns = environment.container.effectiveContentSize.width > 500 ? 2 * minimum : minimum
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1 / CGFloat(columns)), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
                subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }
    }

    @Test("a rotation asks the provider again: 2 columns at 390, 4 at 844, 2 again at 390")
    func providerAskedOnResize() throws {
        let uikit = try UIKitLayoutEngine(
            Self.columns(), container: LayoutContainer(width: 390, height: 844), itemCounts: [8, 8])
        #expect(uikit.providerCalls == 2)
        #expect(uikit.engine.frame(of: IndexPath(section: 0, item: 1)) == Rect(x: 195, y: 0, width: 195, height: 50))
        #expect(uikit.engine.contentSize == Size(width: 390, height: 400))

        #expect(try uikit.resize(to: LayoutContainer(width: 844, height: 390)))
        #expect(uikit.providerCalls == 4)
        #expect(uikit.engine.frame(of: IndexPath(section: 0, item: 3)) == Rect(x: 633, y: 0, width: 211, height: 50))
        #expect(uikit.engine.contentSize == Size(width: 844, height: 200))
        let wide = try Self.columns().collectionLayout(
            name: "uikit", container: LayoutContainer(width: 844, height: 390), itemCounts: [8, 8])
        #expect(uikit.engine.output().elements == (try ReferenceSolver.solve(wide)).elements)

        #expect(try uikit.resize(to: LayoutContainer(width: 390, height: 844)))
        #expect(uikit.providerCalls == 6)
        #expect(uikit.engine.contentSize == Size(width: 390, height: 400))
    }

    @Test("a provider that gives the same sections at the new width resizes the engine, keeping its state")
    func sameSectionsResizeIncrementally() throws {
        // One column below 500 and two above: 390 -> 450 stays at one column.
        let uikit = try UIKitLayoutEngine(
            Self.columns(minimum: 1), container: LayoutContainer(width: 390, height: 844), itemCounts: [3])
        let engine = uikit.engine
        try engine.apply(.insertItems(section: 0, at: 3, count: 2))
        #expect(try !uikit.resize(to: LayoutContainer(width: 450, height: 844)))
        #expect(uikit.engine === engine)
        #expect(uikit.providerCalls == 2)
        #expect(uikit.engine.itemCount(inSection: 0) == 5)
        #expect(uikit.engine.frame(of: IndexPath(section: 0, item: 4)) == Rect(x: 0, y: 200, width: 450, height: 50))
    }

    @Test("a provider returning nil at the new container is an error naming the section; the engine stays")
    func nilSectionOnResize() throws {
        let layout = UICollectionViewCompositionalLayout { index, environment in
            guard environment.container.contentSize.width < 600 || index == 0 else { return nil }
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)))
            let group = NSCollectionLayoutGroup.vertical(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
                subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }
        let uikit = try UIKitLayoutEngine(
            layout, container: LayoutContainer(width: 390, height: 844), itemCounts: [2, 2])
        #expect {
            try uikit.resize(to: LayoutContainer(width: 844, height: 390))
        } throws: { error in
            "\(error)".contains("section 1")
        }
        #expect(uikit.container.width == 390)
        #expect(uikit.engine.contentSize == Size(width: 390, height: 160))
    }
}
#endif
