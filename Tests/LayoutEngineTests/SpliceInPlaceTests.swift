import CompositionalLayout
import SeededRandom
import Testing

@testable import LayoutEngine

/// `EstimatedInstances.spliceInPlace`: the same storage as `splice` builds, written into the old allocation
/// when it has room, and nothing changed when it has not. Random full-form storages take random splices
/// (rows added or removed, items inserted or deleted, at the start, the middle and the end), and every read
/// of the result is compared with the spliced copy's.
@Suite("Splicing in place")
struct SpliceInPlaceTests {
    /// Instances as plain arrays, made into columns for `make` and the splices.
    struct Rows {
        var firstItem: [Int32] = []
        var sizes: [Size] = []
        var strides: [Double] = []
        var cells: [Rect] = []
        var extent = RelativeExtent()

        /// `rows` random rows of 1 to 5 items each, their first item from `firstItem` on.
        static func random(_ rows: Int, from firstItem: Int, _ rng: inout BenchRandom) -> Rows {
            var result = Rows()
            var next = firstItem
            for _ in 0..<rows {
                result.firstItem.append(Int32(next))
                let size = Size(width: rng.double(50...400, step: 1), height: rng.double(10...60, step: 1))
                result.sizes.append(size)
                // A few negative strides too: the tree's count of them must follow the splice.
                result.strides.append(rng.chance(0.1) ? -rng.double(1...8, step: 1) : size.height + 8)
                for k in 0..<rng.int(1...5) {
                    let cell = Rect(x: Double(k) * 40, y: 0, width: rng.double(10...40, step: 1), height: size.height)
                    result.cells.append(cell)
                    result.extent.add(cell, P: .y)
                }
                next += result.cells.count - (next - firstItem)
            }
            return result
        }

        func withColumns<R>(_ body: (InstanceColumns) -> R) -> R {
            firstItem.withUnsafeBufferPointer { firstItem in
                sizes.withUnsafeBufferPointer { sizes in
                    strides.withUnsafeBufferPointer { strides in
                        cells.withUnsafeBufferPointer { cells in
                            body(
                                InstanceColumns(
                                    firstItem: firstItem, sizes: sizes, strides: strides, cells: cells,
                                    leafSupplementaries: UnsafeBufferPointer(start: nil, count: 0),
                                    supplementaries: .empty, hosts: [], extent: extent, strideTerms: nil))
                        }
                    }
                }
            }
        }
    }

    /// Every read of `storage`, for comparison.
    static func reads(_ storage: EstimatedInstances) -> [String] {
        var lines = ["count \(storage.count) items \(storage.itemCount) negative \(storage.hasNegativeStrides)"]
        let extent = storage.extent
        lines.append("extent \(extent.minP) \(extent.maxP) \(extent.minQ) \(extent.maxQ)")
        for q in 0..<storage.count {
            lines.append(
                "row \(q): first \(storage.firstItem(q)) size \(storage.size(q)) stride \(storage.stride(q)) "
                    + "offset \(storage.offset(q)) items \(storage.items(of: q))")
        }
        for i in 0..<storage.itemCount { lines.append("cell \(i): \(storage.cell(i))") }
        return lines
    }

    /// The first line where `actual` and `expected` differ, both shown; nil when they are equal.
    static func firstDifference(_ actual: [String], _ expected: [String]) -> String? {
        for (a, e) in zip(actual, expected) where a != e { return "\(a) instead of \(e)" }
        return actual.count == expected.count ? nil : "\(actual.count) lines instead of \(expected.count)"
    }

    @Test("random splices in place read exactly as the spliced copies, or change nothing when they do not fit")
    func agreesWithSplice() {
        var inPlace = 0, refused = 0
        for seed in UInt64(1)...400 {
            var rng = BenchRandom(seed: seed)
            let old = Rows.random(rng.int(1...40), from: 0, &rng)
            let storage = old.withColumns { EstimatedInstances.make($0) }
            guard storage.splices else { continue }
            let count = storage.count
            let prefix = rng.int(0...count - 1)
            let tailFrom = rng.int(prefix...count)
            let prefixItems = storage.firstItem(prefix)
            let tailFirst = tailFrom < count ? storage.firstItem(tailFrom) : storage.itemCount
            // Mostly a row or two more or fewer, as an edit makes; sometimes many more, past any room.
            let replaced = tailFrom - prefix
            let added = rng.chance(0.15) ? replaced + rng.int(20...60) : max(0, replaced + rng.int(-2...2))
            let solved = Rows.random(added, from: prefixItems, &rng)
            let shift = prefixItems + solved.cells.count - tailFirst
            let expected = solved.withColumns {
                Self.reads(storage.splice(prefix: prefix, $0, tailFrom: tailFrom, shift: shift))
            }
            let before = Self.reads(storage)
            let done = solved.withColumns {
                storage.spliceInPlace(prefix: prefix, $0, tailFrom: tailFrom, shift: shift)
            }
            if done {
                inPlace += 1
                #expect(Self.firstDifference(Self.reads(storage), expected) == nil, "seed \(seed)")
            } else {
                refused += 1
                #expect(
                    Self.firstDifference(Self.reads(storage), before) == nil,
                    "seed \(seed): a refused splice changed the storage")
            }
        }
        // Both happen: the usual edits fit, the large ones do not.
        #expect(inPlace > 200, "\(inPlace) in place")
        #expect(refused > 20, "\(refused) refused")
    }

    @Test("a new storage has room for one more item and row; a spliced one for an eighth more")
    func room() {
        var rng = BenchRandom(seed: 7)
        let rows = Rows.random(30, from: 0, &rng)
        let storage = rows.withColumns { EstimatedInstances.make($0) }
        #expect(storage.splices)
        let used = EstimatedInstances.Layout(count: storage.count, items: storage.itemCount, hasLeaf: false).total
        #expect(storage.capacity >= used + EstimatedInstances.editRoom)
        let one = Rows.random(1, from: storage.firstItem(29), &rng)
        let spliced = one.withColumns {
            storage.splice(prefix: 29, $0, tailFrom: 30, shift: 0)
        }
        let total = EstimatedInstances.Layout(count: spliced.count, items: spliced.itemCount, hasLeaf: false).total
        #expect(spliced.capacity >= total + total / EstimatedInstances.growthReserve)
    }
}
