import CompositionalLayout
import SolverKernel

/// Buffers an estimated section's instances are solved into before they are frozen in one
/// `EstimatedInstances`: kept per worker and reused for every section, so solving allocates only the
/// frozen storage.
struct InstanceBuilder {
    var firstItem: ContiguousArray<Int32> = []
    var sizes: ContiguousArray<Size> = []
    var strides: ContiguousArray<Double> = []
    var cells: ContiguousArray<Rect> = []
    var leafSupplementaries: ContiguousArray<UInt16> = []
    var supplementaries = SupplementaryTable.empty
    var hosts: [[GroupHost]] = []
    var extent = RelativeExtent()
    /// How the section's strides derive from instance sizes (set by the run that solves it): lets the frozen
    /// storage recompute strides in its compact form instead of storing them.
    var strideTerms: StrideTerms? = nil

    /// Room for a section of `items` items (as many instances at most) without growing: one allocation per
    /// buffer instead of one per doubling.
    mutating func reserve(items: Int) {
        firstItem.reserveCapacity(items)
        sizes.reserveCapacity(items)
        strides.reserveCapacity(items)
        cells.reserveCapacity(items)
    }

    /// Empties the buffers, keeping their capacity. O(1) (O(hosts) when there are any).
    mutating func reset() {
        // An empty buffer is left as it is: emptying one again still runs `replaceSubrange` (or, for the
        // shared empty array, makes a new buffer), tens of instructions each, per section solved.
        if !firstItem.isEmpty { firstItem.removeAll(keepingCapacity: true) }
        if !sizes.isEmpty { sizes.removeAll(keepingCapacity: true) }
        if !strides.isEmpty { strides.removeAll(keepingCapacity: true) }
        if !cells.isEmpty { cells.removeAll(keepingCapacity: true) }
        if !leafSupplementaries.isEmpty { leafSupplementaries.removeAll(keepingCapacity: true) }
        supplementaries = .empty
        if !hosts.isEmpty { hosts = [] }
        extent = RelativeExtent()
        strideTerms = nil
    }

    /// Host lists are kept sparse until an instance has one: pad them to `count` instances.
    mutating func padHosts(to count: Int) {
        if hosts.count < count { hosts += Array(repeating: [], count: count - hosts.count) }
    }

    /// Leaf lists are kept sparse until a leaf has one: pad them to `count` cells.
    mutating func padLeafSupplementaries(to count: Int) {
        if leafSupplementaries.count < count {
            leafSupplementaries.append(contentsOf: repeatElement(0, count: count - leafSupplementaries.count))
        }
    }
}

extension ContiguousArray {
    /// Appends `count` elements that `body` writes into their new slots (which hold `filler` until then): one
    /// growth and one uniqueness check for all of them, where `append` pays both per element.
    /// Complexity: O(count).
    @inline(__always)
    mutating func append(count: Int, filler: Element, _ body: (UnsafeMutableBufferPointer<Element>) -> Void) {
        guard count > 0 else { return }
        let start = self.count
        append(contentsOf: repeatElement(filler, count: count))
        withUnsafeMutableBufferPointer { all in body(UnsafeMutableBufferPointer(rebasing: all[start...])) }
    }
}
