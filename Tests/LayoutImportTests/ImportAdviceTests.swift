// Behind a package trait: compiled only in a build with it (scripts/test.sh enables every trait).
#if Import
import Testing

@testable import LayoutImport

/// What `import` adds to a compiler error about UIKit API that CompositionalLayoutUIKit does not cover.
@Suite("import's advice on compiler errors")
struct ImportAdviceTests {
    @Test("a member the module leaves out is named with its type, not the type alone")
    func missingMember() {
        let advice = Importer.advice(
            for: "value of type 'NSCollectionLayoutSection' has no member 'visibleItemsInvalidationHandler'")
        #expect(
            advice.contains("does not cover 'NSCollectionLayoutSection.visibleItemsInvalidationHandler'"), "\(advice)")
        let onType = Importer.advice(for: "type 'UICollectionLayoutListConfiguration' has no member 'trailingSwipe'")
        #expect(onType.contains("'UICollectionLayoutListConfiguration.trailingSwipe'"), "\(onType)")
    }

    @Test("a name nothing declares asks for its file, an entry that does not need it, or an adapter")
    func missingSymbol() {
        let advice = Importer.advice(for: "cannot find 'Presenter' in scope")
        #expect(advice.contains("'Presenter' is declared neither in the given files"), "\(advice)")
        #expect(Importer.advice(for: "expected expression").isEmpty)
    }
}
#endif
