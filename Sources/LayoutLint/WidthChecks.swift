import CompositionalLayout
import LayoutSpec
import ReferenceSolver

/// The checks that solve the layout at a device's size: a group with no room (the section shows nothing) and
/// cells that run past the container across a section that does not scroll sideways. The reference solver
/// does the solving, so what a finding says is what `solve` prints at that size.
extension Linter {
    mutating func widthChecks(at container: LayoutContainer) {
        var sized = layout
        sized.container = container
        guard let resolved = try? sized.resolvedForEnvironment(), let sections = try? resolved.resolvedSections(),
            let output = try? ReferenceSolver.solve(sized, measure: .none)
        else { return }
        let size = LintContainers.describe(container)
        for diagnostic in output.diagnostics
        where diagnostic.kind == .noRoom && sections.indices.contains(diagnostic.section) {
            let section = sections[diagnostic.section]
            let path = Self.groupPath(
                contentPath(definition: section.definition, in: resolved) + ["group"],
                section.section.group)
            report(
                .noRoomAtWidth, at: path + ["size"],
                "at \(size): \(diagnostic.message)",
                fix: "let the group's \(section.section.group.arrangement.mainAxis == .y ? "height" : "width") follow "
                    + "the container (a fraction), or make its items smaller than the narrowest container")
        }
        let cross = layout.configuration.scrollDirection.axis.other
        let limit = container.size.length(cross)
        var flagged: Set<Int> = []
        for element in output.elements where element.category == .cell && sections.indices.contains(element.section) {
            let section = sections[element.section]
            guard !section.section.isOrthogonal, !flagged.contains(section.definition),
                !overflowExplained.contains(section.definition)
            else { continue }
            let end = element.frame.end(cross), start = element.frame.origin(cross)
            guard end > limit + 0.5 || start < -0.5 else { continue }
            flagged.insert(section.definition)
            let axisName = cross == .x ? "x" : "y"
            let path = Self.groupPath(
                contentPath(definition: section.definition, in: resolved) + ["group"],
                section.section.group)
            let how =
                end > limit + 0.5
                ? "ends at \(axisName) \(format(end)), \(format(end - limit)) pt past the container's \(format(limit)) pt"
                : "starts at \(axisName) \(format(start)), before the container's edge"
            report(
                .overflowsContainerAtWidth, at: path + ["size"],
                "at \(size), item \(element.item) of section \(element.section) \(how)",
                fix: "size the items as fractions of their group, or use subitem with count for an equal split")
        }
    }
}
