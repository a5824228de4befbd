import UIKit

enum Layouts {
    /// Two columns on a narrow container, four on a wide one, as the environment says.
    static func adaptiveGrid() -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { _, environment in
            let columns = environment.container.effectiveContentSize.width > 600 ? 4 : 2
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0 / CGFloat(columns)), heightDimension: .fractionalHeight(1.0)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(120)), subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }
    }
}
