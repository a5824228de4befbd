import UIKit

/// A feed whose collection view is made in init(), with its layout from a static helper taking a parameter.
final class ClipsViewController: UIViewController {
    private let collectionView: UICollectionView

    init() {
        collectionView = UICollectionView(frame: .zero, collectionViewLayout: Self.clipsLayout(height: 240))
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("not from a storyboard") }

    private static func clipsLayout(height: CGFloat) -> UICollectionViewLayout {
        let clip = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)))
        let group = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)),
            subitems: [clip])
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }
}
