import UIKit

/// A screen that starts with a placeholder layout and replaces it: two layouts installed in viewDidLoad.
final class GalleryToggleViewController: UIViewController {
    private var collectionView: UICollectionView!

    override func viewDidLoad() {
        super.viewDidLoad()
        let placeholder = UICollectionViewCompositionalLayout.list(
            using: UICollectionLayoutListConfiguration(appearance: .plain))
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: placeholder)
        view.addSubview(collectionView)
        let grid = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(
            group: NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(90)),
                subitem: NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1))),
                count: 3)))
        collectionView.setCollectionViewLayout(grid, animated: false)
    }
}
