import UIKit

final class SearchViewController: UIViewController {
    lazy var layout: UICollectionViewLayout = UICollectionViewCompositionalLayout { index, environment in
        guard index == 0 else { return nil }
        return .list(using: UICollectionLayoutListConfiguration(appearance: .plain), layoutEnvironment: environment)
    }
}
