import CompositionalLayout
import LayoutSpec
import SolverKernel

/// The checks that read the model at the spec's own container: each group's subitems against the group's
/// content box, with lengths resolved by the solvers' own dimension rule (docs/layout-rules.md §2).
extension Linter {
    mutating func staticChecks() {
        guard let resolved = try? layout.resolvedForEnvironment(), let sections = try? resolved.resolvedSections()
        else { return }
        var seenDefinitions: Set<Int> = []
        for section in sections where seenDefinitions.insert(section.definition).inserted {
            let base = contentPath(definition: section.definition, in: resolved)
            let before = findings.count
            sectionChecks(section, base: base, in: resolved)
            // Cells that run out of the container because of a trap found here have their explanation.
            if findings[before...].contains(where: {
                [.repeatingSubitemsOverflow, .edgeSpacingInEqualSplit].contains($0.check)
            }) {
                overflowExplained.insert(section.definition)
            }
        }
    }

    private mutating func sectionChecks(
        _ resolved: ResolvedSection, base: [SpecPathComponent], in layout: CollectionLayout
    ) {
        let section = resolved.section
        if let list = section.listConfiguration {
            if list.headerMode == .firstItemInSection && resolved.itemCount == 0 {
                report(
                    .listHeaderNeedsItems, at: base + ["list", "headerMode"],
                    "the header row is item 0 (headerMode firstItemInSection), and the section has no items, "
                        + "so the list shows no header",
                    fix: "give the section at least one item, or use headerMode: supplementary")
            }
            return
        }
        let scrollAxis = layout.configuration.scrollDirection.axis
        let P = section.isOrthogonal ? scrollAxis.other : scrollAxis
        let Q = P.other
        let insets = section.contentInsets + layout.referenceInsets(of: section).content
        let container = layout.container
        let box = RootPlacement.box(container: container, P: P, preQ: insets.pre(Q), postQ: insets.post(Q))
        let group = section.group
        let groupPath = Self.groupPath(base + ["group"], group)
        let slot = DimensionResolver.size(group.layoutSize, box: box, container: container)

        if let spacing = group.edgeSpacing,
            (spacing.pre(P)?.isFlexible ?? false) || (spacing.post(P)?.isFlexible ?? false)
        {
            report(
                .flexibleRootEdgeSpacingIgnored, at: groupPath + ["edgeSpacing"],
                "the root group's flexible edge spacing along the section axis counts as 0 (it only centres "
                    + "groups across the section)",
                fix: "use fixed edge spacing or interGroupSpacing along the section axis")
        }
        orthogonalChecks(section, groupSlot: slot, P: P, path: groupPath, container: container)
        walk(group, slot: slot, path: groupPath, container: container)
    }

    private mutating func orthogonalChecks(
        _ section: LayoutSection, groupSlot: Size, P: Axis,
        path: [SpecPathComponent], container: LayoutContainer
    ) {
        guard section.isOrthogonal else { return }
        let page = container.size.length(P), length = groupSlot.length(P)
        let axisName = P == .x ? "width" : "height"
        switch section.orthogonalScrollingBehavior {
        case .paging where abs(length - page) > 0.5:
            report(
                .pagingGroupSize, at: path + ["size", .key(axisName)],
                "paging moves by the container's \(axisName) (\(format(page)) pt), but each group is "
                    + "\(format(length)) pt, so pages start \(length < page ? "inside the next" : "inside a") group",
                fix:
                    "use groupPaging (pages by group) or make the group "
                    + "\(P == .x ? "fractionalWidth" : "fractionalHeight")(1)"
            )
        case .groupPaging where length > page + 0.5, .groupPagingCentered where length > page + 0.5:
            report(
                .groupPagingWiderThanContainer, at: path + ["size", .key(axisName)],
                "each group is \(format(length)) pt, longer than the container's \(format(page)) pt \(axisName): "
                    + "a page never shows a whole group",
                fix: "make the group at most the container's \(axisName), for example 0.9 of it")
        default: break
        }
        if section.group.node.containsEstimatedAlong(P) {
            report(
                .estimatedAlongOrthogonalScroll, at: path,
                "the section scrolls along \(P == .x ? "x" : "y"), and lengths along it are estimated: UIKit sizes "
                    + "them as they scroll in, so the scroller's content length changes while the user scrolls",
                fix: "give the items an absolute or fractional \(axisName), or measure them before showing")
        }
    }

    /// Walks group `group` in a slot of `slot` (estimated lengths at their estimates), then its child groups.
    private mutating func walk(_ group: LayoutGroup, slot: Size, path: [SpecPathComponent], container: LayoutContainer)
    {
        guard let main = group.arrangement.mainAxis else { return }
        let insets = group.contentInsets
        let content = GroupRules.contentBox(slot, insets: insets)
        let avail = content.length(main)
        let spacing = group.interItemSpacing?.value ?? 0
        let estimated = (
            x: group.layoutSize.widthDimension.isEstimated, y: group.layoutSize.heightDimension.isEstimated
        )
        let mainName = main == .x ? "width" : "height"

        switch group.subitems {
        case .dividing(let node, let count):
            let childPath = path + ["subitem"] + Self.nodeKey(node)
            let box = GroupRules.reducedBox(content, main: main, spacing: spacing, count: count)
            let share = GroupRules.equalShare(avail: avail, spacing: spacing, count: count, container: container)
            let declared = DimensionResolver.size(node.layoutSize, box: box, container: container).length(main)
            let dimension = node.layoutSize.dimension(main)
            let fillsShare = dimension == (main == .x ? .fractionalWidth(1) : .fractionalHeight(1))
            if !fillsShare, !dimension.isEstimated, abs(declared - share) > 0.5 {
                report(
                    .countSplitOverridesSize, at: childPath + ["size", .key(main == .x ? "width" : "height")],
                    "subitem + count \(count) shares the group's \(format(avail)) pt \(mainName) equally: each item "
                        + "is \(format(share)) pt \(main == .x ? "wide" : "tall"), not \(format(declared)) pt as its "
                        + "\(dimension.specText) says",
                    fix: "use repeatingSubitem with count to keep the item's own \(mainName), or declare "
                        + "\(main == .x ? "fractionalWidth" : "fractionalHeight")(1) to say the equal split is meant")
            }
            let edges = node.edgeSpacing ?? EdgeSpacing()
            let edgeTotal = (edges.pre(main)?.value ?? 0) + (edges.post(main)?.value ?? 0)
            if edgeTotal > 0 {
                let need = Double(count) * (share + edgeTotal) + spacing * Double(count - 1)
                report(
                    .edgeSpacingInEqualSplit, at: childPath + ["edgeSpacing"],
                    "each of the \(count) equal shares is \(format(share)) pt plus \(format(edgeTotal)) pt of edge "
                        + "spacing: together \(format(need)) pt in a \(format(avail)) pt group, so the last items "
                        + "are pushed \(format(need - avail)) pt out of it",
                    fix: "use interItemSpacing for gaps in an equal split, or the group's contentInsets for margins")
            }
        case .repeating(let node, let count) where !group.layoutSize.dimension(main).isEstimated && count >= 1:
            let childPath = path + ["repeatingSubitem"] + Self.nodeKey(node)
            let dependent = GroupRules.isMainDependent(node.layoutSize, main: main)
            let box =
                GroupRules.restartsForSpacing(spacing: spacing, placed: count, anyMainDependent: dependent)
                ? GroupRules.reducedBox(content, main: main, spacing: spacing, count: count) : content
            let length = DimensionResolver.size(node.layoutSize, box: box, container: container).length(main)
            let edges = node.edgeSpacing ?? EdgeSpacing()
            let edgeTotal = (edges.pre(main)?.value ?? 0) + (edges.post(main)?.value ?? 0)
            let need = Double(count) * (length + edgeTotal) + spacing * Double(count - 1)
            if GroupRules.overflows(remaining: avail, need: need) {
                report(
                    .repeatingSubitemsOverflow, at: childPath + ["size", .key(main == .x ? "width" : "height")],
                    "repeatingSubitem + count \(count) keeps each item's \(format(length)) pt \(mainName): with "
                        + "spacing they need \(format(need)) pt, and the group's content is \(format(avail)) pt, so "
                        + "the last \(format(need - avail)) pt overflow into the next group",
                    fix: "use subitem with count for an equal split, or size the item to fit \(count) in the group")
            }
        default: break
        }

        for (index, node) in group.children.enumerated() {
            let childPath: [SpecPathComponent]
            switch group.subitems {
            case .repeatingUntilFull: childPath = path + ["subitems", .index(index)] + Self.nodeKey(node)
            case .repeating: childPath = path + ["repeatingSubitem"] + Self.nodeKey(node)
            case .dividing: childPath = path + ["subitem"] + Self.nodeKey(node)
            }
            fractionOfEstimate(node, path: childPath, group: group, estimated: estimated)
            switch node {
            case .item(let item):
                insetsAlongEstimated(item, path: childPath)
            case .group(let child):
                let childSlot = DimensionResolver.size(child.layoutSize, box: content, container: container)
                walk(child, slot: childSlot, path: Self.groupPath(childPath.dropLast(), child), container: container)
            }
        }
    }

    /// §6: inside a group estimated on an axis, a fraction of that axis is a fraction of the group's estimate.
    private mutating func fractionOfEstimate(
        _ node: LayoutNode, path: [SpecPathComponent], group: LayoutGroup,
        estimated: (x: Bool, y: Bool)
    ) {
        for axis in Axis.allCases where axis == .x ? estimated.x : estimated.y {
            for (name, dimension) in [
                ("width", node.layoutSize.widthDimension), ("height", node.layoutSize.heightDimension),
            ]
            where dimension.isFraction(of: axis) {
                let estimate = group.layoutSize.dimension(axis).estimate ?? 0
                let axisName = axis == .x ? "width" : "height"
                report(
                    .fractionOfEstimate, at: path + ["size", .key(name)],
                    "\(dimension.specText) is a fraction of the group's estimated \(axisName) "
                        + "(\(format(estimate)) pt), not of its final \(axisName): it stays "
                        + "\(format(fraction(dimension) * estimate)) pt when the group grows or shrinks",
                    fix: "make the \(name) estimated too (it then measures), or give the group a fixed \(axisName)")
            }
        }
    }

    private mutating func insetsAlongEstimated(_ item: LayoutItem, path: [SpecPathComponent]) {
        let insets = item.contentInsets
        if item.layoutSize.widthDimension.isEstimated, insets.leading != 0 || insets.trailing != 0 {
            report(
                .insetsAlongEstimatedAxis, at: path + ["contentInsets"],
                "the item's width is estimated, so its leading and trailing contentInsets "
                    + "(\(format(insets.leading)), \(format(insets.trailing))) are ignored: the cell is as wide as "
                    + "it measures",
                fix: "put the padding inside the cell's own content, or use edgeSpacing or the group's insets")
        }
        if item.layoutSize.heightDimension.isEstimated, insets.top != 0 || insets.bottom != 0 {
            report(
                .insetsAlongEstimatedAxis, at: path + ["contentInsets"],
                "the item's height is estimated, so its top and bottom contentInsets "
                    + "(\(format(insets.top)), \(format(insets.bottom))) are ignored: the cell is as tall as it "
                    + "measures",
                fix: "put the padding inside the cell's own content, or use edgeSpacing or the group's insets")
        }
    }

    /// The key a node is written under: `item`, or its group's arrangement.
    static func nodeKey(_ node: LayoutNode) -> [SpecPathComponent] {
        switch node {
        case .item: return ["item"]
        case .group(let group): return groupPath([], group)
        }
    }
}

/// The fraction of a fractional dimension (1 for any other).
func fraction(_ dimension: LayoutDimension) -> Double {
    switch dimension {
    case .fractionalWidth(let f), .fractionalHeight(let f): return f
    default: return 1
    }
}

extension LayoutNode {
    /// Whether some dimension along `axis` in this node's tree is estimated.
    func containsEstimatedAlong(_ axis: Axis) -> Bool {
        if layoutSize.dimension(axis).isEstimated { return true }
        if case .group(let group) = self { return group.children.contains { $0.containsEstimatedAlong(axis) } }
        return false
    }
}
