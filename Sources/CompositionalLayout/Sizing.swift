/// How estimated dimensions get their lengths when a layout is solved (docs/layout-rules.md §6, docs/spec-format.md
/// "Self-sizing"). The solvers ask; the caller decides: the spec's deterministic model, the estimates, or
/// sizes that arrived from measuring real views.
public struct ItemSizing: Sendable {
    /// What a solver asks about an item: its current index, the axis, and the declaration placing it.
    public struct Request: Sendable {
        public var section: Int
        public var item: Int
        public var axis: Axis
        public var estimate: Double
        /// The `selfSizing` of the item declaration that places the item.
        public var declared: SelfSizing?
        public init(section: Int, item: Int, axis: Axis, estimate: Double, declared: SelfSizing?) {
            self.section = section; self.item = item; self.axis = axis; self.estimate = estimate;
            self.declared = declared
        }
    }

    /// The measured length of an item along an estimated axis.
    public var itemLength: @Sendable (Request) -> Double
    /// Whether supplementaries measure with their own model (else they keep their estimates).
    public var measuresSupplementaries: Bool

    /// Whether an item's length on an estimated axis is measured (a known length for uniform runs,
    /// docs/version-2.md §10.4) rather than its estimate kept: `--measure all` measures everything, `--measure
    /// none` nothing until a `measure` operation.
    public var isMeasured: @Sendable (Request) -> Bool

    /// Per section, the same answers as `itemLength` as plain data (`SectionLengths`), for solvers' inner
    /// loops; nil (or nil for a section) when this sizing has no such form, and then `itemLength` is asked.
    public var sectionLengths: (@Sendable (_ section: Int) -> SectionLengths?)? = nil

    public init(measuresSupplementaries: Bool, itemLength: @escaping @Sendable (Request) -> Double) {
        self.itemLength = itemLength
        self.measuresSupplementaries = measuresSupplementaries
        self.isMeasured = { _ in measuresSupplementaries }
    }

    public init(
        measuresSupplementaries: Bool, itemLength: @escaping @Sendable (Request) -> Double,
        isMeasured: @escaping @Sendable (Request) -> Bool
    ) {
        self.itemLength = itemLength
        self.measuresSupplementaries = measuresSupplementaries
        self.isMeasured = isMeasured
    }

    /// `--measure all`: every estimated axis measures with the item's own model for that axis, else the
    /// layout's (with its seed), else keeps its estimate.
    public static func model(_ layoutModel: SelfSizing?) -> ItemSizing {
        ItemSizing(measuresSupplementaries: true) { request in
            modelLength(
                section: request.section, item: request.item, axis: request.axis,
                estimate: request.estimate, declared: request.declared, layoutModel: layoutModel)
        }
    }

    /// `--measure none`: every item keeps its estimates.
    public static let estimates = ItemSizing(measuresSupplementaries: false) { $0.estimate }

    /// The model's length for one item axis (the fallback chain of docs/spec-format.md "Self-sizing").
    public static func modelLength(
        section: Int, item: Int, axis: Axis, estimate: Double,
        declared: SelfSizing?, layoutModel: SelfSizing?
    ) -> Double {
        if let declared, let length = declared.length(section: section, item: item, axis: axis) { return length }
        if let layoutModel, let length = layoutModel.length(section: section, item: item, axis: axis) { return length }
        return estimate
    }

    /// A supplementary's length along an estimated axis: its own model when measuring, else the estimate.
    public func supplementaryLength(section: Int, item: Int, axis: Axis, estimate: Double, declared: SelfSizing?)
        -> Double
    {
        Self.supplementaryLength(
            measuring: measuresSupplementaries, section: section, item: item, axis: axis,
            estimate: estimate, declared: declared)
    }

    /// `supplementaryLength` for a sizing whose `measuresSupplementaries` is `measuring`: it reads nothing else.
    public static func supplementaryLength(
        measuring: Bool, section: Int, item: Int, axis: Axis, estimate: Double,
        declared: SelfSizing?
    ) -> Double {
        guard measuring, let declared,
            let length = declared.length(section: section, item: item, axis: axis)
        else { return estimate }
        return length
    }
}

/// Which lengths estimated dimensions take in a solve.
public enum MeasureMode: String, Sendable, CaseIterable {
    /// Every estimated element measures (the default of `layoutbench solve`).
    case all
    /// Every element keeps its estimates.
    case none
}

extension CollectionLayout {
    /// The sizing for a measure mode with this layout's model.
    public func sizing(_ mode: MeasureMode) -> ItemSizing {
        mode == .all ? .model(selfSizing) : .estimates
    }
}
