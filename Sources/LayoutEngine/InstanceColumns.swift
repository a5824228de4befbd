import CompositionalLayout
import SolverKernel

/// A solve's instances as they are handed to `EstimatedInstances.make` to be frozen: buffer pointers to an
/// `InstanceBuilder`'s arrays (`withColumns`), or to a fresh flow solve's own buffers (`FlowSolveBuffer`),
/// which then freezes without copying its rows and cells into a builder first. Valid only inside the call
/// that lends it.
struct InstanceColumns {
    var firstItem: UnsafeBufferPointer<Int32>
    var sizes: UnsafeBufferPointer<Size>
    var strides: UnsafeBufferPointer<Double>
    var cells: UnsafeBufferPointer<Rect>
    /// Empty, or one list per cell.
    var leafSupplementaries: UnsafeBufferPointer<UInt16>
    /// The table and the hosts, nil for none: a flow solve has neither, and an empty table or host list
    /// held here was retained when the columns were made and released when they went (six runtime calls,
    /// about 170 instructions per re-solved chip section).
    private let supplementaryTable: SupplementaryTable?
    private let hostLists: [[GroupHost]]?
    var extent: RelativeExtent
    var strideTerms: StrideTerms?

    init(
        firstItem: UnsafeBufferPointer<Int32>, sizes: UnsafeBufferPointer<Size>, strides: UnsafeBufferPointer<Double>,
        cells: UnsafeBufferPointer<Rect>, leafSupplementaries: UnsafeBufferPointer<UInt16>,
        supplementaries: SupplementaryTable?, hosts: [[GroupHost]]?, extent: RelativeExtent, strideTerms: StrideTerms?
    ) {
        self.firstItem = firstItem; self.sizes = sizes; self.strides = strides; self.cells = cells
        self.leafSupplementaries = leafSupplementaries
        supplementaryTable = supplementaries; hostLists = hosts
        self.extent = extent; self.strideTerms = strideTerms
    }

    /// The supplementary table (the empty one for none).
    var supplementaries: SupplementaryTable { supplementaryTable ?? .empty }
    /// Empty, or one list per instance.
    var hosts: [[GroupHost]] { hostLists ?? [] }
    /// Whether the table has no lists, without making the empty one. O(1).
    var hasNoSupplementaries: Bool { supplementaryTable?.isEmpty ?? true }
    /// Whether no instance has hosts, without making an empty list. O(1).
    var hasNoHosts: Bool { hostLists?.isEmpty ?? true }
}

extension InstanceBuilder {
    /// Runs `body` with the builder's arrays lent as columns. O(1).
    func withColumns<R>(_ body: (InstanceColumns) -> R) -> R {
        firstItem.withUnsafeBufferPointer { firstItem in
            sizes.withUnsafeBufferPointer { sizes in
                strides.withUnsafeBufferPointer { strides in
                    cells.withUnsafeBufferPointer { cells in
                        leafSupplementaries.withUnsafeBufferPointer { leaf in
                            body(
                                InstanceColumns(
                                    firstItem: firstItem, sizes: sizes, strides: strides, cells: cells,
                                    leafSupplementaries: leaf, supplementaries: supplementaries, hosts: hosts,
                                    extent: extent, strideTerms: strideTerms))
                        }
                    }
                }
            }
        }
    }
}
