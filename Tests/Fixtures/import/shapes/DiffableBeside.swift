import UIKit

/// A contacts list whose diffable data source, cells and snapshot sit beside the layout: only the layout is
/// kept, the rest is sliced away.
final class ContactsViewController: UIViewController {
    enum Group: Int, CaseIterable { case favourites, everyone }
    typealias DataSource = UICollectionViewDiffableDataSource<Group, Contact>
    typealias Snapshot = NSDiffableDataSourceSnapshot<Group, Contact>

    private lazy var dataSource = makeDataSource()
    private var collectionView: UICollectionView!

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout())
        collectionView.dataSource = dataSource
        view.addSubview(collectionView)
        applySnapshot(ContactBook.shared.all)
    }

    private func layout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { index, _ in
            let favourites = Group(rawValue: index) == .favourites
            let width: NSCollectionLayoutDimension = favourites ? .fractionalWidth(0.25) : .fractionalWidth(1)
            let height: NSCollectionLayoutDimension = favourites ? .fractionalWidth(0.25) : .absolute(56)
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: width,
                heightDimension: height))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height),
                subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }
    }

    private func makeDataSource() -> DataSource {
        DataSource(collectionView: collectionView) { view, path, contact in
            let cell = view.dequeueReusableCell(withReuseIdentifier: ContactCell.identifier, for: path) as? ContactCell
            cell?.nameLabel.text = contact.name
            return cell
        }
    }

    private func applySnapshot(_ contacts: [Contact]) {
        var snapshot = Snapshot()
        snapshot.appendSections(Group.allCases)
        snapshot.appendItems(contacts.filter(\.isFavourite), toSection: .favourites)
        snapshot.appendItems(contacts, toSection: .everyone)
        dataSource.apply(snapshot, animatingDifferences: false)
    }
}

final class ContactCell: UICollectionViewCell {
    static let identifier = "contact"
    let nameLabel = UILabel()
}
