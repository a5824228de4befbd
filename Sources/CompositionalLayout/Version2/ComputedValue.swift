/// A length written as `calc(EXPR)` (docs/version-2.md §10.6): where it sits in the layout (the spec path of the
/// value, such as `sections[0].contentInsets.leading`), its expression, and the range its key allows. The
/// layout holds a placeholder there; `CollectionLayout.resolvedForEnvironment()` writes the value in before
/// each solve.
public struct ComputedValue: Hashable, Sendable {
    /// The range a key allows (docs/spec-format.md "Values").
    public enum Range: String, Hashable, Sendable {
        /// Any finite number (offsets, custom frame origins).
        case any
        /// >= 0 (insets, spacings, absolute lengths, list heights).
        case nonNegative
        /// > 0 (estimated and uniform estimates).
        case positive
    }

    /// The value's place, written as in spec errors: `sections[0].group.horizontal.size.height`.
    public var path: String
    public var expression: CalcExpression
    public var range: Range

    public init(path: String, expression: CalcExpression, range: Range) {
        self.path = path
        self.expression = expression
        self.range = range
    }

    /// Largest magnitude of a length (docs/spec-format.md "Limits").
    public static let maxMagnitude = 1_000_000.0

    /// The value at an effective content size, checked against the key's range.
    public func value(width: Double, height: Double) throws(LayoutError) -> Double {
        let v = expression.evaluate(width: width, height: height)
        func fail(_ allowed: String) -> LayoutError {
            LayoutError(
                .invalidComputedValue(
                    path: path, expression: expression.description, value: v, width: width, height: height,
                    allowed: allowed))
        }
        guard v.isFinite else { throw fail("a finite number (no division by zero)") }
        switch range {
        case .any: break
        case .nonNegative: if v < 0 { throw fail("a value >= 0") }
        case .positive: if v <= 0 { throw fail("a value > 0") }
        }
        if abs(v) > ComputedValue.maxMagnitude { throw fail("a magnitude up to 1,000,000 points") }
        return v
    }

    /// The path's components: keys and indices.
    var components: [PathComponent] {
        var out: [PathComponent] = []
        var current = ""
        var index: String? = nil
        for c in path {
            switch c {
            case ".":
                if !current.isEmpty { out.append(.key(current)) }
                current = ""
            case "[":
                if !current.isEmpty { out.append(.key(current)) }
                current = ""
                index = ""
            case "]":
                if let text = index, let i = Int(text) { out.append(.index(i)) }
                index = nil
            default:
                if index != nil { index!.append(c) } else { current.append(c) }
            }
        }
        if !current.isEmpty { out.append(.key(current)) }
        return out
    }

    enum PathComponent: Hashable {
        case key(String)
        case index(Int)
    }
}

extension CollectionLayout {
    /// Whether a computed value's path lies in a variant other than the one `chosen` for its definition.
    func isInForce(_ value: ComputedValue, chosen: [Int?]) -> Bool {
        let c = value.components
        guard c.count >= 4, c[0] == .key("sections"), case .index(let d) = c[1], c[2] == .key("variants"),
            case .index(let v) = c[3]
        else { return true }
        return d < chosen.count && chosen[d] == v
    }
}

/// Writes a value at a path of the model (the inverse of the spec reader's paths). A path the layout does not
/// have is an error naming it.
struct ComputedValueWriter {
    let value: Double
    let path: String

    private func missing() -> LayoutError {
        LayoutError(
            .invalidComputedValue(
                path: path, expression: "", value: value, width: 0, height: 0,
                allowed: "a path to a length of the layout"))
    }

    typealias C = ComputedValue.PathComponent

    func apply(_ layout: inout CollectionLayout, _ c: ArraySlice<C>) throws(LayoutError) {
        switch (c.first, c.dropFirst().first) {
        case (.key("layout")?, .key("interSectionSpacing")?):
            layout.configuration.interSectionSpacing = value
        case (.key("layout")?, .key("boundarySupplementaryItems")?):
            guard case .index(let i)? = c.dropFirst(2).first,
                layout.configuration.boundarySupplementaryItems.indices.contains(i)
            else { throw missing() }
            try boundary(&layout.configuration.boundarySupplementaryItems[i], c.dropFirst(3))
        case (.key("sections")?, .index(let i)?):
            guard layout.sections.indices.contains(i) else { throw missing() }
            let rest = c.dropFirst(2)
            if rest.first == .key("variants") {
                guard case .index(let v)? = rest.dropFirst().first, layout.sections[i].variants.indices.contains(v)
                else { throw missing() }
                try fields(&layout.sections[i].variants[v].fields, rest.dropFirst(2))
            } else {
                try fields(&layout.sections[i].fields, rest)
            }
        default:
            throw missing()
        }
    }

    private func fields(_ f: inout SectionFields, _ c: ArraySlice<C>) throws(LayoutError) {
        switch c.first {
        case .key("contentInsets")?: f.contentInsets = try insets(f.contentInsets ?? .zero, c.dropFirst())
        case .key("interGroupSpacing")?: f.interGroupSpacing = value
        case .key("group")?:
            guard case .group(let g)? = f.content else { throw missing() }
            var node = LayoutNode.group(g)
            try self.node(&node, c.dropFirst())
            guard case .group(let updated) = node else { throw missing() }
            f.content = .group(updated)
        case .key("list")?:
            guard case .list(var list)? = f.content, case .key(let key)? = c.dropFirst().first else { throw missing() }
            switch key {
            case "rowHeight": list.rowHeight = try dimension(list.rowHeight)
            case "headerHeight": list.headerHeight = try dimension(list.headerHeight)
            case "footerHeight": list.footerHeight = try dimension(list.footerHeight)
            case "headerTopPadding": list.headerTopPadding = .points(value)
            default: throw missing()
            }
            f.content = .list(list)
        case .key("boundarySupplementaryItems")?:
            guard case .index(let i)? = c.dropFirst().first, var items = f.boundarySupplementaryItems,
                items.indices.contains(i)
            else { throw missing() }
            try boundary(&items[i], c.dropFirst(2))
            f.boundarySupplementaryItems = items
        case .key("decorationItems")?:
            guard case .index(let i)? = c.dropFirst().first, var items = f.decorationItems, items.indices.contains(i),
                c.dropFirst(2).first == .key("contentInsets")
            else { throw missing() }
            items[i].contentInsets = try insets(items[i].contentInsets, c.dropFirst(3))
            f.decorationItems = items
        default:
            throw missing()
        }
    }

    private func node(_ n: inout LayoutNode, _ c: ArraySlice<C>) throws(LayoutError) {
        switch (n, c.first) {
        case (.item(var item), .key("item")?):
            let rest = c.dropFirst()
            switch rest.first {
            case .key("size")?: item.layoutSize = try size(item.layoutSize, rest.dropFirst())
            case .key("contentInsets")?: item.contentInsets = try insets(item.contentInsets, rest.dropFirst())
            case .key("edgeSpacing")?: item.edgeSpacing = try edgeSpacing(item.edgeSpacing, rest.dropFirst())
            case .key("supplementaryItems")?:
                guard case .index(let i)? = rest.dropFirst().first, item.supplementaryItems.indices.contains(i) else {
                    throw missing()
                }
                try supplementary(&item.supplementaryItems[i], rest.dropFirst(2))
            default: throw missing()
            }
            n = .item(item)
        case (.group(var group), .key(let kind)?) where ["horizontal", "vertical", "custom"].contains(kind):
            let rest = c.dropFirst()
            switch rest.first {
            case .key("size")?: group.layoutSize = try size(group.layoutSize, rest.dropFirst())
            case .key("contentInsets")?: group.contentInsets = try insets(group.contentInsets, rest.dropFirst())
            case .key("edgeSpacing")?: group.edgeSpacing = try edgeSpacing(group.edgeSpacing, rest.dropFirst())
            case .key("interItemSpacing")?: group.interItemSpacing = spacing(group.interItemSpacing)
            case .key("supplementaryItems")?:
                guard case .index(let i)? = rest.dropFirst().first, group.supplementaryItems.indices.contains(i) else {
                    throw missing()
                }
                try supplementary(&group.supplementaryItems[i], rest.dropFirst(2))
            case .key("subitems")?:
                guard case .repeatingUntilFull(var nodes) = group.subitems,
                    case .index(let i)? = rest.dropFirst().first,
                    nodes.indices.contains(i)
                else { throw missing() }
                try node(&nodes[i], rest.dropFirst(2))
                group.subitems = .repeatingUntilFull(nodes)
            case .key("subitem")?, .key("repeatingSubitem")?:
                switch group.subitems {
                case .repeating(var child, let count):
                    try node(&child, rest.dropFirst())
                    group.subitems = .repeating(child, count: count)
                case .dividing(var child, let count):
                    try node(&child, rest.dropFirst())
                    group.subitems = .dividing(child, count: count)
                default: throw missing()
                }
            case .key("frames")?:
                guard case .custom(var frames) = group.arrangement, case .index(let i)? = rest.dropFirst().first,
                    case .index(let k)? = rest.dropFirst(2).first, frames.indices.contains(i)
                else { throw missing() }
                switch k {
                case 0: frames[i].x = value
                case 1: frames[i].y = value
                case 2: frames[i].width = value
                case 3: frames[i].height = value
                default: throw missing()
                }
                group.arrangement = .custom(frames: frames)
            default: throw missing()
            }
            n = .group(group)
        default:
            throw missing()
        }
    }

    private func supplementary(_ s: inout SupplementaryItem, _ c: ArraySlice<C>) throws(LayoutError) {
        switch c.first {
        case .key("size")?: s.layoutSize = try size(s.layoutSize, c.dropFirst())
        case .key("containerAnchor")?:
            guard c.dropFirst().first == .key("absoluteOffset"), case .absolute(var p) = s.containerAnchor.offset else {
                throw missing()
            }
            try point(&p, c.dropFirst(2))
            s.containerAnchor.offset = .absolute(p)
        default: throw missing()
        }
    }

    private func boundary(_ b: inout BoundarySupplementaryItem, _ c: ArraySlice<C>) throws(LayoutError) {
        switch c.first {
        case .key("size")?: b.layoutSize = try size(b.layoutSize, c.dropFirst())
        case .key("offset")?: try point(&b.offset, c.dropFirst())
        default: throw missing()
        }
    }

    private func point(_ p: inout Point, _ c: ArraySlice<C>) throws(LayoutError) {
        switch c.first {
        case .key("x")?: p.x = value
        case .key("y")?: p.y = value
        default: throw missing()
        }
    }

    private func size(_ s: LayoutSize, _ c: ArraySlice<C>) throws(LayoutError) -> LayoutSize {
        var s = s
        switch c.first {
        case .key("width")?: s.widthDimension = try dimension(s.widthDimension)
        case .key("height")?: s.heightDimension = try dimension(s.heightDimension)
        default: throw missing()
        }
        return s
    }

    /// A number-valued dimension keeps its form (absolute, estimated, uniform) and takes the value.
    private func dimension(_ d: LayoutDimension?) throws(LayoutError) -> LayoutDimension {
        switch d {
        case .estimated?: return .estimated(value)
        case .uniformAcrossSiblings?: return .uniformAcrossSiblings(estimate: value)
        case .absolute?, nil: return .absolute(value)
        default: throw missing()
        }
    }

    private func spacing(_ s: LayoutSpacing?) -> LayoutSpacing {
        if case .flexible? = s { return .flexible(value) }
        return .fixed(value)
    }

    private func edgeSpacing(_ e: EdgeSpacing?, _ c: ArraySlice<C>) throws(LayoutError) -> EdgeSpacing {
        var e = e ?? EdgeSpacing()
        switch c.first {
        case .key("leading")?: e.leading = spacing(e.leading)
        case .key("top")?: e.top = spacing(e.top)
        case .key("trailing")?: e.trailing = spacing(e.trailing)
        case .key("bottom")?: e.bottom = spacing(e.bottom)
        default: throw missing()
        }
        return e
    }

    /// An edge of insets, or all four when the path ends at the insets (`contentInsets: calc(…)`).
    private func insets(_ i: EdgeInsets, _ c: ArraySlice<C>) throws(LayoutError) -> EdgeInsets {
        var i = i
        switch c.first {
        case nil: i = EdgeInsets(all: value)
        case .key("top")?: i.top = value
        case .key("leading")?: i.leading = value
        case .key("bottom")?: i.bottom = value
        case .key("trailing")?: i.trailing = value
        default: throw missing()
        }
        return i
    }
}
