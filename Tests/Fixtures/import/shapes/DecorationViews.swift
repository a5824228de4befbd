import UIKit

/// A dashboard whose layout registers the app's own decoration view and reads element kinds from its header
/// and badge classes; the views draw with colours, corner radii and labels the import drops.
final class RoundedCardBackground: UICollectionReusableView {
    static let kind = "rounded-card-background"

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemBackground
        layer.cornerRadius = 14
    }

    required init?(coder: NSCoder) { fatalError("not from a storyboard") }
}

final class DashboardHeaderView: UICollectionReusableView {
    static let elementKind = "dashboard-header"
    static var height: CGFloat { 48 }
    private let titleLabel = UILabel()

    func configure(title: String) { titleLabel.text = title }
}

class CounterBadgeView: UICollectionReusableView {
    struct Kind { static let value = "counter-badge" }
}

final class DashboardViewController: UIViewController {
    func createLayout() -> UICollectionViewLayout {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5),
                heightDimension: .fractionalHeight(1)),
            supplementaryItems: [badge()])
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                               heightDimension: .absolute(DashboardHeaderView.height)),
            elementKind: DashboardHeaderView.elementKind, alignment: .top)
        section.boundarySupplementaryItems = [header]
        section.decorationItems = [NSCollectionLayoutDecorationItem.background(elementKind: RoundedCardBackground.kind)]
        let layout = UICollectionViewCompositionalLayout(section: section)
        layout.register(RoundedCardBackground.self, forDecorationViewOfKind: RoundedCardBackground.kind)
        return layout
    }

    private func badge() -> NSCollectionLayoutSupplementaryItem {
        NSCollectionLayoutSupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(18), heightDimension: .absolute(18)),
            elementKind: CounterBadgeView.Kind.value,
            containerAnchor: NSCollectionLayoutAnchor(edges: [.top, .trailing], absoluteOffset: CGPoint(x: 4, y: -4)))
    }
}
