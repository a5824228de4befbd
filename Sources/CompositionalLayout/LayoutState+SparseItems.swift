extension LayoutState {
    /// The items of a section that only a few operations reached, kept without a record per item: runs of
    /// items whose origins follow each other (an untouched section is one run, an insert or a delete adds one
    /// or two) and the sizes `measure` operations gave, sorted by item. A measure, an insert or a delete then
    /// costs O(runs + sizes) instead of making the whole section explicit (an allocation of every item's
    /// record, most of such an operation's time in a million-item layout, where nearly every section an
    /// operation reaches is a fresh one).
    public struct SparseItems: Hashable, Sendable {
        /// Items `start..<` the next run's start (or `count`) came into existence as `(originSection,
        /// originItem + k)` for the k-th item of the run.
        public struct Run: Hashable, Sendable {
            public var start: Int
            public var originSection: Int
            public var originItem: Int
        }

        /// A `measure` operation's size (both axes).
        public struct Size: Hashable, Sendable {
            public var item: Int
            public var width: Double
            public var height: Double
        }

        /// Where the items of a section that no insert or delete reached came from: item i is (section, i).
        public let originSection: Int
        /// The second word, as in every form of `Items` but the explicit one: reading the count is one load.
        public private(set) var count: Int
        /// Sorted by `start`, the first at 0, none empty, no two that could be one; empty (no allocation)
        /// until an insert or a delete: then the items are all one run from `(originSection, 0)`.
        public private(set) var runs: [Run]
        /// Sorted by `item`, one per item.
        public private(set) var sizes: [Size]

        /// The most runs plus sizes kept before the section is made explicit: lookups stay short binary
        /// searches and an update a short move.
        public static let limit = 16

        /// An untouched section's items.
        init(originSection: Int, count: Int) {
            self.count = count
            self.originSection = originSection
            runs = []
            sizes = []
        }

        /// Items in runs `runs` (sorted by start, the first at 0, none empty), none measured.
        init(originSection: Int, count: Int, runs: [Run]) {
            self.count = count
            self.originSection = originSection
            self.runs = runs
            sizes = []
        }

        /// The runs, made explicit before an insert or a delete changes them (room for the usual few).
        private mutating func materializeRuns() {
            guard runs.isEmpty else { return }
            runs.reserveCapacity(4)
            if count > 0 { runs.append(Run(start: 0, originSection: originSection, originItem: 0)) }
        }

        var isWithinLimit: Bool { runs.count + sizes.count <= Self.limit }

        /// Where item `item` came into existence. Complexity: O(log runs).
        @inline(__always)
        public func origin(_ item: Int) -> (section: Int, item: Int) {
            if runs.isEmpty { return (originSection, item) }
            var lo = 0, hi = runs.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if runs[mid].start <= item { lo = mid } else { hi = mid - 1 }
            }
            let run = runs[lo]
            return (run.originSection, run.originItem + item - run.start)
        }

        /// The size item `item` was measured to, if it was. Complexity: O(log sizes).
        @inline(__always)
        public func size(_ item: Int) -> Size? {
            if sizes.isEmpty { return nil }
            let i = sizeIndex(item)
            return i < sizes.count && sizes[i].item == item ? sizes[i] : nil
        }

        /// The largest range of items around `item` (which has no measured size) with no measured size and
        /// one origin run, and the origin run's section and the shift from item to origin item (origin item =
        /// item + shift). nil when `item` was measured. Complexity: O(log runs + log sizes).
        public func unmeasuredStretch(containing item: Int) -> (items: Range<Int>, section: Int, shift: Int)? {
            var lower = 0, upper = count, section = originSection, shift = 0
            if !runs.isEmpty {
                var lo = 0, hi = runs.count - 1
                while lo < hi {
                    let mid = (lo + hi + 1) / 2
                    if runs[mid].start <= item { lo = mid } else { hi = mid - 1 }
                }
                let run = runs[lo]
                lower = run.start
                upper = lo + 1 < runs.count ? runs[lo + 1].start : count
                section = run.originSection
                shift = run.originItem - run.start
            }
            if !sizes.isEmpty {
                let i = sizeIndex(item)
                if i < sizes.count {
                    if sizes[i].item == item { return nil }
                    upper = min(upper, sizes[i].item)
                }
                if i > 0 { lower = max(lower, sizes[i - 1].item + 1) }
            }
            return (lower..<upper, section, shift)
        }

        /// The first size at or after `item`.
        private func sizeIndex(_ item: Int) -> Int {
            var lo = 0, hi = sizes.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if sizes[mid].item < item { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }

        /// Item `index` as a record.
        func item(_ index: Int) -> Item {
            let origin = origin(index)
            var item = Item(originSection: origin.section, originItem: origin.item)
            if let size = size(index) {
                item.measuredWidth = size.width
                item.measuredHeight = size.height
            }
            return item
        }

        /// Every item's record. Complexity: O(count).
        func explicit() -> [Item] {
            var items: [Item] = []
            items.reserveCapacity(count + 1)  // room for the insert that often follows
            if runs.isEmpty {
                for i in 0..<count { items.append(Item(originSection: originSection, originItem: i)) }
            }
            for (r, run) in runs.enumerated() {
                let end = r + 1 < runs.count ? runs[r + 1].start : count
                for k in 0..<(end - run.start) {
                    items.append(Item(originSection: run.originSection, originItem: run.originItem + k))
                }
            }
            for size in sizes {
                items[size.item].measuredWidth = size.width
                items[size.item].measuredHeight = size.height
            }
            return items
        }

        /// Records item `item`'s size (replacing an earlier one). Complexity: O(sizes).
        mutating func measure(_ item: Int, width: Double, height: Double) {
            if sizes.isEmpty { sizes.reserveCapacity(4) }  // one allocation for the usual few
            let i = sizeIndex(item)
            let size = Size(item: item, width: width, height: height)
            if i < sizes.count && sizes[i].item == item {
                sizes[i] = size
            } else if i == sizes.count {
                sizes.append(size)  // not `insert`: its generic `replaceSubrange` costs about 100 instructions more
            } else {
                sizes.insert(size, at: i)
            }
        }

        /// Inserts `n` items at `at` that came into existence as `(originSection, at + k)`. Complexity:
        /// O(runs + sizes).
        mutating func insert(at: Int, count n: Int, originSection: Int) {
            if runs.isEmpty {
                insertIntoUntouched(at: at, count: n, originSection: originSection)
                return
            }
            let new = Run(start: at, originSection: originSection, originItem: at)
            var r = runs.count  // the index the new run takes
            for (i, run) in runs.enumerated() where run.start >= at {
                r = i
                break
            }
            if r > 0, at < (r < runs.count ? runs[r].start : count) {
                // The run before holds `at`: split it, its tail after the new items.
                let head = runs[r - 1]
                runs.insert(
                    Run(start: at, originSection: head.originSection, originItem: head.originItem + at - head.start),
                    at: r)
            }
            runs.insert(new, at: r)
            for i in (r + 1)..<runs.count { runs[i].start += n }
            for i in sizeIndex(at)..<sizes.count { sizes[i].item += n }
            count += n
            mergeRuns()
        }

        /// `insert` into items that are one run from `(self.originSection, 0)` (no insert or delete reached
        /// them yet, what nearly every insert of a large layout meets): the runs `mergeRuns` would leave, made
        /// at once: the head before `at`, the new items (one run with the head when they continue it: the
        /// same origin section), the tail after them. One allocation; no generic insert or merge pass (about
        /// 400 instructions of such an insert). Complexity: O(sizes).
        private mutating func insertIntoUntouched(at: Int, count n: Int, originSection section: Int) {
            runs.reserveCapacity(4)
            let origin = self.originSection
            let continuesHead = at > 0 && section == origin
            if at > 0 { runs.append(Run(start: 0, originSection: origin, originItem: 0)) }
            if !continuesHead && n > 0 { runs.append(Run(start: at, originSection: section, originItem: at)) }
            if at < count { runs.append(Run(start: at + n, originSection: origin, originItem: at)) }
            for i in sizeIndex(at)..<sizes.count { sizes[i].item += n }
            count += n
        }

        /// Deletes items `at..<at + n`, in place. Complexity: O(runs + sizes).
        mutating func delete(at: Int, count n: Int) {
            materializeRuns()
            let end = at + n
            // A run holding items on both sides of the deleted ones is split at `end` first, so that every run
            // keeps at most one part: its head before `at`, or its tail from `end`.
            if let r = runs.lastIndex(where: { $0.start < at }) {
                let runEnd = r + 1 < runs.count ? runs[r + 1].start : count
                if runEnd > end {
                    let run = runs[r]
                    runs.insert(
                        Run(start: end, originSection: run.originSection, originItem: run.originItem + end - run.start),
                        at: r + 1)
                }
            }
            for r in runs.indices {
                let run = runs[r]
                let runEnd = r + 1 < runs.count ? runs[r + 1].start : count
                if run.start < at { continue }  // its head stays where it is
                if runEnd <= end {
                    runs[r].start = -1  // wholly deleted
                } else {
                    // Its part from `end` on, moved back by n.
                    let from = max(run.start, end)
                    runs[r] = Run(
                        start: from - n, originSection: run.originSection, originItem: run.originItem + from - run.start
                    )
                }
            }
            runs.removeAll { $0.start < 0 }
            let first = sizeIndex(at), last = sizeIndex(end)
            sizes.removeSubrange(first..<last)
            for i in first..<sizes.count { sizes[i].item -= n }
            count -= n
            mergeRuns()
        }

        /// Joins runs that continue each other and drops empty ones. Complexity: O(runs).
        private mutating func mergeRuns() {
            var w = 0
            for i in runs.indices {
                let run = runs[i]
                let end = i + 1 < runs.count ? runs[i + 1].start : count
                if end <= run.start { continue }  // empty
                if w > 0 {
                    let last = runs[w - 1]
                    if last.originSection == run.originSection
                        && last.originItem + (run.start - last.start) == run.originItem
                    {
                        continue  // continues the run before
                    }
                }
                runs[w] = run
                w += 1
            }
            runs.removeSubrange(w...)
        }
    }
}
