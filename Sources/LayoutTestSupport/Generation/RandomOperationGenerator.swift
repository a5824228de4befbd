import CompositionalLayout
import SeededRandom

/// Random operation sequences (docs/operations.md) that are valid for the state they are applied
/// to: resizes (rotations, width 0, phone and tablet sizes), measures (mostly of items in estimated
/// sections), inserts, deletes, moves and reloads of items, and inserts and deletes of sections (by
/// definition index, or by name when the name is unique). Data stays small (`Options`) so random replays
/// solve fast. The same seed and state give the same operations on every toolchain.
public struct RandomOperationGenerator: Sendable {
    public struct Options: Sendable, Hashable {
        /// Inserts stop when the layout holds this many items.
        public var maxItems = 240
        /// Section inserts stop at this many sections.
        public var maxSections = 10
        /// The largest container length a resize picks.
        public var maxContainerLength = 1366.0
        /// Whether `moveSection` operations are drawn (off by default, so that the sequences of existing
        /// seeds stay what they were).
        public var movesSections = false

        public init() {}
    }

    public var options: Options
    private var rng: BenchRandom

    public init(seed: UInt64, options: Options = Options()) {
        self.rng = BenchRandom(seed: seed)
        self.options = options
    }

    /// `count` operations starting from `state`, each valid for the state the previous ones leave.
    /// Complexity: O(count × (sections + items)).
    public mutating func operations(from state: LayoutState, count: Int) -> [LayoutOperation] {
        var state = state
        var result: [LayoutOperation] = []
        result.reserveCapacity(count)
        while result.count < count {
            let operation = next(for: state)
            do {
                try state.apply(operation)
                result.append(operation)
            } catch {
                preconditionFailure("RandomOperationGenerator made an invalid operation \(operation): \(error)")
            }
        }
        return result
    }

    /// One operation valid for `state`.
    public mutating func next(for state: LayoutState) -> LayoutOperation {
        let itemCount = state.itemCount
        let sections = state.sections
        let nonEmpty = sections.indices.filter { sections[$0].items.count > 0 }
        let roomForItems = itemCount < options.maxItems
        var choices: [(weight: Double, value: Kind)] = [(0.14, .resize)]
        if !nonEmpty.isEmpty {
            choices += [(0.26, .measure), (0.1, .deleteItems), (0.12, .moveItem), (0.08, .reloadItems)]
        }
        if !sections.isEmpty && roomForItems { choices.append((0.14, .insertItems)) }
        if sections.count < options.maxSections && roomForItems { choices.append((0.07, .insertSections)) }
        if !sections.isEmpty { choices.append((sections.count > 1 ? 0.06 : 0.01, .deleteSections)) }
        if !roomForItems && !nonEmpty.isEmpty { choices.append((0.3, .deleteItems)) }
        if options.movesSections && sections.count >= 2 { choices.append((0.2, .moveSection)) }

        switch rng.weighted(choices) {
        case .resize:
            return resize(state.layout.container)
        case .measure:
            let section = measureTarget(state, nonEmpty: nonEmpty)
            let item = rng.int(0...(sections[section].items.count - 1))
            func length(_ rng: inout BenchRandom) -> Double {
                rng.weighted([(0.05, 0), (0.7, rng.double(1...200, step: 1)), (0.25, rng.double(1...300, step: 0.25))])
            }
            return .measure(section: section, item: item, width: length(&rng), height: length(&rng))
        case .insertItems:
            let section = rng.int(0...(sections.count - 1))
            let count = rng.int(1...min(6, options.maxItems - itemCount))
            return .insertItems(section: section, at: rng.int(0...sections[section].items.count), count: count)
        case .deleteItems:
            let (section, at, count) = itemRange(sections, nonEmpty: nonEmpty)
            return .deleteItems(section: section, at: at, count: count)
        case .reloadItems:
            let (section, at, count) = itemRange(sections, nonEmpty: nonEmpty)
            return .reloadItems(section: section, at: at, count: count)
        case .moveItem:
            let from = rng.pick(nonEmpty)
            let fromItem = rng.int(0...(sections[from].items.count - 1))
            let to = rng.chance(0.6) ? from : rng.int(0...(sections.count - 1))
            let countAfterRemoval = sections[to].items.count - (to == from ? 1 : 0)
            return .moveItem(
                from: IndexPath(section: from, item: fromItem),
                to: IndexPath(section: to, item: rng.int(0...countAfterRemoval)))
        case .insertSections:
            let definitions = state.layout.sections
            let index = rng.int(0...(definitions.count - 1))
            var reference = LayoutOperation.DefinitionReference.index(index)
            if let name = definitions[index].name, definitions.filter({ $0.name == name }).count == 1, rng.chance(0.5) {
                reference = .name(name)
            }
            let count = rng.int(1...min(2, options.maxSections - sections.count))
            let items = rng.chance(0.15) ? 0 : rng.int(1...min(20, max(1, options.maxItems - itemCount)))
            return .insertSections(at: rng.int(0...sections.count), definition: reference, count: count, items: items)
        case .deleteSections:
            let at = rng.int(0...(sections.count - 1))
            return .deleteSections(at: at, count: rng.chance(0.8) ? 1 : rng.int(1...(sections.count - at)))
        case .moveSection:
            let from = rng.int(0...(sections.count - 1))
            var to = rng.int(0...(sections.count - 1))
            if to == from { to = (to + 1) % sections.count }
            return .moveSection(from: from, to: to)
        }
    }

    private enum Kind: Equatable {
        case resize, measure, insertItems, deleteItems, moveItem, reloadItems, insertSections, deleteSections,
            moveSection
    }

    /// A new container: a rotation, width 0 (docs/layout-rules.md E12), a device size, or any size.
    private mutating func resize(_ container: LayoutContainer) -> LayoutOperation {
        switch rng.weighted([(0.3, 0), (0.12, 1), (0.38, 2), (0.2, 3)]) {
        case 0:
            return .resize(width: container.height, height: container.width)
        case 1:
            return .resize(width: 0, height: container.height)
        case 2:
            let size = rng.pick([
                (320.0, 568.0), (375, 667), (390, 844), (430, 932), (744, 1133), (820, 1180), (1024, 1366),
            ])
            return rng.chance(0.5) ? .resize(width: size.0, height: size.1) : .resize(width: size.1, height: size.0)
        default:
            return .resize(
                width: rng.double(0...options.maxContainerLength, step: 0.5),
                height: rng.double(0...options.maxContainerLength, step: 0.5))
        }
    }

    /// A range of existing items: mostly a few, sometimes all from `at` to the section's end.
    private mutating func itemRange(_ sections: [LayoutState.Section], nonEmpty: [Int]) -> (Int, Int, Int) {
        let section = rng.pick(nonEmpty)
        let available = sections[section].items.count
        let at = rng.int(0...(available - 1))
        let count = rng.chance(0.15) ? available - at : rng.int(1...min(4, available - at))
        return (section, at, count)
    }

    /// A section to measure in: mostly one that is estimated at the current width.
    private mutating func measureTarget(_ state: LayoutState, nonEmpty: [Int]) -> Int {
        if rng.chance(0.75), let resolved = try? state.resolvedSections() {
            let estimated = nonEmpty.filter { LayoutNode.group(resolved[$0].section.group).containsEstimatedDimension }
            if !estimated.isEmpty { return rng.pick(estimated) }
        }
        return rng.pick(nonEmpty)
    }
}
