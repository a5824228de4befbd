/// UIKit's `UIScrollView`, for the scroll settings collection view set-up writes (they place no item).
open class UIScrollView: UIView, @unchecked Sendable {
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    open var bounces = true
    open var isScrollEnabled = true
}

/// The collection view (UIKit's `UICollectionView`): the names layout code reads from it, and the ways code
/// hands it a layout, which record a compositional layout in `LayoutBenchHost.installed` (docs/import.md).
/// Registrations, data sources and delegates are taken and do nothing: they draw cells, they place none.
open class UICollectionView: UIScrollView, @unchecked Sendable {
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// UIKit's `UICollectionView.ScrollDirection`.
    public enum ScrollDirection: Int, Hashable, Sendable {
        case vertical = 0
        case horizontal = 1
    }

    /// Setting it installs the layout (recorded when compositional).
    open var collectionViewLayout: UICollectionViewLayout {
        didSet { LayoutBenchHost.install(collectionViewLayout) }
    }

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        self.collectionViewLayout = layout
        super.init()
        LayoutBenchHost.install(layout)
    }

    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        collectionViewLayout = layout
    }
    open func setCollectionViewLayout(
        _ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil
    ) {
        collectionViewLayout = layout
    }

    open weak var dataSource: AnyObject?
    open weak var delegate: AnyObject?
    open weak var prefetchDataSource: AnyObject?
    open var allowsSelection = true
    open var allowsMultipleSelection = false
    open var backgroundView: UIView?
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {}
    open func register(
        _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String
    ) {}
    open func reloadData() {}
}

/// UIKit's `UICollectionReusableView`: the stand-in superclass of an app's header, footer and decoration views,
/// which an import keeps with only the static values the layout reads (docs/import.md).
open class UICollectionReusableView: UIView, @unchecked Sendable {
    public override init() { super.init() }
    public override init(frame: CGRect) { super.init(frame: frame) }
    open var reuseIdentifier: String? { nil }
}

/// UIKit's `UICollectionViewCell`: the stand-in superclass of an app's cells, kept like reusable views.
open class UICollectionViewCell: UICollectionReusableView, @unchecked Sendable {
    public let contentView = UIView()
}

/// UIKit's `UICollectionViewListCell`.
open class UICollectionViewListCell: UICollectionViewCell, @unchecked Sendable {}

/// UIKit's `UICollectionViewController`: made with a layout, it installs it.
open class UICollectionViewController: UIViewController, @unchecked Sendable {
    open var collectionView: UICollectionView!

    public override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())
    }
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        super.init(nibName: nil, bundle: nil)
        collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
    }
}

/// UIKit's `UICollectionViewDiffableDataSource`, so a data source declared beside the layout compiles: it
/// holds a snapshot and provides no cell (cells place nothing).
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>:
    @unchecked Sendable
{
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    open var supplementaryViewProvider: SupplementaryViewProvider?

    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {}

    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) { current = snapshot }
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }
}

/// UIKit's `NSDiffableDataSourceSnapshot`: sections and their items, in order.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    public private(set) var sectionIdentifiers: [SectionIdentifierType] = []
    private var items: [SectionIdentifierType: [ItemIdentifierType]] = [:]

    public init() {}
    public var numberOfSections: Int { sectionIdentifiers.count }
    public var numberOfItems: Int { items.values.reduce(0) { $0 + $1.count } }
    public var itemIdentifiers: [ItemIdentifierType] { sectionIdentifiers.flatMap { items[$0] ?? [] } }
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        sectionIdentifiers += identifiers
    }
    public mutating func appendItems(
        _ identifiers: [ItemIdentifierType], toSection section: SectionIdentifierType? = nil
    ) {
        guard let section = section ?? sectionIdentifiers.last else { return }
        items[section, default: []] += identifiers
    }
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        items[identifier] ?? []
    }
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int { items[identifier]?.count ?? 0 }
}

/// Foundation's `IndexPath`, as UIKit code means it (the model's own `IndexPath` would make the name ambiguous).
public typealias IndexPath = Foundation.IndexPath
