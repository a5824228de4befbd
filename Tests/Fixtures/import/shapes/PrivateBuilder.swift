import UIKit

/// A recipe browser: the layout builder is private, as most apps write it, with a private static metric.
final class RecipeBrowserViewController: UIViewController {
    private static let tileHeight: CGFloat = 132
    private var collectionView: UICollectionView!

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: makeLayout())
        view.addSubview(collectionView)
    }

    private func makeLayout() -> UICollectionViewLayout {
        let tile = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3),
                heightDimension: .fractionalHeight(1)))
        tile.contentInsets = NSDirectionalEdgeInsets(top: 3, leading: 3, bottom: 3, trailing: 3)
        let row = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                heightDimension: .absolute(Self.tileHeight)),
            subitems: [tile])
        let section = NSCollectionLayoutSection(group: row)
        section.contentInsets = spacing
        return UICollectionViewCompositionalLayout(section: section)
    }

    fileprivate var spacing: NSDirectionalEdgeInsets {
        NSDirectionalEdgeInsets(top: 12, leading: 12, bottom: 12, trailing: 12)
    }
}
