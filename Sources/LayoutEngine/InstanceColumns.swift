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
    var supplementaries: SupplementaryTable
    /// Empty, or one list per instance.
    var hosts: [[GroupHost]]
    var extent: RelativeExtent
    var strideTerms: StrideTerms?
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
