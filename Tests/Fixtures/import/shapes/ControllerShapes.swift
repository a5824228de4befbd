import UIKit

/// What real view controllers put around a layout, learnt from public apps: a collection view controller whose
/// delegate methods share the name `collectionView`, a storyboard outlet, a section enum that describes itself,
/// and a layout set with `collectionViewLayout =` in viewDidLoad through a helper that takes a parameter.
final class SeasonsViewController: UICollectionViewController {
    enum Season: Int, CaseIterable, CustomStringConvertible {
        case spring, summer

        var description: String { self == .spring ? "Spring" : "Summer" }
        var columns: Int { self == .spring ? 2 : 3 }
    }

    @IBOutlet private weak var emptyLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        emptyLabel.text = "Nothing planted yet"
        collectionView.collectionViewLayout = layout(spacing: 6)
        collectionView.delegate = self
    }

    private func layout(spacing: CGFloat) -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { index, _ in
            let season = Season(rawValue: index) ?? .summer
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                    heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .absolute(season == .spring ? 140 : 100)),
                subitem: item, count: season.columns)
            group.interItemSpacing = .fixed(spacing)
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = spacing
            return section
        }
    }

    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        print("picked \(Season(rawValue: indexPath.section)!)")
    }

    override func numberOfSections(in collectionView: UICollectionView) -> Int { Season.allCases.count }
}
