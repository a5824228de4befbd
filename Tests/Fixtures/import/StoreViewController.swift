import UIKit

/// A store front as an app writes it: a banner carousel, category chips, a product grid with badges, an
/// editor's pick mosaic, a ranked list and a settings list, built by a section provider over an enum, with
/// the section builders in a namespace of helpers and the metrics in one place. The views, data source and
/// networking around it are what the importer slices away.
final class StoreViewController: UIViewController {
    enum Section: Int, CaseIterable {
        case banners
        case categories
        case products
        case picks
        case ranking
        case settings

        /// The element kind of the section's header, when it has one.
        var headerKind: String? {
            switch self {
            case .banners, .settings: return nil
            default: return UICollectionView.elementKindSectionHeader
            }
        }
    }

    private var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Section, Int>!
    private let store = StoreService()

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: makeLayout())
        view.addSubview(collectionView)
        store.fetch { [weak self] products in self?.show(products) }
    }

    private func show(_ products: [Int]) {
        var snapshot = NSDiffableDataSourceSnapshot<Section, Int>()
        snapshot.appendSections(Section.allCases)
        snapshot.appendItems(products, toSection: .products)
        dataSource.apply(snapshot, animatingDifferences: true)
    }

    func makeLayout() -> UICollectionViewLayout {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = StoreMetrics.sectionSpacing
        return UICollectionViewCompositionalLayout(sectionProvider: { index, environment in
            guard let section = Section(rawValue: index) else { return nil }
            let built: NSCollectionLayoutSection
            switch section {
            case .banners: built = StoreSections.banners()
            case .categories: built = StoreSections.chips()
            case .products: built = StoreSections.grid(columns: StoreMetrics.gridColumns)
            case .picks: built = StoreSections.mosaic()
            case .ranking: built = StoreSections.ranking()
            case .settings: built = StoreSections.settings(environment)
            }
            if let kind = section.headerKind {
                built.boundarySupplementaryItems = [StoreSections.header(kind: kind)]
            }
            return built
        }, configuration: configuration)
    }
}

/// The numbers the design team fixed.
enum StoreMetrics {
    static let sectionSpacing: CGFloat = 24
    static let margin: CGFloat = 16
    static let gutter: CGFloat = 8
    static let gridColumns = 3
    static let bannerHeight: CGFloat = 180
    static let chipHeight: CGFloat = 32
    static let headerHeight: CGFloat = 40
    static let rowHeight: CGFloat = 64
    static let badgeSize: CGFloat = 18
    static let badgeKind = "sale-badge"
    static let backgroundKind = "card-background"
}

extension NSDirectionalEdgeInsets {
    /// The same inset on every edge.
    static func all(_ value: CGFloat) -> NSDirectionalEdgeInsets {
        NSDirectionalEdgeInsets(top: value, leading: value, bottom: value, trailing: value)
    }

    /// The margin on the leading and trailing edges only.
    static func horizontal(_ value: CGFloat) -> NSDirectionalEdgeInsets {
        NSDirectionalEdgeInsets(top: 0, leading: value, bottom: 0, trailing: value)
    }
}

/// One builder per kind of section.
enum StoreSections {
    static func header(kind: String) -> NSCollectionLayoutBoundarySupplementaryItem {
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                               heightDimension: .absolute(StoreMetrics.headerHeight)),
            elementKind: kind, alignment: .top)
        header.pinToVisibleBounds = true
        return header
    }

    /// Full-width banners, paging.
    static func banners() -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.92),
                                               heightDimension: .absolute(StoreMetrics.bannerHeight)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPaging
        section.interGroupSpacing = StoreMetrics.gutter
        section.contentInsets = .horizontal(StoreMetrics.margin)
        return section
    }

    /// Category chips whose widths follow their titles, scrolling sideways.
    static func chips() -> NSCollectionLayoutSection {
        let size = NSCollectionLayoutSize(widthDimension: .estimated(80),
                                          heightDimension: .absolute(StoreMetrics.chipHeight))
        let item = NSCollectionLayoutItem(layoutSize: size)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size, subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .continuous
        section.interGroupSpacing = StoreMetrics.gutter
        section.contentInsets = .horizontal(StoreMetrics.margin)
        return section
    }

    /// Square products in columns, a sale badge on each, cards on a background.
    static func grid(columns: Int) -> NSCollectionLayoutSection {
        let badge = NSCollectionLayoutSupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(StoreMetrics.badgeSize),
                                               heightDimension: .absolute(StoreMetrics.badgeSize)),
            elementKind: StoreMetrics.badgeKind,
            containerAnchor: NSCollectionLayoutAnchor(edges: [.top, .leading], absoluteOffset: CGPoint(x: 4, y: 4)))
        let fraction = 1.0 / CGFloat(columns)
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(fraction),
                                               heightDimension: .fractionalHeight(1.0)),
            supplementaryItems: [badge])
        item.contentInsets = .all(StoreMetrics.gutter / 2)
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                               heightDimension: .fractionalWidth(fraction)),
            repeatingSubitem: item, count: columns)
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = .horizontal(StoreMetrics.margin - StoreMetrics.gutter / 2)
        let background = NSCollectionLayoutDecorationItem.background(elementKind: StoreMetrics.backgroundKind)
        background.contentInsets = .horizontal(StoreMetrics.margin / 2)
        section.decorationItems = [background]
        return section
    }

    /// One large pick beside two small ones stacked.
    static func mosaic() -> NSCollectionLayoutSection {
        let large = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(2.0 / 3.0), heightDimension: .fractionalHeight(1.0)))
        large.contentInsets = .all(StoreMetrics.gutter / 2)
        let small = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(0.5)))
        small.contentInsets = .all(StoreMetrics.gutter / 2)
        let stack = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3.0),
                                               heightDimension: .fractionalHeight(1.0)),
            repeatingSubitem: small, count: 2)
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                               heightDimension: .fractionalWidth(2.0 / 3.0)),
            subitems: [large, stack])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = .horizontal(StoreMetrics.margin - StoreMetrics.gutter / 2)
        return section
    }

    /// Ranked rows: fixed-height rows in a vertical group, spaced.
    static func ranking() -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(StoreMetrics.rowHeight)))
        let group = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                               heightDimension: .absolute(StoreMetrics.rowHeight)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 1
        section.contentInsets = .horizontal(StoreMetrics.margin)
        return section
    }

    /// The settings at the bottom, as a system list.
    static func settings(_ environment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.footerMode = .supplementary
        return NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
    }
}

/// Networking the layout never touches.
final class StoreService {
    func fetch(_ completion: @escaping ([Int]) -> Void) {
        DispatchQueue.global().async { completion(Array(0..<30)) }
    }
}
