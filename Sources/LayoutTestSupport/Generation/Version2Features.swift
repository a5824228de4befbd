import CompositionalLayout
import SeededRandom

/// Version 2 features on random layouts (docs/version-2.md §10), for the property tests: a random layout of the
/// version 1 generator decorated from its own random stream with a safe area, layout margins, a readable
/// width, a direction and traits (§10.1), insets references (§10.2), uniform dimensions (§10.4), trait and
/// effective-width conditions on variants (§10.5), `calc` values (§10.6), cycles (§10.7) and list header
/// padding (§10.8); and resizes that change the environment too.
public struct Version2Features: Sendable {
    public init() {}

    /// `layout` with version 2 features drawn from `seed`.
    public func decorate(_ layout: CollectionLayout, seed: UInt64) -> CollectionLayout {
        var rng = BenchRandom(seed: seed ^ 0x0002_0002_0002_0002)
        var layout = layout
        layout.container = environment(layout.container, rng: &rng)
        layout.configuration.contentInsetsReference = rng.weighted([
            (0.5, .safeArea), (0.2, .layoutMargins), (0.15, .readableContent), (0.1, .none), (0.05, .automatic),
        ])
        if rng.chance(0.3) {
            layout.selfSizing = SelfSizing(cycle: cycle(&rng))
        }
        for d in layout.sections.indices {
            layout.sections[d].fields = fields(layout.sections[d].fields, rng: &rng)
            for v in layout.sections[d].variants.indices {
                layout.sections[d].variants[v].fields = fields(layout.sections[d].variants[v].fields, rng: &rng)
                if var when = layout.sections[d].variants[v].when, rng.chance(0.4) {
                    conditions(&when, rng: &rng)
                    layout.sections[d].variants[v].when = when
                }
            }
            if rng.chance(0.25) {
                let edge = rng.pick(["leading", "trailing", "top"])
                let expression = rng.pick([
                    "max(0, 0.05 * width)", "min(24, max(0, width / 40))", "max(0, (width - 600) / 2)",
                    "max(0, height / 100)",
                ])
                layout.computedValues.append(
                    ComputedValue(
                        path: "sections[\(d)].contentInsets.\(edge)",
                        expression: try! CalcExpression(parsing: expression), range: .nonNegative))
            }
            if rng.chance(0.15) {
                layout.computedValues.append(
                    ComputedValue(
                        path: "sections[\(d)].interGroupSpacing",
                        expression: try! CalcExpression(parsing: "min(20, width / 50) - 4"), range: .any))
            }
        }
        if rng.chance(0.2) {
            layout.computedValues.append(
                ComputedValue(
                    path: "layout.interSectionSpacing",
                    expression: try! CalcExpression(parsing: "max(0, width / 40)"), range: .any))
        }
        return layout
    }

    /// A resize's environment change: a new safe area (a rotation), a direction, traits.
    public func environmentChange(_ rng: inout BenchRandom) -> EnvironmentChange {
        var change = EnvironmentChange()
        if rng.chance(0.6) { change.safeAreaInsets = safeArea(&rng) }
        if rng.chance(0.2) {
            change.layoutMargins = EdgeInsets(
                top: 8, leading: rng.double(0...40, step: 1), bottom: 8, trailing: rng.double(0...40, step: 1))
        }
        if rng.chance(0.3) { change.layoutDirection = rng.pick(LayoutDirection.allCases) }
        if rng.chance(0.3) { change.horizontalSizeClass = rng.pick(UserInterfaceSizeClass.allCases) }
        if rng.chance(0.2) { change.verticalSizeClass = rng.pick(UserInterfaceSizeClass.allCases) }
        if rng.chance(0.3) { change.contentSizeCategory = rng.pick(ContentSizeCategory.allCases) }
        return change
    }

    /// `operations` with some resizes carrying an environment change, and some environment-only resizes
    /// (the same size) added, starting from `container`.
    public func decorate(_ operations: [LayoutOperation], container: LayoutContainer, seed: UInt64) -> [LayoutOperation]
    {
        var rng = BenchRandom(seed: seed ^ 0x0E4E_0E4E_0E4E_0E4E)
        var size = (container.width, container.height)
        var out: [LayoutOperation] = []
        for operation in operations {
            if case let .resize(width, height, _) = operation {
                size = (width, height)
                out.append(
                    rng.chance(0.6)
                        ? .resize(width: width, height: height, environment: environmentChange(&rng)) : operation)
            } else {
                out.append(operation)
            }
            if rng.chance(0.12) {
                out.append(.resize(width: size.0, height: size.1, environment: environmentChange(&rng)))
            }
        }
        return out
    }

    // MARK: Pieces

    private func safeArea(_ rng: inout BenchRandom) -> EdgeInsets {
        rng.weighted([
            (0.3, EdgeInsets.zero),
            (0.3, EdgeInsets(top: 47, bottom: 34)),
            (0.3, EdgeInsets(top: 0, leading: 47, bottom: 21, trailing: 47)),
            (
                0.1,
                EdgeInsets(
                    top: rng.double(0...60, step: 1), leading: rng.double(0...60, step: 1),
                    bottom: rng.double(0...60, step: 1), trailing: rng.double(0...60, step: 1))
            ),
        ])
    }

    private func environment(_ container: LayoutContainer, rng: inout BenchRandom) -> LayoutContainer {
        var c = container
        if rng.chance(0.6) { c.safeAreaInsets = safeArea(&rng) }
        if rng.chance(0.15) {
            c.layoutMargins = EdgeInsets(
                top: 8, leading: rng.double(0...40, step: 1), bottom: 8, trailing: rng.double(0...40, step: 1))
        }
        if rng.chance(0.2) { c.readableWidth = rng.double(300...800, step: 1) }
        if rng.chance(0.35) { c.layoutDirection = .rightToLeft }
        c.traits = LayoutTraits(
            horizontalSizeClass: rng.pick(UserInterfaceSizeClass.allCases),
            verticalSizeClass: rng.pick(UserInterfaceSizeClass.allCases),
            preferredContentSizeCategory: rng.pick(ContentSizeCategory.allCases))
        return c
    }

    private func cycle(_ rng: inout BenchRandom) -> [SelfSizing.CycleEntry] {
        (0..<rng.int(1...4)).map { _ in
            SelfSizing.CycleEntry(
                width: rng.chance(0.6) ? rng.double(10...160, step: 0.5) : nil,
                height: rng.chance(0.8) ? rng.double(10...160, step: 0.5) : nil)
        }
    }

    private func conditions(_ when: inout WidthCondition, rng: inout BenchRandom) {
        if rng.chance(0.3) { when.widthAbove = rng.pick([0, 300, 400, 600, 800]) }
        if rng.chance(0.2) { when.widthAtMost = rng.pick([400, 700, 1000]) }
        if rng.chance(0.3) { when.horizontalSizeClass = rng.pick(UserInterfaceSizeClass.allCases) }
        if rng.chance(0.15) { when.verticalSizeClass = rng.pick(UserInterfaceSizeClass.allCases) }
        if rng.chance(0.2) { when.contentSizeCategoryAtLeast = rng.pick(ContentSizeCategory.allCases) }
        if rng.chance(0.15) { when.contentSizeCategoryBelow = rng.pick(ContentSizeCategory.allCases) }
    }

    private func fields(_ fields: SectionFields, rng: inout BenchRandom) -> SectionFields {
        var f = fields
        if rng.chance(0.3) { f.contentInsetsReference = rng.pick(ContentInsetsReference.allCases) }
        if rng.chance(0.2) { f.supplementaryContentInsetsReference = rng.pick(ContentInsetsReference.allCases) }
        switch f.content {
        case .group(let group)?:
            if case .group(var g) = uniform(.group(group), rng: &rng) {
                if !g.layoutSize.hasUniformDimension, rng.chance(0.3) { g.layoutSize = uniformRoot(g.layoutSize) }
                if g.layoutSize.hasUniformDimension, g.supplementaryItems.isEmpty, rng.chance(0.6) {
                    g.supplementaryItems = (0..<rng.int(1...2)).map { rootSupplementary(&rng, kind: "mark\($0)") }
                }
                f.content = .group(g)
            }
        case .list(var list)?:
            if rng.chance(0.4) {
                list.headerTopPadding = rng.chance(0.5) ? .automatic : .points(rng.double(0...30, step: 0.5))
            }
            f.content = .list(list)
        case nil: break
        }
        return f
    }

    /// A root group's estimated dimensions made uniform (docs/version-2.md §10.4: every instance then grows to
    /// the largest).
    private func uniformRoot(_ size: LayoutSize) -> LayoutSize {
        func convert(_ d: LayoutDimension) -> LayoutDimension {
            if case .estimated(let v) = d { return .uniformAcrossSiblings(estimate: v) }
            return d
        }
        return LayoutSize(widthDimension: convert(size.widthDimension), heightDimension: convert(size.heightDimension))
    }

    /// A supplementary of a uniform root group, on an edge or corner that moves when the group grows, sized
    /// absolutely or as a fraction of the group's content box (revision 1.2 of §10.4 places it on the grown
    /// group).
    private func rootSupplementary(_ rng: inout BenchRandom, kind: String) -> SupplementaryItem {
        let fractional = rng.chance(0.5)
        let size =
            fractional
            ? LayoutSize(
                widthDimension: .fractionalWidth(rng.double(0.1...0.5, step: 0.05)),
                heightDimension: .fractionalHeight(rng.double(0.1...0.5, step: 0.05)))
            : LayoutSize(
                widthDimension: .absolute(rng.double(6...30, step: 1)),
                heightDimension: .absolute(rng.double(6...30, step: 1)))
        let edges = rng.pick([DirectionalRectEdge.bottom, .trailing, [.bottom, .trailing], [.top, .leading], []])
        return SupplementaryItem(layoutSize: size, elementKind: kind, containerAnchor: LayoutAnchor(edges: edges))
    }

    /// Some estimated dimensions become uniform (same estimate), some items get a cycle.
    private func uniform(_ node: LayoutNode, rng: inout BenchRandom) -> LayoutNode {
        func convert(_ d: LayoutDimension, _ rng: inout BenchRandom) -> LayoutDimension {
            if case .estimated(let v) = d, rng.chance(0.4) { return .uniformAcrossSiblings(estimate: v) }
            return d
        }
        switch node {
        case .item(var item):
            item.layoutSize.widthDimension = convert(item.layoutSize.widthDimension, &rng)
            item.layoutSize.heightDimension = convert(item.layoutSize.heightDimension, &rng)
            if item.layoutSize.hasEstimatedDimension, rng.chance(0.2) {
                item.selfSizing = SelfSizing(cycle: cycle(&rng))
            }
            return .item(item)
        case .group(var group):
            if rng.chance(0.15) {
                group.layoutSize.widthDimension = convert(group.layoutSize.widthDimension, &rng)
                group.layoutSize.heightDimension = convert(group.layoutSize.heightDimension, &rng)
            }
            switch group.subitems {
            case .repeatingUntilFull(let nodes):
                group.subitems = .repeatingUntilFull(nodes.map { uniform($0, rng: &rng) })
            case .repeating(let child, let count): group.subitems = .repeating(uniform(child, rng: &rng), count: count)
            case .dividing(let child, let count): group.subitems = .dividing(uniform(child, rng: &rng), count: count)
            }
            return .group(group)
        }
    }
}
