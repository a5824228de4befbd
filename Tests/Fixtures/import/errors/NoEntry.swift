import UIKit

final class SettingsCell: UICollectionViewListCell {
    func configure(title: String) {}
}
