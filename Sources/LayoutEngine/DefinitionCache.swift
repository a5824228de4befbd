import CompositionalLayout
import SolverKernel

/// What the engine keeps per section definition at the current width: the section in force and, for
/// fixed-size sections, the template every section of that definition shares.
///
/// A class with constant fields: every section of the definition shares one, and worker threads read it
/// without copying its arrays (which would make them fight over reference counts).
final class DefinitionCache: Sendable {
    let section: LayoutSection
    let estimated: Bool
    let template: Template?
    /// The fast path for an estimated section whose root group holds only items.
    let flatPlan: FlatRowPlan?
    /// Whether boundary or anchored supplementaries have estimated dimensions (they measure by index).
    let hasEstimatedSupplementaries: Bool

    init(section: LayoutSection, estimated: Bool, template: Template?, flatPlan: FlatRowPlan?,
         hasEstimatedSupplementaries: Bool) {
        self.section = section
        self.estimated = estimated
        self.template = template
        self.flatPlan = flatPlan
        self.hasEstimatedSupplementaries = hasEstimatedSupplementaries
    }
}

extension SectionBuilder {
    /// The definition's cache: the template of a fixed-size section is solved here, once.
    func cache(for section: LayoutSection) throws(LayoutError) -> DefinitionCache {
        let root = LayoutNode.group(section.group)
        let estimated = root.containsEstimatedDimension
        var template: Template? = nil
        if !estimated {
            let groups = GroupSolver(container: container, sizing: .estimates, section: 0, itemCount: 0, limitsItems: false)
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
        return DefinitionCache(section: section, estimated: estimated, template: template,
                               flatPlan: estimated ? FlatRowPlan(section.group) : nil,
                               hasEstimatedSupplementaries: Self.hasEstimatedSupplementaries(section))
    }

    /// Whether a supplementary measures by its index: an estimated axis with a self-sizing model of its own
    /// (without one it keeps its estimate, SPEC-FORMAT.md "Self-sizing").
    private static func hasEstimatedSupplementaries(_ section: LayoutSection) -> Bool {
        func measures(_ size: LayoutSize, _ model: SelfSizing?) -> Bool {
            guard let model else { return false }
            return (size.widthDimension.isEstimated && model.width != nil) || (size.heightDimension.isEstimated && model.height != nil)
        }
        if section.boundarySupplementaryItems.contains(where: { measures($0.layoutSize, $0.selfSizing) }) { return true }
        func visit(_ node: LayoutNode) -> Bool {
            switch node {
            case .item(let item): return item.supplementaryItems.contains { measures($0.layoutSize, $0.selfSizing) }
            case .group(let group):
                return group.supplementaryItems.contains { measures($0.layoutSize, $0.selfSizing) } || group.children.contains(where: visit)
            }
        }
        return visit(.group(section.group))
    }
}
