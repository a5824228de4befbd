/// Where an item's length comes from (`LayoutState.Items.lengthSource`).
public enum LengthSource: Sendable, Equatable {
    /// A `measure` operation's length on that axis.
    case measured(Double)
    /// The self-sizing model at the item's origin (where it came into existence).
    case model(section: Int, item: Int)
    /// Its estimate.
    case estimate
}

/// A self-sizing model without references (a `SelfSizing` with seeded ranges, no `cycle`): copying one
/// copies bytes, so a solver's inner loop can read it per item from every thread without touching a
/// reference count.
public struct SeededModel: Sendable, Equatable {
    public var seed: UInt64
    public var width: SelfSizing.LengthRange?
    public var height: SelfSizing.LengthRange?

    /// The model's plain form, or nil when it measures from a cycle (version 2), which holds an array.
    public init?(_ model: SelfSizing) {
        guard model.cycle == nil else { return nil }
        seed = model.seed
        width = model.width
        height = model.height
    }

    /// The same as `SelfSizing.length(section:item:axis:)`. Complexity: O(1).
    @inline(__always)
    public func length(section: Int, item: Int, axis: Axis) -> Double? {
        guard let range = axis == .x ? width : height else { return nil }
        return SelfSizing.length(seed: seed, section: section, item: item, range: range)
    }
}

/// What a sizing answers for the items of one section, as plain data: `ItemSizing.itemLength` asks a
/// closure per item, which retains and releases its context each time (a third of a million-item solve);
/// a solver reads this once per section and measures each item with arithmetic.
public struct SectionLengths: Sendable {
    let items: LayoutState.Items
    let mode: MeasureMode
    let layoutModel: SeededModel?

    /// The length of item `item` along `axis` when its declaration's model is `declared`: exactly what
    /// `itemLength` answers for the same request. Complexity: O(1).
    @inline(__always)
    public func length(item: Int, axis: Axis, estimate: Double, declared: SeededModel?) -> Double {
        let originSection: Int, originItem: Int
        switch items.lengthSource(item, axis: axis, mode: mode) {
        case .measured(let length): return length
        case .estimate: return estimate
        case .model(let section, let item): (originSection, originItem) = (section, item)
        }
        if let declared, let length = declared.length(section: originSection, item: originItem, axis: axis) {
            return length
        }
        if let layoutModel, let length = layoutModel.length(section: originSection, item: originItem, axis: axis) {
            return length
        }
        return estimate
    }

    /// What answers every item's length along `axis` (declared with model `declared`) while the section's
    /// items are untouched (no item measured, inserted, deleted or moved: item i came into existence as item i
    /// of one section): one model at one origin section, or the estimates. nil once items carry records; then
    /// `length` reads them item by item. Complexity: O(1).
    public func implicitLengths(axis: Axis, declared: SeededModel?) -> ImplicitLengths? {
        guard case .implicit(let originSection, _) = items else { return nil }
        return modelLengths(section: originSection, axis: axis, declared: declared)
    }

    /// The stretch of items around `item` whose lengths along `axis` (declared with model `declared`) one
    /// `ImplicitLengths` answers: the whole section while it is untouched; in a section with records, the
    /// items between two measured ones within one origin run. nil when `item` itself was measured or the
    /// items are explicit (then `length` answers item by item). A solver reading items in order asks once
    /// per stretch, not once per item (`length` costs a call and two binary searches each).
    /// Complexity: O(log runs + log sizes).
    public func stretch(containing item: Int, axis: Axis, declared: SeededModel?) -> LengthStretch? {
        switch items {
        case .implicit(let originSection, let count):
            return LengthStretch(
                items: 0..<count, lengths: modelLengths(section: originSection, axis: axis, declared: declared),
                shift: 0)
        case .measuredOnce(let one):
            let measured = one.item
            if item == measured { return nil }
            return LengthStretch(
                items: item < measured ? 0..<measured : measured + 1..<one.count,
                lengths: modelLengths(section: Int(one.originSection), axis: axis, declared: declared), shift: 0)
        case .shiftedOnce(let shifted):
            let from = shifted.from
            return LengthStretch(
                items: item < from ? 0..<from : from..<shifted.count,
                lengths: modelLengths(section: Int(shifted.originSection), axis: axis, declared: declared),
                shift: item < from ? 0 : shifted.shift)
        case .sparse(let sparse):
            guard let found = sparse.unmeasuredStretch(containing: item) else { return nil }
            return LengthStretch(
                items: found.items, lengths: modelLengths(section: found.section, axis: axis, declared: declared),
                shift: found.shift)
        case .explicit:
            return nil
        }
    }

    /// What `length` answers for an unmeasured item of origin section `section` (read at its origin item):
    /// the declared model along `axis`, else the layout's, else the estimate (and the estimate alone when
    /// the state measures nothing by model).
    @inline(__always)
    private func modelLengths(section: Int, axis: Axis, declared: SeededModel?) -> ImplicitLengths {
        guard mode == .all else { return ImplicitLengths(seed: 0, section: section, range: nil) }
        if let declared, let range = axis == .x ? declared.width : declared.height {
            return ImplicitLengths(seed: declared.seed, section: section, range: range)
        }
        if let layoutModel, let range = axis == .x ? layoutModel.width : layoutModel.height {
            return ImplicitLengths(seed: layoutModel.seed, section: section, range: range)
        }
        return ImplicitLengths(seed: 0, section: section, range: nil)
    }

    /// Lengths that are every item's estimate (no item measured, no model): a stand-in that lets a solver
    /// keep one non-optional `SectionLengths` (reading it through an optional copies it per item).
    public static var estimatesOnly: SectionLengths {
        SectionLengths(items: .implicit(originSection: 0, count: 0), mode: .none, layoutModel: nil)
    }

    /// The lengths of `items` in a state measuring with `mode` and the layout's `model`; nil when the
    /// model measures from a cycle (then the closure stays the only form).
    static func make(items: LayoutState.Items, mode: MeasureMode, model: SelfSizing?) -> SectionLengths? {
        var plain: SeededModel? = nil
        if let model {
            guard let seeded = SeededModel(model) else { return nil }
            plain = seeded
        }
        return SectionLengths(items: items, mode: mode, layoutModel: plain)
    }
}

/// The lengths of an untouched section's items along one axis (`SectionLengths.implicitLengths`): a seeded
/// range read at (origin section, item), or every estimate. Plain data, measured with arithmetic inlined into
/// a solver's loop; exactly what `SectionLengths.length` answers for the same items.
@frozen
public struct ImplicitLengths: Sendable {
    public let seed: UInt64
    public let section: Int
    /// nil: every item keeps its estimate.
    public let range: SelfSizing.LengthRange?
    /// The range's `Double(min)` and `Double(max - min + 1)`, taken once rather than per item. The span is
    /// NaN outside 1..<2^52 (an empty range, or one past exact truncation, or one whose count overflows):
    /// then each item goes through `SelfSizing.length(seed:section:item:range:)`, which traps where it did.
    public let minimum: Double, span: Double

    public init(seed: UInt64, section: Int, range: SelfSizing.LengthRange?) {
        self.seed = seed
        self.section = section
        self.range = range
        guard let range else {
            (minimum, span) = (0, 0)
            return
        }
        let (difference, overflow) = range.max.subtractingReportingOverflow(range.min)
        let (count, overflowAgain) = difference.addingReportingOverflow(1)
        minimum = Double(range.min)
        span = overflow || overflowAgain || count < 1 || count >= 1 << 52 ? .nan : Double(count)
    }

    /// Every item's estimate.
    public static var estimates: ImplicitLengths { ImplicitLengths(seed: 0, section: 0, range: nil) }

    /// Item `item`'s length, its estimate `estimate`. Complexity: O(1).
    @inlinable @inline(__always)
    public func length(item: Int, estimate: Double) -> Double {
        guard let range else { return estimate }
        guard !span.isNaN else { return SelfSizing.length(seed: seed, section: section, item: item, range: range) }
        return SelfSizing.length(seed: seed, section: section, item: item, minimum: minimum, span: span)
    }
}

/// Items `items` of a section, whose lengths along one axis are `lengths` read at origin item `item + shift`
/// (`SectionLengths.stretch`): exactly what `SectionLengths.length` answers for each of them.
@frozen
public struct LengthStretch: Sendable {
    public let items: Range<Int>
    public let lengths: ImplicitLengths
    public let shift: Int

    /// No item: asks for a stretch at the first item read.
    public static var none: LengthStretch { LengthStretch(items: 0..<0, lengths: .estimates, shift: 0) }

    /// Item `item`'s length (it must be in `items`), its estimate `estimate`. Complexity: O(1).
    @inlinable @inline(__always)
    public func length(item: Int, estimate: Double) -> Double {
        lengths.length(item: item + shift, estimate: estimate)
    }
}
