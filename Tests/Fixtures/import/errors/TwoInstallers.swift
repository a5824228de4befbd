import UIKit

/// Two set-up methods each install a layout and none returns one: which to take is the user's to say.
final class SplitViewController: UIViewController {
    private var list: UICollectionView!
    private var grid: UICollectionView!

    func setUpList() {
        list = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewCompositionalLayout.list(
            using: UICollectionLayoutListConfiguration(appearance: .sidebar)))
    }

    func setUpGrid() {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5),
                heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)),
            subitems: [item])
        grid = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewCompositionalLayout(
            section: NSCollectionLayoutSection(group: group)))
    }
}
