extension LayoutState {
    /// The sizes `measure` operations gave a few items of a section that is otherwise untouched (its items are
    /// still those it started with, in order), sorted by item: a measure then records one entry instead of
    /// making the whole section explicit (an allocation of every item's record, most of a measure's time in a
    /// million-item layout, where nearly every measured section is a fresh one).
    public struct MeasuredSizes: Hashable, Sendable {
        public struct Entry: Hashable, Sendable {
            public var item: Int
            public var width: Double
            public var height: Double
        }

        /// Sorted by `item`, one entry per item.
        public private(set) var entries: [Entry]

        /// The most entries kept before the section is made explicit: lookups stay a short binary search and
        /// an insertion a short move.
        public static let limit = 16

        init(item: Int, width: Double, height: Double) {
            entries = [Entry(item: item, width: width, height: height)]
        }

        var count: Int { entries.count }

        /// The entry of `item`, if it was measured. Complexity: O(log entries).
        @inline(__always)
        public func entry(_ item: Int) -> Entry? {
            var lo = 0, hi = entries.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if entries[mid].item < item { lo = mid + 1 } else { hi = mid }
            }
            return lo < entries.count && entries[lo].item == item ? entries[lo] : nil
        }

        /// Records `item`'s size (replacing an earlier one). Complexity: O(entries).
        mutating func set(_ item: Int, width: Double, height: Double) {
            var lo = 0, hi = entries.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if entries[mid].item < item { lo = mid + 1 } else { hi = mid }
            }
            let entry = Entry(item: item, width: width, height: height)
            if lo < entries.count && entries[lo].item == item { entries[lo] = entry } else { entries.insert(entry, at: lo) }
        }
    }
}
