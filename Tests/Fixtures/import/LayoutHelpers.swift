import UIKit

enum LayoutMetrics {
    static let spacing: CGFloat = 10
    static let columns = 4
    static let badgeKind = "badge"
    static let backgroundKind = "section-background"
}

extension NSCollectionLayoutSection {
    /// A grid with a badge on every cell, a header and a background behind the section.
    static func badgedGrid(columns: Int) -> NSCollectionLayoutSection {
        let badge = NSCollectionLayoutSupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20)),
            elementKind: LayoutMetrics.badgeKind,
            containerAnchor: NSCollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3)))
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / CGFloat(columns)),
                                               heightDimension: .fractionalHeight(1.0)),
            supplementaryItems: [badge])
        item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                               heightDimension: .fractionalWidth(1.0 / CGFloat(columns))),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        header.pinToVisibleBounds = true
        section.boundarySupplementaryItems = [header]
        let background = NSCollectionLayoutDecorationItem.background(elementKind: LayoutMetrics.backgroundKind)
        background.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        section.decorationItems = [background]
        return section
    }
}

/// Networking the layout never touches.
final class FeedAPI {
    func load() -> AnyPublisher<[Int], Never> { Just([1, 2, 3]).eraseToAnyPublisher() }
}
