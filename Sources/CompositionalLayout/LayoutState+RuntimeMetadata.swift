extension LayoutState {
    /// Runs the item records' forms once through what updates do to them (two measures of one section, an
    /// insert, a delete, the explicit list), on a throwaway section. The runtime makes a type's metadata the
    /// first time the type is used: an array of a new element type (the sparse form's sizes and runs, first
    /// allocated when a section is measured twice or edited) costs about 12k instructions once per process.
    /// Instruction counts call this before counting, so that whichever scenario first reaches such a
    /// section does not count a one-time cost (nested-100k measure-one counted 600 an operation for it, more
    /// or less with how many types the process had made before). O(1).
    public static func prepareRuntimeMetadata() {
        var items = Items.implicit(originSection: 0, count: 8)
        items.measure(1, width: 1, height: 1)
        items.measure(2, width: 1, height: 1)
        items.measure(3, width: 1, height: 1)
        items.insert(at: 4, count: 1, section: 0)
        items.delete(at: 0, count: 1)
        _ = items.makeExplicit()
    }
}
