/// What debug builds' updates count (`LayoutEngine.updateWork`), so that tests can tell which path an update
/// took. Release builds have no counter (it would cost the updates it counts).
final class UpdateWork {
    /// Measures solved from the measured size and the neighbours' stored lengths
    /// (`SectionBuilder.remeasurePatternItem`), without the section's lengths.
    var patternItemsRemeasured = 0
    /// Item inserts and deletes spliced into a compact section's storage (`SectionBuilder.spliceCompact`),
    /// solving only the instances they touched.
    var compactSplices = 0
    /// Of those, the ones written into the old storage's own allocation (`EstimatedInstances.rewriteCompact`).
    var compactSplicesInPlace = 0
    /// Reflowed flow rows written over as many old ones in place (`EstimatedInstances.overwrite`), where a
    /// splice would allocate new storage.
    var flowRowsOverwritten = 0
    /// Flow re-solves that changed the rows' or the items' number, spliced into the old storage's own
    /// allocation (`EstimatedInstances.spliceInPlace`) rather than into a new one.
    var flowRowsSplicedInPlace = 0
    /// Measures in a plain chip flow whose rows reflowed in place, as many as before
    /// (`EstimatedInstances.reflowPlainRows`), without the general re-solve.
    var plainFlowReflows = 0
    /// Item inserts in a plain chip flow whose rows reflowed in place (`EstimatedInstances.reflowPlainRows`).
    var plainFlowInserts = 0
    /// Whether debug builds take the plain chip flow path; tests turn it off to hold the path to the general
    /// re-solve (release builds always take it).
    var takesPlainFlowPath = true
}
