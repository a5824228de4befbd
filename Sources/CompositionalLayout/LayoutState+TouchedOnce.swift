extension LayoutState {
    /// A section that one `measure` reached and nothing else: its items are untouched but for one measured
    /// size. Most sections a measure reaches in a large layout are fresh ones, and this form holds what the
    /// sparse form would in the `Items` enum's own bytes: the sparse form's first size allocates its list
    /// (about 0.7k instructions of a one-item measure, most of them in the allocator).
    ///
    /// Origin section and item are 32-bit so that the form fits those bytes; `LayoutState.Item` keeps its
    /// origins in 32 bits too. A section whose numbers do not fit takes the sparse form. The count is the
    /// second word, as in every form but the explicit one, so that reading it is one load whatever the form.
    public struct OneMeasuredItem: Hashable, Sendable {
        let originSection: Int32
        let measuredItem: Int32
        public let count: Int
        let width: Double
        let height: Double

        /// Item `item` of a section with `count` items from `originSection`, measured to `width` × `height`;
        /// nil when a number does not fit in 32 bits.
        init?(originSection: Int, count: Int, item: Int, width: Double, height: Double) {
            guard let section = Int32(exactly: originSection), let item = Int32(exactly: item) else { return nil }
            self.originSection = section
            self.count = count
            measuredItem = item
            self.width = width
            self.height = height
        }

        public var item: Int { Int(measuredItem) }

        /// The same items in the sparse form (one allocation).
        func sparse() -> SparseItems {
            var items = SparseItems(originSection: Int(originSection), count: count)
            items.measure(item, width: width, height: height)
            return items
        }
    }

    /// A section whose items one insert or one delete within its own origin section changed, and nothing
    /// else: items `0..<from` came into existence as `(originSection, i)`, items `from..<count` as
    /// `(originSection, i + shift)`. An insert of n items at `at` from the section itself leaves `from = at +
    /// n`, `shift = −n` (the new items continue the head); a delete of `at..<at + n` leaves `from = at`, `shift
    /// = n`. Held in the `Items` enum's own bytes, as `OneMeasuredItem` is: the sparse form's runs allocate.
    public struct OneShift: Hashable, Sendable {
        let originSection: Int32
        let storedFrom: Int32
        /// The second word, as in `OneMeasuredItem`.
        public let count: Int
        public let shift: Int

        /// nil when a number does not fit in 32 bits.
        init?(originSection: Int, count: Int, from: Int, shift: Int) {
            guard let section = Int32(exactly: originSection), let from = Int32(exactly: from) else { return nil }
            self.originSection = section
            self.count = count
            storedFrom = from
            self.shift = shift
        }

        public var from: Int { Int(storedFrom) }

        /// Where item `item` came into existence. Complexity: O(1).
        @inline(__always)
        public func origin(_ item: Int) -> (section: Int, item: Int) {
            (Int(originSection), item >= from ? item + shift : item)
        }

        /// The same items in the sparse form (one allocation).
        func sparse() -> SparseItems {
            let section = Int(originSection)
            let tail = SparseItems.Run(start: from, originSection: section, originItem: from + shift)
            // No empty run: a shift from item 0 is one run.
            let runs = from == 0 ? [tail] : [SparseItems.Run(start: 0, originSection: section, originItem: 0), tail]
            return SparseItems(originSection: section, count: count, runs: runs)
        }
    }
}

extension LayoutState.Items {
    /// `items` in the smallest form that reads the same: untouched items as `.implicit`, one measured size or
    /// one shift of otherwise untouched items in the enum's own bytes, else sparse while within
    /// `SparseItems.limit`, else explicit. Complexity: O(1) (O(count) when the items turn explicit).
    static func compacted(_ items: LayoutState.SparseItems) -> Self {
        let origin = items.originSection
        let runs = items.runs, sizes = items.sizes
        // The runs read as untouched items, or as one shift of them.
        let untouched = runs.isEmpty || (runs.count == 1 && runs[0].originSection == origin && runs[0].originItem == 0)
        if untouched {
            if sizes.isEmpty { return .implicit(originSection: origin, count: items.count) }
            if sizes.count == 1,
                let one = LayoutState.OneMeasuredItem(
                    originSection: origin, count: items.count, item: sizes[0].item, width: sizes[0].width,
                    height: sizes[0].height)
            {
                return .measuredOnce(one)
            }
        } else if sizes.isEmpty, runs.count == 2, runs[0].originSection == origin, runs[0].originItem == 0,
            runs[1].originSection == origin,
            let shift = LayoutState.OneShift(
                originSection: origin, count: items.count, from: runs[1].start,
                shift: runs[1].originItem - runs[1].start)
        {
            return .shiftedOnce(shift)
        }
        return items.isWithinLimit ? .sparse(items) : .explicit(items.explicit())
    }

    /// `measure` on untouched items: one measured size, in place. nil when a number does not fit the form.
    static func measuredOnce(originSection: Int, count: Int, item: Int, width: Double, height: Double) -> Self? {
        LayoutState.OneMeasuredItem(
            originSection: originSection, count: count, item: item, width: width, height: height
        )
        .map { .measuredOnce($0) }
    }

    /// `insert` of `n` items at `at` from section `section` into untouched items from `originSection`: one
    /// shift, or still untouched items (the new ones at the end). nil when the new items come from another
    /// section (they would need a run of their own) or a number does not fit the form.
    static func insertedOnce(originSection: Int, count: Int, at: Int, n: Int, section: Int) -> Self? {
        guard section == originSection || n == 0 else { return nil }
        if at == count || n == 0 { return .implicit(originSection: originSection, count: count + n) }
        return LayoutState.OneShift(originSection: originSection, count: count + n, from: at + n, shift: -n)
            .map { .shiftedOnce($0) }
    }

    /// `delete` of items `at..<at + n` from untouched items: one shift, or still untouched items (the last
    /// ones deleted). nil when a number does not fit the form.
    static func deletedOnce(originSection: Int, count: Int, at: Int, n: Int) -> Self? {
        if at + n == count || n == 0 { return .implicit(originSection: originSection, count: count - n) }
        return LayoutState.OneShift(originSection: originSection, count: count - n, from: at, shift: n)
            .map { .shiftedOnce($0) }
    }
}
