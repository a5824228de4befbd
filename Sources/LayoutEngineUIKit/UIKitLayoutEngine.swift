import CompositionalLayout
import CompositionalLayoutUIKit
import LayoutEngine

/// The fast engine driven by a `UICollectionViewCompositionalLayout`, as UIKit drives its own: the section
/// provider is asked for every section, with the environment, when the engine is made and again whenever the
/// container or its traits change (a rotation, a split-view resize, a new content size category).
///
/// When the provider's answers at the new container are the sections it gave before, the engine only resizes
/// (`LayoutOperation.resize`: incremental, measured sizes kept). When they differ (a provider that switches
/// columns at a width), the engine is built again from the new sections with the current item counts, as
/// UIKit's invalidation with a provider does; sizes measured through `engine.measure` are then measured again
/// by the layout's sizing model.
public final class UIKitLayoutEngine {
    /// The UIKit layout whose provider is asked.
    public let layout: UICollectionViewCompositionalLayout
    /// The engine solving the provider's current sections: query it, apply operations to it.
    public private(set) var engine: LayoutEngine
    /// The container the provider was last asked with.
    public private(set) var container: LayoutContainer
    /// How many times the provider has been asked for a section (a work counter).
    public private(set) var providerCalls = 0
    private let name: String
    private let selfSizing: SelfSizing?
    private let measure: MeasureMode
    private let threads: Int
    private var model: CollectionLayout

    /// Asks the provider for each of `itemCounts.count` sections in `container` and solves the result.
    /// - Throws: `UIKitConversionError` (the provider returned nil for a section, or a section has what the
    ///   model cannot express) or `LayoutError` (the sections cannot be solved).
    public init(
        _ layout: UICollectionViewCompositionalLayout, container: LayoutContainer, itemCounts: [Int],
        name: String = "uikit", selfSizing: SelfSizing? = nil, measure: MeasureMode = .all, threads: Int = 1
    ) throws {
        self.layout = layout
        self.container = container
        self.name = name
        self.selfSizing = selfSizing
        self.measure = measure
        self.threads = threads
        model = try layout.collectionLayout(
            name: name, container: container, itemCounts: itemCounts, selfSizing: selfSizing)
        providerCalls += itemCounts.count
        engine = try LayoutEngine(layout: model, measure: measure, threads: threads)
    }

    /// The container changes: the provider is asked again for every section with the new environment.
    /// - Returns: whether the engine was rebuilt (the provider gave other sections) rather than resized.
    /// - Complexity: one provider call per section, then a resize (see `LayoutEngine.apply(_:)`) or a full solve.
    @discardableResult
    public func resize(to container: LayoutContainer) throws -> Bool {
        let itemCounts = (0..<engine.sectionCount).map { engine.itemCount(inSection: $0) }
        let fresh = try layout.collectionLayout(
            name: name, container: container, itemCounts: itemCounts, selfSizing: selfSizing)
        providerCalls += itemCounts.count
        var sameContainerBesidesSize = self.container
        sameContainerBesidesSize.width = container.width
        sameContainerBesidesSize.height = container.height
        let rebuild =
            Self.sectionShapes(fresh) != Self.sectionShapes(model)
            || fresh.configuration != model.configuration || sameContainerBesidesSize != container
        if rebuild {
            engine = try LayoutEngine(layout: fresh, measure: measure, threads: threads)
        } else {
            try engine.apply(.resize(width: container.width, height: container.height))
        }
        self.container = container
        model = fresh
        return rebuild
    }

    /// What the provider said of each section (its fields and variants), whatever its items. O(sections).
    private static func sectionShapes(_ layout: CollectionLayout) -> [SectionDefinition] {
        layout.sections.flatMap { definition in
            var shape = definition
            shape.items = 0
            shape.count = 1
            return Array(repeating: shape, count: definition.count)
        }
    }
}
