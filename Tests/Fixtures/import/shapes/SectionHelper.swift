import UIKit

/// A section helper as a design system ships it: a static factory for a banner carousel, no layout around it.
enum CarouselSections {
    private static let peek: CGFloat = 0.85

    static func banners() -> NSCollectionLayoutSection {
        let banner = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(peek),
                heightDimension: .fractionalWidth(0.5)),
            subitems: [banner])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPagingCentered
        section.interGroupSpacing = 10
        return section
    }
}
