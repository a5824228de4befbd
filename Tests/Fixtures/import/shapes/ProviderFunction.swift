import UIKit

/// A section provider written as a method, handed to the layout elsewhere in the app: section 0 is a strip of
/// chips, every other section a list of rows.
struct MailboxSections {
    func section(for index: Int, in environment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? {
        if index == 0 {
            let chip = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .estimated(80), heightDimension: .absolute(32)))
            let strip = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .estimated(80), heightDimension: .absolute(32)),
                subitems: [chip])
            let section = NSCollectionLayoutSection(group: strip)
            section.orthogonalScrollingBehavior = .continuous
            section.interGroupSpacing = 6
            section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12)
            return section
        }
        let row = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(64))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: row,
            subitems: [NSCollectionLayoutItem(layoutSize: row)])
        return NSCollectionLayoutSection(group: group)
    }
}
