import UIKit

extension UICollectionViewCompositionalLayout {
    /// Message threads: a pinned header, rows of 72 pt with a hairline between them, and a background behind
    /// each section, as an extension of the layout class.
    static func threads() -> UICollectionViewCompositionalLayout {
        let row = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(72))
        let item = NSCollectionLayoutItem(layoutSize: row)
        let group = NSCollectionLayoutGroup.vertical(layoutSize: row, subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 1
        section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        header.pinToVisibleBounds = true
        section.boundarySupplementaryItems = [header]
        let background = NSCollectionLayoutDecorationItem.background(elementKind: "thread-background")
        background.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 8)
        section.decorationItems = [background]
        return UICollectionViewCompositionalLayout(section: section)
    }
}
