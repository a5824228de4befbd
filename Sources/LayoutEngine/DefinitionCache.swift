import CompositionalLayout
import SolverKernel

/// What the engine keeps per section definition at the current width: the section in force and, for
/// fixed-size sections, the template every section of that definition shares.
///
/// A class with constant fields: every section of the definition shares one, and worker threads read it
/// without copying its arrays (which would make them fight over reference counts).
final class DefinitionCache: Sendable {
    let section: LayoutSection
    /// §10.2 the insets the section's boundary items follow (its own insets and the references' R).
    let boundaryInsets: EdgeInsets
    let estimated: Bool
    let template: Template?
    /// §4.1 the root group's placement (stride terms, edges, cross offset), worked out once per definition.
    let placement: RootPlacement
    /// The fast path for an estimated section whose root group holds only items.
    let flatPlan: FlatRowPlan?
    /// A single-item flow's values that every section of the definition shares (the flat plan's
    /// `isSingleItemFlow` with items measuring along the row: chips), made once here rather than per
    /// re-solved section; nil for any other plan.
    let flow: FlatRowPlan.FlowSection?
    /// What a measure or an insert in a plain chip flow reflows its rows in place with (`PlainFlowReflow`);
    /// nil for any other plan.
    let plainReflow: PlainFlowReflow?
    /// The section's boundary items placed once, when each is the same in every section (every one extends
    /// the start and none measures: `BoundaryItemsPlacement.fixedStartElements`); nil otherwise.
    let fixedBoundaryElements: [FixedBoundaryElement]?
    /// Whether boundary or anchored supplementaries have estimated dimensions (they measure by index).
    let hasEstimatedSupplementaries: Bool
    /// §4.3 which boundary items pin to the visible bounds, and whether at the start (else the end).
    let pinned: [(index: Int, atStart: Bool)]
    /// §10.4 the root group has a uniform dimension: every instance depends on the largest.
    let uniformRoot: Bool
    /// A flat plan whose rows change their items when items measure along the row (`mainIsConstant` false).
    let rowsMayReflow: Bool
    /// How many items past its last one an instance may examine (docs/layout-rules.md §3.1: a candidate that does
    /// not fit is solved, its items looked at, then dropped); nil when unbounded (a nested `subitems` group can
    /// be a rejected candidate of any length). An update re-solves every instance that may have looked at it.
    let lookahead: Int?
    /// Where a `SolveScratch` keeps this cache's flat plan scratch: the index of the definition it was made
    /// for. Definitions that resolve alike share the cache, and with it the slot, so that an update of any of
    /// them finds the scratch at once instead of comparing every slot's owner (O(definitions)). Two caches
    /// may name one slot (a replaced definition's cache, still shared by another); the owner check tells.
    let scratchSlot: Int

    init(
        section: LayoutSection, boundaryInsets: EdgeInsets, estimated: Bool, template: Template?,
        placement: RootPlacement, flatPlan: FlatRowPlan?, flow: FlatRowPlan.FlowSection?,
        fixedBoundaryElements: [FixedBoundaryElement]?, hasEstimatedSupplementaries: Bool,
        pinned: [(index: Int, atStart: Bool)], scratchSlot: Int
    ) {
        self.scratchSlot = max(0, scratchSlot)
        self.placement = placement
        self.pinned = pinned
        self.section = section
        self.boundaryInsets = boundaryInsets
        self.estimated = estimated
        self.template = template
        self.flatPlan = flatPlan
        self.flow = flow
        self.fixedBoundaryElements = fixedBoundaryElements
        self.hasEstimatedSupplementaries = hasEstimatedSupplementaries
        uniformRoot = section.group.layoutSize.hasUniformDimension
        rowsMayReflow = !(flatPlan?.mainIsConstant ?? true)
        let lookahead = Self.lookahead(section.group)
        self.lookahead = lookahead
        plainReflow = flatPlan.flatMap {
            PlainFlowReflow(plan: $0, flow: flow, lookahead: lookahead, placement: placement)
        }
    }

    /// The most items a candidate below `root` examines (§3.1, §3.2, §3.5), or nil when unbounded.
    static func lookahead(_ root: LayoutGroup) -> Int? {
        func examined(_ node: LayoutNode) -> Int? {
            guard case .group(let group) = node else { return 1 }
            if case .custom(let frames) = group.arrangement { return frames.count }
            switch group.subitems {
            case .repeatingUntilFull: return nil
            case .repeating(let child, let count), .dividing(let child, let count):
                return examined(child).map { $0 * max(1, count) }
            }
        }
        var most = 1
        for child in root.children {
            guard let n = examined(child) else { return nil }
            most = max(most, n)
        }
        return most
    }
}

extension SectionBuilder {
    /// The definition's cache: the template of a fixed-size section is solved here, once.
    /// The cache of a section resolved for its environment, made for definition `definition` (its scratch
    /// slot).
    func cache(for environment: EnvironmentSection, definition: Int) throws(LayoutError) -> DefinitionCache {
        let section = environment.section
        let root = LayoutNode.group(section.group)
        let estimated = root.containsEstimatedDimension
        var template: Template? = nil
        if !estimated {
            // Slots no section's item can occupy are counted, not placed (docs/layout-rules.md §4.1).
            let groups = GroupSolver(
                container: container, sizing: .estimates, section: 0, itemCount: 0,
                limitsItems: false, slotCap: slotCap)
            let P = section.isOrthogonal ? scrollAxis.other : scrollAxis
            do {
                template = Template(try groups.resolveAndSolve(root, box: rootBox(section), firstItem: 0), P: P)
            } catch {
                // The template stands for every section of its definition: no one section failed.
                var shared = error
                shared.section = nil
                throw shared
            }
        }
        // §10.4 uniform runs need the tree path (the flat row plan does not even them out).
        let flatPlan =
            estimated && !Self.hasUniformDimension(.group(section.group)) ? FlatRowPlan(section.group) : nil
        var flow: FlatRowPlan.FlowSection? = nil
        if let flatPlan, flatPlan.isSingleItemFlow, !flatPlan.mainIsConstant {
            // The slot `rootSlot(box: rootBox(of: cache))` gives every section of this cache.
            flow = FlatRowPlan.FlowSection(
                flatPlan, slot: flatPlan.rootSlot(box: rootBox(section), container: container), container: container)
        }
        return DefinitionCache(
            section: section, boundaryInsets: environment.boundaryInsets, estimated: estimated, template: template,
            placement: rootPlacement(section), flatPlan: flatPlan, flow: flow,
            fixedBoundaryElements: BoundaryItemsPlacement.fixedStartElements(
                section.boundarySupplementaryItems, container: container, scrollAxis: scrollAxis,
                followedInsets: environment.boundaryInsets, startPadding: section.headerTopPadding),
            hasEstimatedSupplementaries: Self.hasEstimatedSupplementaries(section),
            pinned: Self.pinnedBoundaryItems(section, scrollAxis: scrollAxis), scratchSlot: definition)
    }

    /// Whether any node of the tree has a `uniformAcrossSiblings` dimension (docs/version-2.md §10.4).
    static func hasUniformDimension(_ node: LayoutNode) -> Bool {
        switch node {
        case .item(let item): return item.layoutSize.hasUniformDimension
        case .group(let group):
            return group.layoutSize.hasUniformDimension || group.children.contains(where: hasUniformDimension)
        }
    }

    /// Whether a supplementary measures by its index: an estimated axis with a self-sizing model of its own
    /// (without one it keeps its estimate, docs/spec-format.md "Self-sizing").
    private static func hasEstimatedSupplementaries(_ section: LayoutSection) -> Bool {
        func measures(_ size: LayoutSize, _ model: SelfSizing?) -> Bool {
            guard let model else { return false }
            return (size.widthDimension.isEstimated && model.measures(.x))
                || (size.heightDimension.isEstimated && model.measures(.y))
        }
        if section.boundarySupplementaryItems.contains(where: { measures($0.layoutSize, $0.selfSizing) }) {
            return true
        }
        func visit(_ node: LayoutNode) -> Bool {
            switch node {
            case .item(let item): return item.supplementaryItems.contains { measures($0.layoutSize, $0.selfSizing) }
            case .group(let group):
                return group.supplementaryItems.contains { measures($0.layoutSize, $0.selfSizing) }
                    || group.children.contains(where: visit)
            }
        }
        return visit(.group(section.group))
    }
}
