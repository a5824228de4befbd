/// A compositional layout together with what it lays out: the container it is laid out in, its sections'
/// definitions (and so how many items each holds), and how its self-sizing items measure. This is what a
/// spec file describes; a Swift program builds the same value directly.
public struct CollectionLayout: Hashable, Sendable {
    public var name: String
    public var container: LayoutContainer
    public var configuration: LayoutConfiguration
    public var sections: [SectionDefinition]
    /// The layout-wide self-sizing model for items (never for supplementaries).
    public var selfSizing: SelfSizing?
    /// Lengths written as `calc(EXPR)`, evaluated before each solve (docs/version-2.md §10.6). Version 2.
    public var computedValues: [ComputedValue]

    public init(
        name: String, container: LayoutContainer, configuration: LayoutConfiguration = LayoutConfiguration(),
        sections: [SectionDefinition], selfSizing: SelfSizing? = nil, computedValues: [ComputedValue] = []
    ) {
        self.name = name
        self.container = container
        self.configuration = configuration
        self.sections = sections
        self.selfSizing = selfSizing
        self.computedValues = computedValues
    }

    /// The most items one group instance may place (docs/spec-format.md, "Limits").
    public static let maxItemsPerGroupInstance = 10_000_000

    /// The number of sections (Σ of the definitions' counts). Complexity: O(definitions).
    public var sectionCount: Int { sections.reduce(0) { $0 + $1.count } }

    /// The number of items in all sections. Complexity: O(definitions).
    public var itemCount: Int { sections.reduce(0) { $0 + $1.count * $1.items } }

    /// The same layout in another container.
    public func withContainer(width: Double? = nil, height: Double? = nil) -> CollectionLayout {
        var copy = self
        if let width { copy.container.width = width }
        if let height { copy.container.height = height }
        return copy
    }

    /// Every section as it is solved at the container's width: variants chosen, lists expanded, one entry per
    /// section (definitions expanded by their counts), in order. Complexity: O(sections).
    /// Version 2: the environment chooses variants (§10.5) and the computed values must have been written in
    /// (`resolvedForEnvironment()`; the solvers do it first).
    public func resolvedSections() throws(LayoutError) -> [ResolvedSection] {
        var result: [ResolvedSection] = []
        result.reserveCapacity(sectionCount)
        for definitionIndex in sections.indices {
            let definition = sections[definitionIndex]
            let section: LayoutSection
            do {
                section = try self.section(forDefinition: definitionIndex)
            } catch {
                throw error.located(definition: definitionIndex, section: result.count)
            }
            for _ in 0..<definition.count {
                result.append(
                    ResolvedSection(definition: definitionIndex, section: section, itemCount: definition.items))
            }
        }
        return result
    }
}

/// The collection view's visible size.
public struct LayoutContainer: Hashable, Sendable {
    public var width: Double
    public var height: Double
    /// Device pixels per point. When set and > 0, fractional lengths and a count group's share are snapped down to
    /// pixels when resolved, and output frames are rounded to pixels at the very end (docs/layout-rules.md §1.1).
    public var displayScale: Double?
    /// The safe area (docs/version-2.md §10.1), directional: leading is the right edge in right-to-left.
    public var safeAreaInsets: EdgeInsets
    /// The layout margins from the view's edges; nil: derived from the width and the safe area (§10.1).
    public var layoutMargins: EdgeInsets?
    /// The readable content width r (§10.1, default 672).
    public var readableWidth: Double
    /// docs/version-2.md §10.3: right-to-left layouts are solved left-to-right and mirrored.
    public var layoutDirection: LayoutDirection
    /// The traits variants may test (§10.5).
    public var traits: LayoutTraits

    public init(
        width: Double, height: Double, displayScale: Double? = nil, safeAreaInsets: EdgeInsets = .zero,
        layoutMargins: EdgeInsets? = nil, readableWidth: Double = 672,
        layoutDirection: LayoutDirection = .leftToRight, traits: LayoutTraits = .default
    ) {
        self.width = width
        self.height = height
        self.displayScale = displayScale
        self.safeAreaInsets = safeAreaInsets
        self.layoutMargins = layoutMargins
        self.readableWidth = readableWidth
        self.layoutDirection = layoutDirection
        self.traits = traits
    }

    public var size: Size { Size(width: width, height: height) }

    /// The scale output is rounded with, nil when nothing is rounded (no scale, or a scale ≤ 0).
    @inlinable public var pixelScale: Double? {
        guard let scale = displayScale, scale > 0 else { return nil }
        return scale
    }

    /// `snapDown(v)` of docs/layout-rules.md §1.1 and §3.2: floor to device pixels when a display scale is set.
    /// Applied to fractional lengths (DimensionResolver.length) and a `subitem` + `count` group's equal share.
    @inlinable public func snapDown(_ value: Double) -> Double {
        guard let scale = pixelScale else { return value }
        return ((value * scale + 1e-6).rounded(.down)) / scale
    }
}

/// docs/layout-rules.md §1 "Pixel rounding": `px(v) = floor(v * scale + 0.5 + 1e-6) / scale` for v ≥ 0 and
/// `-px(-v)` below 0 (halves away from zero); a result of −0 is 0.
@inlinable public func pixelRound(_ value: Double, scale: Double) -> Double {
    let magnitude = (abs(value) * scale + 0.5 + 1e-6).rounded(.down) / scale
    return (value < 0 ? -magnitude : magnitude) + 0.0  // + 0.0 turns −0 into 0
}

extension Rect {
    /// Each of x, y, width and height rounded on its own (§1: width is not derived from rounded edges).
    @inlinable public func pixelRounded(scale: Double) -> Rect {
        Rect(
            x: pixelRound(x, scale: scale), y: pixelRound(y, scale: scale),
            width: pixelRound(width, scale: scale),
            height: pixelRound(height, scale: scale))
    }

    /// Rounded when `scale` is given, else unchanged.
    @inlinable public func pixelRounded(_ scale: Double?) -> Rect {
        guard let scale else { return self }
        return pixelRounded(scale: scale)
    }
}

extension Size {
    /// Width and height rounded to pixels when `scale` is given (§1: content sizes are rounded too).
    @inlinable public func pixelRounded(_ scale: Double?) -> Size {
        guard let scale else { return self }
        return Size(
            width: pixelRound(width, scale: scale),
            height: pixelRound(height, scale: scale))
    }
}

extension LayoutElement {
    /// The element with its frame rounded to pixels when `scale` is given (§1).
    @inlinable public func pixelRounded(_ scale: Double?) -> LayoutElement {
        guard let scale else { return self }
        var copy = self
        copy.frame = frame.pixelRounded(scale: scale)
        return copy
    }
}

extension SolveOutput {
    /// The output with every frame rounded to pixels (§1): elements, section frames and content sizes,
    /// `orthogonalContentSize` included. The container is written as given. Unchanged without a scale.
    public func pixelRounded(_ scale: Double?) -> SolveOutput {
        guard let scale else { return self }
        var copy = self
        copy.contentSize = contentSize.pixelRounded(scale)
        for i in copy.elements.indices { copy.elements[i].frame = copy.elements[i].frame.pixelRounded(scale: scale) }
        for i in copy.sections.indices {
            copy.sections[i].frame = copy.sections[i].frame.pixelRounded(scale: scale)
            copy.sections[i].orthogonalContentSize = copy.sections[i].orthogonalContentSize?.pixelRounded(scale)
        }
        return copy
    }
}

/// One section as it is solved: the layout in force and its item count.
public struct ResolvedSection: Hashable, Sendable {
    /// The index of the definition it comes from in `CollectionLayout.sections`.
    public var definition: Int
    public var section: LayoutSection
    public var itemCount: Int

    public init(definition: Int, section: LayoutSection, itemCount: Int) {
        self.definition = definition
        self.section = section
        self.itemCount = itemCount
    }
}

/// A layout that cannot be solved at all (layout diagnostics such as "no room" are not errors): what failed
/// and where, so a tool can point at the spec's `sections[i]` the way a spec error points at its path.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What failed.
    public enum Reason: Hashable, Sendable {
        /// No variant of a definition holds for the width, and the definition has no group or list of its own.
        case noVariantForWidth(width: Double)
        /// A group instance would place more items than the limit (tiny items repeated "until full").
        case tooManyItemsInGroup(limit: Int)
        /// The layout holds more items than the limit.
        case tooManyItems(count: Int, limit: Int)
        /// A `calc` value out of its key's range at this container, or at no place of the layout (docs/version-2.md
        /// §10.6): its path, expression, value and the effective content size it was evaluated at.
        case invalidComputedValue(
            path: String, expression: String, value: Double, width: Double, height: Double, allowed: String)
    }

    public var reason: Reason
    /// The index in `CollectionLayout.sections` of the definition that failed (the spec's `sections[i]`);
    /// nil for an error of the whole layout, or before the solver that threw knows it.
    public var definition: Int?
    /// The definition's `name`, when it has one.
    public var definitionName: String?
    /// The section being solved (definitions expanded by their counts, as in the solve output), when the
    /// error happened in one section rather than in a definition's shared template.
    public var section: Int?

    public init(_ reason: Reason, definition: Int? = nil, definitionName: String? = nil, section: Int? = nil) {
        self.reason = reason
        self.definition = definition
        self.definitionName = definitionName
        self.section = section
    }

    /// The same error, placed at a definition (and section) if it was not placed yet: the innermost place
    /// wins, since the code that threw knew best.
    public func located(definition: Int, name: String? = nil, section: Int? = nil) -> LayoutError {
        var copy = self
        if copy.definition == nil {
            copy.definition = definition
            copy.definitionName = copy.definitionName ?? name
        }
        if copy.section == nil { copy.section = section }
        return copy
    }

    /// Where in the spec's structure, `sections[2]`; empty for the whole layout.
    public var path: String {
        if case .invalidComputedValue(let path, _, _, _, _, _) = reason { return path }
        return definition.map { "sections[\($0)]" } ?? ""
    }

    /// What failed, without the place or the advice.
    public var message: String {
        switch reason {
        case let .noVariantForWidth(width):
            let name = definitionName.map { "section definition '\($0)'" } ?? "the section definition"
            return
                "\(name) has no group or list at width \(formatNumber(width)): no variant's `when` holds and the definition has no `group` or `list` of its own"
        case let .tooManyItemsInGroup(limit):
            // The section index says which copy of a definition with `count` > 1 (or which replayed section) failed;
            // both solvers name it (the engine the first section its failing template builds).
            let place = section.map { " of section \($0)" } ?? ""
            return "a group instance\(place) would place more than \(limit) items (items too small for their group)"
        case let .tooManyItems(count, limit):
            return "the layout has \(count) items, over the limit of \(limit)"
        case let .invalidComputedValue(path, expression, value, width, height, _):
            return
                "\(path): calc(\(expression)) is \(value) at the effective content size \(formatNumber(width)) × \(formatNumber(height))"
        }
    }

    /// How to fix it.
    public var advice: String {
        switch reason {
        case .noVariantForWidth: return "add a variant without `when` or a `group`"
        case .tooManyItemsInGroup: return "give the items a larger size"
        case .tooManyItems: return "raise it with --max-items"
        case let .invalidComputedValue(_, _, _, _, _, allowed): return "the value must be \(allowed)"
        }
    }

    /// `section definition 'x' has no group or list at width 800: ... at sections[1]; add a variant ...`.
    public var description: String {
        message + (path.isEmpty ? "" : " at " + path) + "; " + advice
    }
}

/// A number as people write it: no trailing ".0" on whole numbers.
public func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 {
        return value == 0 ? "0" : String(Int64(value))
    }
    return "\(value)"
}
