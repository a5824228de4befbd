import UIKit

extension UICollectionViewCompositionalLayout {
    static var plainList: UICollectionViewCompositionalLayout {
        .list(using: UICollectionLayoutListConfiguration(appearance: .plain))
    }

    static var sidebar: UICollectionViewCompositionalLayout {
        .list(using: UICollectionLayoutListConfiguration(appearance: .sidebar))
    }
}
