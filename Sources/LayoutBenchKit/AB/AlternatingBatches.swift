import Foundation

/// Two sides of an in-process lock-step timed in alternating batches: the warm-up and batch size that
/// `PairedVersions` (a layout before and after a save) and `PairedSpeedups` (one thread and N) share.
///
/// `time(side, n)` runs n operations of side 0 or 1 and returns nanoseconds per operation.
struct AlternatingBatches {
    /// Operations in each batch: the slower side's batch takes about the target, and at least one operation.
    let batch: Int

    /// Warms both sides (3 single operations untimed, then 3 timed to size the batch) and runs one untimed
    /// batch of each.
    /// - Complexity: 6 operations and one batch a side.
    init(targetNs: Double, time: (_ side: Int, _ samples: Int) throws -> Double) rethrows {
        var slowest = 1.0
        for side in 0..<2 {
            for _ in 0..<3 { _ = try time(side, 1) }  // first touches, untimed
            slowest = max(slowest, try time(side, 3))
        }
        batch = max(1, min(1_000_000, Int(targetNs / slowest)))
        for side in 0..<2 { _ = try time(side, batch) }
    }

    /// Pair `index`: A B when it is even, B A when odd (an order effect cancels in pairs).
    /// - Returns: log(side 1 / side 0) of the two batches' times per operation.
    func logRatio(pair index: Int, time: (_ side: Int, _ samples: Int) throws -> Double) rethrows -> Double {
        var ns = [1.0, 1.0]
        for side in index % 2 == 0 ? [0, 1] : [1, 0] { ns[side] = try time(side, batch) }
        return log(max(ns[1], 1e-3) / max(ns[0], 1e-3))
    }
}
