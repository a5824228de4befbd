import UIKit

/// A podcast shelf whose layout lives in a private extension, as a static builder, with a fileprivate helper.
final class PodcastShelfViewController: UIViewController {
    private lazy var shelf = UICollectionView(frame: .zero, collectionViewLayout: Self.shelfLayout())
}

private extension PodcastShelfViewController {
    static func shelfLayout() -> UICollectionViewCompositionalLayout {
        let cover = NSCollectionLayoutItem(layoutSize: square(1))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(150), heightDimension: .absolute(150)),
            subitems: [cover])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .continuous
        section.interGroupSpacing = 14
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 24
        return UICollectionViewCompositionalLayout(section: section, configuration: configuration)
    }
}

fileprivate func square(_ fraction: CGFloat) -> NSCollectionLayoutSize {
    NSCollectionLayoutSize(widthDimension: .fractionalWidth(fraction), heightDimension: .fractionalHeight(fraction))
}
