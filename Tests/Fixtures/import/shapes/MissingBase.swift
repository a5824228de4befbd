import UIKit

/// A screen built on the app's base class, which lives in another file: its layout builder overrides the base's.
final class ArchiveViewController: BaseListViewController {
    override func createLayout() -> UICollectionViewLayout {
        var list = UICollectionLayoutListConfiguration(appearance: .plain)
        list.footerMode = .supplementary
        return UICollectionViewCompositionalLayout.list(using: list)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        reloadArchive()
    }
}
