import UIKit

/// A photo journal in the shape of Apple's samples: viewDidLoad calls configureHierarchy, which makes the
/// collection view with a layout built in place, and configureDataSource, which wires cells and a snapshot.
final class JournalViewController: UIViewController {
    enum Entry: Hashable { case photo(Int) }

    private var collectionView: UICollectionView! = nil
    private var dataSource: UICollectionViewDiffableDataSource<Int, Entry>! = nil

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.title = "Journal"
        configureHierarchy()
        configureDataSource()
    }

    private func configureHierarchy() {
        let layout = UICollectionViewCompositionalLayout { index, environment in
            let columns = environment.container.effectiveContentSize.width > 900 ? 4 : 2
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                    heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                    heightDimension: .absolute(160)),
                subitem: item, count: columns)
            group.interItemSpacing = .fixed(8)
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = 8
            section.contentInsets = NSDirectionalEdgeInsets(
                top: index == 0 ? 16 : 0, leading: 16, bottom: 16, trailing: 16)
            return section
        }
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(collectionView)
    }

    private func configureDataSource() {
        let registration = UICollectionView.CellRegistration<PhotoCell, Entry> { cell, _, entry in
            cell.show(entry)
        }
        dataSource = UICollectionViewDiffableDataSource<Int, Entry>(collectionView: collectionView)
            { view, path, entry in
            view.dequeueConfiguredReusableCell(using: registration, for: path, item: entry)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Entry>()
        snapshot.appendSections([0])
        snapshot.appendItems((0..<30).map(Entry.photo))
        dataSource.apply(snapshot)
    }
}
