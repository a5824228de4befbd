import UIKit

/// A gallery whose layout reads the view around it, as many apps do: the view's width and safe area, the
/// screen's scale and the trait collection; its first section is a custom mosaic group.
final class GalleryViewController: UICollectionViewController {
    private var photos: [String] = []

    private func columns() -> Int {
        traitCollection.horizontalSizeClass == .regular ? 4 : 2
    }

    func makeLayout() -> UICollectionViewLayout {
        let hairline = 1 / UIScreen.main.scale
        let sideInset = max(view.safeAreaInsets.left, 12)
        let tileHeight = (view.bounds.width - 2 * sideInset) / CGFloat(columns())
        return UICollectionViewCompositionalLayout { sectionIndex, _ in
            if sectionIndex == 0 { return self.mosaic(height: tileHeight * 2) }
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1 / CGFloat(self.columns())),
                    heightDimension: .fractionalHeight(1)))
            item.contentInsets = NSDirectionalEdgeInsets(
                top: hairline, leading: hairline, bottom: hairline, trailing: hairline)
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .absolute(tileHeight)),
                subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: sideInset, bottom: 0, trailing: sideInset)
            return section
        }
    }

    /// One large photo and two small ones beside it, framed by hand.
    private func mosaic(height: CGFloat) -> NSCollectionLayoutSection {
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height))
        let group = NSCollectionLayoutGroup.custom(layoutSize: size) { environment in
            let width = environment.container.effectiveContentSize.width
            return [
                NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: width * 2 / 3, height: height)),
                NSCollectionLayoutGroupCustomItem(
                    frame: CGRect(x: width * 2 / 3, y: 0, width: width / 3, height: height / 2)),
                NSCollectionLayoutGroupCustomItem(
                    frame: CGRect(x: width * 2 / 3, y: height / 2, width: width / 3, height: height / 2)),
            ]
        }
        return NSCollectionLayoutSection(group: group)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.setCollectionViewLayout(makeLayout(), animated: false)
        photos = PhotoLibrary.shared.recent()
    }
}
