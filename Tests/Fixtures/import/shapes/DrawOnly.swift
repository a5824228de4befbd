import UIKit

/// A list and a carousel set up with what only draws: colours, separators, swipe actions, a scroll effect and
/// scrolling feel. None moves a frame; the import takes them and lists them.
enum LibraryLayout {
    static func make() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { index, environment in
            if index == 1 {
                var list = UICollectionLayoutListConfiguration(appearance: .grouped)
                list.backgroundColor = .systemGroupedBackground
                list.showsSeparators = true
                list.separatorConfiguration.color = .separator
                list.trailingSwipeActionsConfigurationProvider = { _ in
                    UISwipeActionsConfiguration(actions: [])
                }
                return NSCollectionLayoutSection.list(using: list, layoutEnvironment: environment)
            }
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                    heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(200), heightDimension: .absolute(120)),
                subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .groupPaging
            section.orthogonalScrollingProperties.bounce = .always
            section.visibleItemsInvalidationHandler = { items, offset, _ in
                for item in items {
                    let scale = max(0.9, 1 - abs(item.frame.midX - offset.x - 100) / 1000)
                    item.transform = CGAffineTransform(scaleX: scale, y: scale)
                }
            }
            return section
        }
    }
}
