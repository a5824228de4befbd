import UIKit

/// The column count comes from the app's model, which is not among the files: refused at the line that reads it.
final class ShopViewController: UIViewController {
    private let model = CatalogueModel()

    private func createLayout() -> UICollectionViewLayout {
        let columns = model.preferredColumns
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
            subitem: item, count: columns)
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }
}
