import CompositionalLayout

/// docs/layout-rules.md §4.4: a group hosts its anchored supplementaries on its content box, its slot inset by
/// its contentInsets (custom groups take no insets, §3.5, so theirs is the slot). One function for both
/// solvers, for a group as solved and for a uniform root group once it has grown (docs/version-2.md §10.4).
extension GroupHost {
    /// The content box of `group` in a slot of `size`, relative to the slot's origin. O(1).
    package static func contentBox(of group: LayoutGroup, size: Size) -> Rect {
        guard group.arrangement.mainAxis != nil else { return Rect(origin: .zero, size: size) }
        let insets = group.contentInsets
        return Rect(origin: Point(x: insets.leading, y: insets.top), size: GroupRules.contentBox(size, insets: insets))
    }

    /// docs/version-2.md §10.4 (rules revision 1.2): a uniform root group grown to `size` is the group from then
    /// on, so the host of its own supplementaries becomes its content box at that size. The root's own host is
    /// the last of an instance's hosts (a group's host is appended after its children's), and exists only when
    /// the root declares supplementaries. Nested groups keep theirs. O(1).
    package static func growRootHost(_ hosts: inout [GroupHost], root group: LayoutGroup, to size: Size) {
        guard !group.supplementaryItems.isEmpty, let last = hosts.indices.last else { return }
        hosts[last].box = contentBox(of: group, size: size)
    }
}
