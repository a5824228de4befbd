import UIKit

/// A settings-like screen: the layout is made inside a lazy collection view, which viewDidLoad adds to the
/// view; a data source, a delegate and a cell registration sit beside it.
final class AccountViewController: UIViewController, UICollectionViewDelegate {
    private let store = AccountStore()

    private lazy var collectionView: UICollectionView = {
        var list = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        list.headerMode = .supplementary
        list.headerTopPadding = 0
        let layout = UICollectionViewCompositionalLayout.list(using: list)
        let view = UICollectionView(frame: .zero, collectionViewLayout: layout)
        view.translatesAutoresizingMaskIntoConstraints = false
        view.backgroundColor = .systemGroupedBackground
        view.delegate = self
        view.dataSource = store
        view.register(AccountCell.self, forCellWithReuseIdentifier: AccountCell.reuseIdentifier)
        return view
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = store.title
        view.addSubview(collectionView)
        NSLayoutConstraint.activate([
            collectionView.topAnchor.constraint(equalTo: view.topAnchor),
            collectionView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            collectionView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            collectionView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
        ])
        store.reload()
    }
}
